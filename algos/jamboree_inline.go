package algos

import (
	"splitpoint/game"
	"splitpoint/sched"
)

// inlines reports whether jam searches the node at ply with depth plies
// to go as an inline node (inlineNode): on the pool, unless every child
// must be a task (sched.Config.Eager) or a variant works at the node
// itself (deferred reads, recursive iterative deepening), at every node
// below the root above the grain.
func (e *jamEngine[T, P]) inlines(ply, depth int) bool {
	return e.inline && ply > 0 && ply+1 < game.MaxPly-1
}

// interruptibleEnd is the ply below the last interruptible one of an
// inline node at ply with depth plies to go: the plies whose nodes jam
// would search as Jamboree nodes, not serially (serialNode).
func (e *jamEngine[T, P]) interruptibleEnd(ply, depth int) int {
	dmin := e.opt.Grain + 1 // the shallowest depth above the grain
	if e.batch && dmin == 1 && !e.opt.Quiescence {
		dmin = 2 // serialNode: depth 1 without quiescence is a serial search
	}
	return min(ply+depth-dmin+1, game.MaxPly-2)
}

// inlineNode is jam on the pool at a node below the root above the grain
// (the serial loop that a steal request interrupts, with Cilk-5's
// work-first principle). The worker's serial Scout searches
// the node's whole subtree, and the loop of every node on its path above
// the grain asks before each child after the first whether a thief wants
// work that no latent source of the worker can give (sched.Task.Wanted;
// Searcher.Interruptible). With nobody asking the subtree costs what
// Scout's does: no frames, no test bookkeeping, no tasks. Asked, the
// worker splits the shallowest node on its path whose loop has children
// not yet started (Split): they become that node's latent tests, against
// the α its loop has reached (J8), and the request promotes them, the
// oldest first — as a thief would find them among Jamboree's tasks with
// steal ordering by levels. The worker goes on with the child it was
// searching; when the split node's loop comes back it hands the rest to
// Jamboree's loop (Join): the tests not stolen run inline, the results
// are folded in move order, failed tests re-searched, and a fail high
// aborts the tests still running (Fig. 2). On one processor it is thus
// Scout exactly, as Jamboree is (Fig. 1), and on several the parallel
// loop is Jamboree's from the child where the request found each split
// node's loop.
//
// The simulator never inlines: it runs the algorithm's full DAG. On the
// pool an inline node's work counts as its serial search's (its failed
// tests are the serial Scout's re-searches), and JamboreeWork.Splits
// counts the loops a request split.
func (e *jamEngine[T, P]) inlineNode(c sched.Ctx, f *jamFrame[T], w window, rec *workRec) (game.Value, game.Move, bool) {
	if c.Aborted() {
		return 0, game.NoMove, false
	}
	wk := e.workers.Get(c)
	s := wk.s
	s.Stack.Pos[w.ply] = f.pos
	wk.rec, wk.lo, wk.depth0 = rec, w.ply, w.depth
	s.Interruptible(w.ply, e.interruptibleEnd(w.ply, w.depth), wk)
	v, best, ok := e.serialAt(c, wk, f, w, rec)
	s.Interruptible(0, 0, nil)
	wk.rec = nil
	e.workers.Put(c, wk)
	e.local(c).serial++
	return v, best, ok
}

// Wanted is the Interrupter's question (sched.Task.Wanted), or with
// Options.splitEvery (tests) yes every k-th time.
func (w *jamWorker[T, P]) Wanted() bool {
	if k := w.e.opt.splitEvery; k > 0 {
		w.asked++
		return w.asked%k == 0
	}
	return w.t.Wanted()
}

// Split splits the shallowest node at plies lo…q of the worker's inline
// node whose loop has children not yet started: they become its latent
// tests (beginTests), in the order Scout's loop would have picked them,
// and the steal request is answered at once.
func (w *jamWorker[T, P]) Split(lo, q int) {
	s := w.s
	for p := lo; p <= q; p++ {
		st := s.loopAt(p)
		if st.n == 0 || st.split || st.next >= st.n {
			continue
		}
		e, c := w.e, w.c
		n, next := int(st.n), int(st.next)
		f := e.frames.Get(c)
		f.pos = s.Stack.Pos[p]
		f.moves = append(f.moves[:0], s.Stack.Moves[p][:n]...)
		f.scored = s.scored[p]
		if f.scored {
			f.scores = append(f.scores[:0], s.scores[p][:n]...)
		}
		f.sortRest(next, n)
		f.node = jamNode{window: window{ply: p, depth: w.depthAt(p), alpha: st.alpha, typ: s.ntype[p]}}
		e.beginTests(c, f, next, n)
		st.split = true
		w.splits[p] = f
		l := e.local(c)
		l.splits++
		l.parallel++
		if p < q {
			l.splitsUp++
		}
		w.t.Wanted() // the request finds the new tests
		return
	}
}

// depthAt is the depth to go of the node at ply p of the inline node.
func (w *jamWorker[T, P]) depthAt(p int) int { return w.depth0 - (p - w.lo) }

// Join is jamRest for the split node at at.ply from child start:
// Jamboree's loop over its latent tests (some promoted and running), with
// the α (at.alpha), b and best move the Scout loop reached. The children's work goes to the
// inline node's record and their horizons to the Searcher's (Scout's
// finish stores the node and reads them).
func (w *jamWorker[T, P]) Join(at window, start, n int, b game.Value, best game.Move) (game.Value, game.Move, bool) {
	ply, alpha, beta := at.ply, at.alpha, at.beta
	e, s, c := w.e, w.s, w.c
	f := w.splits[ply]
	w.splits[ply] = nil
	s.loopAt(ply).split = false
	f.pvRoom(s.pvLen[ply])
	f.pvLen = copy(f.pv, s.pv[ply][:s.pvLen[ply]])
	var jr workRec
	nd := &f.node
	nd.alpha, nd.beta, nd.b, nd.best = alpha, beta, b, best
	if a0 := f.alpha.Load(); alpha > a0 {
		f.alpha.Store(alpha)
		if e.opt.Restart {
			// The child searched while the node split raised α: the
			// tests running against the old one start again.
			e.restartStale(c, f, start, n, &jr)
		}
	}
	ok := e.testsLoop(c, f, start, n, &jr)
	b, best = nd.b, nd.best
	w.fold(&jr)
	if ok {
		s.pvLen[ply] = copy(s.pv[ply], f.pv[:f.pvLen])
	}
	e.frames.Put(c, f)
	return b, best, ok
}

// Drop ends the split node at ply without its latent tests: a fail high
// of the child its loop was searching cuts them off (cutoff work), a stop
// aborts them.
func (w *jamWorker[T, P]) Drop(ply int, cut bool) {
	e, s, c := w.e, w.s, w.c
	f := w.splits[ply]
	w.splits[ply] = nil
	st := s.loopAt(ply)
	st.split = false
	start, n := int(st.next), len(f.moves)
	k := -1
	if cut {
		k = start - 1
	}
	var jr workRec
	e.settle(c, f, start, n, k, &jr)
	w.fold(&jr)
	e.frames.Put(c, f)
}

// fold adds a split node's children's work to the inline node's record,
// their horizons to the Searcher's count.
func (w *jamWorker[T, P]) fold(r *workRec) {
	w.s.horizon += uint64(r.horizon)
	r.horizon = 0
	w.rec.addUseful(r)
}
