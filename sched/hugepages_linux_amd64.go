package sched

// Huge pages for a large simulated machine's heap (Linux, amd64).
//
// At P = 512 the processors' records, stacks, tasks and frames lie on
// thousands of 4 KB pages, more than the core's second-level TLB maps, so
// a turn's first touches also walk the page tables. A host whose
// transparent huge pages are "always" backs the Go heap with 2 MB pages
// and runs the simulator some 10 % faster; most hosts (this VM too) say
// "madvise", and the Go runtime advises none of its heap. So the event
// loop of a machine of 256 to 4,096 processors (simLoop; above
// keepIdleCoros a run saves memory before time) asks the kernel itself,
// at its start and then every hugeEvery steps as the heap grows, to
// collapse the heap's resident pieces into huge pages. MADV_COLLAPSE
// changes neither the mappings' advice nor what later faults get, so the
// rest of the program and the kernel's own collapsing go on as before,
// and it changes no result. BENCHMARKS.md has the gain
// (BenchmarkSimPrefetch's neighbour, BenchmarkSimHugePages).

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"syscall"
	"unsafe"
)

const (
	// smallPage and hugePage are amd64's page sizes.
	smallPage = 4 << 10
	hugePage  = 2 << 20
	// madvCollapse is MADV_COLLAPSE (Linux 6.1,
	// include/uapi/asm-generic/mman-common.h).
	madvCollapse = 25
	// collapseMinResident is how many of a huge page's 512 small pages
	// must be resident for collapseHeap to collapse it: the collapse fills
	// the others, so a page of the heap the runtime has given back stays
	// given back, and the process grows by under 7 % at most.
	collapseMinResident = 480
)

// collapseHeap asks the kernel to back the resident parts of the Go heap
// that holds near with huge pages (madvise MADV_COLLAPSE, synchronous):
// every 2 MB-aligned piece of a private anonymous writable mapping within
// 4 GB of near whose small pages are nearly all resident. It reports the
// bytes it asked for; a kernel that refuses (before 6.1, or without
// transparent huge pages) leaves the memory as it was.
func collapseHeap(near uintptr) (asked int64) {
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return 0
	}
	var vec []byte
	sc := bufio.NewScanner(bytes.NewReader(maps))
	for sc.Scan() {
		// "start-end perms offset dev inode [path]"
		f := bytes.Fields(sc.Bytes())
		if len(f) != 5 || string(f[1]) != "rw-p" || string(f[4]) != "0" {
			continue
		}
		se := bytes.SplitN(f[0], []byte("-"), 2)
		if len(se) != 2 {
			continue
		}
		lo, err1 := strconv.ParseUint(string(se[0]), 16, 64)
		hi, err2 := strconv.ParseUint(string(se[1]), 16, 64)
		if err1 != nil || err2 != nil || hi+4<<30 < uint64(near) || lo > uint64(near)+4<<30 {
			continue
		}
		lo = (lo + hugePage - 1) &^ (hugePage - 1)
		hi &^= hugePage - 1
		for c := lo; c < hi; c += hugePage {
			if cap(vec) < hugePage/smallPage {
				vec = make([]byte, hugePage/smallPage)
			}
			vec = vec[:hugePage/smallPage]
			if _, _, e := syscall.Syscall(syscall.SYS_MINCORE, uintptr(c), hugePage, uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
				continue
			}
			n := 0
			for _, b := range vec {
				n += int(b & 1)
			}
			if n < collapseMinResident {
				continue
			}
			if _, _, e := syscall.Syscall(syscall.SYS_MADVISE, uintptr(c), hugePage, madvCollapse); e == 0 {
				asked += hugePage
			}
		}
	}
	return asked
}
