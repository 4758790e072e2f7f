// Command splitpoint is a research workbench for parallel game-tree search:
// the algorithms of algos.Table (Jamboree and its variants, root splitting,
// plain parallel negamax, the serial baselines) on chess, checkers and
// synthetic trees, on a goroutine pool or a simulated machine. With no
// arguments it opens a REPL on the current session.
//
//	go run . help
package main

import (
	"os"

	"splitpoint/repl"
)

func main() {
	os.Exit(repl.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
