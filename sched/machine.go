package sched

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// machine is one run: the processors, the configuration and the counters
// both backends share.
type machine struct {
	cfg       Config
	cm        CostModel
	costs     [NumKinds]int64
	sim, inf  bool
	levelWait bool
	observed  bool      // cfg.Observe != nil
	nprocs    int       // P; 0 for the infinite machine
	simPool   *poolProc // the pool fields every simulated processor shares (newProc)
	abortHop  int64
	procs     []*proc
	hints     []procHint // the finite simulator's, by processor (simprefetch.go)
	hugeNext  int        // the event loop's step that next asks for huge pages (collapseHeap), or 0
	root      *Task
	ctx       context.Context

	aborts atomic.Int64
	// progress is what the algorithm published with Task.SetProgress.
	progress atomic.Int64
	errMu    sync.Mutex
	err      error

	// pool
	finished    atomic.Bool
	doneCh      chan struct{}
	sleepers    atomic.Int32
	idleWorkers atomic.Int32
	start       time.Time
	// sampleMu orders the sampler's clock readings against the run's end:
	// the end is read, and sampleOver set, under it, so that no profile
	// sample lies past the end (a sample past the end would count time
	// after the run in Profile.Low and lift FractionBelow above 1).
	sampleMu   sync.Mutex
	sampleOver bool

	// simulator (only the running processor or the event loop touch these)
	over      bool
	endTime   int64
	heap      []heapEnt
	run       []heapEnt // the run queue's sorted run (sim.go: queuePush)
	runHead   int
	running   *proc
	parked    []*proc // idle thieves, in parking order
	victims   []*proc // processors whose deque is not empty
	ready     int64   // tasks posted and not started
	busy      int64   // processors not parked
	prof      profiler
	cancelled bool
	rngSched  rng
	logMisses []float64    // stealSim: log(1 − k/(P−1)) by k, 0 until computed
	freeCoros []*coro      // coroutines without a processor (at most maxFreeCoros)
	taskFree  []*Task      // recycled tasks of every processor (see proc.tfree)
	rangeFree []*taskRange // recycled ranges (Task.ReleaseRange)
	live      int          // processors with a coroutine
	// liveSampled is live at the last sample of the memory (memCheckLive)
	liveSampled int
	// memNext is the event-loop step of the next sample, memEvery the
	// steps between two (sampleMem)
	memNext, memEvery int
	peakLive          int
	internals         SimInternals // the simulator's own counts (Config.Internals)

	// memory (memory.go)
	limit    int64 // budget, bytes (0: none)
	asLimit  int64 // the share of the address-space limit (addressLimit; 0: none)
	mem      *memSampler
	baseUsed int64 // heap objects and stacks at the start
	peakUsed int64 // the most sampled
	memErr   bool  // the budget was passed
	// restoreGC puts the GC percent back after a run with many live
	// processors (memory.go: manyLive).
	restoreGC func()

	// free is the infinite machine's processors without work, each
	// kept as an idleProc (its number and Ctx.Rand state) while its
	// record goes back to procFree for the next processor that starts
	// (compactIdle): at P = inf on BK.01 depth 5 the run makes 400,000
	// processors, a tenth of them with work at the end.
	free     []idleProc
	procFree []*proc
	// idleWork, idleOverhead and idleEnd are the work, overhead and
	// largest clock of the processors' records given back (stats).
	idleWork, idleOverhead, idleEnd int64
	// liveHigh is the most live processors since the simulator last
	// asked for a collection (memory.go: liveDrop).
	liveHigh int
}

// proc is a processor: a pool worker or a simulated processor.
//
// On a large simulated machine every resume finds its processor's record
// gone from the cache (hundreds of others ran since), so the fields each
// resume touches come first, in the first two of its 64-byte lines: the
// event loop's (id, horizon, state, resume), a charge's (now, work,
// tally), a task's start and end (cur, tfree, finishing) and a look for
// work (mail; then dq and victimIdx, in the third). The record is a
// multiple of 64 bytes (TestProcLines), so that the allocator's size
// class keeps every record on line boundaries.
type proc struct {
	m       *machine
	id      int
	now     int64 // simulator: virtual clock; pool: work charged (see Charge)
	horizon int64 // yield when now passes it (simulator); never on the pool
	cur     *Task
	// resume and yield are the coroutine's (co.next, co.yield) while it
	// has one: a switch reads them here, not through co.
	resume    func() (struct{}, bool)
	yield     func(struct{}) bool
	state     uint8
	lateYield bool // the running task's ChargeLast passed the horizon
	detach    bool // park: idle, the coroutine goes back
	parkKind  int8 // WaitKind, or -1 for an idle processor
	minLevel  int32

	// counters: work and overhead per processor (its busy time), the
	// rest in a tally (see procTally)
	work  int64
	tally *procTally
	// The pool's own fields, nil on the simulator: at P = inf on BK.01
	// depth 5 the simulator makes 900,000 processors, and with these
	// inline a processor would be 824 bytes.
	*poolProc
	tfree     *[]*Task // the free list newTask takes from: &taskFree, or the machine's
	finishing *Task    // a task whose end waits for the processor's turn (run)
	mail      []job    // pinned tasks, FIFO (the infinite machine's every task)

	// (the small fields side by side: at P = inf there are hundreds of
	// thousands of processors)
	victimIdx int32 // index in m.victims, or -1 (read as dq changes)
	parkIdx   int32 // index in m.parked, or -1
	dq        deque
	co        *coro // while it has a task (see coro); resume and yield are its next and yield
	overhead  int64
	rng       rng // victims
	urng      rng // Ctx.Rand

	// simulator, while parked
	parkAt   int64
	waitTask *Task
	waitObj  any

	_ [40]byte // to 320 bytes (TestProcLines)
}

// procTally is what a processor counts besides its work: steps by kind,
// tasks, steals, and time blocked and idle. On the simulator every
// processor adds to the machine's one tally, since one processor runs at a
// time and only the sums are reported: a processor is then 160 bytes
// smaller and the tally stays in the cache across the switches from one
// processor to the next. On the pool each worker has its own.
type procTally struct {
	counts                                          [NumKinds]int64
	steals, attempts, spawns, started, abortedTasks int64
	blocked                                         [numWaitKinds]int64
	idle                                            int64
	locks                                           int64 // simulator units spent spinning on, taking and holding Locks
}

// tallies are the machine's distinct tallies: the simulator's one, or
// every pool worker's.
func (m *machine) tallies() []*procTally {
	if m.sim {
		if m.simPool == nil {
			return nil // no processor yet
		}
		return []*procTally{&m.simPool.ownTally}
	}
	ts := make([]*procTally, len(m.procs))
	for i, p := range m.procs {
		ts[i] = p.tally
	}
	return ts
}

// poolProc is the part of a processor only the pool uses.
type poolProc struct {
	mu    sync.Mutex   // guards dq and mail
	size  atomic.Int32 // dq.n, for lock-free emptiness checks
	nmail atomic.Int32 // len(mail)

	ownTally  procTally    // the worker's tally (proc.tally; the simulator's shared one)
	taskFree  []*Task      // recycled tasks of Go
	rangeFree []*taskRange // recycled latent ranges (Task.LatentRange)

	// only when the run is observed: the counters the worker publishes
	// for the sampler (publish), and when its current idle stretch began
	// (Unix ns; 0 while busy)
	pubWork, pubNodes, pubSteals, pubIdle, pubIdleSince atomic.Int64

	lat      latentStack // latent children and steal requests (local.go)
	sleeping atomic.Bool
	wake     chan struct{}
	timer    *time.Timer
	_        [64]byte // no false sharing with the next worker's
}

const (
	stRunnable = iota
	stRunning
	stParked
	stExited
)

func (m *machine) newProc(id int) *proc {
	p := &proc{m: m, id: id, parkIdx: -1, victimIdx: -1}
	if !m.sim {
		p.poolProc = new(poolProc)
		p.tfree = &p.taskFree
	} else {
		// One for all: the simulator never sets a steal request nor
		// registers latent children, so the fields Aborted and run read
		// stay zero.
		if m.simPool == nil {
			m.simPool = new(poolProc)
		}
		p.poolProc = m.simPool
	}
	if m.sim {
		// The simulator runs one processor at a time, so its processors
		// share one list of recycled tasks, which then follows the tasks
		// in flight: per processor, the lists of idle processors held
		// 175 MB of the 500 MB heap of BK.01 depth 4 at P = 65,536.
		p.tfree = &m.taskFree
	}
	p.tally = &p.poolProc.ownTally
	p.dq.levels = m.cfg.Levels
	if !m.sim {
		p.lat.eager = m.cfg.Eager
	}
	p.rng = newRNG(m.cfg.Seed, uint64(2*id))
	p.urng = newRNG(m.cfg.Seed, uint64(2*id+1))
	if m.sim {
		p.horizon = never
	} else {
		p.horizon = never
		if m.observed {
			p.horizon = observeStride // Charge publishes the counters (yieldTime)
		}
		p.wake = make(chan struct{}, 1)
		p.timer = time.NewTimer(time.Hour)
		p.timer.Stop()
	}
	return p
}

func (m *machine) fail(err error) {
	m.errMu.Lock()
	if m.err == nil {
		m.err = err
	}
	m.errMu.Unlock()
	if m.root != nil {
		at := int64(0)
		if m.sim && m.running != nil {
			at = m.running.now
		}
		m.abortTree(m.root, at)
	}
}

// find is the scheduling decision of a processor that needs work: pinned
// processes first, then its own deque, then a steal.
func (p *proc) find(min int32) job {
	if p.m.sim {
		// The same steps with their emptiness read first: a simulated
		// processor looks for work once or twice per node.
		if len(p.mail) > 0 {
			return p.takeMail()
		}
		if p.dq.n > 0 {
			if x := p.popLocal(min); !x.none() {
				return x
			}
		}
		return p.stealSim(min)
	}
	if x := p.takeMail(); !x.none() {
		return x
	}
	if x := p.popLocal(min); !x.none() {
		return x
	}
	return job{t: p.stealPool(min)}
}

func (p *proc) takeMail() job {
	if p.m.sim {
		if len(p.mail) == 0 {
			return job{}
		}
		x := p.mail[0]
		p.mail[0] = job{}
		if len(p.mail) == 1 {
			// Emptied: keep the room (on the infinite machine every
			// task comes to its processor by mail).
			p.mail = p.mail[:0]
		} else {
			p.mail = p.mail[1:]
		}
		p.m.readyAdd(p, -1)
		p.tally.started++
		return x
	}
	if p.nmail.Load() == 0 {
		return job{}
	}
	p.mu.Lock()
	var x job
	if len(p.mail) > 0 {
		x = p.mail[0]
		p.mail[0] = job{}
		p.mail = p.mail[1:]
		p.nmail.Store(int32(len(p.mail)))
	}
	p.mu.Unlock()
	if !x.none() {
		p.tally.started++
	}
	return x
}

func (p *proc) popLocal(min int32) job {
	if p.m.sim {
		x := p.dq.pop(min)
		if !x.none() {
			p.m.dequeChanged(p)
			p.m.readyAdd(p, -1)
			p.tally.started++
		}
		return x
	}
	if p.size.Load() == 0 {
		return job{}
	}
	p.mu.Lock()
	x := p.dq.pop(min)
	p.size.Store(int32(p.dq.n))
	p.mu.Unlock()
	if !x.none() {
		p.tally.started++
	}
	return x
}

// push posts a stealable task on p's deque.
func (m *machine) push(p *proc, k *Task) {
	if m.sim {
		m.pushSim(p, job{t: k})
		return
	}
	p.mu.Lock()
	p.dq.push(job{t: k})
	p.size.Store(int32(p.dq.n))
	p.mu.Unlock()
	if m.sleepers.Load() > 0 {
		m.wakeOne(p)
	}
}

// post sends a pinned task to its processor's mailbox.
func (m *machine) post(from *proc, k *Task) {
	if m.sim {
		m.postSim(from, k)
		return
	}
	q := m.procs[k.pin]
	q.mu.Lock()
	q.mail = append(q.mail, job{t: k})
	q.nmail.Store(int32(len(q.mail)))
	q.mu.Unlock()
	if q != from && q.sleeping.Load() {
		select {
		case q.wake <- struct{}{}:
		default:
		}
	}
}

// notify tells the processor running par that one of its children is done.
func (m *machine) notify(par *Task, q, from *proc) {
	if m.sim {
		if q.state == stParked && q.waitTask == par && q.parkKind == int8(WaitChildren) {
			m.wake(q, from.now+m.cm.Wake)
		}
		return
	}
	if q != from && q.sleeping.Load() {
		select {
		case q.wake <- struct{}{}:
		default:
		}
	}
}

func (m *machine) rootDone(p *proc, t *Task) {
	if m.sim {
		m.over = true
		m.endTime = p.now
		return
	}
	m.finished.Store(true)
	close(m.doneCh)
}
