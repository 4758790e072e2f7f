package main

import (
	"os"

	"splitpoint/repl"
)

func main() {
	startSmallStacks()
	stop := startCPUProfile(os.Getenv("SPLITPOINT_CPUPROFILE"), os.Stderr)
	code := repl.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
