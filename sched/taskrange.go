package sched

import "math/bits"

// taskRange is a range of children fn(c, i), i in [lo, lo+n), spawned by
// SpawnRange on the simulator. Its elements are posted as (range, j), j
// in spawn order, and an element becomes a task only when a processor
// takes it and starts it (runJob); one aborted by then never runs and
// has no task. Its abort mark (AbortRange) stands for every element's
// not yet started, which takes it as it starts (with its parent's, as
// spawn would have given it); el holds each element's task while it runs
// and what its end left (rangeElem), and ready the elements finished and
// not yet taken, one bit each, which an element's end sets (ended) and the
// parent's waits read.
//
// An element's task goes back to the free list as the element ends,
// unless a handle to it was taken (Task): what the parent reads of an
// ended element (its timestamp, whether an abort reached it) is kept in
// the range. In the parent's abort table the range is one entry, hdr,
// through which a walk reaches the elements running. At P = 65,536 the
// tasks of elements ended but not yet joined were most of the tasks in
// flight.
type taskRange struct {
	// The first line holds what an element's end (endElement) and the
	// parent's wait (WaitNext, WaitRange, Over, Aborted) touch, the
	// second the ready bits (inline for up to 64 elements) and what an
	// element's start reads (startJob) besides, so that each touches at
	// most two lines of the record (TestRangeLines); the record is a
	// whole number of lines, so it starts on one.
	lo, n int32
	// The elements finished and not yet taken (ready, bits from lo),
	// which each end sets (ended), and the number of ends (each
	// element's, and its respawns'); the parent's wait through the range
	// (WaitNext, WaitRange): the ends it has looked at, how many elements
	// it has taken, and whether it waits for every element.
	nfin, seen, taken int32
	// tasks is the number of elements with a task (el[i].t): running,
	// or ended and held. The walks over el for tasks skip a range
	// without any.
	tasks   int32
	wantAll bool
	reverse bool
	// linked: hdr is in the parent's abort table (from the first start
	// to the parent's next join); released: ReleaseRange has handed the
	// range back. It is reused once both are over.
	linked, released bool
	// pool: a latent range on the pool, poolRange its state.
	pool bool
	// spanMax is the largest timestamp of the elements that ended, which
	// the parent's join folds in as it would each element's (joinKids).
	spanMax int64
	el      []rangeElem

	ready  []uint64
	ready1 [1]uint64 // ready's word for a range of up to 64 elements
	parent *Task
	// span0 is the parent's timestamp before the range's first spawn,
	// cost a spawn's cost: element j's timestamp as it starts is
	// span0 + (j+1)·cost, the parent's after j+1 spawns, as spawn
	// would have given its task.
	abortAt, span0, cost int64

	fn    func(Ctx, int) any
	level int32
	// respawns is the number of elements spawned again (Respawn): each
	// has one end more.
	respawns int32
	// The pool's own fields (LatentRange), nil on the simulator.
	*poolRange
	_ [40]byte // so that hdr starts a line
	// hdr is the range's entry in its parent's abort table (pin
	// pinRange, fn the range).
	hdr Task
	_   [8]byte // so that the record is whole lines
}

// rangeElem is an element of a range: its task while it runs (and after,
// if held), and end: while it runs endHeld once its handle was taken
// (Task), else 0; once it has ended endNoTask for an element that never
// started, else its timestamp and two flags (endOf).
type rangeElem struct {
	t   *Task
	end int64
}

const (
	endNoTask = -1
	endHeld   = -2
	// endAborted: an abort had reached the element's task by its end.
	endAborted = 1
	// endUnlinked: the parent joined its children after the element
	// ended, so no later walk through the parent would have reached
	// its task (Aborted).
	endUnlinked = 2
	// endStarted marks the end of an element that ran, so that no end
	// is 0 ("not ended"); its timestamp is above it (endOf, spanOf).
	endStarted = 4
)

// endOf is the end of an element whose task ends with timestamp span,
// aborted or not.
func endOf(span int64, aborted bool) int64 {
	e := span<<3 | endStarted
	if aborted {
		e |= endAborted
	}
	return e
}

// spanOf is the timestamp of an end of endOf.
func spanOf(e int64) int64 { return e >> 3 }

// pinRange marks a range's entry in its parent's abort table (taskRange.hdr).
const pinRange = -2

// index is the index of the range's j-th element spawned.
func (r *taskRange) index(j int32) int32 {
	if r.reverse {
		return r.lo + r.n - 1 - j
	}
	return r.lo + j
}

// TaskRange is a range of children SpawnRange made on the simulator, or
// LatentRange on either machine (latentrange.go), for the parent's loop
// over them (WaitNext, AbortRest, WaitRange), AbortRange, ReleaseRange
// and the simulator's own reads (Task, NumFinished).
type TaskRange = taskRange

// SpawnRange is SpawnRangeAt, except that on the simulator the children
// are one record, the range, returned, and none has a task until it
// starts: a processor that takes an element (its owner's pop, a thief's
// steal) makes its task then, and an element whose abort mark (the
// range's, AbortRange, or its parent's) has passed by then never runs and
// never has a task, as if fn had returned at its first poll. fn must so
// poll (Aborted, Check) before it charges or touches the machine. The
// run is the one SpawnRangeAt gives, bit for bit, but for the tasks made:
// each element's spawn is charged, and its take, as SpawnRangeAt's are.
// out[i−lo] is nil on the simulator (TaskRange.Task is the task of an
// element started), where out may be nil; on the pool the range is nil
// and out holds the children's handles. Hand the range back with ReleaseRange once every
// element is done.
func (t *Task) SpawnRange(level int, fn func(Ctx, int) any, lo, hi int, reverse bool, out []*Task) *TaskRange {
	m := t.m
	if !m.sim || hi <= lo {
		t.SpawnRangeAt(level, fn, lo, hi, reverse, out)
		return nil
	}
	var r *taskRange
	if k := len(m.rangeFree); k > 0 {
		r = m.rangeFree[k-1]
		m.rangeFree = m.rangeFree[:k-1]
	} else {
		r = new(taskRange)
	}
	p := t.p
	n := hi - lo
	r.fn, r.parent, r.abortAt = fn, t, never
	r.span0, r.cost = t.span, m.costs[Spawn]
	r.lo, r.n, r.level, r.reverse = int32(lo), int32(n), int32(level), reverse
	r.linked, r.released, r.spanMax = false, false, 0
	r.nfin, r.seen, r.taken, r.wantAll, r.respawns, r.tasks = 0, 0, 0, false, 0, 0
	if w := (n + 63) / 64; w == 1 {
		r.ready1[0] = 0
		r.ready = r.ready1[:]
	} else if cap(r.ready) < w {
		r.ready = make([]uint64, w)
	} else {
		r.ready = r.ready[:w]
		clear(r.ready)
	}
	r.hdr = Task{m: m, parent: t, pin: pinRange, fn: r, abortAt: never}
	if cap(r.el) < n {
		r.el = make([]rangeElem, n)
	}
	r.el = r.el[:n]
	if out != nil {
		clear(out[:n])
	}
	if !t.kids || int32(level) < t.kidMin {
		t.kidMin = int32(level)
	}
	t.kids = true
	if r.cost == 0 && !m.inf {
		// No charge, so no yield between the posts: all n at once, as
		// n posts one after the other would leave the deque, the
		// counts and the woken thieves.
		p.tally.spawns += int64(n)
		p.tally.counts[Spawn] += int64(n)
		t.pending += int32(n)
		m.pushRangeSim(p, r, int32(n))
		return r
	}
	for j := range n {
		// As spawn, but for the task: the charge (which may yield),
		// the pending count, the post.
		p.tally.spawns++
		p.tally.counts[Spawn]++
		if c := r.cost; c != 0 {
			t.span += c
			p.work += c
			p.now += c
			if p.now > p.horizon {
				p.yieldTime()
			}
		}
		t.pending++
		m.pushSim(p, job{r: r, j: int32(j)})
	}
	return r
}

// Task is the task of element i of the range while it runs, nil before
// it starts (and for ever for an element aborted before it started). The
// handle taken holds the task: it stays the element's, done once the
// element ends, until ReleaseRange or Respawn; an element whose task
// nobody holds gives it back as it ends, and its parent reads it through
// the range (JoinElement, Aborted). On the pool (LatentRange) it is a
// promoted child's task, nil for a child its parent ran itself or has not
// yet run.
func (r *TaskRange) Task(i int) *Task {
	if r.pool {
		return r.h[i-int(r.lo)]
	}
	e := &r.el[i-int(r.lo)]
	if e.t != nil && e.end == 0 {
		e.end = endHeld
	}
	return e.t
}

// JoinElement joins the timestamp of element i of r, which has ended, as
// JoinFinished its task's would (an element that never started has none
// to join: its task's would have been t's at its spawn).
func (t *Task) JoinElement(r *TaskRange, i int) {
	e := &r.el[i-int(r.lo)]
	if k := e.t; k != nil {
		t.JoinFinished(k)
		return
	}
	if e.end > 0 {
		if s := spanOf(e.end); s > t.span {
			t.span = s
		}
	}
}

// Aborted reports whether element i of r, which has ended, was aborted as
// WasAborted of its task would: it never started, or an abort reached its
// task before it ended, or has reached it since through its parent (an
// abort walk through the parent reaches every child started and not yet
// joined). On the pool (LatentRange) it reports whether a promoted
// child's task was aborted; a child its parent ran itself was not.
func (r *TaskRange) Aborted(i int) bool {
	if r.pool {
		k := r.h[i-int(r.lo)]
		return k != nil && k.WasAborted()
	}
	e := &r.el[i-int(r.lo)]
	switch {
	case e.t != nil:
		return e.t.WasAborted()
	case e.end == endNoTask:
		return true
	case e.end&endAborted != 0:
		return true
	}
	return e.end&endUnlinked == 0 && r.parent.abortAt != never
}

// ended marks element i finished: its ready bit, and one end more.
func (r *taskRange) ended(i int32) {
	j := i - r.lo
	r.ready[j>>6] |= 1 << (j & 63)
	r.nfin++
}

// NumFinished is the number of the range's elements finished (with an
// element spawned again counted once more).
func (r *TaskRange) NumFinished() int { return int(r.nfin) }

// Len is the number of the range's elements.
func (r *TaskRange) Len() int { return int(r.n) }

// NumTaken is the number of the range's elements WaitNext has taken.
func (r *TaskRange) NumTaken() int { return int(r.taken) }

// WaitNext waits, in t, the range's parent, for an element of r that has
// finished and that it has not taken yet, takes it and returns its
// index, with its timestamp joined (JoinElement): the least such index,
// the element WaitAny over the tasks of the elements not yet taken, in
// index order, would return, and with the same run, bit for bit. The
// wait reads the range's bits of the elements finished and not taken,
// not every element's done flag. more is false, and
// nothing is waited for, once every element has been taken. Whether the
// element was aborted is Aborted(i). On the pool (LatentRange) it runs
// the next latent child in index order itself, and once none is left (a
// steal request promoted them) waits for the promoted ones, the least
// index of those finished first, as WaitAny.
func (t *Task) WaitNext(r *TaskRange) (i int, more bool) {
	if r == nil || r.taken == r.n {
		return 0, false
	}
	if !t.p.m.sim { // (t.p, not t.m: the task's first line)
		return t.waitNextPool(r)
	}
	r.wantAll = false
	if !r.Over() {
		t.WaitFinished(r)
	}
	for w, x := range r.ready {
		if x != 0 {
			b := bits.TrailingZeros64(x)
			r.ready[w] &^= 1 << b
			r.taken++
			i = int(r.lo) + w<<6 + b
			t.JoinElement(r, i)
			return i, true
		}
	}
	panic("sched: WaitNext found no element finished")
}

// WaitRange waits, in t, the range's parent, for every element of r to
// finish and joins their timestamps, as Wait over their tasks would, with
// the same run, bit for bit.
func (t *Task) WaitRange(r *TaskRange) {
	if r == nil {
		return
	}
	if !t.p.m.sim {
		t.waitRangePool(r)
		return
	}
	r.wantAll = true
	if !r.Over() {
		t.WaitFinished(r)
	}
	// Every element has ended: those WaitNext took are joined already,
	// the others are the ready ones.
	for w, x := range r.ready {
		for ; x != 0; x &= x - 1 {
			t.JoinElement(r, int(r.lo)+w<<6+bits.TrailingZeros64(x))
		}
	}
}

// Over is the range's own wait (WaitNext, WaitRange: FinishWaiter): it
// reads the elements finished since its last look and reports whether an
// element finished is not yet taken, or, waiting for every element,
// whether all have finished.
func (r *TaskRange) Over() bool {
	r.look()
	if r.wantAll {
		return r.seen == r.n+r.respawns
	}
	for _, w := range r.ready {
		if w != 0 {
			return true
		}
	}
	return false
}

// look is the wait's look at the range (Over): the ends since its
// last look are read, each counted a done-flag read
// (SimInternals.DoneReads), as a wait over the elements' tasks reads one
// flag per child finished; their ready bits are set already (ended).
func (r *taskRange) look() {
	r.parent.p.m.internals.DoneReads += int64(r.nfin - r.seen) // (p: the parent's first line)
	r.seen = r.nfin
}

// ReleaseRange hands back r (SpawnRange, LatentRange), every element of
// which is done, for reuse, and the tasks of its elements held (Task) for
// recycling; nil does nothing. Neither the range nor those tasks may be
// used afterwards. On the pool the promoted children's tasks are recycled
// at t's next join: release the range before t's Sync.
func (t *Task) ReleaseRange(r *TaskRange) {
	if r == nil {
		return
	}
	if !t.m.sim {
		t.releasePool(r)
		return
	}
	p := t.p
	for i := 0; r.tasks > 0 && i < len(r.el); i++ {
		if k := r.el[i].t; k != nil {
			p.recycleTask(k)
			r.tasks--
		}
	}
	clear(r.el)
	r.fn, r.el = nil, r.el[:0]
	r.released = true
	if !r.linked {
		t.m.freeRange(r)
	}
}

// freeRange puts r, released and out of its parent's abort table, on the
// machine's list for reuse.
func (m *machine) freeRange(r *taskRange) {
	r.parent, r.hdr = nil, Task{}
	if len(m.rangeFree) < maxFreeTasks {
		m.rangeFree = append(m.rangeFree, r)
	}
}

// unlinkRange is the parent's join of r's entry in its abort table
// (joinKids): the elements ended so far are out of the reach of later
// walks through the parent, so whether one reached them is settled now
// (an abort of the parent reached every child linked), and r, if
// released, is free.
func (m *machine) unlinkRange(r *taskRange) {
	r.linked = false
	r.hdr.sibling = nil
	parentAborted := r.parent.abortAt != never
	for i := range r.el {
		if e := &r.el[i]; e.t == nil && e.end > 0 {
			if parentAborted {
				e.end |= endAborted
			}
			e.end |= endUnlinked
		}
	}
	if r.released {
		m.freeRange(r)
	}
}

// endElement is the end of k, an element of r, as its task finishes
// (finish): the range marks it ready (ended) and keeps its timestamp and
// abort, and k goes back to the free list unless held.
func (p *proc) endElement(r *taskRange, k *Task) {
	r.ended(k.idx)
	if k.span > r.spanMax {
		r.spanMax = k.span
	}
	e := &r.el[k.idx-r.lo]
	held := e.end == endHeld
	e.end = endOf(k.span, k.abortAt != never)
	if !held {
		e.t = nil
		r.tasks--
		p.recycleTask(k)
	}
}

// AbortRange aborts, as Abort(k) for each of them would in the order of
// their indices, every element of the range r (SpawnRange) that is not
// done, and counts n aborts (the Abort calls it stands for): the elements
// not yet started take the range's one mark as they start, and the walk
// visits only the elements started.
func (t *Task) AbortRange(r *TaskRange, n int) {
	if r == nil {
		panic("sched: AbortRange of no range (SpawnRange returns none on the pool)")
	}
	m := t.m
	m.aborts.Add(int64(n))
	at := t.p.now + m.abortHop
	if at < r.abortAt {
		r.abortAt = at
	}
	for i := 0; r.tasks > 0 && i < len(r.el); i++ {
		if k := r.el[i].t; k != nil && k.done == 0 {
			m.abortTreeSim(k, at)
		}
	}
}

// startAbort is the abort mark element j of range r takes as it starts
// (runJob): the range's, or its parent's one hop later if earlier.
func (r *taskRange) startAbort(m *machine) int64 {
	at := r.abortAt
	if a := r.parent.abortAt; a != never && a+m.abortHop < at {
		at = a + m.abortHop
	}
	return at
}

// abortedAt reports whether x is an element of a range that, started at
// time now, would end at once, aborted (runJob).
func (x *job) abortedAt(m *machine, now int64) bool {
	return x.r != nil && x.r.startAbort(m) <= now
}

// runJob runs x, a job p has just taken (find), on the simulator: a task,
// or an element of a range, which becomes a task now (startJob). The
// task's run is called here, once startJob's frame is gone, so that the
// stack a simulated processor's coroutine holds while its task yields
// does not carry the element's bookkeeping.
func (p *proc) runJob(x job) {
	if t := p.startJob(x); t != nil {
		p.run(t)
	}
}

// popAborted ends the elements of r, aborted by now, that p's next pops
// would take, as those pops and startJob would end them one by one: each
// counted started and aborted, ended without a task. WaitRange
// (waitFinished) calls it once the element it popped was aborted, so that
// a node's tests left at a cutoff end in one step, not a pass of the wait
// loop each; no time passes between such pops, and the wait, which needs
// every element, looks at the range again only afterwards.
func (p *proc) popAborted(r *taskRange, min int32) {
	n := p.dq.popRange(r, min, func(j int32) {
		i := r.index(j)
		r.ended(i)
		r.el[i-r.lo].end = endNoTask
	})
	if n == 0 {
		return
	}
	m, par := p.m, r.parent
	m.dequeChanged(p)
	m.readyAdd(p, -int64(n))
	p.tally.started += int64(n)
	p.tally.abortedTasks += int64(n)
	par.pending -= int32(n)
	m.notify(par, par.p, p)
}

// startJob makes x a task to run (runJob): x's own task, or the task of
// an element of a range (SpawnRange), with the range's abort mark or its
// parent's, as the task spawn made would have had it. An element aborted
// by now ends here, without a task, as its task's run would have ended it:
// counted aborted, its parent told; startJob then returns nil.
func (p *proc) startJob(x job) *Task {
	r := x.r
	if r == nil {
		return x.t
	}
	m := p.m
	par := r.parent
	at := r.startAbort(m)
	i := r.index(x.j)
	if at <= p.now {
		p.tally.abortedTasks++
		q := par.p
		par.pending--
		r.ended(i)
		r.el[i-r.lo].end = endNoTask
		m.notify(par, q, p)
		return nil
	}
	k := p.newTask()
	k.m, k.parent, k.level, k.pin = m, par, r.level, -1
	k.span = r.span0 + int64(x.j+1)*r.cost
	k.fn, k.idx, k.abortAt = r, i, at
	// Into the parent's abort table, through the range's entry: an
	// abort walk from the parent visits it from now on (AbortRange too).
	if !r.linked {
		r.linked = true
		r.hdr.sibling = par.head
		par.head = &r.hdr
	}
	r.el[i-r.lo].t = k
	r.tasks++
	return k
}
