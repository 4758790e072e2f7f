// Command splitpoint is a research workbench for parallel game-tree search:
// Jamboree, PVSplit, PARSSS* and root splitting on chess, checkers and
// synthetic trees, on a goroutine pool or a simulated machine.
//
//	go run . help
package main

import (
	"context"
	"os"
	"os/signal"

	"splitpoint/workbench"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := workbench.Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
