package algos

import "splitpoint/sched"

// The killer handover of Jamboree's tests (killers.go): the node whose
// tests are spawned or made latent is owned by its worker; a test started
// by another processor's worker takes the owner's killers.

// ownKillers makes the worker of c the owner of the node in f (no owner
// without killers or with Options.NoKillerHandover).
func (e *jamEngine[T, P]) ownKillers(c sched.Ctx, f *jamFrame[T]) {
	if !e.opt.Killers || e.opt.NoKillerHandover {
		f.kh.own(nil, 0, 0)
		return
	}
	w := e.workers.Get(c)
	f.kh.own(w.s, f.node.ply, f.node.depth)
	e.workers.Put(c, w)
}

// inheritKillers gives the worker of c, starting a test of f, the
// killers of f's owner when it is not the owner.
func (e *jamEngine[T, P]) inheritKillers(c sched.Ctx, f *jamFrame[T]) {
	if f.kh.owner == nil {
		return
	}
	w := e.workers.Get(c)
	if f.kh.give(&w.s.killers, w.s, !e.batch) {
		e.local(c).handovers++
	}
	e.workers.Put(c, w)
}
