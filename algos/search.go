package algos

import (
	"context"
	"fmt"
	"slices"
	"time"

	"splitpoint/game"
	"splitpoint/metrics"
)

// Search runs the search opt describes from root: one search of opt.Depth
// plies, or iterative deepening 1, 2, … when opt.Iterative or a time limit
// is set. A cancelled ctx (checked every 1024 nodes) ends the search
// promptly: the result is then the deepest completed iteration's and the
// error is ctx.Err(). Reaching opt.Time or opt.MaxNodes ends it the same
// way with a nil error and Result.Stopped set. opt.Algo is a row of the
// options' table (Options.Table).
func Search[T any, P game.Position[T]](ctx context.Context, root *T, opt Options) (*Result, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	r := codeOf[T, P](opt)
	if r.search == nil {
		return nil, fmt.Errorf("%s is a parallel algorithm: give --workers P or --sim P|inf", opt.Algo)
	}
	return r.search(ctx, root, opt)
}

// searchWith is Search by a Searcher: the serial algorithms of the
// Searcher's own root search (Searcher.iterate).
func searchWith[T any, P game.Position[T]](ctx context.Context, root *T, opt Options) (*Result, error) {
	return NewSearcher[T, P](opt, nil).Run(ctx, root, nil)
}

// Run is Search on a prepared Searcher; onIter, if not nil, is called with
// the result so far after each completed iteration.
func (s *Searcher[T, P]) Run(ctx context.Context, root *T, onIter func(*Result)) (*Result, error) {
	opt := s.Opt
	start := time.Now()
	var deadline time.Time
	if opt.Time > 0 {
		deadline = start.Add(opt.Time)
	}
	s.Start(ctx, deadline)
	s.ForcedCaptures = game.CapturesForced(any(root))
	s.TT.NewSearch()
	s.ResetStats()
	s.ResetOrdering()
	s.SetRoot(root)

	maxDepth, first := opt.Depth, opt.Depth
	if maxDepth == 0 {
		maxDepth = MaxDepth
	}
	if opt.Iterative || opt.Time > 0 || opt.Depth == 0 {
		first = 1
	}
	res := &Result{Algo: opt.Algo, Options: opt}
	var prevNodes uint64
	for d := first; d <= maxDepth; d++ {
		before, horizon := s.Counters.Nodes, s.horizon
		v, researches := s.iterate(d, res.Value, d > first)
		if s.stopped {
			break
		}
		it := Iteration{Depth: d, Value: v, Researches: researches,
			Nodes: s.Counters.Nodes - before, TotalNodes: s.Counters.Nodes,
			Seconds: time.Since(start).Seconds()}
		it.BestMove, _ = s.RootMove()
		if opt.Algo == AlgoMTDF {
			it.PV = s.pvFromTT(it.BestMove, d)
		} else {
			it.PV = slices.Clone(s.PV())
		}
		if d > first {
			it.EBF = metrics.EBF(prevNodes, it.Nodes)
		}
		prevNodes = it.Nodes
		res.Iterations = append(res.Iterations, it)
		res.Value, res.BestMove, res.PV, res.Depth = v, it.BestMove, it.PV, d
		if s.live != nil {
			s.live.Depth.Store(int64(res.Depth))
			s.live.Nodes.Store(int64(s.Counters.Nodes))
		}
		if onIter != nil {
			s.fill(res, start)
			onIter(res)
		}
		// Stop once an iteration met neither the horizon nor a table
		// cutoff whose bound may rest on one (Searcher.horizon): the tree
		// ended above depth d, so every deeper iteration would search it
		// again and find the same value (small synthetic trees, endgames).
		if s.horizon == horizon {
			res.TreeEnd = true
			break
		}
	}
	res.Stopped = s.stopped
	s.fill(res, start)
	if s.err != nil {
		return res, s.err
	}
	return res, nil
}

// fill copies the statistics into res.
func (s *Searcher[T, P]) fill(res *Result, start time.Time) {
	res.Seconds = time.Since(start).Seconds()
	res.Counters = s.Counters
	res.Counters.Finalize()
	if res.Seconds > 0 {
		res.NPS = float64(res.Nodes) / res.Seconds
	}
	res.TT = s.TTStats
	res.TT.Fill = s.TT.Fill()
	res.TT.Entries = s.TT.Len()
}

// iterate searches the root to depth d with the configured algorithm; with
// aspiration windows (alphabeta, scout) it first tries prev ± Aspiration
// and opens the side that failed, as often as needed (the result is then
// exact). It returns the value and the number of aspiration re-searches.
func (s *Searcher[T, P]) iterate(d int, prev game.Value, havePrev bool) (game.Value, int) {
	s.ntype[0] = metrics.PV
	s.rootMove, s.rootValue = game.NoMove, 0
	switch s.Opt.Algo {
	case AlgoNegamax:
		return s.Negamax(0, d), 0
	case AlgoMTDF:
		guess := game.Value(0)
		if havePrev {
			guess = prev
		}
		return s.MTDF(d, guess), 0
	}
	alpha, beta := aspirationWindow(prev, s.Opt.Aspiration, havePrev)
	researches := 0
	for {
		s.ntype[0] = metrics.PV
		var v game.Value
		if s.Opt.Algo == AlgoScout {
			v = s.Scout(0, d, alpha, beta)
		} else {
			v = s.AlphaBeta(0, d, alpha, beta)
		}
		if s.stopped {
			return 0, researches
		}
		var done bool
		if alpha, beta, done = widen(v, alpha, beta); done {
			return v, researches
		}
		researches++
	}
}
