// Command splitpoint is a research workbench for parallel game-tree search:
// the algorithms of algos.Table (Jamboree and its variants, Lu's PVSplit
// family, PARSSS*, root splitting, YBWC, ABDADA, Lazy SMP, plain parallel
// negamax, the serial baselines) on chess, checkers and
// synthetic trees, on a goroutine pool or a simulated machine. With no
// arguments it opens a REPL on the current session.
//
//	go run . help
package main
