package algos

import (
	"context"
	"time"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
	"splitpoint/tt"
)

// Jamboree's engine and its entry and dispatch: the search of one node,
// "jamboree(n, α, β)" of StarTech Fig. 2 (line J1, 000:L130), handed to a
// leaf's static value (J2, StarTech §2, 000:L132), the serial Scout at the grain
// (jamboree_serial.go), deferred reads (jamboree_deferred.go), the pool's
// inline node (jamboree_inline.go) or the node's own steps: the first child
// (jamboree_first.go), the parallel tests of the rest (jamboree_rest.go),
// the re-searches for value (jamboree_value.go) and the result
// (jamboree_store.go).

// AlgoJamboree is the name of the parallel Jamboree search: a parallel
// row of the algorithm table, run on a sched machine by RunJamboree.
const AlgoJamboree = "jamboree"

// JamboreeResult is the outcome of one Jamboree search.
type JamboreeResult struct {
	RootIterations
	Options  Options      `json:"options"`
	Variants string       `json:"variants"`
	Work     JamboreeWork `json:"jamboree"`
	// Serial is the serial Scout's counters below the grain, summed over
	// the workers (node types, re-searches, branching, …).
	Serial metrics.Counters `json:"serial_counters"`
	TT     tt.Stats         `json:"tt"`
}

// RunJamboree runs Jamboree from root on the machine cfg describes, with a
// fresh global table of 2^opt.TTBits entries (none when 0), and returns the
// result and the runtime's measurements. opt.Depth must be 1…MaxDepth.
func RunJamboree[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*JamboreeResult, *sched.Stats, error) {
	return RunJamboreeTable[T, P](ctx, root, opt, cfg, tt.New(opt.TTBits))
}

// RunJamboreeTable is RunJamboree with a table the caller provides (nil =
// none; opt.TTBits is then ignored), e.g. one cleared between benchmark
// runs instead of allocated anew.
func RunJamboreeTable[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config, table *tt.Table) (*JamboreeResult, *sched.Stats, error) {
	if err := opt.ValidateParallel(); err != nil {
		return nil, nil, err
	}
	r, st, err := sched.Run(ctx, cfg, func(c sched.Ctx) any {
		return Jamboree[T, P](c, root, opt, table, cfg)
	})
	res, _ := r.(*JamboreeResult)
	return res, st, err
}

// jamEngine is one Jamboree search: options, the global table, the
// per-processor free lists of frames and serial workers, the registry of
// searches in progress and the counters.
type jamEngine[T any, P game.Position[T]] struct {
	opt     Options
	table   *tt.Table
	levels  bool
	batch   bool // pool: charge the serial part's nodes once per serial search
	inline  bool // pool: the nodes above the grain's serial searches are inline nodes (inlineNode)
	forced  bool
	locals  []jamLocal // per processor: see local
	frames  *sched.FreeList[jamFrame[T]]
	leafPos []scratchPos[T] // the leaves' scratch positions (scratchPos)
	workers *sched.FreeList[jamWorker[T, P]]
	recs    *sched.FreeList[workRec] // the kids' record splits (jamKid.more)
	// kidLists lend the parallel loops their kids, by length (prepare).
	kidLists [kidClasses]*sched.FreeList[kidBuf]
	// rows, on the simulator with per-processor workers (killers or
	// history), are the rows the workers borrow for their searches
	// (rowLoan): a worker keeps only its ordering state.
	rows *rowLists[T]
	all  serialWorkers[T, P]
	reg  busyRegistry
	cnt  jamCounters
}

// Jamboree is Kuszmaul's Jamboree search (StarTech, Kuszmaul 1995, Fig. 2;
// *Socrates, Joerg & Kuszmaul 1994, Fig. 5), run as the task c of a sched
// machine: the first child is valued recursively (J3), the remaining
// children are tested in parallel with null windows (J7–J8), a test that
// fails high (≥ β) aborts every running sibling and returns (J10), a test
// that fails (> α) waits for every iteration to its left and is re-searched
// serially with the full window (J11–J17). Nodes with at most opt.Grain
// plies of depth left are searched by the serial Scout (StarTech Fig. 1)
// of a per-processor Searcher whose Hook charges each node and returns
// c.Aborted(); nodes above the grain charge themselves, so W counts the
// same steps in both regimes: a node, a leaf, a move generation, as
// SerialWork prices the serial search (charge.go). Children are spawned with SpawnAt at
// their ply (*Socrates §4.3 levels): in move order when levels is on (each
// level runs oldest first), in reverse order otherwise, so that the owner's
// LIFO pops the first child first.
//
// cfg is the machine's configuration (levels; the pool batches the serial
// part's charges). table (nil = none) is the global transposition table
// every worker shares
// (StarTech Fig. 3); with opt.DistTT each access is charged as local or
// remote by its key's home processor. The variants opt.Serialize2,
// opt.Deferred and opt.RID are documented with their code. With
// opt.Iterative the root iterates depths 1…opt.Depth (with aspiration
// windows of opt.Aspiration); Jamboree returns a *JamboreeResult.
func Jamboree[T any, P game.Position[T]](c sched.Ctx, root *T, opt Options, table *tt.Table, cfg sched.Config) *JamboreeResult {
	e := &jamEngine[T, P]{opt: opt, table: table, levels: cfg.Levels, batch: !cfg.IsSim()}
	e.inline = e.batch && !cfg.Eager && !opt.Deferred && !opt.RID
	e.forced = game.CapturesForced(any(root))
	e.frames = sched.NewScratchList(c, func() *jamFrame[T] {
		f := &jamFrame[T]{}
		f.test = e.testTask(f)
		f.handover = f.kh.take
		return f
	})
	e.recs = sched.NewScratchList(c, func() *workRec { return new(workRec) })
	e.newKidLists(c)
	if opt.Killers || opt.History {
		e.workers = sched.NewFreeList(c, e.newWorker) // per-processor ordering state
		if !e.batch {
			e.rows = newRowLists[T](c)
		}
	} else {
		// Without killers and history a worker carries no state from one
		// search to the next that the search reads (its counters are only
		// summed), so on the simulator one list serves every processor:
		// at P = inf a Searcher (about half a megabyte) per processor
		// that ever searched at the grain would make the deferred-read
		// tests peak at 2.6 GB.
		e.workers = sched.NewScratchList(c, e.newWorker)
	}
	if e.batch {
		e.locals = make([]jamLocal, c.NumProcs())
		e.leafPos = make([]scratchPos[T], c.NumProcs())
	} else {
		e.locals = make([]jamLocal, 1) // one for all (see local)
		e.leafPos = make([]scratchPos[T], 1)
	}
	table.NewSearch()
	o := opt
	o.DistTT = false // reported on its own (dist-tt=…)
	res := &JamboreeResult{Options: opt, Variants: o.VariantString()}
	f := e.frames.Get(c)
	f.pos = *root
	var total workRec
	res.iterate(c, opt, rootSearches{batch: e.batch, began: time.Now(),
		search:  func(d int, aspire bool) (game.Value, bool) { return e.rootSearch(c, f, d, res.Value, aspire, &total) },
		pv:      func() []game.Move { return f.pv[:f.pvLen] },
		horizon: func() int64 { return total.horizon }})
	e.frames.Put(c, f)
	e.cnt.fill(&res.Work, &total, e.locals)
	e.all.release(&res.TT, &res.Serial)
	res.Serial.Finalize()
	res.TT.Fill, res.TT.Entries = table.Fill(), table.Len()
	return res
}

// rootSearch searches the root to depth d, with an aspiration window
// around prev when asked (re-opening the side that fails, as Searcher's
// iterate does).
func (e *jamEngine[T, P]) rootSearch(c sched.Ctx, f *jamFrame[T], d int, prev game.Value, havePrev bool, total *workRec) (game.Value, bool) {
	alpha, beta := aspirationWindow(prev, e.opt.Aspiration, havePrev)
	for {
		v, _, ok := e.jam(c, f, window{depth: d, alpha: alpha, beta: beta, typ: metrics.PV}, total)
		if !ok {
			return 0, false
		}
		var done bool
		if alpha, beta, done = widen(v, alpha, beta); done {
			return v, true
		}
	}
}

// scratchPos is a processor's scratch position, padded so that no two
// processors' positions share a cache line.
type scratchPos[T any] struct {
	_   [64]byte
	pos T
	_   [64]byte
}

// scratch is the processor's scratch position for a leaf's child, used
// from its Play to its evaluation, with no yield and no other leaf in
// between: one for all on the simulator, which runs one processor at a
// time, one per worker on the pool.
func (e *jamEngine[T, P]) scratch(c sched.Ctx) *T {
	if !e.batch {
		return &e.leafPos[0].pos
	}
	return &e.leafPos[c.Proc()].pos
}

// local is the processor's own event counters: written by its tasks
// only, so that no counter is shared between workers on the hot path.
func (e *jamEngine[T, P]) local(c sched.Ctx) *jamLocal {
	if !e.batch {
		// The simulator runs one processor at a time and the counters
		// are only summed: one set serves all (per processor they would
		// be 128 bytes each of 400,000 processors at P = inf).
		return &e.locals[0]
	}
	i := c.Proc()
	if i >= len(e.locals) {
		// Only on the infinite simulated machine, whose processors are
		// created as it runs (one at a time).
		e.locals = append(e.locals, make([]jamLocal, i+1-len(e.locals))...)
	}
	return &e.locals[i]
}

// ttAccess charges a table access made by a Jamboree node itself.
func (e *jamEngine[T, P]) ttAccess(c sched.Ctx, key uint64) {
	if e.opt.DistTT {
		chargeTT(c, key)
	}
}

// jam searches the node in f where w says (w.ply plies below the root,
// w.depth plies to go, Knuth–Moore type w.typ) with w's window (α, β),
// counting its nodes in rec. It returns the fail-soft value, the best move
// when the value is above α (else possibly NoMove), and ok = false when
// the search was aborted (the value is then meaningless). f.pv receives
// the principal variation. Before jam returns, every task it spawned has
// finished.
//
// jam is Fig. 2's "jamboree(n, α, β)" (J1) as a dispatch: a leaf (J2),
// a node at the grain (the serial Scout, Fig. 1), a node with deferred
// reads, the pool's inline node, or Fig. 2 itself (jamNode).
func (e *jamEngine[T, P]) jam(c sched.Ctx, f *jamFrame[T], w window, rec *workRec) (game.Value, game.Move, bool) {
	f.pvLen = 0
	if e.serialNode(w.depth) || w.ply >= game.MaxPly-1 {
		if w.depth <= 0 && !e.opt.Quiescence || w.ply >= game.MaxPly-1 {
			return e.leaf(c, &f.pos, w.ply, rec)
		}
		e.local(c).serial++
		return e.serial(c, f, w, rec)
	}
	if e.opt.Deferred && w.ply > 0 {
		return e.jamDeferred(c, f, w, rec)
	}
	if e.inlines(w.ply, w.depth) {
		return e.inlineNode(c, f, w, rec)
	}
	return e.jamNode(c, f, w, rec)
}

// isJamNode says that jam would search a node ply plies deep with depth
// plies to go as jamNode: above the grain, neither deferred nor the
// pool's inline node. A caller that knows it calls jamNode directly, one
// frame less on the stack of a simulated processor that waits below.
func (e *jamEngine[T, P]) isJamNode(ply, depth int) bool {
	return !e.serialNode(depth) && ply < game.MaxPly-1 &&
		!(e.opt.Deferred && ply > 0) && !e.inlines(ply, depth)
}

// serialNode says that a node with depth plies to go is searched by the
// serial Scout: at or below the grain, and on the pool also a node whose
// children are all leaves (depth 1 without quiescence). Such a node's
// tests are static evaluations, which the pool never promotes (beginTests):
// run by jamNode they would be Scout's tests with Jamboree's bookkeeping
// around each, so the serial Scout runs them. The
// simulator keeps them in the algorithm's DAG.
func (e *jamEngine[T, P]) serialNode(depth int) bool {
	return depth <= e.opt.Grain || (e.batch && depth == 1 && !e.opt.Quiescence)
}

// isLeaf says that jam would search a node ply plies deep with depth
// plies to go as a leaf.
func (e *jamEngine[T, P]) isLeaf(ply, depth int) bool {
	return (depth <= e.opt.Grain && depth <= 0 && !e.opt.Quiescence) || ply >= game.MaxPly-1
}

// child searches the child of f by move m with jam, where w says (the
// child's window, from its side: w is the node's w.child). A leaf child is
// played into a scratch position (a fifth of a frame) and g is nil; else g
// is the child's frame, with its principal variation, which the caller
// puts back. The leaves a node waits on while their charges yield are
// most of the frames in flight at P = inf.
func (e *jamEngine[T, P]) child(c sched.Ctx, f *jamFrame[T], m game.Move, w window, rec *workRec) (v game.Value, ok bool, g *jamFrame[T]) {
	if e.isLeaf(w.ply, w.depth) {
		v, ok = e.leafChild(c, &f.pos, m, w.ply, rec)
		return v, ok, nil
	}
	g = e.frames.Get(c)
	P(&f.pos).Play(m, &g.pos)
	v, _, ok = e.jam(c, g, w, rec)
	return v, ok, g
}

// leaf is a node at the horizon without quiescence (or at MaxPly): its
// static value (StarTech Fig. 2, J2, 000:L132), as the serial search's
// enter gives it.
func (e *jamEngine[T, P]) leaf(c sched.Ctx, p *T, ply int, rec *workRec) (game.Value, game.Move, bool) {
	if c.Aborted() {
		return 0, game.NoMove, false
	}
	chargeLeafNode(c) // a draw or an evaluation, a leaf as the serial search counts it
	return e.leafValue(p, ply, rec), game.NoMove, true
}

// leafChild is leaf for the child by move m of the position at pos, ply
// plies deep: its charge (where a simulated processor yields) comes
// before the child is played into the processor's scratch position, so
// that no position is held across the yield.
func (e *jamEngine[T, P]) leafChild(c sched.Ctx, pos *T, m game.Move, ply int, rec *workRec) (game.Value, bool) {
	if c.Aborted() {
		return 0, false
	}
	chargeLeafNode(c)
	p := e.scratch(c)
	P(pos).Play(m, p)
	return e.leafValue(p, ply, rec), true
}

// leafValue is leaf after its charge: the position's draw or evaluation,
// counted in rec.
func (e *jamEngine[T, P]) leafValue(p *T, ply int, rec *workRec) game.Value {
	rec.nodes++
	pos := P(p)
	if ply > 0 && pos.Draw() {
		return 0
	}
	rec.horizon++
	return pos.Eval()
}
