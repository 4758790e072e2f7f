package sched

// prefetchLines asks the processor to bring the n cache lines from addr
// on into its caches (PREFETCHT0, one per line) and returns without
// waiting for them. It never faults, whatever addr is: an address that
// is no longer in use wastes a line and nothing else.
//
//go:noescape
func prefetchLines(addr uintptr, n int)
