package sched

import (
	"errors"
	"iter"
	"math"
	"sync"
	"unsafe"
)

// ErrDeadlock is returned by a simulated run in which every processor is
// blocked and none can be woken (for instance a task waiting on an Event
// nobody will signal).
var ErrDeadlock = errors.New("sched: simulated machine deadlocked: every processor is blocked")

// The simulated machine.
//
// Each virtual processor is an iter.Pull coroutine running the same
// scheduling code as a pool worker (find, run, waitKids). An event loop
// resumes exactly one of them at a time: the one with the smallest clock,
// ties broken by processor number. A running processor hands control back
// in Charge as soon as its clock passes the next one's (its horizon), so
// every interaction between processors — a push, a steal, an abort, a
// signal — happens when the acting processor holds the smallest clock:
// the run is a conservative discrete-event simulation, and with one seed
// it is the same run, bit for bit, every time.
//
// Time only advances through charged costs (work) and the overhead costs of
// the CostModel (steal, migration). A processor with nothing to do parks;
// it is woken, with its clock moved up to the waker's, by new work it may
// steal, by a child of the task it waits for finishing, by mail, or by an
// Event. On the infinite machine every spawn starts at once on a processor
// of its own (idle ones are reused), so the run time is exactly the
// critical path C.

// yieldTime hands control back to the event loop because the clock passed
// the horizon.
func (p *proc) yieldTime() {
	if !p.m.sim {
		p.publish() // an observed pool worker passed its horizon
		return
	}
	p.state = stRunnable
	p.noteHint()
	if !p.yield(struct{}{}) {
		panic(stopUnwind)
	}
	p.state = stRunning
}

// park blocks the processor until a wake. kind is a WaitKind, or -1 for a
// processor with no work at all; t the task whose wait this is; min the
// shallowest level it may take if woken as a thief; obj the Event or Cond.
func (p *proc) park(kind int8, t *Task, min int32, obj any) {
	m := p.m
	p.state = stParked
	p.parkKind, p.waitTask, p.minLevel, p.waitObj = kind, t, min, obj
	p.parkAt = p.now
	if obj == nil {
		if m.inf {
			if kind < 0 {
				m.compactIdle(p)
			}
		} else {
			p.parkIdx = int32(len(m.parked))
			m.parked = append(m.parked, p)
		}
	}
	m.busy--
	m.profNow(p.now)
	if kind < 0 && t == nil && obj == nil && (m.inf || m.live > keepIdleCoros) {
		p.detach = true
		return // idle: simMain hands its coroutine back (see coro)
	}
	p.noteHint()
	if !p.yield(struct{}{}) {
		panic(stopUnwind)
	}
	p.state = stRunning
	if d := p.now - p.parkAt; d > 0 && kind >= 0 {
		p.tally.blocked[kind] += d
	}
	p.waitTask, p.waitObj = nil, nil
}

// wake makes a parked processor runnable at time at (or its own clock if
// later).
func (m *machine) wake(q *proc, at int64) {
	if q.state != stParked {
		return
	}
	if i := q.parkIdx; i >= 0 {
		last := m.parked[len(m.parked)-1]
		m.parked[i] = last
		last.parkIdx = i
		m.parked = m.parked[:len(m.parked)-1]
		q.parkIdx = -1 // (swap-remove: the order changes, deterministically)
	}
	q.state = stRunnable
	if at > q.now {
		q.now = at
	}
	m.busy++
	m.profNow(at)
	m.queuePush(q)
	if r := m.running; r != nil && r != q {
		if h := horizonOf(r, q); h < r.horizon {
			r.horizon = h
		}
	}
}

// horizonOf is the clock value past which r must yield to q.
func horizonOf(r, q *proc) int64 {
	if q.id < r.id {
		return q.now - 1
	}
	return q.now
}

func (m *machine) wakeAborted(k *Task, at int64) {
	q := k.p
	if q != nil && q.state == stParked && q.waitTask == k && q.waitObj != nil {
		m.wake(q, at)
	}
}

func (m *machine) profNow(t int64) {
	if m.prof.n > 0 {
		m.prof.set(t, m.ready+m.busy, m.busy)
	}
}

func (m *machine) readyAdd(p *proc, d int64) {
	m.ready += d
	m.profNow(p.now)
}

// dequeChanged keeps m.victims, the processors with stealable work.
func (m *machine) dequeChanged(p *proc) {
	if p.dq.n > 0 && p.victimIdx < 0 {
		p.victimIdx = int32(len(m.victims))
		m.victims = append(m.victims, p)
	} else if p.dq.n == 0 && p.victimIdx >= 0 {
		i := p.victimIdx
		last := m.victims[len(m.victims)-1]
		m.victims[i] = last
		last.victimIdx = i
		m.victims = m.victims[:len(m.victims)-1]
		p.victimIdx = -1
	}
}

func (m *machine) pushSim(p *proc, k job) {
	if m.inf {
		m.startInf(k, p.now)
		return
	}
	p.dq.push(k)
	m.dequeChanged(p)
	m.readyAdd(p, 1)
	m.wakeThief(k.level(), p.now)
}

// pushRangeSim posts elements 0…n−1 of r on p's deque (finite machine),
// as n pushSim calls at one clock would: the deque's one entry, the
// victims, the ready count, and a thief woken per element while any
// parked processor may take the range's level.
func (m *machine) pushRangeSim(p *proc, r *taskRange, n int32) {
	p.dq.pushN(job{r: r}, n)
	m.dequeChanged(p)
	m.readyAdd(p, int64(n))
	for range n {
		if !m.wakeThief(r.level, p.now) {
			break
		}
	}
}

// wakeThief wakes the first parked processor allowed to take work at level.
func (m *machine) wakeThief(level int32, at int64) bool {
	for _, q := range m.parked {
		if q.minLevel <= level {
			m.wake(q, at)
			return true
		}
	}
	return false
}

func (m *machine) postSim(from *proc, k *Task) {
	if m.inf {
		m.startInf(job{t: k}, from.now)
		return
	}
	q := m.procs[k.pin]
	q.mail = append(q.mail, job{t: k})
	m.readyAdd(from, 1)
	if q.state == stParked && q.waitObj == nil {
		m.wake(q, from.now)
	}
}

// idleProc is a processor of the infinite machine without work, compacted
// (compactIdle): what of it outlives its idleness. Its steal generator
// is the one it was made with (the infinite machine never steals), and
// everything else is what a processor has when it parks idle.
type idleProc struct {
	id   int
	urng rng
}

// compactIdle files p, a processor of the infinite machine parking idle
// with nothing on its stack, as an idleProc and gives its record back
// for the next processor that starts (startInf): the idle processors
// keep their numbers, which order the run, but not their records. p's
// record stays as it is until then (p runs no further step before it
// is back in the event loop).
func (m *machine) compactIdle(p *proc) {
	m.free = append(m.free, idleProc{id: p.id, urng: p.urng})
	m.idleWork += p.work
	m.idleOverhead += p.overhead
	m.idleEnd = max(m.idleEnd, p.now)
	m.procs[p.id] = nil
	m.procFree = append(m.procFree, p)
}

// reviveProc is the processor e, idle, with a record: one given back by
// compactIdle, or a new one, in the state p had as it parked idle.
func (m *machine) reviveProc(e idleProc) *proc {
	n := len(m.procFree)
	if n == 0 {
		q := m.newProc(e.id)
		q.urng = e.urng
		q.state, q.parkKind, q.minLevel = stParked, -1, anyLevel
		return q
	}
	q := m.procFree[n-1]
	m.procFree[n-1] = nil
	m.procFree = m.procFree[:n-1]
	mail, dq := q.mail[:0], q.dq
	*q = proc{m: m, id: e.id, tfree: q.tfree, mail: mail, dq: dq,
		rng: newRNG(m.cfg.Seed, uint64(2*e.id)), urng: e.urng, tally: q.tally, poolProc: q.poolProc,
		horizon: never, state: stParked, parkKind: -1, parkIdx: -1, victimIdx: -1, minLevel: anyLevel}
	return q
}

// startInf gives k a processor of its own at time at (infinite machine).
func (m *machine) startInf(k job, at int64) {
	var q *proc
	if n := len(m.free); n > 0 {
		e := m.free[n-1]
		m.free = m.free[:n-1]
		q = m.reviveProc(e)
		m.procs[e.id] = q
	} else {
		q = m.newProc(len(m.procs))
		q.state = stParked
		q.parkKind = -1
		m.procs = append(m.procs, q)
	}
	q.now = at
	q.parkAt = at
	q.mail = append(q.mail, k)
	m.ready++
	m.wake(q, at)
}

// stealSim is a randomized steal on the simulated machine. The number of
// requests until one reaches a processor with work is drawn from the
// geometric law of uniform random probing (k of the P−1 others have work),
// each request costing CostModel.Steal; then the victim is one of the
// processors with work, chosen uniformly, and the thief takes the top of
// its deque (plus CostModel.Migrate for the board copy).
func (p *proc) stealSim(min int32) job {
	m := p.m
	k := len(m.victims)
	if p.victimIdx >= 0 {
		k--
	}
	if k <= 0 {
		return job{}
	}
	att := int64(1)
	if others := m.nprocs - 1; k < others {
		f := math.Floor(math.Log(p.rng.float()) / m.logMiss(k, others))
		if f > 1e9 {
			f = 1e9
		}
		att += int64(f)
	}
	p.tally.attempts += att
	if c := m.cm.Steal * att; c > 0 {
		p.spend(c)
	}
	var x job
	var v *proc
	for try := 0; try < 4 && x.none(); try++ {
		n := len(m.victims)
		if n == 0 {
			break
		}
		v = m.victims[p.rng.intn(n)]
		if v != p {
			x = v.dq.steal(min)
		}
	}
	for i := 0; i < len(m.victims) && x.none(); i++ {
		v = m.victims[i]
		if v != p {
			x = v.dq.steal(min)
		}
	}
	if x.none() {
		return job{}
	}
	m.dequeChanged(v)
	m.readyAdd(p, -1)
	p.tally.steals++
	p.tally.started++
	if len(m.victims) > 0 && len(m.parked) > 0 {
		m.wake(m.parked[0], p.now)
	}
	if c := m.cm.Migrate; c > 0 {
		p.spend(c)
	}
	return x
}

// logMiss is log(1 − k/others), the log of the chance that a request
// misses, computed once for each k.
func (m *machine) logMiss(k, others int) float64 {
	if m.logMisses == nil {
		m.logMisses = make([]float64, others)
	}
	l := m.logMisses[k]
	if l == 0 { // not yet computed: for 0 < k < others it is negative
		l = math.Log1p(-(float64(k) / float64(others)))
		m.logMisses[k] = l
	}
	return l
}

// spend advances the clock by scheduling overhead.
func (p *proc) spend(c int64) {
	p.now += c
	p.overhead += c
	if p.now > p.horizon {
		p.yieldTime()
	}
}

// coro is a coroutine (iter.Pull: a goroutine stack) that runs a simulated
// processor while it has a task: running one, or waiting at a join, or on
// an Event, with its tasks nested on the stack. A processor that goes idle
// with nothing on its stack (simMain finds no work) parks without its
// coroutine: the coroutine returns to the machine's free list and the next
// processor to wake with no coroutine takes it. So the stacks follow the
// work in flight, not P (a coroutine per processor would keep 65,536 stacks
// at P = 65,536, idle ones included). Which goroutine runs a processor is invisible
// to the simulation, which stays the same run bit for bit.
type coro struct {
	next  func() (struct{}, bool)
	stop  func()
	yield func(struct{}) bool
	p     *proc // the processor it runs, nil while free
}

// maxFreeTasks bounds a free list of recycled tasks: past it joinKids
// leaves the task to the collector, so that a burst of tasks in flight
// (P = inf) does not keep its records for the rest of the run.
const maxFreeTasks = 1 << 16

// keepIdleCoros is how many live processors a finite machine has before
// its idle processors give their coroutines back: below it an idle
// processor keeps its coroutine (P = 64, 1024: the simulator's speed is
// that of before, BENCHMARKS.md), above it (P = 65,536) they go back.
const keepIdleCoros = 4096

// maxFreeCoros bounds the free coroutines kept for reuse: past it a
// coroutine whose processor goes idle ends, and its stack goes back to
// the runtime (after a burst of hundreds of thousands of live processors
// at P = inf, most of them are idle for the rest of the run).
//
// Under the race detector (race.go) no coroutine ends before its run does:
// every goroutine that ends leaves race-detector state the process never
// gets back, and TestJamboreeDeferredValues passed 4.5 GB; kept, it peaks
// at 2.9 GB.
var maxFreeCoros = 1024

// attach gives p a coroutine: a free one, or a new one.
func (m *machine) attach(p *proc) {
	var c *coro
	if n := len(m.freeCoros); n > 0 {
		c = m.freeCoros[n-1]
		m.freeCoros[n-1] = nil
		m.freeCoros = m.freeCoros[:n-1]
	} else if c = takePooledCoro(); c == nil {
		c = newCoro()
	}
	c.p, p.co = p, c
	p.resume = c.next
	m.internals.Attaches++
	m.live++
	if m.live > m.peakLive {
		m.peakLive = m.live
	}
}

// coroPool keeps free coroutines from one simulated run to the next (at
// most maxFreeCoros), so that a program that runs many machines — a
// sweep, a test suite — does not make and end thousands of goroutines per
// run: under the race detector each goroutine's state was memory the
// process never got back (TestJamboreeDeferredValues grew by 200–400 MB
// per run at P = inf).
var coroPool struct {
	mu   sync.Mutex
	free []*coro
}

func takePooledCoro() *coro {
	coroPool.mu.Lock()
	defer coroPool.mu.Unlock()
	n := len(coroPool.free)
	if n == 0 {
		return nil
	}
	c := coroPool.free[n-1]
	coroPool.free[n-1] = nil
	coroPool.free = coroPool.free[:n-1]
	return c
}

// poolCoros hands the run's free coroutines to coroPool, and stops those
// it has no room for.
func poolCoros(cs []*coro) {
	coroPool.mu.Lock()
	k := min(len(cs), maxFreeCoros-len(coroPool.free))
	coroPool.free = append(coroPool.free, cs[:k]...)
	coroPool.mu.Unlock()
	for _, c := range cs[k:] {
		c.stop()
	}
}

func newCoro() *coro {
	c := &coro{}
	c.next, c.stop = iter.Pull(func(yield func(struct{}) bool) {
		c.yield = yield
		defer func() {
			if r := recover(); r != nil && r != stopUnwind {
				panic(r)
			}
		}()
		for {
			p := c.p
			p.yield = yield
			m := p.m
			over := !p.simMain()
			// p parked idle, or the run is over: detach and wait for
			// the next processor (of this run or, through coroPool, a
			// later one), or end when enough coroutines wait already.
			p.co, c.p = nil, nil
			p.resume, p.yield = nil, nil
			m.live--
			if !over && len(m.freeCoros) >= maxFreeCoros {
				return
			}
			m.freeCoros = append(m.freeCoros, c)
			if !yield(struct{}{}) {
				return
			}
		}
	})
	return c
}

// finishBare is simMain's step for a processor of the infinite machine
// that waits to finish a task with no children left (run: finishing):
// done, the task tells its parent, and the processor, which then finds no
// work (on the infinite machine every task starts on a processor of its
// own), parks idle. No step of it yields, so it runs on the event loop
// without a coroutine; it counts the processor live for the step as the
// coroutine would (Stats.PeakLiveProcs), so the run is the same bit for
// bit.
func (m *machine) finishBare(p *proc) {
	m.bareStep(p, func() {
		t := p.finishing
		p.finishing = nil
		p.finish(t, nil)
	})
}

// abortedBare is simMain's step for a processor of the infinite machine
// whose only work is an element of a range aborted before it starts
// (runJob): the element ends there, its parent told, and the processor
// parks idle. As in finishBare no step of it yields, so it runs on the
// event loop without a coroutine, the processor counted live for the
// step; the run is the same bit for bit.
func (m *machine) abortedBare(p *proc) {
	m.bareStep(p, func() {
		p.runJob(p.takeMail())
		// simMain would now look for work again and find none: on the
		// infinite machine no deque holds any (every task starts on a
		// processor of its own) and the mail is empty.
	})
}

// bareStep runs step, a step of processor p of the infinite machine that
// never yields, on the event loop with p counted live, then parks p idle
// (or exits it when the run is over).
func (m *machine) bareStep(p *proc, step func()) {
	m.live++
	if m.live > m.peakLive {
		m.peakLive = m.live
	}
	step()
	if m.over {
		p.state = stExited
	} else {
		p.park(-1, nil, anyLevel, nil) // idle on the infinite machine: returns at once
		p.detach = false
	}
	m.live--
}

// simMain is a simulated processor's scheduling loop. It returns true when
// the processor parked idle or waits to finish a task (run: finishing)
// with nothing on its stack (its coroutine is then free), false when the
// run is over.
func (p *proc) simMain() bool {
	m := p.m
	if t := p.finishing; t != nil {
		p.finishing = nil
		p.finish(t, nil)
	}
	for !m.over {
		if x := p.find(anyLevel); !x.none() {
			if t := p.startJob(x); t != nil {
				p.run(t) // runJob, one frame less under the task
			}
			if p.finishing != nil {
				// Runnable, with nothing on the stack: the coroutine
				// goes back, the processor waits in the run queue.
				p.state = stRunnable
				return true
			}
			continue
		}
		if m.over {
			break
		}
		p.park(-1, nil, anyLevel, nil)
		if p.detach {
			p.detach = false
			return true
		}
	}
	p.state = stExited
	return false
}

// hugeFirst is the event loop's step that first asks for huge pages
// under the heap (collapseHeap; when every processor has started),
// hugeEvery the steps between two asks as the heap grows (about a second
// at P = 512).
const (
	hugeFirst = 1 << 14
	hugeEvery = 1 << 19
)

// simLoop is the event loop: resume the processor with the smallest clock
// until the root task is done.
func (m *machine) simLoop() {
	steps := 0
	every, nextObs := m.observeEvery(), int64(0)
	for !m.over {
		if m.queueLen() == 0 {
			m.fail(ErrDeadlock)
			break
		}
		p := m.queuePop()
		if m.observed && p.now >= nextObs {
			m.cfg.Observe(m.simSnapshot(p.now))
			nextObs = p.now + every
		}
		p.horizon = m.queueHorizon(p)
		if m.hints != nil {
			m.prefetchNext()
		}
		m.running = p
		p.state = stRunning
		if p.resume == nil && m.inf && p.finishing != nil && p.finishing.pending == 0 {
			m.finishBare(p)
		} else if p.resume == nil && m.inf && p.finishing == nil && len(p.mail) == 1 && p.mail[0].abortedAt(m, p.now) {
			m.abortedBare(p)
		} else {
			if p.resume == nil { // no coroutine (co)
				m.attach(p)
			}
			m.internals.Resumes++
			p.resume()
		}
		m.running = nil
		if p.state == stRunnable {
			m.queuePush(p)
		}
		if steps++; steps >= m.memNext || m.live >= m.liveSampled+memCheckLive {
			m.memNext = steps + m.memEvery
			m.liveSampled = m.live
			m.sampleMem(p)
		}
		if steps == m.hugeNext {
			m.hugeNext += hugeEvery
			m.internals.HugeBytes += collapseHeap(uintptr(unsafe.Pointer(p)))
		}
		if steps&1023 == 0 && !m.cancelled && m.ctx.Err() != nil {
			m.cancelled = true
			m.abortTree(m.root, p.now)
		}
	}
	for _, p := range m.procs {
		switch {
		case p == nil || p.co == nil: // (nil: compacted idle, compactIdle)
		case p.state == stParked && p.parkKind < 0 && p.waitTask == nil && p.waitObj == nil:
			p.co.next() // idle: it sees the run over and hands its coroutine back
		default:
			p.co.stop() // a task on its stack: unwind it
		}
	}
	poolCoros(m.freeCoros)
	m.freeCoros = nil
}

// The run queue: the runnable processors by (clock, number), the least
// first. When every processor is busy their clocks move in step: the
// processors at clock t run in the order of their numbers, and each
// yields at about t+1, so they come back in increasing order. The queue
// keeps such entries in a run (m.run[m.runHead:], sorted, taken from the
// front, added at the back) and every other entry — a processor woken
// out of that order — in a heap; the least entry is the least of the
// run's first and the heap's top.

// queuePush adds p, runnable, at its clock.
func (m *machine) queuePush(p *proc) {
	e := heapEnt{p.now, p.id}
	if n := len(m.run); n == m.runHead || lessEnt(&m.run[n-1], &e) {
		if n == m.runHead {
			m.run, m.runHead = m.run[:0], 0
		} else if m.runHead >= 256 && 2*m.runHead >= n {
			k := copy(m.run, m.run[m.runHead:])
			m.run, m.runHead = m.run[:k], 0
		}
		m.run = append(m.run, e)
		return
	}
	m.heapPush(e)
}

// queueHead is the least entry queued, nil if none.
func (m *machine) queueHead() *heapEnt {
	if m.runHead < len(m.run) {
		if len(m.heap) > 0 && lessEnt(&m.heap[0], &m.run[m.runHead]) {
			return &m.heap[0]
		}
		return &m.run[m.runHead]
	}
	if len(m.heap) > 0 {
		return &m.heap[0]
	}
	return nil
}

// queueHorizon is the clock value past which p, just taken from the
// queue, must yield to the least entry left (horizonOf), or never.
func (m *machine) queueHorizon(p *proc) int64 {
	q := m.queueHead()
	if q == nil {
		return never
	}
	if q.id < p.id {
		return q.now - 1
	}
	return q.now
}

// queuePop takes the least entry's processor (the queue is not empty).
func (m *machine) queuePop() *proc {
	if m.runHead < len(m.run) && (len(m.heap) == 0 || lessEnt(&m.run[m.runHead], &m.heap[0])) {
		p := m.procs[m.run[m.runHead].id]
		m.runHead++
		return p
	}
	return m.heapPop()
}

// queueLen is the number of runnable processors queued.
func (m *machine) queueLen() int { return len(m.run) - m.runHead + len(m.heap) }

// The heap: a 4-ary heap by (clock, number),
// the keys kept in the heap's entries so that a comparison reads no
// processor (a processor's clock does not change while it waits there).
// An entry is the key alone (16 bytes, four to a cache line): the number
// finds the processor in m.procs.

type heapEnt struct {
	now int64
	id  int
}

func lessEnt(a, b *heapEnt) bool { return a.now < b.now || a.now == b.now && a.id < b.id }

func (m *machine) heapPush(e heapEnt) {
	h := append(m.heap, e)
	i := len(h) - 1
	for i > 0 {
		j := (i - 1) / 4
		if !lessEnt(&e, &h[j]) {
			break
		}
		h[i] = h[j]
		i = j
	}
	h[i] = e
	m.heap = h
}

func (m *machine) heapPop() *proc {
	h := m.heap
	top := m.procs[h[0].id]
	n := len(h) - 1
	e := h[n]
	h[n] = heapEnt{}
	h = h[:n]
	if n > 0 {
		i := 0
		for {
			c := 4*i + 1
			var j int
			if c+3 < n {
				// All four children: the least of them by a tournament,
				// ties to the leftmost (as a scan from the left).
				g := h[c : c+4 : c+4]
				a, b := 0, 2
				if lessEnt(&g[1], &g[0]) {
					a = 1
				}
				if lessEnt(&g[3], &g[2]) {
					b = 3
				}
				if lessEnt(&g[b], &g[a]) {
					a = b
				}
				j = c + a
			} else {
				if c >= n {
					break
				}
				j = c
				for k := c + 1; k < n; k++ {
					if lessEnt(&h[k], &h[j]) {
						j = k
					}
				}
			}
			if !lessEnt(&h[j], &e) {
				break
			}
			h[i] = h[j]
			i = j
		}
		h[i] = e
	}
	m.heap = h
	return top
}
