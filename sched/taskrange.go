package sched

// taskRange is a range of children fn(c, i), i in [lo, lo+n), spawned by
// SpawnRange on the simulator. Its elements are posted as (range, j), j
// in spawn order, and an element becomes a task only when a processor
// takes it and starts it (runJob); one aborted by then never runs and
// has no task. Its abort mark (AbortRange) stands for every element's
// not yet started, which takes it as it starts (with its parent's, as
// spawn would have given it); tasks holds the elements started, by
// index, for the abort walk, and fin the elements finished, in order,
// for the parent's waits (TaskRange.FinishedFrom).
type taskRange struct {
	fn      func(Ctx, int) any
	parent  *Task
	abortAt int64
	// span0 is the parent's timestamp before the range's first spawn,
	// cost a spawn's cost: element j's timestamp as it starts is
	// span0 + (j+1)·cost, the parent's after j+1 spawns, as spawn
	// would have given its task.
	span0, cost int64
	lo, n       int32
	level       int32
	reverse     bool
	tasks       []*Task
	fin         []int32
}

// index is the index of the range's j-th element spawned.
func (r *taskRange) index(j int32) int32 {
	if r.reverse {
		return r.lo + r.n - 1 - j
	}
	return r.lo + j
}

// TaskRange is a range of children SpawnRange made on the simulator, for
// AbortRange, ReleaseRange and the parent's waits (Task, FinishedFrom).
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
// element started); on the pool the range is nil and out holds the
// children's handles. Hand the range back with ReleaseRange once every
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
	r.span0, r.cost = t.span, p.costs[Spawn]
	r.lo, r.n, r.level, r.reverse = int32(lo), int32(n), int32(level), reverse
	if cap(r.tasks) < n {
		r.tasks = make([]*Task, n)
	}
	r.tasks = r.tasks[:n]
	clear(out[:n])
	for j := range n {
		// As spawn, but for the task: the charge (which may yield),
		// the pending count, the level, the post.
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
		if t.head == nil && !t.ranged || int32(level) < t.kidMin {
			t.kidMin = int32(level)
		}
		t.ranged = true
		m.pushSim(p, job{r: r, j: int32(j)})
	}
	return r
}

// Task is the task of element i of the range once it has started, nil
// until then (and for ever for an element aborted before it started).
func (r *TaskRange) Task(i int) *Task { return r.tasks[i-int(r.lo)] }

// FinishedFrom is the indices of the range's elements finished, in the
// order they finished, from the n-th on: a wait for some of them reads
// only what changed since its last look (n is the length of the answer
// then, NumFinished). Each index read counts as a done flag read
// (SimInternals.DoneReads). The log holds until ReleaseRange.
func (r *TaskRange) FinishedFrom(n int) []int32 {
	s := r.fin[n:]
	r.parent.m.internals.DoneReads += int64(len(s))
	return s
}

// NumFinished is the number of the range's elements finished.
func (r *TaskRange) NumFinished() int { return len(r.fin) }

// ReleaseRange hands back r (SpawnRange), every element of which is done,
// for reuse, and the tasks of its elements for recycling when their
// parent joins them (as Release); nil does nothing. Neither the range nor
// those tasks may be used afterwards.
func (t *Task) ReleaseRange(r *TaskRange) {
	if r == nil {
		return
	}
	for _, k := range r.tasks {
		if k != nil {
			k.recycle = true
		}
	}
	clear(r.tasks)
	r.fn, r.parent, r.tasks, r.fin = nil, nil, r.tasks[:0], r.fin[:0]
	if len(t.m.rangeFree) < maxFreeTasks {
		t.m.rangeFree = append(t.m.rangeFree, r)
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
	for _, k := range r.tasks {
		if k != nil && k.done == 0 {
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
		r.fin = append(r.fin, i)
		m.notify(par, q, p)
		return nil
	}
	k := p.newTask()
	k.m, k.parent, k.level, k.pin = m, par, r.level, -1
	k.span = r.span0 + int64(x.j+1)*r.cost
	k.fn, k.idx, k.abortAt = r, i, at
	// Into the parent's abort table: an abort walk from the parent
	// visits it from now on (AbortRange too, through tasks).
	k.sibling = par.head
	par.head = k
	r.tasks[i-r.lo] = k
	return k
}
