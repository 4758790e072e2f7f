//go:build !linux || !amd64

package sched

// collapseHeap does nothing where the simulator asks for no huge pages
// (see hugepages_linux_amd64.go).
func collapseHeap(near uintptr) int64 { return 0 }
