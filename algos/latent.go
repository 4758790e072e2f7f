package algos

import "splitpoint/sched"

// The pool's latent children of Jamboree's tests: a node's children not
// yet started, which its own task runs one after another unless a thief's
// steal request promotes them into tasks (sched.Latent). YBWC's younger
// brothers use sched's own form of the same, sched.Task.LatentRange, which
// also covers the simulator.

// latentRange is the latent children of a node on the pool (Jamboree's
// tests): those not yet started are lo…hi−1,
// children of the task src, spawned last first when rev.
type latentRange struct {
	lo, hi int
	src    sched.Ctx
	rev    bool
}

// promote spawns children lo…hi−1 at level, each running fn with its
// index, appending their handles to *pend (which has room for them), and
// returns the new handles and the first index; ok is false when none was
// left to promote.
func (l *latentRange) promote(level int, fn func(sched.Ctx, int) any, pend *[]*sched.Task) (out []*sched.Task, first int, ok bool) {
	lo, hi := l.lo, l.hi
	if lo >= hi {
		return nil, lo, false
	}
	l.hi = lo
	k := len(*pend)
	out = (*pend)[k : k+hi-lo]
	l.src.SpawnRangeAt(level, fn, lo, hi, l.rev, out)
	*pend = (*pend)[:k+hi-lo]
	return out, lo, true
}

// removeTask removes t from ts, keeping the others in order.
func removeTask(ts []*sched.Task, t *sched.Task) []*sched.Task {
	for i, x := range ts {
		if x == t {
			copy(ts[i:], ts[i+1:])
			ts[len(ts)-1] = nil
			return ts[:len(ts)-1]
		}
	}
	return ts
}
