package sched

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"syscall"
	"time"
)

// Config selects the machine a run uses.
type Config struct {
	// Machine is the pool (the default) or the simulator, and its P.
	// Pool: workers, 0 = GOMAXPROCS. Simulator: 1…MaxSimProcs, 0 =
	// infinitely many.
	Machine
	// Seed seeds the victim choices and Ctx.Rand.
	Seed uint64 `json:"seed"`
	// Levels turns on steal ordering by levels (*Socrates §4.3).
	Levels bool `json:"levels"`
	// LevelWait turns on level waiting (*Socrates §4.4): a task waiting
	// for children only takes work at their level or deeper.
	LevelWait bool `json:"level_wait"`
	// Costs is the cost model; the zero value means DefaultCosts.
	Costs CostModel `json:"costs"`
	// ProfileBuckets bounds the profiles (0: 256; negative: no profile).
	ProfileBuckets int `json:"profile_buckets"`
	// Observe, when not nil, receives Snapshots of the run while it runs,
	// for a live view: on the pool from the sampler goroutine every
	// ObserveEvery nanoseconds of wall time (0: 100 ms), on the simulator
	// from the event loop every ObserveEvery virtual units (0: 65536).
	// It must return quickly; each Snapshot is its own to keep. nil costs
	// nothing: the workers then publish no counters.
	Observe func(Snapshot) `json:"-"`
	// ObserveEvery is the interval between snapshots (see Observe).
	ObserveEvery int64 `json:"-"`
	// MaxMem is the run's memory budget in bytes: the process's memory
	// (what the Go runtime holds from the system, about the resident
	// size) past which the run stops with a *MemoryError. 0 means
	// DefaultMaxMem (a quarter of physical memory); negative, none.
	MaxMem int64 `json:"max_mem,omitempty"`
	// Eager makes the pool promote latent children as soon as they are
	// registered (local.go: Latent): every child is a task, as in the
	// algorithm's DAG and as on the simulator. For comparison and for tests of
	// the promoted paths; the simulator ignores it.
	Eager bool `json:"eager,omitempty"`
	// Heartbeat, when positive, makes the pool also promote latent
	// children every Heartbeat nanoseconds on every worker that holds
	// some, whether a thief asked or not: heartbeat scheduling (Acar,
	// Charguéraud, Guatto, Rainey & Sieczkowski, PLDI 2018). The
	// simulator ignores it.
	Heartbeat int64 `json:"heartbeat_ns,omitempty"`
	// Internals, when not nil, receives the simulator's own counts of
	// the run (SimInternals) when it ends: what the simulator did to run
	// it, not what the simulated machine did. The pool leaves it alone.
	Internals *SimInternals `json:"-"`
	// NoPrefetch turns off the finite simulator's prefetch of the next
	// processor's lines (simprefetch.go; on from P = 256), to measure
	// what it gains (BenchmarkSimPrefetch). It changes no result; the
	// pool and the infinite machine ignore it.
	NoPrefetch bool `json:"-"`
	// NoHugePages turns off the finite simulator's request for huge pages
	// under its heap (hugepages_linux_amd64.go; from P = 256 to 4,096, on
	// Linux), to measure what they gain (BenchmarkSimHugePages). It
	// changes no result; the pool and the infinite machine ignore it.
	NoHugePages bool `json:"-"`
}

// SimInternals counts the simulator's own work in a run, for its speed
// and memory goals (bench/simgoals.sh): none of it is simulated time.
type SimInternals struct {
	// TaskRecords is the task records taken (new or recycled): one per
	// spawned child, but for the elements of a range (Task.SpawnRange)
	// aborted before they start, which have none.
	TaskRecords int64 `json:"task_records"`
	// DoneReads is the children's done flags read by waits (Wait,
	// WaitAny and the helpful wait's looks).
	DoneReads int64 `json:"done_reads"`
	// AbortVisits is the tasks an abort walk visited.
	AbortVisits int64 `json:"abort_visits"`
	// Attaches is the coroutines given to processors.
	Attaches int64 `json:"attaches"`
	// Resumes is the times the event loop handed control to a
	// processor's coroutine (a switch there and one back).
	Resumes int64 `json:"resumes"`
	// HugeBytes is the heap the event loop had the kernel back with huge
	// pages (collapseHeap), summed over its asks: a piece collapsed at
	// one ask and still resident at the next counts at both. The one
	// figure here that depends on the process and the host, not on the
	// run alone.
	HugeBytes int64 `json:"huge_bytes"`
}

// MemoryBudget is the budget a run of c has, in bytes (0: none): for
// callers that allocate for the run (a transposition table) and want to
// refuse a size that cannot fit before they allocate it.
func (c Config) MemoryBudget() int64 { return c.maxMem() }

// Run runs root as the root task of a fresh machine and returns its result
// and the run's Stats. Cancelling ctx aborts every task (they stop at their
// next poll); Run then returns what the root returned and ctx's error. A
// task that panics aborts the run, and Run returns the panic as its error.
func Run(ctx context.Context, cfg Config, root func(c Ctx) any) (any, *Stats, error) {
	m, err := newMachine(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	rt := &Task{m: m, fn: root, pin: 0}
	rt.abortAt = never
	m.root = rt
	var s *Stats
	if m.sim {
		s = m.runSim()
	} else {
		s = m.runPool()
	}
	err = m.err
	if err == nil {
		err = ctx.Err()
	}
	return rt.Result(), s, err
}

func newMachine(ctx context.Context, cfg Config) (*machine, error) {
	m := &machine{cfg: cfg, ctx: ctx, levelWait: cfg.LevelWait, observed: cfg.Observe != nil}
	m.cm = cfg.Costs
	if m.cm == (CostModel{}) {
		m.cm = DefaultCosts()
	}
	m.costs = m.cm.table()
	switch cfg.Kind {
	case "sim":
		m.sim = true
		if cfg.P < 0 || cfg.P > MaxSimProcs {
			return nil, fmt.Errorf("sched: simulated P = %d outside 0 (infinite) … %d", cfg.P, MaxSimProcs)
		}
		m.nprocs = cfg.P
		m.inf = cfg.P == 0
		m.abortHop = m.cm.Abort
	case "pool", "":
		m.nprocs = cfg.P
		if m.nprocs <= 0 {
			m.nprocs = runtime.GOMAXPROCS(0)
		}
	default:
		return nil, fmt.Errorf("sched: unknown machine %q (want pool or sim)", cfg.Kind)
	}
	if cfg.ProfileBuckets >= 0 {
		m.prof.init(cfg.ProfileBuckets)
	}
	return m, nil
}

func (m *machine) runSim() *Stats {
	m.limit = m.cfg.maxMem()
	if m.cfg.MaxMem >= 0 {
		m.asLimit = addressLimit()
	}
	m.mem = newMemSampler()
	m.mem.returnHeld(m.limit)
	m.baseUsed = m.mem.read()
	m.memEvery, m.memNext = memCheckSteps, memCheckSteps
	if m.inf {
		p := m.newProc(0)
		p.state = stParked
		p.parkKind = -1
		m.procs = append(m.procs, p)
		p.mail = append(p.mail, job{t: m.root})
		m.ready++
		m.wake(p, 0)
	} else {
		for i := 0; i < m.nprocs; i++ {
			p := m.newProc(i)
			p.state = stParked
			p.parkKind = -1
			p.parkIdx = int32(len(m.parked))
			m.parked = append(m.parked, p)
			m.procs = append(m.procs, p)
		}
		if !m.cfg.NoPrefetch && m.nprocs >= prefetchMinProcs {
			m.hints = make([]procHint, m.nprocs)
		}
		if !m.cfg.NoHugePages && m.nprocs >= prefetchMinProcs && m.nprocs <= keepIdleCoros {
			m.hugeNext = hugeFirst
		}
		p := m.procs[0]
		p.mail = append(p.mail, job{t: m.root})
		m.ready++
		m.wake(p, 0)
	}
	m.simLoop()
	m.sampleMem(nil)
	if m.cfg.Internals != nil {
		*m.cfg.Internals = m.internals
	}
	if m.restoreGC != nil {
		m.restoreGC()
	}
	end := m.endTime
	if !m.over {
		end = max(end, m.idleEnd)
		for _, p := range m.procs {
			if p != nil {
				end = max(end, p.now)
			}
		}
	}
	return m.stats(end)
}

// poolGCPercent is the garbage collector's target during a pool run. A
// search keeps a small live heap but allocates steadily (task records,
// stacks of stolen subtrees), so at the default 100 the collector runs
// hundreds of times a second and competes with the workers: on 2 cores
// the 2-worker speedup of parallel negamax was 1.81 at GOGC=100 and 1.91
// at 400 (BENCHMARKS.md). A larger setting from GOGC is kept.
const poolGCPercent = 400

func (m *machine) runPool() *Stats {
	if old := debug.SetGCPercent(poolGCPercent); old < 0 || old > poolGCPercent {
		debug.SetGCPercent(old)
	} else {
		defer debug.SetGCPercent(old)
	}
	m.doneCh = make(chan struct{})
	for i := 0; i < m.nprocs; i++ {
		m.procs = append(m.procs, m.newProc(i))
	}
	p0 := m.procs[0]
	p0.mail = append(p0.mail, job{t: m.root})
	p0.nmail.Store(1)
	cpu0 := cpuTime()
	m.start = time.Now()
	stopMem := m.watchPoolMem()
	var wg sync.WaitGroup
	wg.Add(m.nprocs)
	for _, p := range m.procs {
		go p.poolMain(&wg)
	}
	stopSample, sampled := make(chan struct{}), make(chan struct{})
	if m.cfg.Heartbeat > 0 {
		go m.heartbeatLoop(stopSample)
	}
	if m.prof.n > 0 || m.observed {
		go m.sampleLoop(stopSample, sampled)
	} else {
		close(sampled)
	}
	select {
	case <-m.doneCh:
	case <-m.ctx.Done():
		m.abortTree(m.root, 0)
		<-m.doneCh
	}
	wg.Wait()
	// The end is read under sampleMu, so every profile sample lies at or
	// before it (sampleLoop).
	m.sampleMu.Lock()
	wall := int64(time.Since(m.start))
	m.sampleOver = true
	m.sampleMu.Unlock()
	stopMem()
	close(stopSample)
	<-sampled
	s := m.stats(wall)
	s.CPUNS = cpuTime() - cpu0
	procs, cpus := runtime.GOMAXPROCS(0), runtime.NumCPU()
	if m.nprocs > procs || m.nprocs > cpus {
		s.Oversubscribed = true
		s.Note = fmt.Sprintf("oversubscribed: %d workers on GOMAXPROCS=%d, NumCPU=%d; wall time and speedup are not those of %d processors", m.nprocs, procs, cpus, m.nprocs)
	}
	return s
}

// cpuTime is the process's user+system CPU time in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
