//go:build unix

package main

import (
	"os"
	"syscall"
)

// startSmallStacks re-executes the binary with the Go runtime's adaptive
// initial goroutine stacks turned off (GODEBUG=adaptivestackstart=0) and
// returns only when it did not. A simulated machine keeps one coroutine
// per live processor, up to some 200,000 at once at P = inf; most of them
// use under 2 KB of stack where they wait, but their average is a little
// over the 1.1 KB that keeps the runtime's adaptive start at 2 KB, so every
// new goroutine would start at 4 KB: BK.01 at P = inf, depth 5 then resides
// 1.62 GB rather than 1.31 GB (docs/simulator.md, "Memory budget"). The
// setting is read only as the runtime starts, hence the exec. A GODEBUG
// that already names adaptivestackstart is the user's choice and is kept;
// when the exec fails the run goes on with the runtime's default.
func startSmallStacks() {
	env, ok := smallStacksEnv(os.Environ())
	if !ok {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		return
	}
	_ = syscall.Exec(exe, os.Args, env) // returns only on failure
}
