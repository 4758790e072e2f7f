package algos

import (
	"splitpoint/game"
	"splitpoint/sched"
)

// beginBrothers begins the younger brothers from…n−1 of the split point
// f as one range (sched.Task.LatentRange), as Jamboree begins its tests
// (beginTests): on the simulator every brother spawned at once (so that
// it measures the algorithm's DAG: sched/doc.go; a brother has a task only
// while it runs), on the pool latent children: the master searches them
// itself, one after the other in move order, each against the node's α of
// the moment it starts (nextBrother), until a thief's steal request
// promotes those not started into tasks, the master's killers handed over
// first (killerHandover). This is how Zugzwang shared work (Feldmann 1993;
// Feldmann, Monien & Mysliwietz 1994): a busy processor hands out younger
// brothers of a split point only when an idle one asks, so with nobody
// asking a brother costs a call, not a spawn, and a brother's test runs
// against the α its elder brothers left, as the serial Scout's does.
// Measured on two workers at depth 7 on Bratko-Kopec it changed little:
// 7,200 brothers stolen in either form, 6–8 % more nodes than the serial
// search, a speedup of 1.73–1.76 against the eager form's 1.72–1.77
// (BENCHMARKS.md); it spares the spawns of brothers nobody takes. Tests
// of leaves are never promotable: each is a static evaluation.
func (e *ybwEngine[T, P]) beginBrothers(c sched.Ctx, f *ybwFrame[T], from, n int) {
	promotable := (f.depth-1 > 0 || e.opt.Quiescence) && f.ply+1 < game.MaxPly-1
	f.rng = c.Self().LatentRange(f.ply+1, f.brother, from, n, !e.levels, promotable, f.handover)
}

// nextBrother takes in the next brother to finish and reports whether it
// finished unaborted (ok), or that none is left (more false): on the
// simulator the finished brother of least index not yet taken, on the
// pool the next latent brother in move order, searched here (work
// first), and once a steal request has promoted the rest, the promoted
// brothers as they finish, the first in move order first
// (sched.Task.WaitNext). A wait is sched's helpful one: the master runs
// other work meanwhile.
func (e *ybwEngine[T, P]) nextBrother(c sched.Ctx, f *ybwFrame[T]) (ok, more bool) {
	r := f.rng
	i, more := c.Self().WaitNext(r)
	return more && f.oks[i] && !r.Aborted(i), more
}

// endSplit ends the split point: it aborts the brothers not taken (a
// cutoff or an abort: Zugzwang's cutoff message), latent ones dropped,
// waits for them and hands the range back.
func (e *ybwEngine[T, P]) endSplit(c sched.Ctx, f *ybwFrame[T], cut bool) {
	self := c.Self()
	self.AbortRest(f.rng)
	self.WaitRange(f.rng)
	if cut {
		e.local(c).cutoffs++
	}
	self.ReleaseRange(f.rng) // before the join, which recycles the pool's tasks
	f.rng = nil
	c.Sync()
}

// inlineNode is YBWC on the pool at a node whose children are searched at
// the grain, as Jamboree's (jamboree_inline.go): the worker's serial Scout
// searches the node, and its loop asks before each younger brother whether
// a thief wants work that no latent brother can give (sched.Task.Wanted;
// Searcher.Interruptible, on this one ply). Asked, the node becomes a
// split point from that brother (Join): Zugzwang's way of making split
// points where an idle processor's request finds the busy one (Feldmann
// 1993), one level below the grain's. Nobody asking, the node costs what
// Scout's does.
func (e *ybwEngine[T, P]) inlineNode(c sched.Ctx, f *ybwFrame[T], ply, depth int, alpha, beta game.Value) (game.Value, bool) {
	f.pvLen = 0
	if c.Aborted() {
		return 0, false
	}
	w := e.workers.Get(c)
	s := w.s
	w.c, w.f = c, f
	s.Interruptible(ply, ply+1, w)
	v, ok := e.serialOn(c, w, f, window{ply: ply, depth: depth, alpha: alpha, beta: beta})
	s.Interruptible(0, 0, nil)
	w.c, w.f = nil, nil
	e.workers.Put(c, w)
	e.local(c).serial++
	return v, ok
}

// Wanted is the Interrupter's question (sched.Task.Wanted), or with
// Options.splitEvery (tests) yes every k-th time.
func (w *ybwWorker[T, P]) Wanted() bool {
	if w.every > 0 {
		w.asked++
		return w.asked%w.every == 0
	}
	return w.t.Wanted()
}

// Split makes the inline node (its one ply, lo) a split point from the
// next brother its loop has not started, if any: at once when the loop
// asks, at its next brother when the question came from below (the
// Searcher's periodic poll).
func (w *ybwWorker[T, P]) Split(lo, q int) {
	if st := w.s.loopAt(lo); q >= lo && st.n > 0 && st.next < st.n {
		st.split = true
	}
}

// Join searches the younger brothers start…n−1 of the inline node at
// at.ply as a split point in the window at (splitRun), with the value b
// and best move its loop reached: the moves searched first, the rest in the order pick would
// give, and the node's variation so far. The Searcher's Scout then
// finishes the node (its table entry never claims the tree's end: the
// brothers' horizons are not the Searcher's).
func (w *ybwWorker[T, P]) Join(at window, start, n int, b game.Value, best game.Move) (game.Value, game.Move, bool) {
	ply := at.ply
	e, s, c, f := w.e, w.s, w.c, w.f
	s.loopAt(ply).split = false
	copy(f.moves[:n], s.Stack.Moves[ply][:n])
	if s.scored[ply] {
		copy(f.scores[:n], s.scores[ply][:n])
		sortScored(f.moves[start:n], f.scores[start:n], &f.sorted)
	}
	f.pvLen = copy(f.pv[:], s.pv[ply][:s.pvLen[ply]])
	e.local(c).inlineSplits++
	f.b, f.best = b, best
	v, best, ok := e.splitRun(c, f, at, start, n)
	s.horizon++
	if ok {
		s.pvLen[ply] = copy(s.pv[ply][:], f.pv[:f.pvLen])
	}
	return v, best, ok
}

// Drop forgets a split the loop did not reach (its brother failed high):
// nothing was handed out yet.
func (w *ybwWorker[T, P]) Drop(ply int, cut bool) { w.s.loopAt(ply).split = false }
