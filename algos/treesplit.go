package algos

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
	"splitpoint/tt"
)

// AlgoTreeSplit names Fishburn's tree splitting.
const AlgoTreeSplit = "treesplit"

// TreeSplit is tree splitting (Fishburn 1981, "Analysis of Speedup in
// Distributed Algorithms", PhD thesis, Wisconsin; Finkel & Fishburn 1983,
// "Improved Speedup Bounds for Parallel Alpha-Beta Search", IEEE PAMI
// 5(1)), the first of the tree-decomposition searches Lu's survey names: "a
// split node exists where the different subtrees rooted at the node can be
// searched concurrently by parallel searchers in a process known as
// tree-splitting" (Lu 1993 §3.2, 003:L676). In Fishburn's processor tree
// each processor hands its node's children to its slaves at once and
// combines their values by alpha-beta; the processors at the leaves of the
// processor tree search serially. Here every node with more than
// opt.Grain plies to go is such a split node: all its children are
// spawned as tasks together, each child is searched with the window
// (−β, −α) of the node's α as the child starts (a child that finished
// earlier raised it), and a child that fails high aborts those still
// running. Unlike YBWC (Feldmann 1993) nothing waits for the eldest
// child, so a child may search with a window the eldest would have
// narrowed: the speculative work tree splitting pays for starting every
// child at once (on one processor the children run in move order and the
// search is the serial alpha-beta's, node for node).
// Nodes with at most opt.Grain plies to go are searched by the serial
// fail-soft alpha-beta (*Socrates Fig. 3) of a per-processor Searcher
// over the shared table, which charges each node (charge.go).
//
// It searches to opt.Depth once, with the full window: Fishburn's
// algorithm has no iterative deepening or aspiration, so those options
// are ignored.
func TreeSplit[T any, P game.Position[T]](c sched.Ctx, root *T, opt Options, table *tt.Table, cfg sched.Config) *Parallel {
	e := &tsEngine[T, P]{opt: opt, table: table, batch: !cfg.IsSim(), levels: cfg.Levels, forced: game.CapturesForced(any(root))}
	e.frames = sched.NewScratchList(c, func() *tsFrame[T] {
		f := &tsFrame[T]{kids: make([]*sched.Task, 0, game.MaxMoves), live: make([]*sched.Task, 0, game.MaxMoves)}
		f.child = func(c sched.Ctx, i int) any { e.child(c, f, i); return nil }
		return f
	})
	if opt.Killers || opt.History {
		e.workers = sched.NewFreeList(c, e.newWorker) // per-processor ordering state
	} else {
		e.workers = sched.NewScratchList(c, e.newWorker)
	}
	table.NewSearch()
	f := e.frames.Get(c)
	f.pos = *root
	res := &Parallel{Depth: opt.Depth, PV: []game.Move{}}
	v, ok := e.search(c, f, window{depth: opt.Depth, alpha: -game.Inf, beta: game.Inf, typ: metrics.PV})
	if ok {
		res.PV = append(res.PV, f.pv[:f.pvLen]...)
		res.Value, res.BestMove = v, game.NoMove
		if len(res.PV) > 0 {
			res.BestMove = res.PV[0]
		}
		res.Iterations = []JamIteration{{Depth: opt.Depth, Value: v, BestMove: res.BestMove, At: c.Now()}}
	} else {
		res.Stopped, res.Depth = true, 0
	}
	e.frames.Put(c, f)
	e.all.release(&res.TT, nil)
	res.TT.Fill, res.TT.Entries = table.Fill(), table.Len()
	return res
}

// tsEngine is one tree-splitting search: its options, the shared table
// and the free lists of frames and serial workers.
type tsEngine[T any, P game.Position[T]] struct {
	opt     Options
	table   *tt.Table
	batch   bool // pool: the serial part's nodes are charged once per serial search
	levels  bool
	forced  bool // the domain's captures are compulsory (checkers)
	frames  *sched.FreeList[tsFrame[T]]
	workers *sched.FreeList[tsWorker[T, P]]
	all     serialWorkers[T, P]
}

// tsFrame is one split node: its position, its ordered moves, the window
// it was entered with, and, while its children run, its α (read by each
// child as it starts) and its best value, move and variation so far,
// under mu.
type tsFrame[T any] struct {
	pos    T
	moves  [game.MaxMoves]game.Move
	scores [game.MaxMoves]int32
	sorted []scoredMove
	oks    [game.MaxMoves]bool
	pvLen  int
	pv     [game.MaxPly]game.Move
	w      window
	alpha  atomic.Int32
	mu     sync.Mutex
	b      game.Value
	best   game.Move
	kids   []*sched.Task                // the children's handles, in move order
	live   []*sched.Task                // those not yet seen finished
	child  func(c sched.Ctx, i int) any // made once per frame: a spawn allocates no closure
}

// tsWorker is a processor's serial alpha-beta below the grain: a Searcher
// over the shared table whose Hook charges each node (simulator) and
// polls for an abort.
type tsWorker[T any, P game.Position[T]] struct {
	s     *Searcher[T, P]
	t     *sched.Task
	batch bool
}

// Node is the serial Searcher's Hook.
func (w *tsWorker[T, P]) Node() bool {
	if !w.batch {
		chargeNode(w.t)
	}
	return w.t.Aborted()
}

func (e *tsEngine[T, P]) newWorker() *tsWorker[T, P] {
	o := e.opt
	o.Algo, o.Time, o.MaxNodes = AlgoAlphaBeta, 0, 0
	w := &tsWorker[T, P]{batch: e.batch}
	w.s = workerSearcher[T, P](o, e.table, w, e.batch, e.forced)
	e.all.add(&w.s)
	return w
}

// search values the position in f in the window w: a horizon by its
// static value, a node within the grain by the serial alpha-beta, any
// other by splitting it. f.pv receives its variation; ok is false when
// aborted.
func (e *tsEngine[T, P]) search(c sched.Ctx, f *tsFrame[T], w window) (game.Value, bool) {
	f.pvLen = 0
	if c.Aborted() {
		return 0, false
	}
	if (w.depth <= 0 && !e.opt.Quiescence) || w.ply >= game.MaxPly-1 {
		chargeLeafNode(c)
		if P(&f.pos).Draw() {
			return 0, true
		}
		return P(&f.pos).Eval(), true
	}
	if w.depth <= e.opt.Grain || w.depth <= 0 {
		return e.serial(c, f, w)
	}
	return e.split(c, f, w)
}

// serial runs the processor's serial alpha-beta on f's position.
func (e *tsEngine[T, P]) serial(c sched.Ctx, f *tsFrame[T], w window) (game.Value, bool) {
	wk := e.workers.Get(c)
	defer e.workers.Put(c, wk)
	wk.t = c.Self()
	s := wk.s
	s.Stack.Pos[w.ply] = f.pos
	s.Start(nil, time.Time{})
	var m meter
	m.reset(&s.Counters)
	s.SetNodeType(w.ply, w.typ)
	v := s.AlphaBeta(w.ply, w.depth, w.alpha, w.beta)
	if e.batch {
		m.charge(wk.t, &s.Counters)
	} else {
		m.chargeWork(wk.t, &s.Counters) // the Hook charged each node
	}
	if s.Stopped() {
		return 0, false
	}
	f.pvLen = copy(f.pv[:], s.pv[w.ply][:s.pvLen[w.ply]])
	return v, true
}

// split is a split node: the table, then every child spawned at once,
// each folding its value into the node's as it finishes, until all are
// done or one fails high.
func (e *tsEngine[T, P]) split(c sched.Ctx, f *tsFrame[T], w window) (game.Value, bool) {
	chargeNode(c)
	pos := P(&f.pos)
	if w.ply > 0 && pos.Draw() {
		chargeLeaf(c)
		return 0, true
	}
	key := pos.Hash()
	hint := game.NoMove
	if e.table != nil {
		if ent, have := e.table.Probe(key, w.ply); have {
			if e.opt.TTMove {
				hint = ent.Move
			}
			if v, cut := tableCut(ent, w.ply, w.depth, w.alpha, w.beta); cut != noCut {
				chargeLeaf(c) // a table answer is a leaf, as the serial search counts it
				return v, true
			}
		}
	}
	n := pos.Moves(f.moves[:])
	chargeGen(c)
	if n == 0 {
		chargeLeaf(c)
		return terminalValue[T, P](pos, w.ply), true
	}
	e.order(c, f, w.ply, n, hint)
	f.w, f.b, f.best = w, -game.Inf, f.moves[0]
	f.alpha.Store(int32(w.alpha))
	f.kids = f.kids[:n]
	c.SpawnRangeAt(w.ply+1, f.child, 0, n, !e.levels, f.kids)
	aborted := e.wait(c, f)
	if aborted {
		return 0, false
	}
	if e.table != nil {
		lo, hi, m := bounds(f.b, w.alpha, w.beta, f.best)
		e.table.Store(key, w.ply, w.depth, lo, hi, m)
	}
	return f.b, true
}

// wait waits for the children of f as they finish (helping meanwhile)
// until all are done, one fails high or one was aborted; it then aborts
// and waits for those still running and recycles every child's handle.
func (e *tsEngine[T, P]) wait(c sched.Ctx, f *tsFrame[T]) (aborted bool) {
	live := append(f.live[:0], f.kids...)
	for len(live) > 0 {
		t := c.WaitAny(live...)
		live = removeTask(live, t)
		if t.WasAborted() || !f.oks[t.Index()] {
			aborted = true
			break
		}
		f.mu.Lock()
		cut := f.b >= f.w.beta
		f.mu.Unlock()
		if cut {
			break
		}
	}
	for _, t := range live {
		c.Abort(t)
	}
	c.Wait(live...)
	for i := range f.kids {
		c.Release(f.kids[i])
		f.kids[i] = nil
	}
	f.kids, f.live = f.kids[:0], live[:0]
	c.Sync()
	return aborted
}

// child is the task of child i of the split node f: searched with the
// node's α as it starts, its value folded into the node's best value, α
// and variation.
func (e *tsEngine[T, P]) child(c sched.Ctx, f *tsFrame[T], i int) {
	f.oks[i] = false
	if c.Aborted() {
		return
	}
	beta := f.w.beta
	a := game.Value(f.alpha.Load())
	g := e.frames.Get(c)
	defer e.frames.Put(c, g)
	m := f.moves[i]
	P(&f.pos).Play(m, &g.pos)
	v, ok := e.search(c, g, f.w.child(-beta, -a, f.w.typ.Child(i)))
	if !ok {
		return
	}
	s := -v
	f.mu.Lock()
	if s > f.b {
		f.b, f.best = s, m
		if s > a {
			f.pv[0] = m
			k := min(g.pvLen, len(f.pv)-1)
			copy(f.pv[1:1+k], g.pv[:k])
			f.pvLen = 1 + k
		}
	}
	if s > game.Value(f.alpha.Load()) {
		f.alpha.Store(int32(min(s, beta-1)))
	}
	f.mu.Unlock()
	f.oks[i] = true
}

// order orders the node's moves as the serial alpha-beta would at this
// ply (the hint first, then the processor's worker's MVV-LVA, killers and
// history).
func (e *tsEngine[T, P]) order(c sched.Ctx, f *tsFrame[T], ply, n int, hint game.Move) {
	if hint == game.NoMove && !e.opt.ordering() {
		return
	}
	w := e.workers.Get(c)
	scored := w.s.scoreFor(&f.pos, f.moves[:n], ply, hint, f.scores[:n])
	e.workers.Put(c, w)
	if scored && n > 1 {
		sortScored(f.moves[:n], f.scores[:n], &f.sorted)
	}
}

// runTreeSplit is TreeSplit as a row of the table.
func runTreeSplit[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*Parallel, *sched.Stats, error) {
	if err := opt.ValidateParallel(); err != nil {
		return nil, nil, err
	}
	table := tt.New(opt.TTBits)
	r, st, err := sched.Run(ctx, cfg, func(c sched.Ctx) any { return TreeSplit[T, P](c, root, opt, table, cfg) })
	res, _ := r.(*Parallel)
	return res, st, err
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
