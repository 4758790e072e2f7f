package algos

import (
	"context"
	"fmt"
	"io"
	"sync/atomic"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
)

// AlgoABDADA names Weill's ABDADA.
const AlgoABDADA = "abdada"

// abdadaBusyBits sizes the busy table at 2^abdadaBusyBits counters.
const abdadaBusyBits = 16

// busyTable is ABDADA's count of the searchers in each node (Weill's
// nproc), kept apart from the transposition table: a hashed array of
// counters indexed by the position's key. A searcher increments its node's
// counter when it begins the node's children and decrements it when it
// has done; a node is "being searched" while its counter is positive.
// Weill keeps the count in the table entry; here it is a table of its own
// so that exclusive search works with the transposition table off (the
// setting of the property tests) and the tt entry stays one format for
// every algorithm. Two keys sharing a counter only make a searcher defer
// a node that nobody searches, which the second pass then searches: the
// count is a hint, never a correctness condition.
type busyTable struct {
	n    []atomic.Int32
	mask uint64
}

func newBusyTable(bits int) *busyTable {
	return &busyTable{n: make([]atomic.Int32, 1<<bits), mask: 1<<bits - 1}
}

func (b *busyTable) busy(key uint64) bool { return b.n[key&b.mask].Load() > 0 }
func (b *busyTable) enter(key uint64)     { b.n[key&b.mask].Add(1) }
func (b *busyTable) leave(key uint64)     { b.n[key&b.mask].Add(-1) }

// abdadaThread is one ABDADA searcher's own state around its Searcher:
// the shared busy table, per ply the moves it deferred, and its counters.
type abdadaThread[T any, P game.Position[T]] struct {
	s        *Searcher[T, P]
	busy     *busyTable
	deferred [game.MaxPly + 1][game.MaxMoves]uint8
	// deferrals are exclusive searches of a child refused because another
	// searcher was in it; revisits the deferred children searched again in
	// the second pass.
	deferrals, revisits int64
}

// RunABDADA is Weill's ABDADA, "Alpha-Bêta Distribué avec Droit
// d'Anesse" (Weill 1996, "The ABDADA distributed minimax search
// algorithm", ICCA Journal 19(1)): N searchers, one per processor, each
// run the whole iterative-deepening search from the root over the shared
// transposition table, and coordinate only through the count of searchers
// in each node. At every node the eldest child is searched at once (the
// "droit d'aînesse", the birthright); the other children are searched
// exclusively in a first pass: a child that another searcher is already
// in answers "on evaluation" and is deferred, and the deferred children
// are searched in a second pass, non-exclusively, by which time the other
// searcher has usually stored its result in the table. The searchers thus
// spread over the younger children without any message. Each searcher is
// the serial Scout (the principal-variation tests of the options'
// aspiration, quiescence and ordering) with this loop, and charges its
// nodes, leaves and move generations (charge.go); the count lives in a
// busyTable beside the transposition table. The first searcher to
// complete opt.Depth gives the run's result, and the others stop.
//
// With the table off the searchers share only the counts, which reorder
// their children and never change a value: every searcher returns the
// serial search's value (and the run gains no speed). On the infinite
// simulated machine there is one searcher per root move.
func RunABDADA[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*Parallel, *sched.Stats, error) {
	first := opt.Depth
	if opt.Iterative {
		first = 1
	}
	busy := newBusyTable(abdadaBusyBits)
	var winner atomic.Int32
	winner.Store(-1)
	threads, abs, stats, st, err := smpRun(ctx, root, opt, cfg, smpSearchers[T, P, *abdadaThread[T, P]]{
		maxDepth: opt.Depth,
		setup: func(th *smpThread[T, P], _ int) *abdadaThread[T, P] {
			return &abdadaThread[T, P]{s: th.s, busy: busy}
		},
		body: func(c sched.Ctx, th *smpThread[T, P], a *abdadaThread[T, P], i int) {
			if th.deepen(c, first, opt.Depth, nil, a.iterate) && winner.CompareAndSwap(-1, int32(i)) {
				th.done.Store(true) // the first to finish gives the result: stop the others
			}
		}})
	if threads == nil {
		return nil, st, err
	}
	d := &ABDADADetail{Threads: make([]SMPThread, len(threads)), Winner: int(winner.Load()), BusyEntries: 1 << abdadaBusyBits}
	for i, th := range threads {
		th.res.Deferrals = abs[i].deferrals
		d.Threads[i] = th.res
		d.Nodes += int64(th.res.Nodes)
		d.Deferrals += abs[i].deferrals
		d.Revisits += abs[i].revisits
	}
	w := d.Winner
	if w < 0 {
		w = 0 // stopped before any searcher finished: the first searcher's deepest iteration
	}
	// The time to depth d is when the first searcher completed it (the
	// result searcher's iterations are the depths first, first+1, …).
	if its := threads[w].iters; len(its) > 0 {
		for _, th := range threads {
			for _, it := range th.iters {
				if k := it.Depth - its[0].Depth; k >= 0 && k < len(its) && it.At < its[k].At {
					its[k] = it
				}
			}
		}
	}
	d.Iterations = threads[w].iters
	p := smpParallel(threads[w], stats, d)
	p.Stopped = d.Winner < 0
	return p, st, err
}

// iterate searches the root to depth d with aspiration windows around
// prev, re-opening the side that fails (as Searcher.iterate).
func (a *abdadaThread[T, P]) iterate(d int, prev game.Value, havePrev bool) game.Value {
	s := a.s
	alpha, beta := aspirationWindow(prev, s.Opt.Aspiration, havePrev)
	for {
		s.ntype[0] = metrics.PV
		s.rootMove, s.rootValue = game.NoMove, 0
		v, _ := a.search(0, d, alpha, beta, false)
		if s.stopped {
			return 0
		}
		var done bool
		if alpha, beta, done = widen(v, alpha, beta); done {
			return v
		}
	}
}

// search is ABDADA at the node at ply (Weill's abdada procedure): with
// exclusive set, a node another searcher is in answers onEval at once
// (after the table's answer, which wins); otherwise the node is counted
// busy while its children are searched by children.
//
// Nodes with at most opt.Grain plies to go are neither counted nor
// deferred: they are the serial Scout's. Weill counts every node, and the
// default grain is 0 everywhere (no automatic grain): on two pool workers
// at depth 7 on Bratko-Kopec, grains 2–3 (lab.AutoGrain's choice) saved
// the two atomic updates a node but searched 5–6 % more nodes than the
// serial Scout instead of 4 %, a speedup of 1.63–1.64 against 1.68–1.71
// (BENCHMARKS.md). The option is there to study that trade.
func (a *abdadaThread[T, P]) search(ply, depth int, alpha, beta game.Value, exclusive bool) (v game.Value, onEval bool) {
	s := a.s
	v, n, done := s.enter(ply, depth, alpha, beta, true)
	if done {
		return v, false
	}
	count := depth > s.Opt.Grain
	var key uint64
	if count {
		key = P(&s.Stack.Pos[ply]).Hash()
		if exclusive && a.busy.busy(key) {
			a.deferrals++
			return 0, true
		}
		a.busy.enter(key)
	}
	b, best, bestIdx, searched := a.children(ply, depth, n, alpha, beta)
	if count {
		a.busy.leave(key)
	}
	if s.stopped {
		return 0, false
	}
	s.finish(window{ply: ply, depth: depth, alpha: alpha, beta: beta}, outcome{n, searched, bestIdx, best, b}, true)
	return b, false
}

// children searches the n children at ply as Scout does (StarTech Fig. 1)
// in Weill's two passes: the eldest with the full window, the others
// exclusively (deferred when another searcher is in them), then the
// deferred ones non-exclusively.
func (a *abdadaThread[T, P]) children(ply, depth, n int, alpha, beta game.Value) (b game.Value, best game.Move, bestIdx, searched int) {
	s := a.s
	m := s.pick(ply, 0, n)
	P(&s.Stack.Pos[ply]).Play(m, &s.Stack.Pos[ply+1])
	s.ntype[ply+1] = s.ntype[ply].Child(0)
	v, _ := a.search(ply+1, depth-1, -beta, -alpha, false)
	if s.stopped {
		return 0, game.NoMove, 0, 0
	}
	b, best, searched = -v, m, 1
	if b > alpha {
		s.updatePV(ply, m)
	}
	if b >= beta {
		return b, best, 0, searched
	}
	l := abLoop{w: window{ply: ply, depth: depth, alpha: max(alpha, b), beta: beta}, o: outcome{b: b, best: best}}
	def := &a.deferred[ply]
	nd := 0
	for i := 1; i < n; i++ {
		m := s.pick(ply, i, n)
		cut, deferred := a.brother(&l, i, m, true)
		if s.stopped {
			return 0, game.NoMove, 0, 0
		}
		if deferred {
			def[nd] = uint8(i)
			nd++
			continue
		}
		searched++
		if cut {
			return l.o.b, l.o.best, l.o.bestIdx, searched
		}
	}
	for k := range nd {
		i := int(def[k])
		a.revisits++
		cut, _ := a.brother(&l, i, s.Stack.Moves[ply][i], false)
		if s.stopped {
			return 0, game.NoMove, 0, 0
		}
		searched++
		if cut {
			break
		}
	}
	return l.o.b, l.o.best, l.o.bestIdx, searched
}

// abLoop is a node's loop over its younger children: its window, whose α
// the children raise, and the best value, move and index so far.
type abLoop struct {
	w window
	o outcome
}

// brother searches child i (move m) of the node l as Scout's S9–S16: the
// null-window test (exclusive in the first pass, when it may come back
// deferred), and when it fails inside the window the re-search for value,
// which is never exclusive. It reports a fail high (cut).
func (a *abdadaThread[T, P]) brother(l *abLoop, i int, m game.Move, exclusive bool) (cut, deferred bool) {
	s := a.s
	ply, depth, alpha, beta := l.w.ply, l.w.depth, &l.w.alpha, l.w.beta
	b, best, bestIdx := &l.o.b, &l.o.best, &l.o.bestIdx
	P(&s.Stack.Pos[ply]).Play(m, &s.Stack.Pos[ply+1])
	s.ntype[ply+1] = s.ntype[ply].Child(i)
	tv, deferred := a.search(ply+1, depth-1, -*alpha-1, -*alpha, exclusive)
	if s.stopped || deferred {
		return false, deferred
	}
	v := -tv
	if v > *b {
		*b, *best, *bestIdx = v, m, i
	}
	if v >= beta {
		s.updatePV(ply, m)
		return true, false
	}
	if v > *alpha {
		s.Counters.Researches++
		s.ntype[ply+1] = metrics.PV
		tv, _ = a.search(ply+1, depth-1, -beta, -*alpha, false)
		if s.stopped {
			return false, false
		}
		v = -tv
		if v >= beta {
			*b, *best, *bestIdx = v, m, i
			s.updatePV(ply, m)
			return true, false
		}
		if v > *alpha {
			*alpha, *best, *bestIdx = v, m, i
			s.updatePV(ply, m)
		}
		if v > *b {
			*b = v
		}
	}
	return false, false
}

// ABDADADetail is ABDADA's own account: every searcher's nodes, depth and
// deferrals, which one finished first, and the deferrals (exclusive
// searches put off because another searcher was in the node) and their
// revisits in the second pass.
type ABDADADetail struct {
	Threads     []SMPThread `json:"threads"`
	Winner      int         `json:"winner"`
	Nodes       int64       `json:"nodes"`
	Deferrals   int64       `json:"deferrals"`
	Revisits    int64       `json:"revisits"`
	BusyEntries int         `json:"busy_entries"`
	// Iterations are the result searcher's iterations and when each was
	// completed (the time to depth).
	Iterations     []JamIteration `json:"iterations,omitempty"`
	SerialNodes    uint64         `json:"serial_nodes,omitempty"`
	SearchOverhead float64        `json:"search_overhead,omitempty"`
}

// CompareSerial computes the search overhead.
func (d *ABDADADetail) CompareSerial(serial *Result) {
	d.SerialNodes, d.SearchOverhead = serial.Nodes, searchOverhead(d.Nodes, serial.Nodes)
}

// WriteText prints the searchers and the deferrals.
func (d *ABDADADetail) WriteText(w io.Writer, _ MoveNamer, st *sched.Stats) {
	fmt.Fprintf(w, "  abdada: %d searchers over the shared table, busy counts in a table of %d entries; the first to finish gives the result:\n", len(d.Threads), d.BusyEntries)
	writeThreads(w, d.Threads, d.Winner, "first to finish")
	fmt.Fprintf(w, "  nodes %d, deferrals %d (exclusive searches put off: another searcher was in the node), revisited in the second pass %d\n", d.Nodes, d.Deferrals, d.Revisits)
	writeOverhead(w, d.Nodes, d.SerialNodes, d.SearchOverhead)
	writeTimeToDepth(w, d.Iterations, st)
}
