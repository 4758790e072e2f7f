package sched

import "slices"

// A latent range is one loop over a parent's children for both machines
// (LatentRange): on the simulator the lazy range of SpawnRange, every
// child spawned at once, so that the run measures the algorithm's full
// DAG; on the pool latent children (Latent), which the parent runs itself
// one after another in index order (WaitNext) unless a thief's steal
// request promotes those not yet started into tasks. The parent's loop is
// the same on both: WaitNext until a cutoff or the end, then AbortRest,
// WaitRange and ReleaseRange.

// LatentRange begins the children fn(c, i), i in [lo, hi), of t at level.
// On the simulator it is SpawnRange (reverse: spawned last first). On the
// pool none is spawned: WaitNext runs the next in index order in t's own
// goroutine until a steal request reaches t's worker and promotes those not
// yet started (PushLatent), spawned then as SpawnRangeAt would (reverse
// alike), before (if not nil) having run first in t's goroutine; with
// promotable false they are never promoted (children too small to hand
// out). The range is t's until ReleaseRange.
func (t *Task) LatentRange(level int, fn func(Ctx, int) any, lo, hi int, reverse, promotable bool, before func()) *TaskRange {
	if t.m.sim {
		return t.SpawnRange(level, fn, lo, hi, reverse, nil)
	}
	if hi <= lo {
		return nil
	}
	p := t.p
	var r *taskRange
	if k := len(p.rangeFree); k > 0 {
		r = p.rangeFree[k-1]
		p.rangeFree = p.rangeFree[:k-1]
	} else {
		r = &taskRange{poolRange: new(poolRange), pool: true}
	}
	n := hi - lo
	r.fn, r.parent, r.before = fn, t, before
	r.lo, r.n, r.level, r.reverse = int32(lo), int32(n), int32(level), reverse
	r.next, r.end, r.taken = int32(lo), int32(hi), 0
	if cap(r.h) < n {
		r.h = make([]*Task, n)
	}
	r.h = r.h[:n]
	r.live = r.live[:0]
	r.latent = promotable
	if promotable {
		PushLatent(t, r)
	}
	return r
}

// poolRange is a latent range's own state on the pool: the latent
// children not yet started, next…end−1; whether the range is registered
// as a Latent source; the hook run before a promotion; the promoted
// children's handles by index (h) and those not yet taken (live), in
// index order.
type poolRange struct {
	before    func()
	next, end int32
	latent    bool
	h, live   []*Task
}

// Promote spawns the range's latent children not yet started as tasks of
// its parent (Latent), reporting whether there were any.
func (r *taskRange) Promote() bool {
	lo, hi := r.next, r.end
	if lo >= hi {
		return false
	}
	if r.before != nil {
		r.before()
	}
	r.end = lo
	out := r.h[lo-r.lo : hi-r.lo]
	r.parent.SpawnRangeAt(int(r.level), r.fn, int(lo), int(hi), r.reverse, out)
	r.live = append(r.live, out...)
	return true
}

// endLatent ends the pool's latent children: those not yet started never
// will be, and the range is no longer promotable.
func (r *taskRange) endLatent(t *Task) {
	r.end = r.next
	if r.latent {
		PopLatent(t, r)
		r.latent = false
	}
}

// waitNextPool is WaitNext on the pool: the next latent child, run here,
// or once none is left the promoted child of least index that finishes
// first (WaitAny).
func (t *Task) waitNextPool(r *TaskRange) (int, bool) {
	if i := r.next; i < r.end {
		r.next++
		r.taken++
		r.fn(t, int(i))
		return int(i), true
	}
	r.endLatent(t)
	if len(r.live) == 0 {
		return 0, false
	}
	k := t.WaitAny(r.live...)
	j := slices.Index(r.live, k)
	r.live = slices.Delete(r.live, j, j+1)
	r.taken++
	return k.Index(), true
}

// AbortRest aborts every child of r that WaitNext has not taken, as Abort
// of each one's task would: on the simulator every element not taken (one
// abort each: AbortRange), on the pool the promoted children not taken;
// latent children not started are dropped without an abort (they have no
// task).
func (t *Task) AbortRest(r *TaskRange) {
	if r == nil {
		return
	}
	if t.m.sim {
		if left := r.n - r.taken; left > 0 {
			t.AbortRange(r, int(left))
		}
		return
	}
	r.endLatent(t)
	for _, k := range r.live {
		t.Abort(k)
	}
}

// waitRangePool is WaitRange on the pool: the promoted children not taken.
func (t *Task) waitRangePool(r *TaskRange) {
	r.endLatent(t)
	t.Wait(r.live...)
}

// releasePool is ReleaseRange on the pool: the promoted children's tasks
// are released for recycling at t's next join (call it before Sync), and
// the range goes back to its worker's list.
func (t *Task) releasePool(r *TaskRange) {
	r.endLatent(t)
	for i, k := range r.h {
		if k != nil {
			t.Release(k)
			r.h[i] = nil
		}
	}
	clear(r.live)
	r.fn, r.parent, r.before, r.live = nil, nil, nil, r.live[:0]
	if p := t.p; len(p.rangeFree) < maxFreeTasks {
		p.rangeFree = append(p.rangeFree, r)
	}
}
