package algos

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"splitpoint/game"
	"splitpoint/sched"
	"splitpoint/tt"
)

// This file is what ABDADA (abdada.go) and Lazy SMP (lazysmp.go) share:
// both run N independent iterative-deepening searchers from the root, one
// per processor, over one shared transposition table, and differ only in
// what a searcher does at a node (ABDADA's exclusive search) and which
// depths it searches (Lazy SMP's skipped depths).

// smpThread is one of the N searchers: a serial Searcher over the shared
// table whose Hook charges its nodes and leaves to the machine and stops
// it when the run is over (the machine aborted it, or done was set).
type smpThread[T any, P game.Position[T]] struct {
	s       *Searcher[T, P]
	t       *sched.Task
	done    *atomic.Bool
	meter   meter // the Searcher's steps charged so far
	res     SMPThread
	began   time.Time
	sim     bool
	iters   []JamIteration
	pv      []game.Move
	value   game.Value
	best    game.Move
	treeEnd bool
	main    bool // searcher 0: its depth is the live view's progress
}

// SMPThread is one searcher's account in the Detail of ABDADA and Lazy
// SMP.
type SMPThread struct {
	Nodes uint64 `json:"nodes"`
	// Depth is the deepest iteration it completed, Searched how many it
	// completed, Skipped the depths it left out (Lazy SMP's helpers).
	Depth    int `json:"depth"`
	Searched int `json:"searched"`
	Skipped  int `json:"skipped,omitempty"`
	// Deferrals are ABDADA's exclusive searches it put off because another
	// searcher was in the node.
	Deferrals int64 `json:"deferrals,omitempty"`
}

// Node is the Searcher's Hook: it charges the steps since the
// last call, and stops the search when the machine aborted it or the run
// is over.
func (h *smpThread[T, P]) Node() bool {
	h.charge()
	return h.t.Aborted() || h.done.Load()
}

// charge charges the steps (nodes, leaves, move generations) the
// Searcher counted since the last charge (on the simulator the Hook runs at every node: one node each).
func (h *smpThread[T, P]) charge() { h.meter.charge(h.t, &h.s.Counters) }

// smpThreads is the number of searchers on the machine cfg: P, and on the
// infinite simulated machine one per root move.
func smpThreads[T any, P game.Position[T]](root *T, cfg sched.Config) int {
	n := cfg.P
	if cfg.IsSim() && n == 0 {
		var buf [game.MaxMoves]game.Move
		n = P(root).Moves(buf[:])
	}
	return max(n, 1)
}

// smpSearchers says what the searchers of smpRun do: setup makes
// searcher i's per-node state around its Searcher and body runs its
// iterative deepening (see deepen), no deeper than maxDepth.
type smpSearchers[T any, P game.Position[T], X any] struct {
	maxDepth int
	setup    func(th *smpThread[T, P], i int) X
	body     func(c sched.Ctx, th *smpThread[T, P], x X, i int)
}

// smpRun runs n searchers as processes on the machine cfg describes, with
// a fresh shared table of 2^opt.TTBits entries (none when 0), each doing
// what sp says. It returns the searchers, the table's statistics and the
// runtime's measurements. Without quiescence a Searcher has rows for
// sp.maxDepth + 1 plies only, so that 256 simulated searchers do not hold
// half a megabyte each.
func smpRun[T any, P game.Position[T], X any](ctx context.Context, root *T, opt Options, cfg sched.Config,
	sp smpSearchers[T, P, X]) ([]*smpThread[T, P], []X, tt.Stats, *sched.Stats, error) {
	maxDepth, setup, body := sp.maxDepth, sp.setup, sp.body
	var stats tt.Stats
	if err := opt.ValidateParallel(); err != nil {
		return nil, nil, stats, nil, err
	}
	n := smpThreads[T, P](root, cfg)
	table := tt.New(opt.TTBits)
	o := opt
	o.Algo, o.Time, o.MaxNodes = AlgoScout, 0, 0
	var done atomic.Bool
	threads := make([]*smpThread[T, P], n)
	xs := make([]X, n)
	forced := game.CapturesForced(any(root))
	plies := game.MaxPly
	if !o.Quiescence {
		plies = min(maxDepth+1, game.MaxPly)
	}
	for i := range threads {
		th := &smpThread[T, P]{s: getSearcher[T, P](o, table, plies), done: &done, sim: cfg.IsSim()}
		th.s.Hook = th
		if !cfg.IsSim() {
			th.s.HookMask = 63
		}
		th.s.ForcedCaptures = forced
		th.s.Start(nil, time.Time{})
		th.s.SetRoot(root)
		th.main = i == 0
		threads[i] = th
		xs[i] = setup(th, i)
	}
	_, st, err := sched.Run(ctx, cfg, func(c sched.Ctx) any {
		table.NewSearch()
		began := time.Now() // the time to depth counts from here, as Jamboree's
		for _, th := range threads {
			th.began = began
		}
		sched.Processes(c, n, func(c sched.Ctx, i int) any {
			th := threads[i]
			th.t = c.Self()
			body(c, th, xs[i], i)
			th.charge()
			th.res.Nodes = th.s.Counters.Nodes
			return nil
		})
		return nil
	})
	for _, th := range threads {
		stats.Merge(th.s.TTStats)
		putSearcher(th.s)
		th.s = nil
	}
	stats.Fill, stats.Entries = table.Fill(), table.Len()
	return threads, xs, stats, st, err
}

// deepen is a searcher's iterative deepening from first to last, leaving
// out the depths skip names (nil: none): search(d, prev, havePrev) searches
// the root to depth d (prev is its last completed iteration's value). It
// stops when the run is over, and when an iteration met no horizon (the
// tree ends there). It reports whether it completed depth last (or the
// tree's end).
func (th *smpThread[T, P]) deepen(c sched.Ctx, first, last int, skip func(d int) bool, search func(d int, prev game.Value, havePrev bool) game.Value) bool {
	s := th.s
	havePrev := false
	for d := first; d <= last; d++ {
		if th.done.Load() || th.t.Aborted() {
			return false
		}
		if d < last && skip != nil && skip(d) {
			th.res.Skipped++
			continue
		}
		h := s.horizon
		v := search(d, th.value, havePrev)
		if s.stopped {
			return false
		}
		havePrev = true
		th.value, th.res.Depth = v, d
		th.best, _ = s.RootMove()
		th.pv = append(th.pv[:0], s.PV()...)
		th.res.Searched++
		at := c.Now()
		if !th.sim {
			at = int64(time.Since(th.began))
		}
		th.iters = append(th.iters, JamIteration{Depth: d, Value: v, BestMove: th.best, At: at})
		if th.main {
			c.Self().SetProgress(int64(d)) // a live view's "depth reached"
		}
		if s.horizon == h {
			th.treeEnd = true
			return true
		}
	}
	return true
}

// smpParallel is the shared result of the searcher whose result is the
// run's (ABDADA's first to finish, Lazy SMP's main thread).
func smpParallel[T any, P game.Position[T]](th *smpThread[T, P], stats tt.Stats, d Detail) *Parallel {
	return &Parallel{Value: th.value, BestMove: th.best, PV: slices.Clone(th.pv), Depth: th.res.Depth,
		Iterations: th.iters, TT: stats, TreeEnd: th.treeEnd, Detail: d}
}

// writeThreads prints each searcher's line of an SMP Detail.
func writeThreads(w interface{ Write([]byte) (int, error) }, threads []SMPThread, mark int, what string) {
	for i, t := range threads {
		m := ""
		if i == mark {
			m = "  <- " + what
		}
		extra := ""
		if t.Skipped > 0 {
			extra += fmt.Sprintf(", skipped %d depths", t.Skipped)
		}
		if t.Deferrals > 0 {
			extra += fmt.Sprintf(", deferrals %d", t.Deferrals)
		}
		fmt.Fprintf(w, "    searcher %d: %d nodes, depth %d (%d iterations%s)%s\n", i, t.Nodes, t.Depth, t.Searched, extra, m)
	}
}
