package algos

import (
	"reflect"
	"sync"
	"time"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/tt"
)

// searcherPools holds, per Searcher type, the Searchers parallel searches
// have finished with (a sync.Pool each, keyed by the type).
//
// A parallel search needs one Searcher per processor, and a Searcher is
// large (its stack, move lists, scores and principal variations: about
// half a megabyte for chess). Allocated afresh for every search, they made
// the garbage collector run during the searches that followed, and on two
// pool workers a collection takes a processor's worth of CPU from the
// search: the 2-worker time to depth 7 on BK.01–04 varied from 1.12× to
// 1.81× the serial Scout's from one repetition to the next (same nodes,
// up to 40 % more CPU). Reused, they cost nothing after the first search.
var searcherPools sync.Map // reflect.Type → *sync.Pool

// getSearcher returns a Searcher for opt and table, from the pool when one
// is there (reset as NewSearcher would make it: no counters, no ordering
// state, no hook), else a new one (NewSearcher, with table nil meaning no
// table here).
//
// plies is the deepest ply the searches will reach (game.MaxPly when not
// known): a pooled Searcher with fewer rows is left to the collector.
func getSearcher[T any, P game.Position[T]](opt Options, table *tt.Table, plies int) *Searcher[T, P] {
	if p, ok := searcherPools.Load(reflect.TypeFor[*Searcher[T, P]]()); ok {
		if s, ok := p.(*sync.Pool).Get().(*Searcher[T, P]); ok && s.plies() >= plies {
			s.reset(opt, table)
			return s
		}
	}
	return newSearcherPlies[T, P](opt, table, plies)
}

// putSearcher hands s back for reuse; the caller must not use it again.
func putSearcher[T any, P game.Position[T]](s *Searcher[T, P]) {
	p, _ := searcherPools.LoadOrStore(reflect.TypeFor[*Searcher[T, P]](), new(sync.Pool))
	p.(*sync.Pool).Put(s)
}

// reset makes a used Searcher equivalent to a new one for opt and table:
// the state a search reads before writing it is cleared; the scratch
// arrays every node writes before reading (stack, moves, scores, PVs) are
// left as they are.
func (s *Searcher[T, P]) reset(opt Options, table *tt.Table) {
	s.Opt, s.TT = opt, table
	s.Hook, s.HookMask, s.ForcedCaptures = nil, 0, false
	s.ctx, s.stopped, s.err, s.tick = nil, false, nil, 0
	s.deadline = time.Time{}
	s.horizon, s.rootMove, s.rootValue = 0, 0, 0
	if opt.History && s.history == nil {
		s.history = new([2][historySize]int32)
	}
	s.ResetStats()
	s.ResetOrdering()
	clear(s.ntype[:])
	s.ntype[0] = metrics.PV
	s.inl = inlineRegion{}
}

// workerSearcher is the serial Searcher of a parallel search's worker
// (Jamboree, YBWC): from earlier searches or new, sized to the search's
// plies, calling hook at every node (every 64th in batch, pool, runs),
// with the domain's capture rule (forced: checkers), started.
func workerSearcher[T any, P game.Position[T]](o Options, tab *tt.Table, hook Hook, batch, forced bool) *Searcher[T, P] {
	plies := game.MaxPly
	if !o.Quiescence {
		plies = min(o.Depth+1, game.MaxPly)
	}
	s := getSearcher[T, P](o, tab, plies)
	s.Hook = hook
	if batch {
		s.HookMask = 63
	}
	s.ForcedCaptures = forced
	s.Start(nil, time.Time{})
	return s
}
