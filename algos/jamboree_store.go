package algos

import (
	"splitpoint/game"
	"splitpoint/sched"
	"splitpoint/tt"
)

// The result of a Jamboree node (StarTech Fig. 2, lines J19–J20,
// 000:L168–L169: "return b"), stored in the global table (StarTech Fig. 3)
// and taught to the processor's killers and history as the serial
// search's finish does.

// finish ends the node in f with its best value and move (StarTech
// StarTech Fig. 2, J20, 000:L169: "return b"): the table store
// and the killers and history, as the serial search's finish does. A
// node that failed low returns no best move.
func (e *jamEngine[T, P]) finish(c sched.Ctx, f *jamFrame[T], rec *workRec) (game.Value, game.Move, bool) {
	nd := &f.node
	e.store(c, nd, rec.horizon == nd.h0)
	if nd.b <= nd.alpha0 {
		nd.best = game.NoMove
	}
	e.learn(c, f)
	return nd.b, nd.best, true
}

// store records the result of node nd (its best value b and move, against
// the window it was entered with) in the global table as the serial
// search's finish does; end says its subtree met no horizon.
func (e *jamEngine[T, P]) store(c sched.Ctx, nd *jamNode, end bool) {
	if e.table == nil {
		return
	}
	lo, hi, m := bounds(nd.b, nd.alpha0, nd.beta, nd.best)
	var flags uint8
	if end {
		flags = tt.FlagEnd // no horizon below (see workRec)
	}
	e.ttAccess(c, nd.key)
	e.table.StoreFlags(nd.key, nd.ply, nd.depth, lo, hi, m, flags)
}

// learn updates the processor's killers and history after the node in f
// when its best move is known (a cutoff or a value above α), as the serial
// search's finish does.
func (e *jamEngine[T, P]) learn(c sched.Ctx, f *jamFrame[T]) {
	ply, depth, best := f.node.ply, f.node.depth, f.node.best
	if best == game.NoMove || !(e.opt.Killers || e.opt.History) || P(&f.pos).IsCapture(best) {
		return
	}
	w := e.workers.Get(c)
	w.s.learnQuiet(ply, depth, best)
	e.workers.Put(c, w)
}
