package algos

import (
	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
)

// inlines reports whether jam searches the node at ply with depth plies
// to go as an inline node (inlineNode): on the pool, unless every child
// must be a task (sched.Config.Eager) or a variant works at the node
// itself (deferred reads, recursive iterative deepening), at a node below
// the root whose children are searched at the grain, as tests would be.
func (e *jamEngine[T, P]) inlines(ply, depth int) bool {
	return e.inline && ply > 0 && e.serialNode(depth-1) && (depth > 1 || e.opt.Quiescence) && ply+1 < game.MaxPly-1
}

// inlineNode is jam on the pool at a node whose children are searched at
// the grain (issue #15, point 2: the serial loop that a steal request
// interrupts). The worker's serial Scout searches the node itself, and
// its loop over the children asks before each one after the first whether
// a thief wants work that no latent source of the worker can give
// (Searcher.SplitAt, sched.Task.Wanted). With nobody asking the node costs
// what Scout's does: no frame of its own, no test bookkeeping, no task
// (at grain 0 on ordered:b=32,d=8 these nodes' tests were 1.10 M serial
// searches of 3 nodes each, and their bookkeeping was most of the
// 1-worker overhead). Asked, the loop stops before its next child and the
// node goes on as Jamboree's (jamRest) from there: the children left are
// tested as latent tests, which the request then promotes, each against
// the α the loop reached (J8), re-searched in order and cut off as Fig. 2
// says. On one processor it is thus Scout's node exactly, as Jamboree's
// node is (Fig. 1), and on several the parallel loop is Jamboree's from
// the child where the request found the loop.
//
// The simulator never inlines: it runs the algorithm's full DAG. On the
// pool an inline node's work counts as its serial search's (its failed
// tests are the serial Scout's re-searches), and JamboreeWork.Splits
// counts the loops a request interrupted.
func (e *jamEngine[T, P]) inlineNode(c sched.Ctx, f *jamFrame[T], ply, depth int, alpha, beta game.Value, typ metrics.NodeType, rec *workRec) (game.Value, game.Move, bool) {
	if c.Aborted() {
		return 0, game.NoMove, false
	}
	w := e.workers.Get(c)
	s := w.s
	s.Stack.Pos[ply] = f.pos
	s.SplitAt(ply, w)
	h0 := rec.horizon
	v, best, ok := e.serialAt(c, w, f, ply, depth, alpha, beta, typ, rec)
	sp := s.split
	s.SplitAt(-1, nil)
	if !ok || sp.at == 0 {
		e.workers.Put(c, w)
		e.local(c).serial++
		return v, best, ok
	}
	// The loop stopped before child sp.at: its moves (in the order it
	// searched them, the rest after), their scores and the variation of
	// its best move so far (serialAt put it in f.pv) become the frame's.
	n := sp.n
	f.moves = append(f.moves[:0], s.Stack.Moves[ply][:n]...)
	f.scored = s.scored[ply]
	if f.scored {
		f.scores = append(f.scores[:0], s.scores[ply][:n]...)
	}
	e.workers.Put(c, w)
	l := e.local(c)
	l.splits++
	l.parallel++
	f.sortRest(sp.at, n)
	return e.jamRest(c, f, P(&f.pos).Hash(), ply, depth, sp.at, n, alpha, sp.alpha, beta, sp.b, sp.best, h0, false, 0, typ, rec)
}

// Split is the Splitter of an inline node's serial loop (inlineNode).
func (w *jamWorker[T, P]) Split() bool {
	if k := w.e.opt.splitEvery; k > 0 {
		w.asked++
		return w.asked%k == 0
	}
	return w.t.Wanted()
}
