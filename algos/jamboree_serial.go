package algos

import (
	"time"

	"splitpoint/game"
	"splitpoint/sched"
)

// The serial Scout of StarTech Fig. 1 (000:L63–L106) below Jamboree's
// grain: each processor's worker, whose Hook charges the machine, and the
// serial searches of nodes and tests at the grain.

// jamWorker is a processor's serial engine for the subtrees below the
// grain: a Searcher whose Hook charges each node to the machine and polls
// for an abort, and whose table view charges each table access.
type jamWorker[T any, P game.Position[T]] struct {
	s     *Searcher[T, P]
	loan  rowLoan[T, P] // s's rows for a search
	c     sched.Ctx
	t     *sched.Task // c's own handle: direct calls on the per-node path
	nodes int64       // nodes of the serial search in progress (Hook, flush), added to its record at its end
	meter meter       // the Searcher's steps charged so far
	e     *jamEngine[T, P]
	dist  bool
	asked int // inline loops' questions (Wanted), for Options.splitEvery
	// The inline node the worker's Searcher is searching (inlineNode):
	// its record, ply and depth, and the frames of its split nodes by ply.
	rec    *workRec
	lo     int
	depth0 int
	splits [game.MaxPly + 1]*jamFrame[T]
}

// Node is the Hook of the serial Scout. On the simulator it is called at
// every node and makes one sched.Node charge and one abort poll, since the
// simulator's clock orders the processors node by node. On the pool
// (batch) it only polls for an abort, every 64th node (Searcher.HookMask):
// the serial search's nodes are read from the Searcher's counter and
// charged at its end (flush), so the pool's W and C come out the same and
// the per-node cost is one masked test.
func (w *jamWorker[T, P]) Node() bool {
	if !w.e.batch {
		chargeNode(w.t)
		w.nodes++
	}
	if w.t.Aborted() {
		w.e.cnt.postAbort.Add(1)
		return true
	}
	return false
}

// begin marks the start of a serial search (for flush).
func (w *jamWorker[T, P]) begin() { w.meter.reset(&w.s.Counters) }

// flush charges the steps of the serial search since begin (charge.go):
// on the pool its nodes, leaves and move generations, on the simulator,
// where the Hook charged each node, its leaves and generations.
func (w *jamWorker[T, P]) flush() {
	if w.e.batch {
		w.nodes += int64(w.meter.charge(w.t, &w.s.Counters).Nodes)
	} else {
		w.meter.chargeWork(w.t, &w.s.Counters)
	}
}

// TTAccess charges one access of the global table (tt.Accountant).
func (w *jamWorker[T, P]) TTAccess(key uint64) { chargeTT(w.c, key) }

func (e *jamEngine[T, P]) newWorker() *jamWorker[T, P] {
	o := e.opt
	o.Algo, o.Time, o.MaxNodes = AlgoScout, 0, 0
	w := &jamWorker[T, P]{e: e}
	tab := e.table
	if e.opt.DistTT {
		tab = e.table.View(w)
	}
	w.s = w.loan.newSearcher(e.rows, o, tab, w, e.batch, e.forced)
	e.all.add(&w.s)
	return w
}

// serial searches the node in f where w says with the serial Scout of the
// processor's worker, with deferred reads when opt.Deferred.
func (e *jamEngine[T, P]) serial(c sched.Ctx, f *jamFrame[T], w window, rec *workRec) (game.Value, game.Move, bool) {
	if c.Aborted() {
		return 0, game.NoMove, false
	}
	wk := e.workers.Get(c)
	wk.loan.lend(c, searchPlies(&f.pos, e.opt, w.ply, w.depth))
	defer func() {
		wk.loan.giveBack()
		e.workers.Put(c, wk)
	}()
	wk.s.Stack.Pos[w.ply] = f.pos
	return e.serialAt(c, wk, f, w, rec)
}

// serialPlay is serial for the child of pos by move m, played straight
// into the worker's stack: a test at the grain (no frame, no copy of the
// position, no principal variation). Its caller, test, has just polled
// for an abort. At grain 0 on the pool a test is most often a search of
// three nodes (1.10 M serial searches for 3.35 M nodes on the ordered
// tree), so what it costs besides the search is Jamboree's 1-worker
// overhead: no second poll here, no defer.
func (e *jamEngine[T, P]) serialPlay(c sched.Ctx, pos *T, m game.Move, w window, rec *workRec) (game.Value, bool) {
	wk := e.workers.Get(c)
	wk.loan.lend(c, searchPlies(pos, e.opt, w.ply, w.depth))
	P(pos).Play(m, &wk.s.Stack.Pos[w.ply])
	v, _, ok := e.serialAt(c, wk, nil, w, rec)
	wk.loan.giveBack()
	e.workers.Put(c, wk)
	return v, ok
}

// serialAt runs the worker wk's serial Scout on the position at its
// stack's ply w.ply with w's window, with deferred reads when
// opt.Deferred; f (nil: none wanted) receives the principal variation.
func (e *jamEngine[T, P]) serialAt(c sched.Ctx, wk *jamWorker[T, P], f *jamFrame[T], w window, rec *workRec) (game.Value, game.Move, bool) {
	wk.c, wk.t, wk.nodes = c, c.Self(), 0
	s := wk.s
	ply, alpha := w.ply, w.alpha
	pos := P(&s.Stack.Pos[ply])
	var own *busyRec
	if e.opt.Deferred && w.depth >= 1 && ply > 0 && !pos.Draw() {
		v, decided, r, ok := e.deferIn(c, s.TT, false, pos.Hash(), w)
		if !ok {
			return 0, game.NoMove, false
		}
		if decided {
			rec.horizon++ // another search's bounds: they may rest on a horizon
			return v, game.NoMove, true
		}
		own = r
	}
	if s.stopped {
		// Only an abort stops a worker's search (it has no context,
		// deadline or node limit): restart it for this one.
		s.Start(nil, time.Time{})
	}
	wk.begin()
	s.SetNodeType(ply, w.typ)
	h0 := s.horizon
	v := s.Scout(ply, w.depth, alpha, w.beta)
	rec.horizon += int64(s.horizon - h0)
	wk.flush()
	rec.nodes += wk.nodes
	stopped := s.Stopped()
	if own != nil {
		e.deferOut(c, s.TT, own, w, v, stopped)
	}
	if stopped || f == nil {
		return v, game.NoMove, !stopped
	}
	f.pvRoom(s.pvLen[ply])
	f.pvLen = copy(f.pv, s.pv[ply][:s.pvLen[ply]])
	best := game.NoMove
	if f.pvLen > 0 && v > alpha {
		best = f.pv[0]
	}
	return v, best, true
}
