package algos

import (
	"cmp"
	"slices"
	"time"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
	"splitpoint/tt"
)

// The engine: the controller's state.

type pvKind uint8

const (
	pvTest     pvKind = iota // minimal window (a, a+1)
	pvResearch               // (α, β) after a fail high
	pvFull                   // the node's own window
	pvNode                   // a granularity node searched whole
)

const (
	mvIdle uint8 = iota
	mvFarmed
	mvLocal
)

// pvMove is a move of a split node and what is known of its value (from
// the node's side): lo ≤ value ≤ hi.
type pvMove struct {
	m        game.Move
	lo, hi   game.Value
	state    uint8
	searched bool
	resplit  bool // preempted: the controller searches it again itself
	valued   bool // lo = hi came from one search inside its window: pv is its variation
	pv       []game.Move
}

func (mv *pvMove) exact() bool { return mv.lo == mv.hi }

// rank orders moves of equal value in finishFrame: a move whose value was
// searched (with its variation) over one whose bounds happen to meet, over
// one known only as a bound.
func (mv *pvMove) rank() int {
	switch {
	case !mv.exact():
		return 0
	case !mv.valued:
		return 1
	}
	return 2
}

// pvFrame is a node of the current variation.
type pvFrame struct {
	ply, depth          int
	alpha0, alpha, beta game.Value
	typ                 metrics.NodeType
	fsplit              bool // PVFSplit rules here
	node                bool // a granularity node (one item searches it)
	moves               []pvMove
	firstDone, cut      bool
	out                 int // WorkOut: this frame's items not yet returned
	split               bool
	gen                 uint64
	// granularity node
	nodeSent, nodeDone bool
	nodeV              game.Value
	nodePV             []game.Move
}

// pvItem is a piece of work farmed to a searcher.
type pvItem[T any] struct {
	id          int64
	searcher    int
	frame       int // ply of the frame it belongs to
	gen         uint64
	move        int // -1: a granularity node
	ply, depth  int
	pos         T
	a, b        game.Value // window from the frame's side
	typ         metrics.NodeType
	kind        pvKind
	start       int64
	task        *sched.Task
	cancelled   bool
	speculative bool
}

type pvItemResult struct {
	value     game.Value
	nodes     uint64
	stopped   bool
	preempted bool
	order     *pvOrder // the -LB rule that preempted it
	end       int64
	pv        []game.Move
}

// pvWork is a decision of the controller: which move of which frame,
// with which window.
type pvWork struct {
	f           *pvFrame
	move        int
	a, b        game.Value
	kind        pvKind
	speculative bool
}

type pvEngine[T any, P game.Position[T]] struct {
	c       sched.Ctx
	root    *T
	opt     Options
	gran    int
	fullWin int
	fsplit  bool // the root's mode
	lb      bool
	resplit bool // mode of a preempted subtree (true: PVFSplit)
	n       int
	sim     bool
	start   time.Time
	t0      int64
	table   *tt.Table
	forced  bool

	cs     *Searcher[T, P]
	ss     []*Searcher[T, P]
	hooks  []*pvHook
	hist   *pvHistory
	snaps  [][2][historySize]int32 // per searcher: the shared history as copied in
	csnap  [2][historySize]int32
	frames []*pvFrame
	top    int
	cutAt  int
	pvs    [][]game.Move // the PV returned by the search at each ply
	items  []*pvItem[T]
	tasks  []*sched.Task
	nextID int64

	busy      []bool
	idleSince []int64 // start of the idle time not yet accounted
	idleFrom  []int64 // when the searcher became idle (the -LB rule)
	worked    []bool
	stats     []PVSearcherStats

	stopped   bool
	prevValue game.Value
	havePrev  bool
	lbc       pvLB
	res       *PVSplitResult
	locks     *pvLocks // the machine's locks (simulator, a cost model that takes locks); nil: none
}

// newPVEngine is the engine of one PVSplit-family search of root by n
// searchers on the machine of cfg (its costs: the locks it charges).
func newPVEngine[T any, P game.Position[T]](c sched.Ctx, root *T, opt Options, n int, table *tt.Table, cfg sched.Config) *pvEngine[T, P] {
	sim, cm := cfg.IsSim(), cfg.Costs
	po := opt.PVSplitOptions
	e := &pvEngine[T, P]{c: c, root: root, opt: opt, n: n, sim: sim, table: table, start: time.Now(), cutAt: 1 << 30}
	if sim && cm.Locking() {
		e.locks = newPVLocks(cm)
	}
	e.gran = po.Granularity
	if e.gran == 0 {
		e.gran = DefaultPVGranularity
	}
	e.fullWin = po.FullWindowPlies
	if e.fullWin == 0 {
		e.fullWin = DefaultFullWindowPlies
	}
	e.fsplit = opt.Algo == AlgoPVFSplit || opt.Algo == AlgoPVFSplitLB
	e.lb = opt.Algo == AlgoPVSplitLB || opt.Algo == AlgoPVFSplitLB
	e.resplit = e.fsplit || po.LBResplit != "pvsplit"
	e.forced = game.CapturesForced(any(root))
	o := opt
	o.Algo, o.Time, o.MaxNodes = AlgoScout, 0, 0
	mk := func(c *sched.Ctx) *Searcher[T, P] {
		tab := table
		if opt.PrivateTT {
			tab = tt.New(opt.TTBits)
		}
		if e.locks != nil {
			tab = tab.View(&pvTTAcct{c: c, l: e.locks})
		}
		s := getSearcher[T, P](o, tab, game.MaxPly) // every ply: quiescence may go to MaxPly
		s.ForcedCaptures = e.forced
		return s
	}
	e.cs = mk(&e.c)
	e.cs.Hook = &meterHook{c: c, s: &e.cs.Counters}
	if table != nil {
		table.NewSearch()
	}
	if po.SharedHistory {
		e.hist = new(pvHistory)
		e.snaps = make([][2][historySize]int32, n)
	}
	for range n {
		h := &pvHook{sim: sim, start: e.start, order: &e.lbc.order}
		s := mk(&h.c)
		s.Hook = h
		if !sim {
			s.HookMask = 63
		}
		e.ss = append(e.ss, s)
		e.hooks = append(e.hooks, h)
	}
	e.busy = make([]bool, n)
	e.idleSince = make([]int64, n)
	e.idleFrom = make([]int64, n)
	e.worked = make([]bool, n)
	e.stats = make([]PVSearcherStats, n)
	e.frames = make([]*pvFrame, game.MaxPly+1)
	for i := range e.frames {
		e.frames[i] = &pvFrame{}
	}
	e.pvs = make([][]game.Move, game.MaxPly+1)
	e.res = &PVSplitResult{Algo: opt.Algo, Options: opt, Searchers: n, Value: -game.Inf}
	if sim {
		e.res.TimeUnit = "units"
	} else {
		e.res.TimeUnit = "ns"
	}
	e.lbc.quorum = cmp.Or(po.LBQuorum, DefaultLBQuorum)
	e.lbc.threshold = po.LBThreshold
	if e.lbc.threshold == 0 {
		e.lbc.threshold = DefaultLBThresholdPool
		if sim {
			e.lbc.threshold = DefaultLBThresholdSim * cmp.Or(cm.Node, 1) // 35,000 of the machine's node times
		}
	}
	e.lbc.newest = po.LBPick == "newest"
	return e
}

// now is the controller's clock: virtual time on the simulator, wall
// nanoseconds since the search began on the pool.
func (e *pvEngine[T, P]) now() int64 {
	if e.sim {
		return e.c.Now()
	}
	return int64(time.Since(e.start))
}

// run is the controller: iterative deepening over whole PVSplit searches
// of the root, each ended by the root's synchronization.
func (e *pvEngine[T, P]) run() *PVSplitResult {
	e.t0 = e.now()
	for i := range e.n {
		e.idleSince[i], e.idleFrom[i] = e.t0, e.t0
	}
	e.cs.Start(nil, time.Time{})
	res := e.res
	first := e.opt.Depth
	if e.opt.Iterative {
		first = 1
	}
	for d := first; d <= e.opt.Depth; d++ {
		e.cs.SetRoot(e.root)
		v, ok := e.search(0, d, -game.Inf, game.Inf, metrics.PV, e.fsplit)
		for len(e.items) > 0 { // the root's synchronization
			e.pump()
		}
		if !ok || e.stopped {
			res.Stopped = true
			break
		}
		e.segmentEnd()
		res.Value, res.Depth = v, d
		res.PV = slices.Clone(e.pvs[0])
		res.BestMove = game.NoMove
		if len(res.PV) > 0 {
			res.BestMove = res.PV[0]
		}
		e.prevValue, e.havePrev = v, true
		res.Iterations = append(res.Iterations, JamIteration{Depth: d, Value: v, BestMove: res.BestMove, At: e.now() - e.t0})
	}
	if h, ok := e.cs.Hook.(*meterHook); ok {
		h.steps.chargeWork(e.c.Self(), h.s) // the leaves and generations after the controller's last node
	}
	end := e.now()
	e.segmentEnd()
	res.Time = end - e.t0
	res.ControllerNodes = e.cs.Counters.Nodes
	res.Nodes += res.ControllerNodes
	res.TT = e.cs.TTStats
	var idle, starved, strag float64
	for i := range e.stats {
		st := &e.stats[i]
		st.Idle = st.Starved + st.Straggler
		st.Busy = max(res.Time-st.Idle, 0)
		res.SyncIdle += st.Straggler
		if res.Time > 0 {
			idle += float64(st.Idle) / float64(res.Time)
			starved += float64(st.Starved) / float64(res.Time)
			strag += float64(st.Straggler) / float64(res.Time)
		}
		res.TT.Merge(e.ss[i].TTStats)
	}
	if e.n > 0 {
		res.IdlePct, res.StarvedPct, res.StragglerPct = 100*idle/float64(e.n), 100*starved/float64(e.n), 100*strag/float64(e.n)
	}
	res.PerSearch = e.stats
	if e.locks != nil {
		res.Locks = e.locks.stats()
	}
	putSearcher(e.cs)
	for _, s := range e.ss {
		putSearcher(s)
	}
	e.c.Sync()
	return res
}

// search is the controller at the node cs.Stack.Pos[ply] with the window
// (alpha, beta): Fig. 4.1 / 5.1. ok is false when the search was abandoned
// (a cutoff at a frame above, or the run stopped).
func (e *pvEngine[T, P]) search(ply, depth int, alpha, beta game.Value, typ metrics.NodeType, fsplit bool) (game.Value, bool) {
	e.pvs[ply] = e.pvs[ply][:0]
	f := e.frames[ply]
	*f = pvFrame{ply: ply, depth: depth, alpha0: alpha, alpha: alpha, beta: beta, typ: typ, fsplit: fsplit,
		gen: f.gen + 1, moves: f.moves[:0]}
	e.top = ply
	defer e.pop(f)
	if depth <= e.gran {
		f.node = true
	} else {
		cs := e.cs
		cs.SetNodeType(ply, typ)
		if e.hist != nil {
			e.hist.load(cs, &e.csnap)
		}
		v, n, done := cs.enter(ply, depth, alpha, beta, true)
		if cs.stopped {
			e.stopped = true
			return 0, false
		}
		if done {
			return v, true
		}
		for i := range n {
			f.moves = append(f.moves, pvMove{m: cs.pick(ply, i, n), lo: -game.Inf, hi: game.Inf})
		}
	}
	for {
		if e.stopped || e.cutAt < ply {
			return 0, false
		}
		if e.finished(f) {
			break
		}
		e.dispatch()
		if i, w, ok := e.localNeed(f); ok {
			if !e.local(f, i, w) {
				if e.stopped || e.cutAt < ply {
					return 0, false
				}
			}
			continue
		}
		e.pump()
	}
	if !f.fsplit || f.node {
		for f.out > 0 { // PVSplit: WorkOut = 0 before backing up
			e.pump()
		}
	}
	return e.finishFrame(f), true
}

// local searches move i of f by the controller itself (the first move, a
// CUT node's moves, the root's moves, a preempted subtree).
func (e *pvEngine[T, P]) local(f *pvFrame, i int, w pvWork) bool {
	mv := &f.moves[i]
	mv.state = mvLocal
	typ := f.typ.Child(i)
	if w.kind == pvResearch {
		typ = metrics.PV
		e.res.Researches++
	} else if mv.searched {
		e.res.Retests++
	}
	mode := f.fsplit
	if mv.resplit {
		mode = e.resplit
		mv.resplit = false
	}
	cs := e.cs
	P(&cs.Stack.Pos[f.ply]).Play(mv.m, &cs.Stack.Pos[f.ply+1])
	r, ok := e.search(f.ply+1, f.depth-1, -w.b, -w.a, typ, mode)
	e.top = f.ply
	mv = &f.moves[i]
	mv.state = mvIdle
	if !ok {
		return false
	}
	mv.searched = true
	e.record(f, i, -r, w.a, w.b, e.pvs[f.ply+1])
	return true
}

// pop leaves frame f: its items still running are interrupted and their
// results will be ignored.
func (e *pvEngine[T, P]) pop(f *pvFrame) {
	for _, it := range e.items {
		if it.frame == f.ply && it.gen == f.gen && !it.cancelled {
			e.cancel(it)
		}
	}
	f.gen++
	if e.cutAt >= f.ply {
		e.cutAt = 1 << 30
	}
	if f.ply > 0 {
		e.top = f.ply - 1
	}
}

func (e *pvEngine[T, P]) finished(f *pvFrame) bool {
	if f.node {
		return f.nodeDone
	}
	if f.cut {
		return true
	}
	if !f.firstDone {
		return false
	}
	for i := range f.moves {
		if f.moves[i].state != mvIdle {
			return false
		}
		if _, ok := e.need(f, i); ok {
			return false
		}
	}
	return true
}

// need is the work move i of f still needs from what is known of it
// (nil: none): a test with the minimal window (α, α+1) when it may be
// better than α, a re-search (α, β) when it is known to be.
func (e *pvEngine[T, P]) need(f *pvFrame, i int) (pvWork, bool) {
	mv := &f.moves[i]
	switch {
	case mv.lo >= f.beta || mv.hi <= f.alpha || mv.exact():
		return pvWork{}, false
	case mv.lo > f.alpha:
		return pvWork{f: f, move: i, a: f.alpha, b: f.beta, kind: pvResearch}, true
	default:
		return pvWork{f: f, move: i, a: f.alpha, b: f.alpha + 1, kind: pvTest}, true
	}
}

// farmsOwn reports whether the controller farms the moves of f, the node
// it is at, once its first move is known (else it searches them itself).
func (e *pvEngine[T, P]) farmsOwn(f *pvFrame) bool {
	if f.ply == 0 && !e.opt.SplitRoot {
		return false // Lu's root rule
	}
	return !f.fsplit || f.typ != metrics.CUT
}

// localNeed is the controller's own next search at f, if any.
func (e *pvEngine[T, P]) localNeed(f *pvFrame) (int, pvWork, bool) {
	if f.node {
		return 0, pvWork{}, false
	}
	if !f.firstDone {
		if f.moves[0].state == mvIdle {
			return 0, pvWork{f: f, move: 0, a: f.alpha0, b: f.beta, kind: pvFull}, true
		}
		return 0, pvWork{}, false
	}
	for i := range f.moves {
		mv := &f.moves[i]
		if mv.resplit && mv.state == mvIdle {
			if w, ok := e.need(f, i); ok {
				return i, w, true
			}
			mv.resplit = false
		}
	}
	if !e.farmsOwn(f) {
		for i := range f.moves {
			if f.moves[i].state == mvIdle {
				if w, ok := e.need(f, i); ok {
					return i, w, true
				}
			}
		}
	}
	return 0, pvWork{}, false
}

// dispatch farms work to idle searchers while there is some, then
// publishes the preemption rule's state (-LB).
func (e *pvEngine[T, P]) dispatch() {
	for e.idleCount() > 0 {
		w, ok := e.nextWork()
		if !ok {
			break
		}
		e.farm(w)
	}
	if e.lb {
		e.lbUpdate()
	}
}

func (e *pvEngine[T, P]) idleCount() int {
	k := 0
	for _, b := range e.busy {
		if !b {
			k++
		}
	}
	return k
}

// nextWork is the next piece of work for an idle searcher: the node the
// controller is at first (a granularity node's whole search, or the moves
// of a split node), then, under PVFSplit, GetOtherSplitNode.
func (e *pvEngine[T, P]) nextWork() (pvWork, bool) {
	f := e.frames[e.top]
	if f.node {
		if !f.nodeSent {
			return pvWork{f: f, move: -1, a: f.alpha0, b: f.beta, kind: pvNode}, true
		}
	} else if f.firstDone && e.farmsOwn(f) {
		if w, ok := e.frameWork(f); ok {
			return w, true
		}
	}
	if f.fsplit {
		return e.otherSplitNode()
	}
	return pvWork{}, false
}

// frameWork is the first move of f, in order, a searcher can take.
func (e *pvEngine[T, P]) frameWork(f *pvFrame) (pvWork, bool) {
	for i := range f.moves {
		mv := &f.moves[i]
		if mv.state != mvIdle || mv.resplit {
			continue
		}
		if !f.firstDone {
			if i == 0 || mv.searched {
				continue
			}
			return e.synthMinWindow(f, i), true
		}
		if w, ok := e.need(f, i); ok {
			return w, true
		}
	}
	return pvWork{}, false
}

// farm hands w to the lowest-numbered idle searcher.
func (e *pvEngine[T, P]) farm(w pvWork) {
	s := slices.Index(e.busy, false)
	f := w.f
	e.nextID++
	it := &pvItem[T]{id: e.nextID, searcher: s, frame: f.ply, gen: f.gen, move: w.move, a: w.a, b: w.b,
		kind: w.kind, speculative: w.speculative}
	cs := e.cs
	if w.kind == pvNode {
		it.ply, it.depth, it.typ, it.pos = f.ply, f.depth, f.typ, cs.Stack.Pos[f.ply]
		f.nodeSent = true
	} else {
		mv := &f.moves[w.move]
		it.ply, it.depth = f.ply+1, f.depth-1
		P(&cs.Stack.Pos[f.ply]).Play(mv.m, &it.pos)
		it.typ = f.typ.Child(w.move)
		switch {
		case w.kind == pvResearch:
			it.typ = metrics.PV
			e.res.Researches++
		case mv.searched:
			e.res.Retests++
		}
		mv.state = mvFarmed
		if !f.split {
			f.split = true
			e.res.SplitNodes++
			e.res.SplitMoves += int64(len(f.moves))
			if cs.capNode[f.ply] {
				e.res.CaptureSplits++
			}
		}
		if w.speculative {
			e.res.Speculative++
		}
	}
	f.out++
	e.res.Farmed++
	now := e.now()
	it.start = now
	e.closeIdle(s, now)
	e.busy[s], e.worked[s] = true, true
	e.stats[s].Items++
	if e.locks != nil {
		e.locks.post(e.c, f.ply)
	}
	it.task = e.c.SpawnOn(1+s, func(c sched.Ctx) any { return e.runItem(c, it) })
	e.items = append(e.items, it)
	active := 0
	for p := 0; p <= e.top; p++ {
		if e.frames[p].out > 0 {
			active++
		}
	}
	e.res.MaxActiveSplits = max(e.res.MaxActiveSplits, active)
}

// runItem is a searcher: the serial Scout on the item's subtree.
func (e *pvEngine[T, P]) runItem(c sched.Ctx, it *pvItem[T]) any {
	s, h := e.ss[it.searcher], e.hooks[it.searcher]
	h.c, h.item, h.preempted, h.firedOn = c, it.id, false, nil
	s.Start(nil, time.Time{})
	var snap *[2][historySize]int32
	if e.hist != nil {
		snap = &e.snaps[it.searcher]
		e.hist.load(s, snap)
	}
	s.Stack.Pos[it.ply] = it.pos
	s.SetNodeType(it.ply, it.typ)
	var steps meter
	steps.reset(&s.Counters)
	sa, sb := it.a, it.b
	if it.kind != pvNode {
		sa, sb = -it.b, -it.a
	}
	v := s.Scout(it.ply, it.depth, sa, sb)
	out := pvItemResult{value: v, stopped: s.Stopped(), preempted: h.preempted, order: h.firedOn}
	if !e.sim {
		out.nodes = steps.charge(c.Self(), &s.Counters).Nodes
		out.end = int64(time.Since(e.start))
	} else {
		out.nodes = steps.chargeWork(c.Self(), &s.Counters).Nodes // the Hook charged each node
		out.end = c.Now()
	}
	if !out.stopped {
		out.pv = slices.Clone(s.pv[it.ply][:s.pvLen[it.ply]])
	}
	if e.hist != nil {
		e.hist.merge(s, snap)
	}
	if e.locks != nil {
		e.locks.post(c, it.frame)
	}
	return out
}

// pump waits for one searcher's result and takes it in.
func (e *pvEngine[T, P]) pump() {
	if len(e.items) == 0 {
		panic("pvsplit: the controller waits with no work out")
	}
	e.tasks = e.tasks[:0]
	for _, it := range e.items {
		e.tasks = append(e.tasks, it.task)
	}
	t := e.c.WaitAny(e.tasks...)
	k := slices.IndexFunc(e.items, func(it *pvItem[T]) bool { return it.task == t })
	it := e.items[k]
	e.items = slices.Delete(e.items, k, k+1)
	r := t.Result().(pvItemResult)
	e.c.Release(t)
	e.complete(it, r)
}

// complete takes in the result of item it.
func (e *pvEngine[T, P]) complete(it *pvItem[T], r pvItemResult) {
	now := e.now()
	s := it.searcher
	e.busy[s] = false
	e.idleSince[s], e.idleFrom[s] = now, now
	e.stats[s].Nodes += r.nodes
	e.res.Nodes += r.nodes
	f := e.frames[it.frame]
	live := f.gen == it.gen && it.frame <= e.top
	if live {
		f.out--
	}
	switch {
	case it.cancelled:
		e.res.AbortedNodes += r.nodes
		return
	case r.preempted:
		e.res.Preemptions++
		e.res.PreemptedNodes += r.nodes
		e.res.Preempted = append(e.res.Preempted, PVPreemption{At: r.end, Ply: it.ply, Depth: it.depth,
			Ran: r.end - it.start, Nodes: int64(r.nodes), IdleOver: r.order.idleOver(r.end)})
		if live {
			mv := &f.moves[it.move]
			mv.state, mv.resplit = mvIdle, true
		}
		return
	case r.stopped:
		e.res.AbortedNodes += r.nodes
		e.stopped = true
		return
	case !live:
		return
	}
	if it.kind == pvNode {
		f.nodeV, f.nodeDone = r.value, true
		f.nodePV = r.pv
		return
	}
	mv := &f.moves[it.move]
	mv.state, mv.searched = mvIdle, true
	e.record(f, it.move, -r.value, it.a, it.b, r.pv)
}

// record takes in the value v of move i of f searched with the window
// (a, b) from f's side (fail-soft: ≤ a an upper bound, ≥ b a lower one).
func (e *pvEngine[T, P]) record(f *pvFrame, i int, v, a, b game.Value, pv []game.Move) {
	mv := &f.moves[i]
	switch {
	case v <= a:
		mv.hi, mv.valued = v, false
		if mv.lo > v {
			mv.lo = -game.Inf // search instability: the newer bound wins
		}
	case v >= b:
		mv.lo, mv.valued = v, false
		if mv.hi < v {
			mv.hi = game.Inf
		}
	default:
		mv.lo, mv.hi, mv.valued = v, v, true
		mv.pv = append(mv.pv[:0], pv...)
	}
	if i == 0 {
		f.firstDone = true
	}
	if f.cut {
		return
	}
	if mv.lo >= f.beta {
		f.cut = true
		e.cutoff(f)
		return
	}
	alpha := f.alpha0
	for k := range f.moves {
		if m := &f.moves[k]; m.exact() {
			alpha = max(alpha, m.lo)
		}
	}
	if alpha > f.alpha {
		f.alpha = alpha
		if !e.opt.NoRestart {
			e.restart(f)
		}
	}
}

// cutoff interrupts the searchers of the cut frame f; when the controller
// is deeper, it backs up to f at once.
func (e *pvEngine[T, P]) cutoff(f *pvFrame) {
	interrupted := false
	for _, it := range e.items {
		if it.frame >= f.ply && !it.cancelled && e.frames[it.frame].gen == it.gen {
			e.cancel(it)
			interrupted = true
		}
	}
	if interrupted {
		e.res.Cutoffs++
	}
	if f.ply < e.top {
		e.cutAt = min(e.cutAt, f.ply)
	}
}

// restart interrupts f's searches started with an α below f's new one
// (Lu's window restart); their moves are farmed again.
func (e *pvEngine[T, P]) restart(f *pvFrame) {
	for _, it := range e.items {
		if it.frame == f.ply && it.gen == f.gen && !it.cancelled && it.kind != pvNode && it.a < f.alpha {
			e.cancel(it)
			e.res.Restarts++
		}
	}
}

// cancel interrupts item it; its result will be thrown away.
func (e *pvEngine[T, P]) cancel(it *pvItem[T]) {
	it.cancelled = true
	e.c.Abort(it.task)
	if f := e.frames[it.frame]; f.gen == it.gen && it.move >= 0 && it.move < len(f.moves) {
		f.moves[it.move].state = mvIdle
	}
}

// finishFrame is the value of a finished frame (fail-soft, as Scout's);
// it stores it in the table and sets the frame's PV.
func (e *pvEngine[T, P]) finishFrame(f *pvFrame) game.Value {
	if f.node {
		e.pvs[f.ply] = append(e.pvs[f.ply][:0], f.nodePV...)
		if f.split || f.nodeSent {
			e.segmentEnd()
		}
		return f.nodeV
	}
	score, best, rank := -game.Inf, 0, -1
	searched := 0
	for i := range f.moves {
		mv := &f.moves[i]
		if !mv.searched {
			continue
		}
		searched++
		var v game.Value
		switch {
		case mv.lo >= f.beta:
			v = mv.lo
		case mv.exact():
			v = mv.lo
		default:
			v = mv.hi
		}
		if f.cut && mv.lo < f.beta {
			continue
		}
		// Ties go to the move whose value is known, not to a bound that
		// merely equals it: the moves are searched out of order, so a move
		// tested against an α that a later move set can fail low at
		// exactly α (its upper bound, first in order) — taken as the best,
		// it has no variation and the node (the root, with SplitRoot)
		// would return no PV and no best move.
		if r := mv.rank(); v > score || (v == score && r > rank) {
			score, best, rank = v, i, r
		}
	}
	mv := &f.moves[best]
	if mv.exact() && score > f.alpha0 && score < f.beta {
		e.pvs[f.ply] = append(append(e.pvs[f.ply][:0], mv.m), mv.pv...)
	} else if score >= f.beta {
		e.pvs[f.ply] = append(e.pvs[f.ply][:0], mv.m)
	}
	fw := window{ply: f.ply, depth: f.depth, alpha: f.alpha0, beta: f.beta}
	fo := outcome{len(f.moves), max(searched, 1), best, mv.m, score}
	if e.hist != nil {
		snap := &e.csnap
		e.hist.load(e.cs, snap)
		e.cs.finish(fw, fo, true)
		e.hist.merge(e.cs, snap)
	} else {
		e.cs.finish(fw, fo, true)
	}
	if f.split {
		e.res.Syncs++
		e.segmentEnd()
	}
	return score
}

// Idle accounting (PVSearcherStats): a searcher's idle time in a segment
// (between two completions of split nodes) is straggler time if it worked
// in the segment, starvation otherwise.

func (e *pvEngine[T, P]) closeIdle(s int, now int64) {
	if e.busy[s] {
		return
	}
	d := now - e.idleSince[s]
	if d > 0 {
		if e.worked[s] {
			e.stats[s].Straggler += d
		} else {
			e.stats[s].Starved += d
		}
	}
	e.idleSince[s] = now
}

func (e *pvEngine[T, P]) segmentEnd() {
	now := e.now()
	for s := range e.busy {
		e.closeIdle(s, now)
		e.worked[s] = e.busy[s]
	}
}

// pvHook is a searcher's Hook: it charges the node (simulator), polls for
// an interrupt, and applies the -LB rule the controller published.
type pvHook struct {
	c         sched.Ctx
	sim       bool
	start     time.Time
	order     *pvOrderPtr
	item      int64
	preempted bool
	firedOn   *pvOrder
}

func (h *pvHook) Node() bool {
	if h.sim {
		chargeNode(h.c)
	}
	if h.c.Aborted() {
		return true
	}
	if o := h.order.Load(); o != nil && o.item == h.item {
		var now int64
		if h.sim {
			now = h.c.Now()
		} else {
			now = int64(time.Since(h.start))
		}
		if now >= o.at {
			h.preempted, h.firedOn = true, o
			return true
		}
	}
	return false
}
