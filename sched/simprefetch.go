package sched

import "unsafe"

// Prefetching the next processor (the finite simulator's event loop).
//
// On a large simulated machine every turn of a processor starts cold:
// between two turns of one processor the P−1 others have run, and at
// P = 512 their records, stacks and tasks, a few KB each, have pushed its
// lines out of the second-level cache. Most of a simulated node's time
// was those first touches, one after the other. But the loop knows which
// processor it resumes next (the least entry left in the run queue: when
// every processor is busy, the next by number), and where that processor
// will start: the stack it yielded from and the task it runs. So before
// it resumes one processor the loop asks the caches for the next one's
// lines, and they arrive while the current turn runs. A prefetch neither
// waits nor faults: a stale hint (a stack that moved since, a task that
// ended) wastes a line and changes nothing else, and the run is the same
// bit for bit (TestSimGolden, TestSimDiff). BENCHMARKS.md has the gain
// (BenchmarkSimPrefetch).

// procHint is where a processor that handed control back will start when
// it resumes: the stack it yielded from and the task it was running.
type procHint struct{ sp, task uintptr }

const (
	// prefetchMinProcs is the least P the loop prefetches at: below it
	// the processors' lines mostly stay in the cache from one turn to
	// the next, and the prefetch only costs. Measured on 2026-11-29
	// (BenchmarkSimPrefetch, medians of paired runs): P = 64 0.98,
	// P = 128 1.00, P = 256 1.17, P = 512 1.16.
	prefetchMinProcs = 256
	// hintBelow and hintStackLines are the stack window prefetched: from
	// hintBelow bytes under the yield point (the coroutine switch's
	// frames) up through the search's frames above it. Measured at
	// P = 512 (BenchmarkSimPrefetch): windows of 1.5, 2 and 2.5 KB gained
	// 15–19 % over none, 2.5 KB the most.
	hintBelow      = 1024
	hintStackLines = 40
	// procRecordLines is a processor's record in lines (TestProcLines),
	// taskLines a task's (TestTaskSize).
	procRecordLines = int(unsafe.Sizeof(proc{}) / 64)
	taskLines       = int(unsafe.Sizeof(Task{}) / 64)
)

// noteHint records, as p hands control back to the event loop, where its
// next turn will start (procHint).
func (p *proc) noteHint() {
	var here byte // a byte of p's stack at the yield
	if h := p.m.hints; p.id < len(h) {
		h[p.id] = procHint{uintptr(unsafe.Pointer(&here)), uintptr(unsafe.Pointer(p.cur))}
	}
}

// prefetchNext asks the caches for the lines of the processor that the
// loop resumes after the one it resumes now: its record, its stack
// window and its task (procHint).
func (m *machine) prefetchNext() {
	q := m.queueHead()
	if q == nil {
		return
	}
	id := q.id
	prefetchLines(uintptr(unsafe.Pointer(m.procs[id])), procRecordLines)
	h := m.hints[id]
	if h.sp != 0 {
		prefetchLines(h.sp-hintBelow, hintStackLines)
	}
	if h.task != 0 {
		prefetchLines(h.task, taskLines)
	}
}
