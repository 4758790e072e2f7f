package algos

import (
	"splitpoint/sched"
)

// latentLoop is parallelLoop on the pool (StarTech Fig. 2, J7–J18,
// 000:L142–L165): the tests of children start…n−1 are latent children
// (sched.Latent) that the node's own task runs inline, one after the other
// in move order, each against the α of the moment it starts (J8), until a
// thief's steal request promotes those not started into tasks (Promote).
// With nobody stealing a test therefore costs a call, not a spawn, and a
// worker alone searches exactly as the serial Scout does (Fig. 1: on one
// processor Jamboree's tests are Scout's). Promoted tests are taken as
// they finish (WaitAny), as in parallelLoop; the worker prefers its own
// latent tests to waiting (work first). Results are folded in move order,
// failed tests re-searched (J11–J17) and a fail high aborts the promoted
// tests still running (J10); latent tests never started are cut off for
// free.
//
// Tests of leaves (a static evaluation each) are never promotable: the
// node registers no source and its tests are plain calls. Tests at the
// grain (serial Scout searches) are.
//
// The simulator keeps parallelLoop, so that it measures the algorithm's
// full DAG; sched/doc.go says what the pool's promoted DAG means for C.
func (e *jamEngine[T, P]) latentLoop(c sched.Ctx, f *jamFrame[T], start, n int, rec *workRec) bool {
	promotable := e.latentBegin(c, f, start, n)
	return e.latentRun(c, f, start, n, rec, promotable)
}

// latentBegin makes the tests of children start…n−1 of the node in f
// latent: the frame readied for them, against the node's α, and
// registered as a source a steal request may promote (sched.PushLatent)
// unless they are tests of leaves. It reports whether it registered them.
func (e *jamEngine[T, P]) latentBegin(c sched.Ctx, f *jamFrame[T], start, n int) bool {
	ply, depth := f.node.ply, f.node.depth
	f.alpha.Store(f.node.alpha)
	e.ownKillers(c, f)
	e.local(c).tests += int64(n - start)
	e.prepare(c, f, start, n) // room for every test's task: Promote spawns into f.pend
	f.pend = f.pend[:0]
	f.lo, f.hi = start, n
	promotable := !e.isLeaf(ply+1, depth-1)
	if promotable {
		f.src, f.rev = c, !e.levels
		sched.PushLatent(c, f)
	}
	return promotable
}

// latentRun is the loop of latentLoop over the latent tests latentBegin
// made, some of which a steal request may have promoted already (an inline
// node split while its worker searched a deeper node: jamboree_inline.go).
func (e *jamEngine[T, P]) latentRun(c sched.Ctx, f *jamFrame[T], start, n int, rec *workRec, promotable bool) bool {
	next, cut, aborted := start, -1, false
	for cut < 0 && !aborted {
		// J12/J18 as in parallelLoop. A call below (a test or a
		// re-search) may promote this node's latent tests: f.lo, f.hi
		// and f.pend are read afresh after each.
		next, cut, aborted = e.completeInOrder(c, f, &f.pend, next, n, rec)
		if next >= n || cut >= 0 || aborted {
			break
		}
		var j int
		if f.lo < f.hi {
			j = f.lo // work first: the next latent test, inline
			f.lo++
			f.test(c, j)
			if !f.kids[j].ok {
				f.kids[j].state = kidDone
				aborted = true
				break
			}
		} else {
			t := c.WaitAny(f.pend...)
			j = t.Index()
			f.pend = removeTask(f.pend, t)
			if !f.kids[j].ok || t.WasAborted() {
				f.kids[j].state = kidDone
				aborted = true
				break
			}
		}
		if f.tested(j) {
			cut = j
		}
	}
	e.latentEnd(c, f, promotable)
	if cut >= 0 {
		e.local(c).failHighs++
	}
	e.settle(c, f, start, n, cut, rec)
	return !aborted
}

// latentEnd unregisters the frame's latent tests (latentBegin).
func (e *jamEngine[T, P]) latentEnd(c sched.Ctx, f *jamFrame[T], promotable bool) {
	if promotable {
		f.lo = f.hi // nothing more to promote
		sched.PopLatent(c, f)
		f.src = nil
	}
}

// Promote makes the node's latent tests not yet started tasks of its own
// task (sched.Latent): spawned at once, as parallelLoop spawns them, so
// that a thief takes the last (least promising) and the node's worker the
// next in move order.
func (f *jamFrame[T]) Promote() bool {
	if f.lo < f.hi {
		f.kh.take() // the handover, in the owner's goroutine
	}
	out, lo, ok := f.promote(f.node.ply+1, f.test, &f.pend)
	for i, t := range out {
		f.setTask(lo+i, t)
	}
	return ok
}
