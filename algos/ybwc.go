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

// AlgoYBWC names Feldmann's Young Brothers Wait Concept.
const AlgoYBWC = "ybwc"

// ybwEngine is one YBWC search: its options, the shared table, the
// free lists of frames and serial workers, and the per-processor counters.
type ybwEngine[T any, P game.Position[T]] struct {
	opt     Options
	table   *tt.Table
	batch   bool // pool: the serial part's nodes are charged once per serial search
	inline  bool // pool: the nodes above the grain's serial searches are inline nodes (inlineNode)
	levels  bool
	forced  bool // the domain's captures are compulsory (checkers): the serial quiescence's rule
	frames  *sched.FreeList[ybwFrame[T]]
	workers *sched.FreeList[ybwWorker[T, P]]
	// rows, on the simulator with per-processor workers (killers or
	// history), are the rows the workers borrow for their searches
	// (rowLoan), as Jamboree's do: at P = inf a Searcher with rows of its
	// own per processor that ever searched stopped BK.02 at depth 5 at
	// the memory budget.
	rows   *rowLists[T]
	locals []ybwLocal
	all    serialWorkers[T, P]
}

// ybwLocal is one processor's YBWC counters, written by its own tasks
// only (no shared counter on the hot path), padded to its own cache lines.
type ybwLocal struct {
	nodes, splits, brothers, helps, stolen, researches, retests, cutoffs, serial, horizon int64
	inlineSplits, handovers                                                               int64
	_                                                                                     [128 - 96]byte
}

// ybwFrame is one node of the parallel part: its position, its ordered
// moves and, while its younger brothers run, the node's shared state —
// α (read by each brother as it starts), and the best value, move and
// principal variation so far, under mu.
type ybwFrame[T any] struct {
	pos    T
	moves  [game.MaxMoves]game.Move
	scores [game.MaxMoves]int32
	sorted []scoredMove
	pvLen  int
	pv     [game.MaxPly]game.Move

	// The split point (set before the younger brothers are spawned).
	ply, depth int
	beta       game.Value
	owner      int // the processor of the master (the task that spawned the brothers)
	alpha      atomic.Int32
	mu         sync.Mutex
	b          game.Value
	best       game.Move
	oks        [game.MaxMoves]bool
	rng        *sched.TaskRange             // the brothers (beginBrothers)
	brother    func(c sched.Ctx, i int) any // made once per frame: a spawn allocates no closure
	// handover takes the master's killers for the brothers a promotion
	// hands out (killerHandover), made once per frame too.
	handover func()
	// kh hands the master's killers to the brothers other processors
	// start (killers.go).
	kh killerHandover
}

// ybwWorker is a processor's serial engine below the grain: a Searcher
// over the shared table whose Hook charges each node (simulator) and
// polls for an abort.
type ybwWorker[T any, P game.Position[T]] struct {
	s     *Searcher[T, P]
	loan  rowLoan[T, P] // s's rows for a search
	t     *sched.Task
	batch bool
	// every and asked are Options.splitEvery and the inline loops'
	// questions so far (Wanted), in tests.
	every, asked int
	// The inline node the Searcher is searching (inlineNode): its frame,
	// task and depth.
	e     *ybwEngine[T, P]
	c     sched.Ctx
	f     *ybwFrame[T]
	depth int
}

// Node is the serial Searcher's Hook (see jamWorker.Node).
func (w *ybwWorker[T, P]) Node() bool {
	if !w.batch {
		chargeNode(w.t)
	}
	return w.t.Aborted()
}

// YBWC is Feldmann's Young Brothers Wait Concept (Feldmann 1993, PhD
// thesis, Paderborn; Feldmann, Monien & Mysliwietz 1994, "Studying
// overheads in massively parallel min/max-tree evaluation", SPAA '94), the
// parallel search of Zugzwang, run as the task c of a sched machine: at every node the first
// ("eldest") brother is searched alone, and only when its value is known
// may the younger brothers be searched in parallel. Each younger brother
// is a task that reads the node's α as it starts, tests the child with the
// null window (−α−1, −α) (the principal-variation search of Zugzwang), and,
// when the test fails inside the window, re-searches it for its value with
// the node's α of that moment; a value above α raises the node's α for the
// brothers that start later, and a value ≥ β aborts the brothers still
// running (Zugzwang's cutoff message). The master waits at the
// split point helpfully: while it waits, its processor runs its own
// unstolen younger brothers (Feldmann's "helpful master", which the sched
// runtime's helpful wait gives; Detail counts them as helps) and otherwise
// stolen work, while idle processors steal brothers (Zugzwang's work
// requests). Unlike Jamboree (StarTech Fig. 2) a failed test is
// re-searched at once by the processor that ran it, not in move order by
// the master.
//
// Nodes with at most opt.Grain plies to go are searched by the serial
// Scout of a per-processor Searcher over the shared table (nil = none),
// which charges each node; nodes above it charge themselves, so W counts
// the same steps in both regimes (nodes, leaves, move generations:
// charge.go). With opt.Iterative the
// root iterates depths 1…opt.Depth with aspiration windows of
// opt.Aspiration. On one processor YBWC searches exactly as the serial
// Scout does.
func YBWC[T any, P game.Position[T]](c sched.Ctx, root *T, opt Options, table *tt.Table, cfg sched.Config) *YBWCResult {
	e := &ybwEngine[T, P]{opt: opt, table: table, batch: !cfg.IsSim(), levels: cfg.Levels, forced: game.CapturesForced(any(root))}
	e.inline = e.batch && !cfg.Eager
	e.frames = sched.NewScratchList(c, func() *ybwFrame[T] {
		f := new(ybwFrame[T])
		f.brother = func(c sched.Ctx, i int) any { e.youngerBrother(c, f, i); return nil }
		f.handover = f.kh.take
		return f
	})
	if opt.Killers || opt.History {
		e.workers = sched.NewFreeList(c, e.newWorker) // per-processor ordering state
		if !e.batch {
			e.rows = newRowLists[T](c)
		}
	} else {
		e.workers = sched.NewScratchList(c, e.newWorker)
	}
	e.locals = make([]ybwLocal, c.NumProcs())
	table.NewSearch()
	res := &YBWCResult{}
	f := e.frames.Get(c)
	f.pos = *root
	res.iterate(c, opt, rootSearches{batch: e.batch, began: time.Now(),
		search:  func(d int, aspire bool) (game.Value, bool) { return e.rootSearch(c, f, d, res.Value, aspire) },
		pv:      func() []game.Move { return f.pv[:f.pvLen] },
		horizon: e.horizon})
	e.frames.Put(c, f)
	for i := range e.locals {
		l := &e.locals[i]
		res.ParallelNodes += l.nodes
		res.SplitPoints += l.splits
		res.YoungerBrothers += l.brothers
		res.Helps += l.helps
		res.Stolen += l.stolen
		res.Researches += l.researches
		res.Retests += l.retests
		res.Cutoffs += l.cutoffs
		res.SerialSearches += l.serial
		res.InlineSplits += l.inlineSplits
		res.KillerHandovers += l.handovers
	}
	e.all.release(&res.TT, nil)
	res.TT.Fill, res.TT.Entries = table.Fill(), table.Len()
	return res
}

// horizon is the number of horizon nodes met so far (and table answers
// that may rest on one): an iteration that adds none met no depth horizon.
func (e *ybwEngine[T, P]) horizon() int64 {
	var h int64
	for i := range e.locals {
		h += e.locals[i].horizon
	}
	e.all.each(func(s *Searcher[T, P]) { h += int64(s.horizon) })
	return h
}

// local is the processor's own counters (grown on the infinite simulated
// machine, whose processors are created as it runs, one at a time).
func (e *ybwEngine[T, P]) local(c sched.Ctx) *ybwLocal {
	i := c.Proc()
	if i >= len(e.locals) {
		e.locals = append(e.locals, make([]ybwLocal, i+1-len(e.locals))...)
	}
	return &e.locals[i]
}

func (e *ybwEngine[T, P]) newWorker() *ybwWorker[T, P] {
	o := e.opt
	o.Algo, o.Time, o.MaxNodes = AlgoScout, 0, 0
	w := &ybwWorker[T, P]{batch: e.batch, every: e.opt.splitEvery, e: e}
	w.s = w.loan.newSearcher(e.rows, o, e.table, w, e.batch, e.forced)
	e.all.add(&w.s)
	return w
}

// rootSearch searches the root to depth d, with an aspiration window
// around prev when asked (re-opening the side that fails).
func (e *ybwEngine[T, P]) rootSearch(c sched.Ctx, f *ybwFrame[T], d int, prev game.Value, havePrev bool) (game.Value, bool) {
	alpha, beta := aspirationWindow(prev, e.opt.Aspiration, havePrev)
	for {
		v, ok := e.node(c, f, 0, d, alpha, beta)
		if !ok {
			return 0, false
		}
		var done bool
		if alpha, beta, done = widen(v, alpha, beta); done {
			return v, true
		}
	}
}

// child searches the position in g (ply plies deep, depth to go) with
// (alpha, beta): at the horizon by its static value, at or below the grain
// with the processor's serial Scout, above it with node. g.pv receives the
// child's principal variation. ok is false when aborted.
func (e *ybwEngine[T, P]) child(c sched.Ctx, g *ybwFrame[T], ply, depth int, alpha, beta game.Value) (game.Value, bool) {
	g.pvLen = 0
	if (depth <= 0 && !e.opt.Quiescence) || ply >= game.MaxPly-1 {
		if c.Aborted() {
			return 0, false
		}
		chargeLeafNode(c)
		l := e.local(c)
		l.nodes++
		if P(&g.pos).Draw() {
			return 0, true
		}
		l.horizon++
		return P(&g.pos).Eval(), true
	}
	if depth <= e.opt.Grain {
		return e.serial(c, g, ply, depth, alpha, beta)
	}
	if e.inline && depth-1 <= e.opt.Grain && (depth > 1 || e.opt.Quiescence) && ply+1 < game.MaxPly-1 {
		return e.inlineNode(c, g, ply, depth, alpha, beta) // ybwc_latent.go
	}
	return e.node(c, g, ply, depth, alpha, beta)
}

// serial runs the processor's serial Scout on g's position.
func (e *ybwEngine[T, P]) serial(c sched.Ctx, g *ybwFrame[T], ply, depth int, alpha, beta game.Value) (game.Value, bool) {
	if c.Aborted() {
		return 0, false
	}
	w := e.workers.Get(c)
	v, ok := e.serialOn(c, w, g, window{ply: ply, depth: depth, alpha: alpha, beta: beta})
	e.workers.Put(c, w)
	e.local(c).serial++
	return v, ok
}

// serialOn is serial with the worker w, in the window nw.
func (e *ybwEngine[T, P]) serialOn(c sched.Ctx, w *ybwWorker[T, P], g *ybwFrame[T], nw window) (game.Value, bool) {
	ply, depth, alpha, beta := nw.ply, nw.depth, nw.alpha, nw.beta
	w.t = c.Self()
	s := w.s
	w.loan.lend(c, searchPlies(&g.pos, e.opt, ply, depth))
	defer w.loan.giveBack()
	s.Stack.Pos[ply] = g.pos
	s.Start(nil, time.Time{})
	var m meter
	m.reset(&s.Counters)
	s.SetNodeType(ply, metrics.PV)
	v := s.Scout(ply, depth, alpha, beta)
	if e.batch {
		m.charge(w.t, &s.Counters)
	} else {
		m.chargeWork(w.t, &s.Counters) // the Hook charged each node
	}
	ok := !s.Stopped()
	if ok {
		g.pvLen = copy(g.pv[:], s.pv[ply][:s.pvLen[ply]])
	}
	return v, ok
}

// node is YBWC at a node above the grain (depth ≥ 1): the table, the
// eldest brother alone, then the younger brothers in parallel.
func (e *ybwEngine[T, P]) node(c sched.Ctx, f *ybwFrame[T], ply, depth int, alpha, beta game.Value) (game.Value, bool) {
	f.pvLen = 0
	if c.Aborted() {
		return 0, false
	}
	chargeNode(c)
	e.local(c).nodes++
	pos := P(&f.pos)
	if ply > 0 && pos.Draw() {
		chargeLeaf(c)
		return 0, true
	}
	key := pos.Hash()
	hint := game.NoMove
	if e.table != nil {
		if ent, have := e.table.Probe(key, ply); have {
			if e.opt.TTMove {
				hint = ent.Move
			}
			if v, cut := tableCut(ent, ply, depth, alpha, beta); cut != noCut {
				if ent.Flags&tt.FlagEnd == 0 {
					e.local(c).horizon++
				}
				chargeLeaf(c) // a table answer is a leaf, as the serial search counts it
				return v, true
			}
		}
	}
	n := pos.Moves(f.moves[:])
	chargeGen(c)
	if n == 0 {
		chargeLeaf(c)
		return terminalValue[T, P](pos, ply), true
	}
	e.order(c, f, ply, n, hint)
	alpha0 := alpha

	// The eldest brother, alone.
	g := e.frames.Get(c)
	pos.Play(f.moves[0], &g.pos)
	v, ok := e.child(c, g, ply+1, depth-1, -beta, -alpha)
	b, best := -v, f.moves[0]
	if ok && b > alpha {
		f.setPV(best, g)
	}
	e.frames.Put(c, g)
	if !ok {
		return 0, false
	}
	nw := window{ply: ply, depth: depth, alpha: alpha0, beta: beta}
	if b >= beta || n == 1 {
		e.finish(c, f, key, nw, b, best)
		return b, true
	}
	f.b, f.best = b, best
	return e.split(c, f, key, nw, 1, n)
}

// split makes the node in f a split point once its brothers before from
// are searched (the eldest), and finishes it: f.b is their best value and
// f.best its move, nw the node's window as it was entered, whose α they
// raise to max(nw.alpha, f.b).
func (e *ybwEngine[T, P]) split(c sched.Ctx, f *ybwFrame[T], key uint64, nw window, from, n int) (game.Value, bool) {
	raised := nw
	raised.alpha = max(nw.alpha, f.b)
	v, best, ok := e.splitRun(c, f, raised, from, n)
	if !ok {
		return 0, false
	}
	e.finish(c, f, key, nw, v, best)
	return v, true
}

// splitRun searches the younger brothers from…n−1 of the split point in
// f in parallel (an eldest brother's, or an inline node's serial loop's
// that a request interrupted: ybwc_latent.go) in the window nw (the
// node's α so far), from the value f.b and best move f.best of the
// brothers before from, and returns the node's value and best move; ok
// is false when it was aborted.
func (e *ybwEngine[T, P]) splitRun(c sched.Ctx, f *ybwFrame[T], nw window, from, n int) (game.Value, game.Move, bool) {
	ply, depth, alpha, beta := nw.ply, nw.depth, nw.alpha, nw.beta
	l := e.local(c)
	l.splits++
	l.brothers += int64(n - from)
	f.ply, f.depth, f.beta, f.owner = ply, depth, beta, c.Proc()
	f.kh.own(nil, 0, 0)
	if e.opt.Killers && e.opt.KillerHandover {
		w := e.workers.Get(c)
		f.kh.own(w.s, ply, depth)
		e.workers.Put(c, w)
	}
	f.alpha.Store(int32(alpha))
	e.beginBrothers(c, f, from, n)
	var cut, aborted bool
	for {
		ok, more := e.nextBrother(c, f)
		if !more {
			break
		}
		if !ok {
			aborted = true
			break
		}
		f.mu.Lock() // brothers running elsewhere may be folding their values in
		cut = f.b >= f.beta
		f.mu.Unlock()
		if cut {
			break
		}
	}
	e.endSplit(c, f, cut)
	return f.b, f.best, !aborted
}

// youngerBrother is the task of child i of the split point f: a
// null-window test against the node's α as it starts and, when it fails
// inside the window, the re-search for value; the result is folded into
// the node's best value, α and variation.
func (e *ybwEngine[T, P]) youngerBrother(c sched.Ctx, f *ybwFrame[T], i int) {
	f.oks[i] = false
	if c.Aborted() {
		return
	}
	if l := e.local(c); c.Proc() == f.owner {
		l.helps++ // run by its own master's processor while it waits
	} else {
		l.stolen++
		if f.kh.owner != nil {
			w := e.workers.Get(c)
			if f.kh.give(&w.s.killers, w.s, !e.batch) {
				l.handovers++
			}
			e.workers.Put(c, w)
		}
	}
	beta := f.beta
	a := game.Value(f.alpha.Load())
	g := e.frames.Get(c)
	m := f.moves[i]
	P(&f.pos).Play(m, &g.pos)
	v, ok := e.child(c, g, f.ply+1, f.depth-1, -a-1, -a)
	s := -v
	for ok && s > a && s < beta {
		// The test failed high. When an elder brother has meanwhile
		// raised the node's α to the test's value or past it, the value
		// is only a bound below the new α: test again against it (the
		// serial Scout would have tested against that α), and only a
		// test that fails above the node's α is re-searched for its
		// value, with the node's α of that moment.
		if now := game.Value(f.alpha.Load()); now > a && s <= now {
			a = now
			e.local(c).retests++
			P(&f.pos).Play(m, &g.pos)
			v, ok = e.child(c, g, f.ply+1, f.depth-1, -a-1, -a)
			s = -v
			continue
		}
		a = max(a, game.Value(f.alpha.Load()))
		e.local(c).researches++
		P(&f.pos).Play(m, &g.pos)
		v, ok = e.child(c, g, f.ply+1, f.depth-1, -beta, -a)
		s = -v
		break
	}
	if ok {
		f.mu.Lock()
		if s > f.b {
			f.b, f.best = s, m
			if s > a {
				f.setPV(m, g)
			}
		}
		if s > a && s > game.Value(f.alpha.Load()) {
			f.alpha.Store(int32(min(s, beta-1)))
		}
		f.mu.Unlock()
	}
	e.frames.Put(c, g)
	f.oks[i] = ok
}

// finish stores the node's result b (best its move) in the table and
// teaches the processor's killers and history its best move, as the
// serial search's finish does; nw is the node's window as it was entered.
func (e *ybwEngine[T, P]) finish(c sched.Ctx, f *ybwFrame[T], key uint64, nw window, b game.Value, best game.Move) {
	ply, depth, alpha0, beta := nw.ply, nw.depth, nw.alpha, nw.beta
	if e.table != nil {
		lo, hi, m := bounds(b, alpha0, beta, best)
		e.table.Store(key, ply, depth, lo, hi, m)
	}
	if b <= alpha0 || !(e.opt.Killers || e.opt.History) || P(&f.pos).IsCapture(best) {
		return
	}
	w := e.workers.Get(c)
	w.s.learnQuiet(ply, depth, best)
	e.workers.Put(c, w)
}

// order orders the node's moves as the serial Scout would at this ply
// (the hint first, then MVV-LVA, killers and history of the processor's
// worker), all at once: a stable sort by score.
func (e *ybwEngine[T, P]) order(c sched.Ctx, f *ybwFrame[T], ply, n int, hint game.Move) {
	if hint == game.NoMove && !e.opt.ordering() {
		return
	}
	w := e.workers.Get(c)
	w.loan.lend(c, ply+1)
	scored := w.s.scoreFor(&f.pos, f.moves[:n], ply, hint, f.scores[:n])
	w.loan.giveBack()
	e.workers.Put(c, w)
	if !scored || n < 2 {
		return
	}
	sortScored(f.moves[:n], f.scores[:n], &f.sorted)
}

// setPV makes m followed by g's principal variation f's.
func (f *ybwFrame[T]) setPV(m game.Move, g *ybwFrame[T]) {
	f.pv[0] = m
	k := min(g.pvLen, len(f.pv)-1)
	copy(f.pv[1:1+k], g.pv[:k])
	f.pvLen = 1 + k
}

// runYBWC is YBWC as a row of the table.
func runYBWC[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*Parallel, *sched.Stats, error) {
	if err := opt.ValidateParallel(); err != nil {
		return nil, nil, err
	}
	table := tt.New(opt.TTBits)
	r, st, err := sched.Run(ctx, cfg, func(c sched.Ctx) any { return YBWC[T, P](c, root, opt, table, cfg) })
	res, _ := r.(*YBWCResult)
	if res == nil {
		return nil, st, err
	}
	res.Grain = opt.Grain
	if st != nil {
		res.Nodes = st.Counts[sched.Node.String()]
	}
	return &Parallel{Value: res.Value, BestMove: res.BestMove, PV: res.PV, Depth: res.Depth, Iterations: res.Iterations,
		TT: res.TT, Stopped: res.Stopped, TreeEnd: res.TreeEnd, Detail: res}, st, err
}
