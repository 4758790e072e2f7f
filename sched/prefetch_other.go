//go:build !amd64

package sched

// prefetchLines does nothing on the architectures the simulator has no
// prefetch for (see prefetch_amd64.go): the loop then runs as before.
func prefetchLines(addr uintptr, n int) {}
