package main

import (
	"os"

	"splitpoint/repl"
)

func main() {
	startSmallStacks()
	os.Exit(repl.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
