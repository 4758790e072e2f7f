package algos

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
	"splitpoint/tt"
)

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
	opt       Options
	table     *tt.Table
	levels    bool
	batch     bool // pool: charge the serial part's nodes once per serial search
	inline    bool // pool: the nodes above the grain's serial searches are inline nodes (inlineNode)
	forced    bool
	locals    []jamLocal // per processor: see local
	frames    *sched.FreeList[jamFrame[T]]
	positions *sched.FreeList[T] // scratch positions of leafPlay
	workers   *sched.FreeList[jamWorker[T, P]]
	recs      *sched.FreeList[workRec] // the kids' record splits (jamKid.more)
	// rows, on the simulator with per-processor workers (killers or
	// history), are the rows the workers borrow for their searches
	// (lendRows): a worker keeps only its ordering state.
	rows [rowClasses]*sched.FreeList[searcherRows[T]]
	mu   sync.Mutex
	all  []*jamWorker[T, P]
	reg  busyRegistry
	cnt  jamCounters
}

// jamFrame is one Jamboree node's scratch: its position, its ordered moves,
// its children's state and its principal variation. Frames come from a
// per-processor free list, so the parallel part allocates only the
// runtime's tasks and one closure per spawned test.
type jamFrame[T any] struct {
	pos T
	// moves, scores and pv grow to what the nodes the frame served needed
	// (genMoves, order, pvRoom), not to game.MaxMoves and game.MaxPly:
	// with fixed arrays a frame would be 3.7 KB, and at P = inf on BK.01
	// at depth 5 the 184,000 frames in flight would be half the heap.
	moves []game.Move
	// kids and sorted grow to the widest node the frame served: frames
	// are per processor, and the infinite simulated machine has many.
	kids []jamKid
	pend []*sched.Task // the tests still running, in move order
	// stale is restartStale's scratch: the tests it interrupts.
	stale []*sched.Task
	// test runs the test of child i (J8) as a task; made once per frame,
	// so that a spawn allocates no closure.
	test func(c sched.Ctx, i int) any
	// node is the node's search in progress. Its tests read its ply,
	// depth and type, set before they are spawned; the rest is its
	// owner's alone.
	node jamNode
	// scores are the moves' ordering scores (when scored): order puts the
	// best move first, sortRest the others after the first child.
	scores []int32
	scored bool
	sorted []scoredMove
	pvLen  int
	pv     []game.Move
	// alpha is the node's current α, shared with its running tests:
	// Fig. 2's α is one variable of the node that every iteration of the
	// parallel loop reads when it starts its test (J8) and the re-searches
	// raise (J16). A test that starts after a re-search raised α tests
	// against the new one, so on one processor Jamboree tests exactly as
	// the serial Scout does.
	alpha atomic.Int32
	// On the pool (latentLoop): the latent tests not yet started, of the
	// node's task.
	latentRange
	// kh hands the owner's killers to the tests other processors start
	// (killers.go).
	kh killerHandover
}

// jamNode is the state of a node's search that the steps of Fig. 2 share
// (the first child, jamRest, the parallel loops, the re-searches, a
// variant's own step, the table store): where the node is, its window
// and the best value and move so far, set as the node is entered. The node's work record is not in it but passed along:
// it is the caller's (often on the caller's stack), and a pointer to it
// kept in a frame would move every such record to the heap.
type jamNode struct {
	// window is where the node is (ply, depth, type) and its window; its
	// alpha is the node's α as its owner has raised it (J5, J16), the
	// frame's atomic alpha the copy its running tests read (J8). Tests
	// read only its ply, depth and type, which do not change while they
	// run: they never copy the whole window.
	window
	key    uint64     // the position's hash (the table store)
	alpha0 game.Value // α as the node was entered (the table store, serializeSecond)
	b      game.Value // the best value so far (J9, J17)
	best   game.Move  // its move
	h0     int64      // the work record's horizon count when the node began
	// prelim is the value of the node's recursive iterative deepening
	// search (or its table bound), when havePrelim (serializeSecond).
	prelim     game.Value
	havePrelim bool
}

// jamKid is the state of one iteration of the parallel loop (Fig. 2, J7).
//
// The test's work record is kept in two parts: its nodes and horizon
// count, which every classification folds, and, only when its subtree
// has some, its split of failed, cutoff and aborted work (more, from the
// engine's list), which only a useful test's fold reads. A kid is then 48
// bytes rather than 136: a frame holds one per child of the widest node
// it served, and at P = 65,536 and P = inf the kids of the frames in
// flight are a large part of the heap.
type jamKid struct {
	task       *sched.Task
	val        game.Value // the test's value, from the parent's side
	alpha      game.Value // the α the test ran with
	ok         bool       // the test finished without being aborted
	state      uint8
	classified bool
	// started is set by the test as it starts, before it reads the
	// node's α: a running test that started before α rose is the one
	// the restart variant interrupts (restartStale).
	started atomic.Bool
	// nodes and horizon are the test's workRec counts (see above).
	nodes, horizon int64
	more           *workRec
}

// keep stores r, the record of the kid's finished test, its split (if
// any) in a record from l, the engine's list.
func (k *jamKid) keep(c sched.Ctx, l *sched.FreeList[workRec], r *workRec) {
	k.nodes, k.horizon = r.nodes, r.horizon
	if r.failed != ([4]int64{}) || r.cutoff != ([4]int64{}) || r.aborted != ([4]int64{}) {
		k.more = l.Get(c)
		*k.more = *r
	}
}

// keepOwn is keep for r from the engine's list: the kid keeps r as its
// split, or gives it back when there is none.
func (k *jamKid) keepOwn(c sched.Ctx, l *sched.FreeList[workRec], r *workRec) {
	k.nodes, k.horizon = r.nodes, r.horizon
	if r.failed != ([4]int64{}) || r.cutoff != ([4]int64{}) || r.aborted != ([4]int64{}) {
		k.more = r
		return
	}
	l.Put(c, r)
}

// take returns the kid's record and empties it (its split goes back to
// l, the engine's list).
func (k *jamKid) take(c sched.Ctx, l *sched.FreeList[workRec]) workRec {
	r := workRec{nodes: k.nodes, horizon: k.horizon}
	if k.more != nil {
		r = *k.more
		l.Put(c, k.more)
		k.more = nil
	}
	k.nodes, k.horizon = 0, 0
	return r
}

const (
	kidRunning uint8 = iota // test spawned, not yet seen finished
	kidFailed               // test came back above α: to be re-searched (J11)
	kidDone                 // iteration complete (J18)
)

// jamWorker is a processor's serial engine for the subtrees below the
// grain: a Searcher whose Hook charges each node to the machine and polls
// for an abort, and whose table view charges each table access.
type jamWorker[T any, P game.Position[T]] struct {
	s     *Searcher[T, P]
	rows  *searcherRows[T] // lent to s for a search (lendRows), or nil
	rowK  int              // their size class
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
		f.test = func(c sched.Ctx, i int) any { e.test(c, f, i); return nil }
		return f
	})
	e.positions = sched.NewScratchList(c, func() *T { return new(T) })
	e.recs = sched.NewScratchList(c, func() *workRec { return new(workRec) })
	if opt.Killers || opt.History {
		e.workers = sched.NewFreeList(c, e.newWorker) // per-processor ordering state
		if !e.batch {
			e.newRowLists(c)
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
	} else {
		e.locals = make([]jamLocal, 1) // one for all (see local)
	}
	table.NewSearch()
	o := opt
	o.DistTT = false // reported on its own (dist-tt=…)
	res := &JamboreeResult{Options: opt, Variants: o.VariantString()}
	f := e.frames.Get(c)
	f.pos = *root
	var total workRec
	res.iterate(c, opt, e.batch, time.Now(),
		func(d int, aspire bool) (game.Value, bool) { return e.rootSearch(c, f, d, res.Value, aspire, &total) },
		func() []game.Move { return f.pv[:f.pvLen] },
		func() int64 { return total.horizon })
	e.frames.Put(c, f)
	e.cnt.fill(&res.Work, &total, e.locals)
	e.mu.Lock()
	for _, w := range e.all {
		res.Serial.Merge(&w.s.Counters)
		res.TT.Merge(w.s.TTStats)
	}
	for _, w := range e.all {
		if w.s.Stack != nil { // rowless: nothing worth keeping
			putSearcher(w.s)
		}
		w.s = nil
	}
	e.all = nil
	e.mu.Unlock()
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

func (e *jamEngine[T, P]) newWorker() *jamWorker[T, P] {
	o := e.opt
	o.Algo, o.Time, o.MaxNodes = AlgoScout, 0, 0
	w := &jamWorker[T, P]{e: e}
	tab := e.table
	if e.opt.DistTT {
		tab = e.table.View(w)
	}
	// Without quiescence a serial search at the grain stays above the
	// root's depth: rows for those plies only.
	if e.rows[0] != nil {
		w.s = rowlessWorkerSearcher[T, P](o, tab, w, e.forced)
		w.s.lender = w
	} else {
		w.s = workerSearcher[T, P](o, tab, w, e.batch, e.forced)
	}
	e.mu.Lock()
	e.all = append(e.all, w)
	e.mu.Unlock()
	return w
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

// jamNode is jam at a node above the grain: Fig. 2 itself. It enters the
// node (J1–J2: a draw, a table answer, no moves; else its moves, ordered
// after recursive iterative deepening) and sets f.node, the node's state
// that every later step reads and raises; first goes on with J3.
func (e *jamEngine[T, P]) jamNode(c sched.Ctx, f *jamFrame[T], w window, rec *workRec) (game.Value, game.Move, bool) {
	if c.Aborted() {
		return 0, game.NoMove, false
	}
	chargeNode(c)
	rec.nodes++
	h0 := rec.horizon // rec holds this node's subtree from here on
	e.local(c).parallel++
	pos := P(&f.pos)
	if w.ply > 0 && pos.Draw() {
		chargeLeaf(c)
		return 0, game.NoMove, true
	}
	f.node = jamNode{window: w, key: pos.Hash(), alpha0: w.alpha, h0: h0}
	nd := &f.node
	hint := game.NoMove
	var ent tt.Entry
	have := false
	if e.table != nil {
		e.ttAccess(c, nd.key)
		if ent, have = e.table.Probe(nd.key, w.ply); have {
			if e.opt.TTMove || e.opt.RID {
				hint = ent.Move
			}
			if v, cut := tableCut(ent, w.ply, w.depth, w.alpha, w.beta); cut != noCut {
				// A table answer counts as a horizon unless its search
				// met none (see workRec); it is a leaf, as the serial
				// search counts leaves.
				if ent.Flags&tt.FlagEnd == 0 {
					rec.horizon++
				}
				chargeLeaf(c)
				if cut == upperCut {
					return v, game.NoMove, true
				}
				return v, ent.Move, true
			}
		}
	}
	n := f.genMoves(pos, &e.local(c).gen)
	chargeGen(c)
	if n == 0 {
		chargeLeaf(c)
		return terminalValue[T, P](pos, w.ply), game.NoMove, true
	}
	exact, ok := e.recursiveDeepening(c, f, rec, &hint, ent, have)
	if !ok {
		return 0, game.NoMove, false
	}
	if exact {
		// The search one ply shallower met no horizon: it is this
		// search's answer (f.pv holds its variation).
		nd.b, nd.best = nd.prelim, game.NoMove
		if nd.prelim > w.alpha {
			nd.best = hint
		}
		e.store(c, nd, rec.horizon == h0)
		return nd.b, nd.best, true
	}
	e.order(c, f, w.ply, n, hint)
	return e.first(c, f, n, rec)
}

// first values the first child of the node in f serially with the node's
// window (J3), returns at once when it fails high (J4) and raises α to its
// value (J5); jamRest goes on with the other children (J6–J20).
func (e *jamEngine[T, P]) first(c sched.Ctx, f *jamFrame[T], n int, rec *workRec) (game.Value, game.Move, bool) {
	nd := &f.node
	var r0 workRec
	v, ok, g := e.child(c, f, f.moves[0], nd.child(-nd.beta, -nd.alpha, nd.typ.Child(0)), &r0) // J3
	rec.addUseful(&r0)
	b := -v
	best := f.moves[0]
	if ok && b > nd.alpha {
		f.setPV(best, g)
	}
	if g != nil {
		e.frames.Put(c, g)
	}
	if !ok {
		return 0, game.NoMove, false
	}
	nd.b, nd.best = b, best
	if b >= nd.beta { // J4 (read "b ≥ β", as in Scout S6)
		e.store(c, nd, rec.horizon == nd.h0)
		e.learn(c, f)
		return b, best, true
	}
	if b > nd.alpha { // J5
		nd.alpha = b
	}
	f.sortRest(1, n)
	return e.jamRest(c, f, 1, n, rec)
}

// jamRest is the rest of jamNode once the children before start are
// searched (the first, J3): f.node holds the node's state, its best value
// and move so far and its α raised by them.
func (e *jamEngine[T, P]) jamRest(c sched.Ctx, f *jamFrame[T], start, n int, rec *workRec) (game.Value, game.Move, bool) {
	nd := &f.node
	if start == 1 && (e.opt.Value2 || e.opt.SerializeAll) {
		s, cut, ok := e.serialPrefix(c, f, n, rec)
		if !ok {
			return 0, game.NoMove, false
		}
		if cut {
			return e.finish(c, f, rec)
		}
		start = s
	}
	if start == 1 && e.serializeSecond(nd, n) {
		e.local(c).ser2++
		cut, ok := e.serialChild(c, f, 1, rec)
		if !ok {
			return 0, game.NoMove, false
		}
		if cut {
			return e.finish(c, f, rec)
		}
		start = 2
	}
	if start < n {
		var ok bool
		if e.batch { // the pool: latent tests
			ok = e.latentLoop(c, f, start, n, rec)
		} else {
			ok = e.parallelLoop(c, f, start, n, rec)
		}
		if !ok {
			return 0, game.NoMove, false
		}
	}
	return e.finish(c, f, rec)
}

// finish ends the node in f with its best value and move: the table store
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

// leaf is a node at the horizon without quiescence (or at MaxPly): its
// static value, as the serial search's enter gives it.
func (e *jamEngine[T, P]) leaf(c sched.Ctx, p *T, ply int, rec *workRec) (game.Value, game.Move, bool) {
	if c.Aborted() {
		return 0, game.NoMove, false
	}
	chargeLeafNode(c) // a draw or an evaluation, a leaf as the serial search counts it
	rec.nodes++
	pos := P(p)
	if ply > 0 && pos.Draw() {
		return 0, game.NoMove, true
	}
	rec.horizon++
	return pos.Eval(), game.NoMove, true
}

// leafPlay is leaf for the child of pos by move m, without a frame: the
// charge (where a simulated processor yields) comes first, then the child
// is played into a position borrowed from the scratch list and returned
// at once, with no yield in between. A test of a leaf child, the most
// numerous task, so holds no frame while it waits for its turn on the
// simulated clock. Time and values are leaf's.
func (e *jamEngine[T, P]) leafPlay(c sched.Ctx, pos *T, m game.Move, rec *workRec) (game.Value, bool) {
	if c.Aborted() {
		return 0, false
	}
	chargeLastLeafNode(c) // the test ends after the evaluation
	rec.nodes++
	g := e.positions.Get(c)
	P(pos).Play(m, g)
	v := game.Value(0)
	if !P(g).Draw() {
		rec.horizon++
		v = P(g).Eval()
	}
	e.positions.Put(c, g)
	return v, true
}

// serialNode says that a node with depth plies to go is searched by the
// serial Scout: at or below the grain, and on the pool also a node whose
// children are all leaves (depth 1 without quiescence). Such a node's
// tests are static evaluations, which the pool never promotes (latentLoop):
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
		p := e.positions.Get(c)
		P(&f.pos).Play(m, p)
		v, _, ok = e.leaf(c, p, w.ply, rec)
		e.positions.Put(c, p)
		return v, ok, nil
	}
	g = e.frames.Get(c)
	P(&f.pos).Play(m, &g.pos)
	v, _, ok = e.jam(c, g, w, rec)
	return v, ok, g
}

// genMoves generates the legal moves of pos into f.moves through buf, the
// processor's game.MaxMoves scratch (nothing yields in between, so on the
// simulator one buffer serves every processor), and returns their number.
func (f *jamFrame[T]) genMoves(pos interface{ Moves([]game.Move) int }, buf *[game.MaxMoves]game.Move) int {
	n := pos.Moves(buf[:])
	if cap(f.moves) < n {
		f.moves = make([]game.Move, n)
	}
	f.moves = f.moves[:n]
	copy(f.moves, buf[:n])
	return n
}

// pvRoom makes f.pv hold at least n moves (at most game.MaxPly).
func (f *jamFrame[T]) pvRoom(n int) {
	n = min(n, game.MaxPly)
	if len(f.pv) < n {
		f.pv = make([]game.Move, max(n, 8))
	}
}

// setPV makes m followed by g's principal variation f's (g nil: a leaf).
func (f *jamFrame[T]) setPV(m game.Move, g *jamFrame[T]) {
	k := 0
	if g != nil {
		k = min(g.pvLen, game.MaxPly-1)
	}
	f.pvRoom(1 + k)
	f.pv[0] = m
	if g != nil {
		copy(f.pv[1:1+k], g.pv[:k])
	}
	f.pvLen = 1 + k
}

// tested takes in the finished test of child j (J9–J11, both parallel
// loops): its value raises the best value b (and move), a value ≥ β is a
// cutoff (J10, reported), and a value above the α the test ran with marks
// it failed (J11) — compared with that α, not the current one: a
// fail-soft test above its own α is only a lower bound, which a raised α
// does not make an answer.
func (f *jamFrame[T]) tested(j int) (cut bool) {
	k := &f.kids[j]
	s := k.val
	if s > f.node.b { // J9
		f.node.b, f.node.best = s, f.moves[j]
	}
	switch {
	case s >= f.node.beta: // J10: abort-and-return
		k.state = kidDone
		f.setPVMove(f.moves[j])
		return true
	case s > k.alpha: // J11: the test failed
		k.state = kidFailed
	default:
		k.state = kidDone
	}
	return false
}

// setPVMove makes the one move m f's principal variation.
func (f *jamFrame[T]) setPVMove(m game.Move) {
	f.pvRoom(1)
	f.pv[0], f.pvLen = m, 1
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

// order orders the node's moves as the serial Scout would at this ply,
// with the ordering state (killers, history) of the processor's worker:
// the hint (the table's or recursive deepening's best move) first, then
// MVV-LVA, killers and history as the options say. Only the first move is
// put in place here (the serial search's lazy pick: a cutoff by the first
// child needs no more); sortRest orders the others once they are needed.
func (e *jamEngine[T, P]) order(c sched.Ctx, f *jamFrame[T], ply, n int, hint game.Move) {
	f.scored = false
	if hint == game.NoMove && !e.opt.ordering() {
		return
	}
	if cap(f.scores) < n {
		f.scores = make([]int32, n)
	}
	f.scores = f.scores[:n]
	w := e.workers.Get(c)
	e.lendRows(c, w, ply+1)
	f.scored = w.s.scoreFor(&f.pos, f.moves[:n], ply, hint, f.scores[:n])
	e.returnRows(c, w)
	e.workers.Put(c, w)
	if !f.scored {
		return
	}
	j := 0
	for k := 1; k < n; k++ {
		if f.scores[k] > f.scores[j] {
			j = k
		}
	}
	if j != 0 {
		m, v := f.moves[j], f.scores[j]
		copy(f.moves[1:j+1], f.moves[:j])
		copy(f.scores[1:j+1], f.scores[:j])
		f.moves[0], f.scores[0] = m, v
	}
}

// sortRest orders moves from…n−1 by score, best first, ties in their
// present order: the order the serial Scout's repeated pick gives.
func (f *jamFrame[T]) sortRest(from, n int) {
	if f.scored && n-from >= 2 {
		sortScored(f.moves[from:n], f.scores[from:n], &f.sorted)
	}
	f.scored = false
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

// serialChild searches child i in place as Scout does (Fig. 1, S9–S16): a
// null-window test, and if it fails, the re-search for value. It reports a
// fail high (cut) and ok = false when aborted.
func (e *jamEngine[T, P]) serialChild(c sched.Ctx, f *jamFrame[T], i int, rec *workRec) (cut, ok bool) {
	nd := &f.node
	m := f.moves[i]
	var rt workRec
	v, ok, g := e.child(c, f, m, nd.child(-nd.alpha-1, -nd.alpha, nd.typ.Child(i)), &rt)
	if g != nil {
		e.frames.Put(c, g)
	}
	s := -v
	if !ok {
		rec.addUseful(&rt)
		return false, false
	}
	if s > nd.b {
		nd.b, nd.best = s, m
	}
	if s >= nd.beta {
		rec.addUseful(&rt)
		f.setPVMove(m)
		return true, true
	}
	if s <= nd.alpha {
		rec.addUseful(&rt)
		return false, true
	}
	rec.addFailed(&rt, nd.typ.Child(i))
	return e.research(c, f, i, rec)
}

// Outcomes of retest.
const (
	retestLow     = iota // the child fails low against the node's α: its iteration is complete
	retestHigh           // it fails high: re-search it for value
	retestCut            // it fails high at β: the node is cut off
	retestAborted        // the node was aborted
)

// retest tests child i again against the node's present α (the restart
// variant): its first test ran against a lower α and failed high, but not
// above the α that an elder brother's re-search has since set. Lu's
// ParaChinook makes the same refinement for the tests it farms
// (003:L918); YBWC's youngerBrother does it too.
func (e *jamEngine[T, P]) retest(c sched.Ctx, f *jamFrame[T], i int, rec *workRec) int {
	e.local(c).retests++
	nd := &f.node
	m := f.moves[i]
	var rt workRec
	v, ok, g := e.child(c, f, m, nd.child(-nd.alpha-1, -nd.alpha, nd.typ.Child(i)), &rt)
	if g != nil {
		e.frames.Put(c, g)
	}
	s := -v
	switch {
	case !ok:
		rec.addUseful(&rt)
		return retestAborted
	case s >= nd.beta:
		rec.addUseful(&rt)
		nd.b, nd.best = s, m
		f.setPVMove(m)
		return retestCut
	case s <= nd.alpha:
		rec.addUseful(&rt)
		if s > nd.b {
			nd.b = s
		}
		return retestLow
	}
	rec.addFailed(&rt, nd.typ.Child(i))
	return retestHigh
}

// restartStale is Lu's window restart (003:L918) in Jamboree (the restart
// variant): α has just risen, so the tests of children from…n−1 that
// started against a lower α and are still running are aborted and spawned
// again, to test against the new α as the serial Scout would. Their nodes
// so far are aborted work. A test not yet started reads the new α when it
// starts and is left alone.
func (e *jamEngine[T, P]) restartStale(c sched.Ctx, f *jamFrame[T], pend *[]*sched.Task, from, n int, rec *workRec) {
	nd := &f.node
	stale := f.stale[:0]
	for j := from; j < n; j++ {
		if k := &f.kids[j]; k.state == kidRunning && k.task != nil && k.started.Load() && !k.task.Done() {
			c.Abort(k.task)
			stale = append(stale, k.task)
		}
	}
	if len(stale) == 0 {
		return
	}
	c.Wait(stale...)
	for j := from; j < n; j++ {
		k := &f.kids[j]
		if k.task == nil || !slices.Contains(stale, k.task) {
			continue
		}
		old := k.task
		kr := k.take(c, e.recs)
		rec.addAborted(&kr, nd.typ.Child(j))
		k.started.Store(false)
		c.Release(old)
		k.task = c.SpawnIndexedAt(nd.ply+1, f.test, j)
		if x := slices.Index(*pend, old); x >= 0 {
			(*pend)[x] = k.task
		}
		e.local(c).restarts++
	}
	f.stale = stale[:0]
}

// research searches child i for value with the full window (J14) and
// applies J15–J17.
func (e *jamEngine[T, P]) research(c sched.Ctx, f *jamFrame[T], i int, rec *workRec) (cut, ok bool) {
	e.local(c).failedTests++
	nd := &f.node
	m := f.moves[i]
	var rr workRec
	v, ok, g := e.child(c, f, m, nd.child(-nd.beta, -nd.alpha, metrics.PV), &rr)
	if g != nil {
		defer e.frames.Put(c, g)
	}
	rec.addUseful(&rr)
	if !ok {
		return false, false
	}
	s := -v
	if s >= nd.beta { // J15
		nd.b, nd.best = s, m
		f.setPV(m, g)
		return true, true
	}
	if s > nd.alpha { // J16
		nd.alpha, nd.best = s, m
		f.setPV(m, g)
	}
	if s > nd.b { // J17
		nd.b = s
	}
	return false, true
}

// completeInOrder is J12/J18 of StarTech Fig. 2: from next, it completes
// the node's iterations in move order, re-searching each failed test once
// everything to its left is complete, and stops at a running test, a cut
// or an abort. It returns the first child not completed, the child that
// cut (-1 for none) and whether the node was aborted. The eager loop
// (parallelLoop) and the pool's latent one (latentLoop) share it; a call
// below (a re-search) may promote the node's latent tests, so the caller
// reads f's bounds and pending tests afresh after it.
func (e *jamEngine[T, P]) completeInOrder(c sched.Ctx, f *jamFrame[T], pend *[]*sched.Task, next, n int, rec *workRec) (int, int, bool) {
	nd := &f.node
	for next < n {
		k := &f.kids[next]
		if k.state == kidRunning {
			break
		}
		if k.state == kidFailed {
			kr := k.take(c, e.recs)
			rec.addFailed(&kr, nd.typ.Child(next))
			k.classified = true
			if e.opt.Restart && k.alpha < nd.alpha && k.val <= nd.alpha {
				// The test ran against an α that has risen since: test
				// again against the node's α, as the serial Scout would
				// have tested, and re-search only if that fails too.
				switch e.retest(c, f, next, rec) {
				case retestAborted:
					k.state = kidDone
					return next + 1, -1, true
				case retestCut:
					k.state = kidDone
					return next + 1, next, false
				case retestLow:
					k.state = kidDone
					next++
					continue
				}
			}
			a0 := nd.alpha
			isCut, ok := e.research(c, f, next, rec)
			f.alpha.Store(nd.alpha)
			k.state = kidDone
			if ok && !isCut && nd.alpha > a0 && e.opt.Restart {
				e.restartStale(c, f, pend, next+1, n, rec)
			}
			if !ok {
				return next + 1, -1, true
			}
			if isCut {
				return next + 1, next, false
			}
		}
		next++
	}
	return next, -1, false
}

// prepare readies the frame for children start…n−1 (eager or latent
// loop): their records zeroed, room for their tasks.
func (f *jamFrame[T]) prepare(start, n int) {
	if len(f.kids) < n {
		// Exactly n, not doubled: a kid is 48 bytes, a node has at most
		// game.MaxMoves children (so a frame grows a few times at most),
		// and at P = 65,536 the kids of the frames in flight are the
		// largest part of the heap.
		f.kids = make([]jamKid, n)
	}
	for i := start; i < n; i++ {
		f.kids[i] = jamKid{}
	}
	if cap(f.pend) < n-start {
		// Grown to the widest node the frame has served, not made at
		// game.MaxMoves: 2 KB a frame, and tens of thousands of frames
		// are in flight at P = 65,536.
		f.pend = make([]*sched.Task, 0, max(n-start, 2*cap(f.pend)))
	}
}

// parallelLoop is Fig. 2's J7–J19 for children start…n−1: every test is
// spawned at once (with the α of this moment), results are taken as they
// come (WaitAny), a fail high aborts all running siblings and returns
// (J10, J15), and failed tests are re-searched here, in move order, each
// once every iteration to its left is complete (J12). It returns false
// when the node was aborted. Every spawned test has finished when it
// returns, and each child's nodes are folded into rec as useful, failed,
// cutoff or aborted work.
func (e *jamEngine[T, P]) parallelLoop(c sched.Ctx, f *jamFrame[T], start, n int, rec *workRec) bool {
	f.alpha.Store(f.node.alpha)
	e.ownKillers(c, f)
	level := f.node.ply + 1
	e.local(c).tests += int64(n - start)
	f.prepare(start, n)
	// Without levels the children are spawned last first, so that the
	// owner's LIFO pops the first child first; with levels in move order
	// (each level runs oldest first).
	pend := f.pend[:n-start]
	c.SpawnRangeAt(level, f.test, start, n, !e.levels, pend)
	for i := start; i < n; i++ {
		f.kids[i].task = pend[i-start]
	}
	next, cut, aborted := start, -1, false
	for cut < 0 && !aborted {
		next, cut, aborted = e.completeInOrder(c, f, &pend, next, n, rec)
		if next >= n || cut >= 0 || aborted {
			break
		}
		t := c.WaitAny(pend...)
		j := t.Index()
		pend = removeTask(pend, t)
		k := &f.kids[j]
		if !k.ok || t.WasAborted() {
			k.state = kidDone
			aborted = true
			break
		}
		if f.tested(j) {
			cut = j
		}
	}
	if cut >= 0 {
		e.local(c).failHighs++
	}
	e.settle(c, f, start, n, cut, rec)
	return !aborted
}

// settle ends a node's parallel loop (eager or latent): it aborts the
// tests still running and waits for them, classifies every child's work
// not yet classified (StarTech §4: cutoff work right of the cut, aborted,
// failed — a failed test never re-searched because the node failed high
// first — or useful) and releases the children's tasks. A latent test
// never started has no task and no work.
func (e *jamEngine[T, P]) settle(c sched.Ctx, f *jamFrame[T], start, n, cut int, rec *workRec) {
	typ := f.node.typ
	pend := f.pend[:0]
	tasks := false // a child ran as a task (promoted, or spawned by the eager loop)
	for j := start; j < n; j++ {
		k := &f.kids[j]
		if k.task == nil {
			continue
		}
		tasks = true
		if k.state == kidRunning {
			c.Abort(k.task)
			pend = append(pend, k.task)
		}
	}
	if len(pend) > 0 {
		c.Wait(pend...)
	}
	for j := start; j < n; j++ {
		k := &f.kids[j]
		if k.classified {
			continue
		}
		ct := typ.Child(j)
		kr := k.take(c, e.recs)
		switch {
		case cut >= 0 && j > cut:
			rec.addCutoff(&kr, ct)
		case k.state == kidRunning:
			rec.addAborted(&kr, ct)
		case k.state == kidFailed:
			rec.addFailed(&kr, ct)
		default:
			rec.addUseful(&kr)
		}
	}
	for j := start; tasks && j < n; j++ {
		if k := &f.kids[j]; k.task != nil {
			c.Release(k.task)
			k.task = nil
		}
	}
	f.pend = pend[:0]
}

// test is the task of child i's test (J8): a null-window search against
// the node's α as the test starts, its value kept in the child's jamKid.
func (e *jamEngine[T, P]) test(c sched.Ctx, f *jamFrame[T], i int) {
	k := &f.kids[i]
	if c.Aborted() {
		return
	}
	if e.opt.Restart {
		k.started.Store(true) // before α is read (restartStale)
	}
	aT := f.alpha.Load() // J8 reads the node's α as it starts
	e.inheritKillers(c, f)
	// The child's window, from the node's fields that do not change while
	// its tests run (not f.node.child, which would read its α and β).
	w := window{ply: f.node.ply + 1, depth: f.node.depth - 1, alpha: -aT - 1, beta: -aT, typ: f.node.typ.Child(i)}
	if e.serialNode(w.depth) && w.ply < game.MaxPly-1 && (w.depth > 0 || e.opt.Quiescence) {
		// At the grain (jam's serial case), without a frame.
		e.local(c).serial++
		var r workRec
		v, ok := e.serialPlay(c, &f.pos, f.moves[i], w, &r)
		k.keep(c, e.recs, &r)
		k.val, k.ok, k.alpha = -v, ok, aT
		return
	}
	if e.isLeaf(w.ply, w.depth) {
		var r workRec
		v, ok := e.leafPlay(c, &f.pos, f.moves[i], &r) // jam's leaf case
		k.nodes, k.horizon = r.nodes, r.horizon
		k.val, k.ok, k.alpha = -v, ok, aT
		return
	}
	g := e.frames.Get(c)
	P(&f.pos).Play(f.moves[i], &g.pos)
	// The record from the engine's list, not on the stack: jam's record
	// escapes (the pool's inline nodes keep it).
	r := e.recs.Get(c)
	*r = workRec{}
	v, _, ok := e.jam(c, g, w, r)
	e.frames.Put(c, g)
	k.keepOwn(c, e.recs, r)
	k.val, k.ok, k.alpha = -v, ok, aT
}
