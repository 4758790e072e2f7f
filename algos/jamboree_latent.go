package algos

// On the pool a node's tests are latent children (sched.Latent) that the
// node's own task runs inline, one after the other in move order, each
// against the α of the moment it starts (J8: testsLoop, nextTest), until a
// thief's steal request promotes those not started into tasks (Promote).
// With nobody stealing a test therefore costs a call, not a spawn, and a
// worker alone searches exactly as the serial Scout does (Fig. 1: on one
// processor Jamboree's tests are Scout's). Promoted tests are taken as
// they finish (WaitAny); the worker prefers its own latent tests to
// waiting (work first). Latent tests never started are cut off for free.
//
// Tests of leaves (a static evaluation each) are never promotable: the
// node registers no source and its tests are plain calls. Tests at the
// grain (serial Scout searches) are.
//
// The simulator spawns every test (beginTests), so that it measures the
// algorithm's full DAG; sched/doc.go says what the pool's promoted DAG
// means for C.

// Promote makes the node's latent tests not yet started tasks of its own
// task (sched.Latent): spawned at once, as the simulator spawns them, so
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
