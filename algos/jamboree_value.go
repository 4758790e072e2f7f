package algos

import (
	"splitpoint/metrics"
	"splitpoint/sched"
)

// The re-searches for value of StarTech Fig. 2 (lines J12–J18,
// 000:L152–L165): a failed test waits for every iteration to its left
// (J12–J13), is searched again with the full window (J14), returns at a
// fail high (J15), raises α (J16) and the best value (J17), and its
// iteration is complete (J18). Here too are Scout's serial test and
// re-search of one child (StarTech Fig. 1, S9–S16, 000:L82–L101) and the
// restart variant's re-tests.

// completeInOrder is J12/J18 of StarTech Fig. 2 (000:L152, 000:L165):
// from next, it completes the node's iterations in move order,
// re-searching each failed test once everything to its left is complete,
// and stops at a running test, a cut
// or an abort. It returns the first child not completed, the child that
// cut (-1 for none) and whether the node was aborted. The node's loop
// (testsLoop, on both machines) runs it.
func (e *jamEngine[T, P]) completeInOrder(c sched.Ctx, f *jamFrame[T], next, n int, rec *workRec) (int, int, bool) {
	nd := &f.node
	for next < n {
		k := &f.kids[next]
		if k.state == kidRunning {
			break
		}
		if k.state == kidFailed {
			k.fold(c, e.recs, rec, workFailed, nd.typ.Child(next))
			k.classified = true
			if e.opt.Restart && k.alpha < nd.alpha && k.val <= nd.alpha {
				// The test ran against an α that has risen since: test
				// again against the node's α, as the serial Scout would
				// have tested, and re-search only if that fails too.
				switch e.retest(c, f, next, rec) {
				case retestAborted:
					k.state = kidDone
					return next + 1, -1, true
				case retestCut:
					k.state = kidDone
					return next + 1, next, false
				case retestLow:
					k.state = kidDone
					next++
					continue
				}
			}
			a0 := nd.alpha
			isCut, ok := e.research(c, f, next, rec)
			f.alpha.Store(nd.alpha)
			k.state = kidDone
			if ok && !isCut && nd.alpha > a0 && e.opt.Restart {
				e.restartStale(c, f, next+1, n, rec)
			}
			if !ok {
				return next + 1, -1, true
			}
			if isCut {
				return next + 1, next, false
			}
		}
		next++
	}
	return next, -1, false
}

// research searches child i for value with the full window (J14) and
// applies J15–J17 (StarTech Fig. 2, J14–J17, 000:L156–L164).
func (e *jamEngine[T, P]) research(c sched.Ctx, f *jamFrame[T], i int, rec *workRec) (cut, ok bool) {
	e.local(c).failedTests++
	nd := &f.node
	m := f.moves[i]
	var rr workRec
	v, ok, g := e.child(c, f, m, nd.child(-nd.beta, -nd.alpha, metrics.PV), &rr)
	if g != nil {
		defer e.frames.Put(c, g)
	}
	rec.addUseful(&rr)
	if !ok {
		return false, false
	}
	s := -v
	if s >= nd.beta { // J15
		nd.b, nd.best = s, m
		f.setPV(m, g)
		return true, true
	}
	if s > nd.alpha { // J16
		nd.alpha, nd.best = s, m
		f.setPV(m, g)
	}
	if s > nd.b { // J17
		nd.b = s
	}
	return false, true
}

// serialChild searches child i in place as Scout does (StarTech Fig. 1,
// S9–S16, 000:L82–L101): a
// null-window test, and if it fails, the re-search for value. It reports a
// fail high (cut) and ok = false when aborted.
func (e *jamEngine[T, P]) serialChild(c sched.Ctx, f *jamFrame[T], i int, rec *workRec) (cut, ok bool) {
	nd := &f.node
	m := f.moves[i]
	var rt workRec
	v, ok, g := e.child(c, f, m, nd.child(-nd.alpha-1, -nd.alpha, nd.typ.Child(i)), &rt)
	if g != nil {
		e.frames.Put(c, g)
	}
	s := -v
	if !ok {
		rec.addUseful(&rt)
		return false, false
	}
	if s > nd.b {
		nd.b, nd.best = s, m
	}
	if s >= nd.beta {
		rec.addUseful(&rt)
		f.setPVMove(m)
		return true, true
	}
	if s <= nd.alpha {
		rec.addUseful(&rt)
		return false, true
	}
	rec.addFailed(&rt, nd.typ.Child(i))
	return e.research(c, f, i, rec)
}

// Outcomes of retest.
const (
	retestLow     = iota // the child fails low against the node's α: its iteration is complete
	retestHigh           // it fails high: re-search it for value
	retestCut            // it fails high at β: the node is cut off
	retestAborted        // the node was aborted
)

// retest tests child i again against the node's present α (the restart
// variant): its first test ran against a lower α and failed high, but not
// above the α that an elder brother's re-search has since set. Lu's
// ParaChinook makes the same refinement for the tests it farms
// (Lu §4.1, 003:L918); YBWC's youngerBrother does it too.
func (e *jamEngine[T, P]) retest(c sched.Ctx, f *jamFrame[T], i int, rec *workRec) int {
	e.local(c).retests++
	nd := &f.node
	m := f.moves[i]
	var rt workRec
	v, ok, g := e.child(c, f, m, nd.child(-nd.alpha-1, -nd.alpha, nd.typ.Child(i)), &rt)
	if g != nil {
		e.frames.Put(c, g)
	}
	s := -v
	switch {
	case !ok:
		rec.addUseful(&rt)
		return retestAborted
	case s >= nd.beta:
		rec.addUseful(&rt)
		nd.b, nd.best = s, m
		f.setPVMove(m)
		return retestCut
	case s <= nd.alpha:
		rec.addUseful(&rt)
		if s > nd.b {
			nd.b = s
		}
		return retestLow
	}
	rec.addFailed(&rt, nd.typ.Child(i))
	return retestHigh
}

// restartStale is Lu's window restart (§4.1, 003:L918) in Jamboree (the restart
// variant): α has just risen, so the tests of children from…n−1 that
// started against a lower α and are still running are aborted and spawned
// again (sched.Task.Respawn), to test against the new α as the serial
// Scout would; the loop takes them as it takes the others. Their nodes so
// far are aborted work. A test not yet started reads the new α when it
// starts and is left alone.
func (e *jamEngine[T, P]) restartStale(c sched.Ctx, f *jamFrame[T], from, n int, rec *workRec) {
	nd := &f.node
	stale := f.stale[:0]
	for j := from; j < n; j++ {
		if k := &f.kids[j]; k.state == kidRunning && k.started.Load() {
			if t := f.rng.Task(j); t != nil && !t.Done() {
				c.Abort(t)
				stale = append(stale, t)
			}
		}
	}
	if len(stale) == 0 {
		return
	}
	c.Wait(stale...)
	self := c.Self()
	for _, t := range stale {
		j := t.Index()
		k := &f.kids[j]
		k.fold(c, e.recs, rec, workAborted, nd.typ.Child(j))
		k.started.Store(false)
		self.Respawn(f.rng, j)
		e.local(c).restarts++
	}
	clear(stale)
	f.stale = stale[:0]
}
