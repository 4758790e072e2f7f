package sched

import "slices"

// Respawn spawns element i of r, one of t's ranges (SpawnRange,
// LatentRange), again, as SpawnIndexedAt(level, fn, i) of the range's
// level and function would: a new task runs fn(c, i), and the element is
// not finished until that task is, so that WaitNext takes it (once) when
// it finishes and WaitRange waits for it, like any element not yet taken.
// The element must be a child of a task: started, finished and not taken,
// its task held (Task) and done — the caller aborts it and waits for it
// first. The old handle must not be used afterwards; the new task is
// returned, the element's task from now on (Task).
//
// It is for a search that restarts a running child against a better
// bound (Lu §4.1, 003:L918: the window restart): the restarted test takes
// its place in the parent's loop over the range, which goes on unchanged.
func (t *Task) Respawn(r *TaskRange, i int) *Task {
	if r == nil || r.parent != t {
		panic("sched: Respawn of an element of another task's range")
	}
	if !t.m.sim {
		return t.respawnPool(r, i)
	}
	j := int32(i) - r.lo
	old := r.el[j].t
	if old == nil || !old.isDone() || r.el[j].end <= 0 {
		panic("sched: Respawn of an element not started, not held or not done")
	}
	r.look()
	if r.ready[j>>6]&(1<<(j&63)) == 0 {
		panic("sched: Respawn of an element taken")
	}
	p, m := t.p, t.m
	// As spawn: the charge (which may yield), then the task.
	p.tally.spawns++
	p.tally.counts[Spawn]++
	if c := m.costs[Spawn]; c != 0 {
		t.span += c
		p.work += c
		p.now += c
		if p.now > p.horizon {
			p.yieldTime()
		}
	}
	r.ready[j>>6] &^= 1 << (j & 63)
	r.respawns++
	p.recycleTask(old)
	k := p.newTask()
	k.m, k.parent, k.level, k.pin, k.span = m, t, r.level, -1, t.span
	k.fn, k.idx, k.abortAt = r, int32(i), r.startAbort(m)
	r.el[j] = rangeElem{t: k}
	t.pending++
	if !t.kids || r.level < t.kidMin {
		t.kidMin = r.level
	}
	t.kids = true
	// Into the parent's abort table through the range's entry, as an
	// element that starts (startJob).
	if !r.linked {
		r.linked = true
		r.hdr.sibling = t.head
		t.head = &r.hdr
	}
	m.push(p, k)
	return k
}

// respawnPool is Respawn on the pool: element i is a promoted child, not
// yet taken (LatentRange); its new task takes its place among them.
func (t *Task) respawnPool(r *TaskRange, i int) *Task {
	j := i - int(r.lo)
	old := r.h[j]
	x := slices.Index(r.live, old)
	if old == nil || x < 0 || !old.isDone() {
		panic("sched: Respawn of a child not promoted, taken or not done")
	}
	t.Release(old)
	k := t.SpawnIndexedAt(int(r.level), r.fn, i)
	r.h[j], r.live[x] = k, k
	return k
}
