package sched

import (
	"syscall"
	"testing"
	"unsafe"
)

// TestCollapseHeapKeepsSparsePages: collapseHeap collapses only pieces
// whose small pages are nearly all resident, so that memory the process
// never touched or gave back stays out of its resident set. A mapping of
// four huge pages, two touched in full and two on every sixteenth small
// page: after the collapse the sparse two hold exactly the pages touched
// (mincore), whether or not the kernel granted huge pages for the others.
func TestCollapseHeapKeepsSparsePages(t *testing.T) {
	const n = 4 * hugePage
	b, err := syscall.Mmap(-1, 0, n+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer syscall.Munmap(b)
	base := uintptr(unsafe.Pointer(&b[0]))
	off := int((base+hugePage-1)&^(hugePage-1) - base) // the first huge page boundary
	mem := b[off : off+n]
	for i := 0; i < 2*hugePage; i += smallPage {
		mem[i] = 1
	}
	for i := 2 * hugePage; i < n; i += 16 * smallPage {
		mem[i] = 1
	}
	collapseHeap(uintptr(unsafe.Pointer(&mem[0])))
	vec := make([]byte, hugePage/smallPage)
	for h := 2; h < 4; h++ {
		addr := uintptr(unsafe.Pointer(&mem[h*hugePage]))
		if _, _, e := syscall.Syscall(syscall.SYS_MINCORE, addr, hugePage, uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
			t.Fatal("mincore:", e)
		}
		got := 0
		for _, v := range vec {
			got += int(v & 1)
		}
		if want := hugePage / smallPage / 16; got != want {
			t.Errorf("huge page %d: %d small pages resident after the collapse, want the %d touched", h, got, want)
		}
	}
}
