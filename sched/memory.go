package sched

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/dustin/go-humanize"
)

// Memory budget. A simulated run at P = ∞ gives every spawned
// task a processor, so its memory follows the work in flight, which a deep
// enough search makes larger than the machine. Config.MaxMem bounds it: the
// simulator samples the process's memory every memCheckSteps events (the
// pool every memCheckEvery of wall time) and, past the budget, stops the
// run as a cancellation would and returns a *MemoryError that says how far
// it got. The budget is not the Go runtime's soft memory limit: the
// runtime counts memory it mapped and never touched (memSampler), which
// with per-processor Searchers passed any limit while the process was far
// below it, and the collector then ran without pause (BK.01 depth 5 at
// P = inf: 19 s instead of 2 s).

// manyLive is the number of live simulated processors from which the
// simulator runs the garbage collector at manyLiveGCPercent rather than
// the process's setting. The collector's goal is the live heap plus
// GOGC % of the live heap and the goroutine stacks, and a machine with
// hundreds of thousands of live processors has as many stacks (2 KiB or
// more each): at the default 100 % the heap grew by as much again as the
// stacks (BK.01 depth 5 at P = inf: 3.9 GiB sampled, 1.3 GiB of it live).
// Runs with fewer live processors (P = 512, 1024) are not affected.
const (
	manyLive          = 1 << 14
	manyLiveGCPercent = 25
)

// liveDrop is how many times fewer live processors than at their peak
// since the last collection the simulator asked for make it ask for one
// (sampleMem): at P = inf on BK.01 depth 5 the live processors fall from
// 230,000 to 9,000, and the 870 MB of stacks of the coroutines that
// ended stayed held, the heap growing by 200 MB beside them, until the
// collector's next cycle.
const liveDrop = 4

// lowGC is the process's state of lowerGC: the simulated runs (of a
// sweep's concurrent jobs) that asked for the lower setting, and the
// setting to restore when the last of them ends.
var lowGC struct {
	sync.Mutex
	runs    int
	restore int
}

// lowerGC sets the collector's target to manyLiveGCPercent (a lower
// setting is kept) until the returned function is called; concurrent runs
// share the setting, which the last one to end restores.
func lowerGC() (release func()) {
	lowGC.Lock()
	defer lowGC.Unlock()
	if lowGC.runs == 0 {
		old := debug.SetGCPercent(manyLiveGCPercent)
		if old >= 0 && old < manyLiveGCPercent {
			debug.SetGCPercent(old)
		}
		lowGC.restore = old
	}
	lowGC.runs++
	return func() {
		lowGC.Lock()
		defer lowGC.Unlock()
		if lowGC.runs--; lowGC.runs == 0 {
			debug.SetGCPercent(lowGC.restore)
		}
	}
}

// memCheckSteps is how many event-loop steps the simulator runs between
// two samples of the process's memory (one sample costs about a
// microsecond; a step at least a coroutine switch).
const memCheckSteps = 4096

// memCheckLive is how many more live processors than at the last sample
// make the simulator sample the memory before memCheckSteps events: on
// the infinite machine each new processor's state (a serial Searcher, its
// stack) is its memory, and 4,096 of them can be gigabytes.
const memCheckLive = 128

// MemoryError is the error of a run stopped because the process passed
// its memory budget (Config.MaxMem).
type MemoryError struct {
	Limit     int64 // the budget, bytes
	Used      int64 // the process's memory when it was found past it, bytes
	Machine         // where it ran (P = 0 on the simulator: infinitely many)
	Nodes     int64 // Node charges so far
	Work      int64 // W so far, cost units
	Time      int64 // simulated time reached (sim), wall ns (pool)
	LiveProcs int   // simulated processors with a task (running or waiting) then
	PeakLive  int   // the most at once so far
	// Address says that the limit passed is the process's address-space
	// limit (ulimit -v; Limit is the limit less addressMargin, Used the
	// process's size), not the budget.
	Address bool
}

func (e *MemoryError) Error() string {
	where := e.Machine.String()
	var hint string
	if e.IsSim() {
		where += fmt.Sprintf(", simulated time %d, %d live processors (peak %d)", e.Time, e.LiveProcs, e.PeakLive)
		if e.Infinite() {
			hint = "a finite P (e.g. 512) or a smaller depth"
		} else {
			hint = "a smaller P or a smaller depth"
		}
	} else {
		hint = "a smaller depth or table"
	}
	if e.Address {
		return fmt.Sprintf("sched: address space of %s (the process's limit, ulimit -v, less 256 MiB) exceeded (the process spans %s) after %d nodes (W = %d; %s): stopped; try %s, or raise the limit",
			humanize.IBytes(uint64(e.Limit)), humanize.IBytes(uint64(max(e.Used, 0))), e.Nodes, e.Work, where, hint)
	}
	return fmt.Sprintf("sched: memory budget of %s exceeded (%s in use) after %d nodes (W = %d; %s): stopped; try %s, or raise the budget (max-mem)",
		humanize.IBytes(uint64(e.Limit)), humanize.IBytes(uint64(max(e.Used, 0))), e.Nodes, e.Work, where, hint)
}

var defaultMaxMem = sync.OnceValue(func() int64 {
	total := physicalMemory()
	if total <= 0 {
		return 4 << 30
	}
	return total / 4
})

// DefaultMaxMem is the budget of a run whose Config.MaxMem is 0: a quarter
// of the machine's physical memory (MemTotal in /proc/meminfo; 4 GiB when
// it cannot be read), a safe share on a machine that several users share.
func DefaultMaxMem() int64 { return defaultMaxMem() }

// physicalMemory is MemTotal from /proc/meminfo in bytes (0 if unknown).
func physicalMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) >= 2 && fs[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(fs[1], 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}

// maxMem is the run's budget in bytes; 0 for none.
func (c *Config) maxMem() int64 {
	switch {
	case c.MaxMem < 0:
		return 0
	case c.MaxMem == 0:
		return DefaultMaxMem()
	}
	return c.MaxMem
}

// addressLimit is how much of a limit on the process's address space
// (RLIMIT_AS, ulimit -v) a simulated run may take: the limit less
// addressMargin, left for what the run maps between two samples. 0 when
// there is no limit. The Go runtime reserves address space it has not
// mapped (1.5–2 GB on linux/amd64), so the run compares the limit with the
// process's size (VmSize), not with its mapped memory.
func addressLimit() int64 {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur == ^uint64(0) || rl.Cur > 1<<62 {
		return 0
	}
	return max(int64(rl.Cur)-addressMargin, 1)
}

// addressMargin is the part of an address-space limit a simulated run
// leaves for what it maps between two samples of its size. Past half the
// limit the run samples every memCheckSteps/16 events and every
// memCheckLive new live processors, between which it maps a few dozen
// megabytes (a processor's stack and search rows: some 100 KB at P = inf
// with the default preset), and the Go heap grows by 64 MiB arenas: four
// arenas' worth is ample, and on a limit of a few gigabytes the run gets
// the rest.
const addressMargin = 256 << 20

// memSampler reads the process's memory: its resident set from
// /proc/self/statm where there is one (Linux), and what the Go runtime
// has allocated (runtime/metrics: heap objects and stacks); the budget
// bounds the larger. Memory mapped and never touched (fresh zero pages of a large
// object) is not resident, but it is address space: a run that maps far
// more than it touches ends, under a limit on the address space, in the
// runtime's "out of memory" unless the budget counts it. Per-processor
// state is therefore sized to what a processor touches.
type memSampler struct {
	s [4]metrics.Sample
}

func newMemSampler() *memSampler {
	ms := &memSampler{}
	ms.s[0].Name = "/memory/classes/total:bytes"
	ms.s[1].Name = "/memory/classes/heap/released:bytes"
	ms.s[2].Name = "/memory/classes/heap/objects:bytes"
	ms.s[3].Name = "/memory/classes/heap/stacks:bytes"
	return ms
}

// read returns the process's memory: the larger of its resident set and
// what it has allocated (the Go runtime's heap objects and goroutine
// stacks). Resident memory is what the machine gives; allocated memory
// is what the process has asked for, which memory allocated but never
// touched makes larger, and which a limit on the address space (ulimit -v,
// a cluster's) bounds with the runtime's reservations on top (see
// addressLimit). One read costs a few microseconds (a pread of
// /proc/self/statm and runtime/metrics).
func (ms *memSampler) read() int64 {
	held, _ := ms.readSize()
	return held
}

// readSize is read and the process's size (VmSize: its address space).
func (ms *memSampler) readSize() (held, size int64) {
	metrics.Read(ms.s[:])
	v := func(i int) int64 {
		if ms.s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return int64(ms.s[i].Value.Uint64())
	}
	size, rss := statmBytes()
	return max(rss, v(2)+v(3)), size
}

// statm is /proc/self/statm, opened once for the process (nil when there
// is none).
var statm = sync.OnceValue(func() *os.File {
	f, err := os.Open("/proc/self/statm")
	if err != nil {
		return nil
	}
	return f
})

var pageSize = int64(os.Getpagesize())

// residentBytes is the process's resident set in bytes (the second field
// of /proc/self/statm, in pages), or 0 when it cannot be read.
func residentBytes() int64 {
	_, rss := statmBytes()
	return rss
}

// statmBytes is the process's size (its address space, VmSize) and
// resident set in bytes, from /proc/self/statm; 0, 0 when it cannot be
// read.
func statmBytes() (size, rss int64) {
	f := statm()
	if f == nil {
		return 0, 0
	}
	var buf [128]byte
	n, _ := f.ReadAt(buf[:], 0)
	b := buf[:n]
	field := func(i int) (int64, int) {
		var pages int64
		for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
			pages = pages*10 + int64(b[i]-'0')
		}
		return pages * pageSize, i + 1
	}
	size, i := field(0)
	rss, _ = field(i)
	return size, rss
}

// returnHeld gives the memory an earlier run left held back to the OS
// when it is already past half the new run's budget (a sweep's runs follow
// each other in one process: a large run's memory would otherwise count
// against the next run's budget).
func (ms *memSampler) returnHeld(limit int64) {
	if held := ms.read(); limit > 0 && held > limit/2 {
		debug.FreeOSMemory()
	}
}

// sampleMem samples the process's memory on the simulator (p: the
// processor that just ran; nil at the end) and stops the run with a
// *MemoryError when it is past the budget.
func (m *machine) sampleMem(p *proc) {
	held, size := m.mem.readSize()
	m.peakUsed = max(m.peakUsed, held)
	// Past half a limit, sample sixteen times as often: between two
	// samples a run at P = inf can allocate hundreds of megabytes.
	m.memEvery = memCheckSteps
	if m.limit > 0 && held > m.limit/2 || m.asLimit > 0 && size > m.asLimit/2 {
		m.memEvery = memCheckSteps / 16
	}
	if m.live >= manyLive && m.restoreGC == nil {
		m.restoreGC = lowerGC()
	}
	m.liveHigh = max(m.liveHigh, m.live)
	if m.liveHigh >= manyLive && m.live <= m.liveHigh/liveDrop {
		// Most of the coroutines have ended since the peak: their
		// stacks go back to the heap only at a collection, and until
		// the next one (whose goal counts those stacks) the heap grows
		// beside them. Collect now, beside the run.
		m.liveHigh = m.live
		go runtime.GC()
	}
	if p == nil || m.memErr || m.over {
		return
	}
	limit, used := m.limit, held
	if limit <= 0 || held <= limit {
		if m.asLimit <= 0 || size <= m.asLimit {
			return
		}
		limit, used = m.asLimit, size // the address space: ulimit -v
	}
	m.memErr = true
	e := &MemoryError{Limit: limit, Used: used, Machine: SimOf(m.nprocs), Time: p.now, LiveProcs: m.live, PeakLive: m.peakLive, Address: limit == m.asLimit && used != held}
	e.Work = m.idleWork
	for _, q := range m.procs {
		if q != nil {
			e.Work += q.work
		}
	}
	for _, t := range m.tallies() {
		e.Nodes += t.counts[Node]
	}
	m.errMu.Lock()
	if m.err == nil {
		m.err = e
	}
	m.errMu.Unlock()
	m.cancelled = true
	// Every task sees the mark at its next poll, whatever its clock: a
	// processor behind this one would otherwise go on (and allocate)
	// until its clock reached the stop.
	m.abortTree(m.root, 0)
}

// ParseBudget reads a memory budget: a size such as 2GB, 512MiB or
// 1500000000 (bytes), "none" for no budget (-1), or "default" / "" for the
// default share of this machine's memory (0).
func ParseBudget(s string) (int64, error) {
	switch strings.TrimSpace(strings.ToLower(s)) {
	case "", "default", "0":
		return 0, nil
	case "none", "off":
		return -1, nil
	}
	n, err := humanize.ParseBytes(s)
	if err != nil || n == 0 || n > 1<<62 {
		return 0, fmt.Errorf("memory budget %q: want a size such as 2GB or 512MiB, none, or default", s)
	}
	return int64(n), nil
}

// BudgetString writes a budget as ParseBudget reads it, the default
// spelled out with its size.
func BudgetString(b int64) string {
	switch {
	case b < 0:
		return "none"
	case b == 0:
		return "a quarter of this machine's memory, " + humanize.IBytes(uint64(DefaultMaxMem()))
	}
	return humanize.IBytes(uint64(b))
}

// memCheckEvery is the pool's interval between two samples of the
// process's memory (wall time).
const memCheckEvery = 20 * time.Millisecond

// watchPoolMem enforces the budget on the pool: a goroutine samples the
// process's memory every memCheckEvery and, past the budget, stops the run
// as a cancellation would (every task aborted) with a *MemoryError. It
// returns the
// function that stops the watch, which runPool calls once the workers
// have ended, and which then fills in how far the run got (the workers'
// counters are theirs until then).
func (m *machine) watchPoolMem() (stop func()) {
	m.limit = m.cfg.maxMem()
	if m.limit <= 0 {
		return func() {}
	}
	m.mem = newMemSampler()
	m.mem.returnHeld(m.limit)
	quit, done := make(chan struct{}), make(chan struct{})
	var found *MemoryError
	go func() {
		defer close(done)
		t := time.NewTicker(memCheckEvery)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
			}
			held := m.mem.read()
			m.peakUsed = max(m.peakUsed, held)
			if held > m.limit {
				found = &MemoryError{Limit: m.limit, Used: held, Machine: PoolOf(m.nprocs), Time: int64(time.Since(m.start))}
				m.fail(found)
				return
			}
		}
	}()
	return func() {
		close(quit)
		<-done
		if found != nil {
			for _, q := range m.procs {
				found.Work += q.work
			}
			for _, t := range m.tallies() {
				found.Nodes += t.counts[Node]
			}
		}
	}
}
