package sched

import (
	"fmt"
	"math"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"unsafe"
)

// never is the abort stamp of a task that is not aborted.
const never = math.MaxInt64

// Task is a spawned unit of work and, while it runs, its own Ctx.
//
// A task's handle is for its parent: Wait, WaitAny, Abort, Result. Its Ctx
// methods must only be called by the task's own code.
type Task struct {
	// The fields a task's start and end and its parent's wait and join
	// touch share the first of the Task's two cache lines: on a large
	// simulated machine a task's record has left the cache between its
	// start and its end (hundreds of other processors run in between),
	// and its end reads its own and its parent's.

	// abortAt is the abort table entry (*Socrates §4.2): the time from
	// which the task is aborted, never if it is not. On the pool an abort
	// stores 0; on the simulator the virtual time the mark arrives. The
	// poll is abortAt <= processor clock. (First: 64-bit aligned for the
	// atomics on every platform.)
	abortAt int64
	p       *proc // processor running it; set when it starts
	parent  *Task
	// fn is the task's function until it starts (a func(Ctx) any, or a
	// func(Ctx, int) any called with idx), then what it returned; for an
	// element of a range (SpawnRange), the *taskRange, which holds the
	// function, for its whole life (its result is not kept). One field
	// for all keeps a Task at 128 bytes (hundreds of thousands are in
	// flight on a large simulated machine).
	fn  any
	idx int32
	// kids is set once the task has spawned since its last Sync (a
	// child, a range): its join then has children to join. A task that
	// spawned nothing (a leaf's test) ends without reading its second
	// line.
	kids bool
	// span is the task's timestamp (*Socrates Fig. 9): the critical path
	// length of everything its current point depends on.
	span    int64
	pending int32  // children not yet finished
	done    uint32 // 1 once the task and its descendants have finished

	m       *machine
	pin     int32 // processor it is pinned to, or -1
	recycle bool  // spawned by Go: no handle, recycled when joined (in pin's padding)
	kidMin  int32 // smallest level among children since the last Sync
	level   int32 // Level: a child's is its parent's + 1 unless spawned at one (SpawnAt)
	// under is the waiting task this one runs nested on, if any, while
	// it runs.
	under *Task
	// The abort table: the children since the last Sync, a list through
	// sibling published by an atomic store of head (only the task itself
	// adds to it). mu excludes an abort walk from the recycling of
	// joined children.
	mu      sync.Mutex
	head    *Task
	sibling *Task
}

// The task's shared fields (abortAt, done, pending, head) are read and
// written with atomics on the pool. The simulator runs one processor at a
// time, and a switch of processors orders everything before it before
// everything after (iter.Pull), so there it writes them with plain stores
// and skips the lock of the abort table: the locked instructions are a
// good part of a task's cost when every node is a task.

func (t *Task) loadAbort() int64 { return atomic.LoadInt64(&t.abortAt) }

func (t *Task) setAbort(sim bool, at int64) {
	if sim {
		t.abortAt = at
	} else {
		atomic.StoreInt64(&t.abortAt, at)
	}
}

func (t *Task) loadHead() *Task {
	return (*Task)(atomic.LoadPointer((*unsafe.Pointer)(unsafe.Pointer(&t.head))))
}

func (t *Task) setHead(sim bool, k *Task) {
	if sim {
		t.head = k
	} else {
		atomic.StorePointer((*unsafe.Pointer)(unsafe.Pointer(&t.head)), unsafe.Pointer(k))
	}
}

func (t *Task) loadPending() int32 { return atomic.LoadInt32(&t.pending) }

func (t *Task) addPending(sim bool, d int32) {
	if sim {
		t.pending += d
	} else {
		atomic.AddInt32(&t.pending, d)
	}
}

func (t *Task) isDone() bool { return atomic.LoadUint32(&t.done) != 0 }

func (t *Task) setDone(sim bool) {
	if sim {
		t.done = 1
	} else {
		atomic.StoreUint32(&t.done, 1)
	}
}

// abortUnwind is the panic value of Check; recovered at the task boundary.
type abortUnwindT struct{}

var abortUnwind any = abortUnwindT{}

// stopUnwind unwinds a simulated processor's coroutine when the run ends.
type stopUnwindT struct{}

var stopUnwind any = stopUnwindT{}

// Result is the value the task's function returned (nil if it was
// aborted by Check or panicked). Read it after waiting for the task.
func (t *Task) Result() any {
	switch t.fn.(type) {
	case func(Ctx) any, func(Ctx, int) any, *taskRange:
		return nil // not started
	}
	return t.fn
}

// Done reports whether the task and all its descendants have finished.
func (t *Task) Done() bool { return t.isDone() }

// WasAborted reports whether an abort reached the task (its mark is set,
// whatever the time it takes effect on the simulator).
func (t *Task) WasAborted() bool { return t.loadAbort() != never }

// Span is the task's timestamp: its critical path so far, or at its end
// once it is done.
func (t *Task) Span() int64 { return t.span }

// Level is the task's level (Ctx).
func (t *Task) Level() int { return int(t.level) }

// Self is the task itself (Ctx).
func (t *Task) Self() *Task { return t }

// Proc is the processor running the task (Ctx).
func (t *Task) Proc() int { return t.p.id }

// NumProcs is P, 0 on the infinite simulated machine (Ctx).
func (t *Task) NumProcs() int { return t.m.nprocs }

// Rand is the processor's seeded generator (Ctx).
func (t *Task) Rand() uint64 { return t.p.urng.next() }

// Now is the processor's clock (Ctx).
func (t *Task) Now() int64 { return t.p.now }

// Charge accounts n steps of kind k (Ctx). On the simulator, a processor
// whose clock passes the next processor's hands control back to the event
// loop here.
func (t *Task) Charge(k Kind, n int64) {
	if t.account(k, n) {
		t.p.yieldTime()
	}
}

// ChargeLast is Charge for the task's last step (Ctx).
func (t *Task) ChargeLast(k Kind, n int64) {
	if t.account(k, n) {
		if t.p.m.sim {
			t.p.lateYield = true // run yields after the function (see finish)
		} else {
			t.p.yieldTime()
		}
	}
}

// account adds n steps of kind k to the counts, the work, the task's
// timestamp and the processor's clock, and reports whether the clock has
// passed the processor's horizon (it must hand control back).
func (t *Task) account(k Kind, n int64) bool {
	p := t.p
	c := p.m.costs[k] * n
	p.tally.counts[k] += n
	t.span += c
	p.work += c
	p.now += c
	return p.now > p.horizon
}

// Aborted is the abort poll (Ctx): one atomic load and one comparison.
// On the pool it is also where a worker answers a thief's steal request
// (local.go: latent children); the flag is never set on the simulator.
func (t *Task) Aborted() bool {
	p := t.p
	if p.lat.req.Load() {
		p.answerSteal()
	}
	return t.loadAbort() <= p.now
}

// Check panics with a value the runtime recovers at the task boundary when
// the task is aborted (Ctx). Like Aborted, it answers a steal request.
func (t *Task) Check() {
	p := t.p
	if p.lat.req.Load() {
		p.answerSteal()
	}
	if t.loadAbort() <= p.now {
		panic(abortUnwind)
	}
}

// Spawn posts a child at the next level (Ctx).
func (t *Task) Spawn(fn func(Ctx) any) *Task { return t.spawn(t.level+1, -1, fn, nil, 0, false) }

// Go posts a child at the next level without returning a handle (Ctx).
func (t *Task) Go(fn func(Ctx) any) { t.spawn(t.level+1, -1, fn, nil, 0, true) }

// GoIndexed is Go calling fn(c, i) (Ctx).
func (t *Task) GoIndexed(fn func(Ctx, int) any, i int) { t.spawn(t.level+1, -1, nil, fn, i, true) }

// SpawnAt posts a child at an explicit level (Ctx).
func (t *Task) SpawnAt(level int, fn func(Ctx) any) *Task {
	return t.spawn(int32(level), -1, fn, nil, 0, false)
}

// SpawnIndexedAt posts a child at an explicit level that calls fn(c, i)
// (Ctx).
func (t *Task) SpawnIndexedAt(level int, fn func(Ctx, int) any, i int) *Task {
	return t.spawn(int32(level), -1, nil, fn, i, false)
}

// SpawnRangeAt spawns fn(c, i) for i in [lo, hi) (Ctx). The simulator
// spawns them one by one (each spawn is charged and may yield), each with
// its task (SpawnRange makes a task only for a child that starts); the pool
// links them into the abort table with one store and posts them to the
// deque under one lock.
func (t *Task) SpawnRangeAt(level int, fn func(Ctx, int) any, lo, hi int, reverse bool, out []*Task) {
	n := hi - lo
	if n <= 0 {
		return
	}
	at := func(j int) int {
		if reverse {
			return hi - 1 - j
		}
		return lo + j
	}
	p := t.p
	m := p.m
	if m.sim || m.costs[Spawn] != 0 {
		for j := range n {
			i := at(j)
			out[i-lo] = t.spawn(int32(level), -1, nil, fn, i, false)
		}
		return
	}
	p.tally.spawns += int64(n)
	p.tally.counts[Spawn] += int64(n)
	if !t.kids || int32(level) < t.kidMin {
		t.kidMin = int32(level)
	}
	t.kids = true
	first := t.loadHead()
	t.addPending(false, int32(n))
	for j := range n {
		i := at(j)
		k := p.newTask()
		k.m, k.parent, k.level, k.pin, k.span = m, t, int32(level), -1, t.span
		k.fn, k.idx = fn, int32(i)
		k.setAbort(false, never)
		k.sibling = first
		first = k
		out[i-lo] = k
	}
	t.setHead(false, first)
	// As in spawn: a concurrent abort walk sees them all, or they see
	// the parent's mark here.
	if a := t.loadAbort(); a != never {
		for _, k := range out[:n] {
			k.setAbort(false, a+m.abortHop)
		}
	}
	p.mu.Lock()
	for j := range n {
		p.dq.push(job{t: out[at(j)-lo]})
	}
	p.size.Store(int32(p.dq.n))
	p.mu.Unlock()
	if m.sleepers.Load() > 0 {
		m.wakeOne(p)
	}
}

// Index is the i a task was spawned with by SpawnIndexedAt or GoIndexed.
func (t *Task) Index() int { return int(t.idx) }

// Release marks k, a finished child of t, for recycling when t joins it
// (Ctx). k must be done and its handle must not be used afterwards.
func (t *Task) Release(k *Task) {
	if k.parent != t || !k.isDone() {
		panic("sched: Release of a task that is not a finished child")
	}
	k.recycle = true
}

// SpawnOn posts a child pinned to a processor (Ctx).
func (t *Task) SpawnOn(proc int, fn func(Ctx) any) *Task {
	pin := int32(0)
	if n := t.m.nprocs; n > 0 {
		pin = int32(((proc % n) + n) % n)
	}
	return t.spawn(t.level+1, pin, fn, nil, 0, false)
}

func (t *Task) spawn(level, pin int32, fn func(Ctx) any, fni func(Ctx, int) any, idx int, recycle bool) *Task {
	p := t.p
	m := p.m
	p.tally.spawns++
	if c := m.costs[Spawn]; c != 0 {
		t.span += c
		p.work += c
		p.now += c
		p.tally.counts[Spawn]++
		if p.now > p.horizon {
			p.yieldTime()
		}
	} else {
		p.tally.counts[Spawn]++
	}
	k := p.newTask()
	k.m, k.parent, k.level, k.pin, k.span = m, t, level, pin, t.span
	if fni != nil {
		k.fn = fni
	} else {
		k.fn = fn
	}
	k.idx, k.recycle = int32(idx), recycle
	sim := m.sim
	k.setAbort(sim, never)
	t.addPending(sim, 1)
	if !t.kids || level < t.kidMin {
		t.kidMin = level
	}
	t.kids = true
	k.sibling = t.loadHead()
	t.setHead(sim, k)
	// Either a concurrent abort walk sees k in the list, or k sees the
	// parent's mark here (sequentially consistent atomics).
	if a := t.loadAbort(); a != never {
		k.setAbort(sim, a+m.abortHop)
	}
	if pin >= 0 {
		m.post(p, k)
	} else {
		m.push(p, k)
	}
	return k
}

// newTask takes a zeroed Task from the processor's free list (recycled
// by joinKids; on the simulator one list for all, see proc.tfree), or
// allocates one.
func (p *proc) newTask() *Task {
	if p.m.sim {
		p.m.internals.TaskRecords++
	}
	l := p.tfree
	if n := len(*l); n > 0 {
		k := (*l)[n-1]
		*l = (*l)[:n-1]
		return k
	}
	return new(Task)
}

// recycleTask zeroes k, which nobody holds any more, and keeps it on
// p's free list (newTask), if there is room.
func (p *proc) recycleTask(k *Task) {
	*k = Task{}
	if l := p.tfree; len(*l) < maxFreeTasks {
		*l = append(*l, k)
	}
}

// Sync waits for all children and joins their timestamps (Ctx).
func (t *Task) Sync() {
	if t.loadPending() != 0 {
		t.p.waitKids(t, waitAll, nil)
	}
	t.joinKids()
}

// joinKids joins the timestamps of all children (which are done) and
// empties the abort table.
func (t *Task) joinKids() {
	if !t.kids {
		return
	}
	t.kids = false
	first := t.loadHead()
	if first == nil {
		return
	}
	p := t.p
	sim := p.m.sim
	if !sim {
		t.mu.Lock()
	}
	t.setHead(sim, nil)
	for k := first; k != nil; {
		if k.span > t.span {
			t.span = k.span
		}
		next := k.sibling
		switch {
		case k.pin == pinRange:
			r := k.fn.(*taskRange)
			if r.spanMax > t.span {
				t.span = r.spanMax
			}
			p.m.unlinkRange(r)
		case k.recycle:
			// Nobody holds k any more: its processor let go of it
			// before the pending count that let us here dropped, and
			// abort walks hold t.mu.
			p.recycleTask(k)
		}
		k = next
	}
	if !sim {
		t.mu.Unlock()
	}
}

// Wait waits for the given children and joins their timestamps (Ctx).
func (t *Task) Wait(ts ...*Task) {
	if i := firstNotDone(ts, t.doneReads()); i < len(ts) {
		// A task once done stays done: the wait looks from the first
		// child not done.
		t.p.waitKids(t, waitSome, ts[i:])
	}
	for _, k := range ts {
		if k.span > t.span {
			t.span = k.span
		}
	}
}

// WaitAny waits for one of the given children and joins its timestamp (Ctx).
func (t *Task) WaitAny(ts ...*Task) *Task {
	if len(ts) == 0 {
		return nil
	}
	k := firstDone(ts, t.doneReads())
	if k == nil {
		k = t.p.waitKids(t, waitOne, ts)
	}
	if k.span > t.span {
		t.span = k.span
	}
	return k
}

// firstNotDone is the index of the first task of ts not done, len(ts) if
// all are.
// n, when not nil, counts the flags read (SimInternals.DoneReads).
func firstNotDone(ts []*Task, n *int64) int {
	for i, k := range ts {
		if !k.isDone() {
			if n != nil {
				*n += int64(i + 1)
			}
			return i
		}
	}
	if n != nil {
		*n += int64(len(ts))
	}
	return len(ts)
}

// firstDone is the first task of ts done, nil if none; n as in
// firstNotDone.
func firstDone(ts []*Task, n *int64) *Task {
	for i, k := range ts {
		if k.isDone() {
			if n != nil {
				*n += int64(i + 1)
			}
			return k
		}
	}
	if n != nil {
		*n += int64(len(ts))
	}
	return nil
}

// doneReads is the simulator's count of done flags read, nil on the pool
// (its waits run concurrently).
func (t *Task) doneReads() *int64 {
	if t.m.sim {
		return &t.m.internals.DoneReads
	}
	return nil
}

// JoinFinished joins the timestamp of k, a finished child of t, as Wait(k)
// does, without reading its done flag again.
func (t *Task) JoinFinished(k *Task) {
	if k.span > t.span {
		t.span = k.span
	}
}

// FinishWaiter is the condition of WaitFinished: Over reads the children
// of the waiting task finished since its last look (a range's ends:
// TaskRange.Over) and reports whether the wait is over.
type FinishWaiter interface{ Over() bool }

// WaitFinished is the helpful wait of Wait and WaitAny (simulator only)
// until w is over, which the caller has just found it is not: w is
// looked at again only when another child of t (or element of its
// ranges) has finished. Over the
// same children the run is the one Wait or WaitAny gives, bit for bit.
func (t *Task) WaitFinished(w FinishWaiter) {
	if !t.p.m.sim {
		panic("sched: WaitFinished on the pool")
	}
	t.p.waitFinished(t, w)
}

// waitFinished is WaitFinished's loop: waitKids's helpful wait, with the
// condition w looked at again only once t's pending count has moved
// since the last look (t spawns nothing while it waits, so the count
// changes only as its children finish, elements of ranges included).
func (p *proc) waitFinished(t *Task, w FinishWaiter) {
	min := int32(anyLevel)
	if p.m.levelWait {
		min = t.kidMin
	}
	seen := t.pending
	for {
		if t.pending != seen {
			if w.Over() {
				return
			}
			seen = t.pending
		}
		if x := p.find(min); !x.none() {
			p.runJob(x)
			if r := x.r; r != nil && r.wantAll && r.parent == t && r.startAbort(p.m) <= p.now && w == FinishWaiter(r) {
				p.popAborted(r, min)
			}
			continue
		}
		// find may have yielded: look again, then park with no yield
		// in between, so that no child's wake-up is lost.
		if t.pending == seen || !w.Over() {
			p.park(int8(WaitChildren), t, min, nil)
		}
	}
}

// Abort marks k and its descendants aborted (Ctx).
func (t *Task) Abort(k *Task) {
	t.m.aborts.Add(1)
	at := int64(0)
	if t.m.sim {
		at = t.p.now + t.m.abortHop
	}
	t.m.abortTree(k, at)
}

// abortTree walks the abort tables below k (*Socrates §4.2), marking each
// task; a task spawned after the walk passed its parent inherits the mark
// in spawn. Each edge adds the abort message latency.
func (m *machine) abortTree(k *Task, at int64) {
	if m.sim {
		m.abortTreeSim(k, at)
		return
	}
	for {
		old := k.loadAbort()
		if old <= at {
			return
		}
		if atomic.CompareAndSwapInt64(&k.abortAt, old, at) {
			break
		}
	}
	k.mu.Lock()
	for c := k.loadHead(); c != nil; c = c.sibling {
		m.abortTree(c, at+m.abortHop)
	}
	k.mu.Unlock()
}

// abortTreeSim is abortTree on the simulator: one processor at a time, so
// plain stores and no lock.
func (m *machine) abortTreeSim(k *Task, at int64) {
	m.internals.AbortVisits++
	if k.pin == pinRange {
		// A range's entry (taskRange.hdr): its elements running, or
		// ended and held, are the parent's children, one hop away as
		// the entry is.
		r := k.fn.(*taskRange)
		for i := 0; r.tasks > 0 && i < len(r.el); i++ {
			if c := r.el[i].t; c != nil {
				m.abortTreeSim(c, at)
			}
		}
		return
	}
	if k.abortAt <= at {
		return
	}
	k.abortAt = at
	m.wakeAborted(k, at)
	for c := k.head; c != nil; c = c.sibling {
		m.abortTreeSim(c, at+m.abortHop)
	}
}

// levelHook is a test's look at every task as it starts.
var levelHook func(*Task)

// run executes t on p to its end: its function, then an implicit Sync.
func (p *proc) run(t *Task) {
	t.p = p
	prev := p.cur
	p.cur = t
	t.under = prev
	if levelHook != nil {
		levelHook(t)
	}
	nlat := len(p.lat.srcs)
	p.exec(t)
	if len(p.lat.srcs) != nlat {
		// The task unwound (Check) past latent sources it had
		// registered: they are gone with its frames.
		p.lat.truncate(nlat)
	}
	if p.lateYield {
		// The function ended with ChargeLast past the horizon: yield
		// now, where Charge would have yielded at that step. A task run
		// straight from the scheduling loop is finished there instead,
		// when its turn comes, without a coroutine (sim.go: simMain).
		p.lateYield = false
		if p.now > p.horizon {
			if prev == nil {
				p.finishing = t
				return
			}
			p.yieldTime()
		}
	}
	p.finish(t, prev)
}

// finish is the end of run: the implicit Sync, then the task is done and
// its parent told.
func (p *proc) finish(t, prev *Task) {
	if t.loadPending() != 0 {
		p.waitKids(t, waitAll, nil)
	}
	t.joinKids()
	p.cur = prev
	if t.loadAbort() != never {
		p.tally.abortedTasks++
	}
	sim := p.m.sim
	t.setDone(sim)
	par := t.parent
	if par == nil {
		p.m.rootDone(p, t)
		return
	}
	// After the decrement the parent may finish and be recycled: read
	// its processor first, and only compare par's address afterwards.
	q := par.p
	par.addPending(sim, -1)
	if sim {
		if r, ok := t.fn.(*taskRange); ok {
			p.endElement(r, t) // t may be recycled: not read below
		}
	}
	p.m.notify(par, q, p)
}

// exec calls the task's function, recovering the unwinding of an aborted
// task and reporting any other panic as the run's error.
func (p *proc) exec(t *Task) {
	returned := false // the function returned: no panic to look at
	defer func() {
		if returned {
			return
		}
		if r := recover(); r != nil {
			switch r {
			case abortUnwind:
			case stopUnwind:
				panic(r)
			default:
				p.m.fail(fmt.Errorf("sched: task panicked: %v\n%s", r, debug.Stack()))
			}
		}
	}()
	fn := t.fn
	if r, ok := fn.(*taskRange); ok {
		r.fn(t, int(t.idx)) // an element's fn stays its range (finish)
		returned = true
		return
	}
	t.fn = nil // an aborted task's result is nil
	switch f := fn.(type) {
	case func(Ctx, int) any:
		t.fn = f(t, int(t.idx))
	case func(Ctx) any:
		t.fn = f(t)
	}
	returned = true
}

const (
	waitAll = iota
	waitSome
	waitOne
)

// waitKids is the helpful wait: until the condition holds (the caller
// has just found that it does not), run other work
// on this processor — own children first, then pinned processes, then
// stolen work — and idle (pool: back off; simulator: park) when there is
// none. With LevelWait only work at the level of the awaited children or
// deeper is taken (*Socrates §4.4).
func (p *proc) waitKids(t *Task, mode int, ts []*Task) *Task {
	min := int32(anyLevel)
	if p.m.levelWait {
		min = t.kidMin
	}
	var b backoff
	// On the simulator a look at the children that found the wait not
	// over (the caller's, or one here) is good until another child of t
	// finishes: seen is t.pending at that look (as in waitFinished).
	sim, seen := p.m.sim, int32(0)
	if sim {
		seen = t.pending
	}
	for {
		pend := t.loadPending()
		if !sim || mode == waitAll || t.pending != seen {
			if mode == waitSome {
				ts = ts[firstNotDone(ts, t.doneReads()):] // done stays done
			}
			if k, ok := waitDone(t, mode, ts); ok {
				b.done(p, WaitChildren)
				return k
			}
			if sim {
				seen = t.pending
			}
		}
		if x := p.find(min); !x.none() {
			b.done(p, WaitChildren)
			if sim {
				p.runJob(x)
			} else {
				p.run(x.t)
			}
			continue
		}
		if !p.m.sim && len(p.lat.srcs) > 0 && p.promoteLatent() {
			// Nothing posted, but latent children of the tasks
			// this wait is nested in: promote them and run them
			// (or let a thief take them) rather than idle.
			continue
		}
		if sim {
			// find may have yielded: look again, then park with no
			// yield in between, so that no child's wake-up is lost.
			if mode != waitAll && t.pending == seen {
				p.park(int8(WaitChildren), t, min, nil)
			} else if _, ok := waitDone(t, mode, ts); !ok {
				p.park(int8(WaitChildren), t, min, nil)
			}
		} else {
			b.step(p, t, pend)
		}
	}
}

// waitDone reports whether a wait of the mode is over, and for waitOne the
// child that ended it.
func waitDone(t *Task, mode int, ts []*Task) (*Task, bool) {
	switch mode {
	case waitAll:
		return nil, t.loadPending() == 0
	case waitSome:
		return nil, firstNotDone(ts, t.doneReads()) == len(ts)
	default:
		k := firstDone(ts, t.doneReads())
		return k, k != nil
	}
}
