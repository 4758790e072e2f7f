package uci

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/lab"
	"splitpoint/sched"
)

// Info is one completed iteration of Think: what an engine prints as
// "info depth … score … nodes … pv …". Nodes and Time count from the start
// of the search, every iteration included.
type Info struct {
	Depth    int
	Score    game.Value // from the side to move
	Best     game.Move
	PV       []string // in the domain's notation (chess SAN, checkers numbers)
	Nodes    uint64
	Time     time.Duration
	HashFull int // the table's fill, per mille
	// NoMove is set when the algorithm returned no move: Best is then
	// the previous iteration's, or the first legal move.
	NoMove bool
}

// NPS is nodes per second over the whole search.
func (i Info) NPS() uint64 {
	if i.Time <= 0 {
		return 0
	}
	return uint64(float64(i.Nodes) / i.Time.Seconds())
}

// Plan is what one Think may spend: a depth, a node count and times; zero
// fields are no limit. Soft is the time after which no new iteration
// starts; Hard the time at which the search is stopped. Budget computes
// them from a clock.
type Plan struct {
	Depth int
	Nodes uint64
	Soft  time.Duration
	Hard  time.Duration
}

// Searcher is one configuration ready to search: the options, the
// machine and whether the algorithm is parallel (Config.Search), and the
// grain it chose once for an algorithm that takes one.
type Searcher struct {
	Opt      algos.Options
	Machine  sched.Config
	Parallel bool
	// Notes say what the settings layer chose and why (lab.Settle): the
	// engine prints them as "info string" lines before its first search.
	Notes    []string
	grainSet bool
	mu       sync.Mutex
}

// NewSearcher readies cfg for searching.
func NewSearcher(cfg Config) (*Searcher, error) {
	s, err := cfg.Search()
	if err != nil {
		return nil, err
	}
	return &Searcher{Opt: s.Opt, Machine: s.Machine, Parallel: s.Parallel, Notes: s.Notes, grainSet: !s.AutoGrain}, nil
}

// grain chooses the grain once, on the first position searched, as the
// search command does (lab.Settled.ReadyAt, for a nominal depth of 8
// plies: at most 4), so that a game does not pay the probe on every move.
func (s *Searcher) grain(ctx context.Context, it *lab.Item) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.grainSet {
		return
	}
	st := lab.Settled{Opt: s.Opt, Machine: s.Machine.Machine, AutoGrain: true}
	o := s.Opt
	o.Depth = 8
	st.ReadyAt(ctx, it, o)
	s.Opt.Grain = st.Opt.Grain
	s.grainSet = true
}

// Think searches the item by iterative deepening under plan, calling
// onInfo (when not nil) after each completed iteration, and returns the
// deepest completed iteration. Each iteration is one search of the lab to
// depth d (lab.Search, or lab.Parallel on the machine), so every
// algorithm of the table, serial or parallel, runs unchanged; the table
// is not carried from one iteration to the next, and each iteration
// repeats the shallower ones inside when the preset iterates (the cost
// of reporting every iteration with any algorithm: Info.Nodes counts all
// of it). ctx stops the search (stop, quit); the result is then the
// deepest completed iteration's. When not even the first iteration
// completed, Best is the first legal move (a move is always returned
// when there is one) and Depth is 0.
func (s *Searcher) Think(ctx context.Context, it *lab.Item, plan Plan, onInfo func(Info)) (Info, error) {
	dl := &Deadlines{}
	dl.set(time.Now(), plan)
	return s.ThinkDeadline(ctx, it, plan, dl, onInfo)
}

// Deadlines are a search's soft and hard times, which ponderhit may set
// while it runs; the zero value is none.
type Deadlines struct {
	mu         sync.Mutex
	soft, hard time.Time
}

// set gives the times of plan from now (none for a zero time).
func (d *Deadlines) set(now time.Time, plan Plan) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.soft, d.hard = time.Time{}, time.Time{}
	if plan.Soft > 0 {
		d.soft = now.Add(plan.Soft)
	}
	if plan.Hard > 0 {
		d.hard = now.Add(plan.Hard)
	}
}

func (d *Deadlines) get() (soft, hard time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.soft, d.hard
}

// ThinkDeadline is Think with times that may change while it runs (dl;
// plan's times are not read): the engine's ponderhit.
func (s *Searcher) ThinkDeadline(ctx context.Context, it *lab.Item, plan Plan, dl *Deadlines, onInfo func(Info)) (Info, error) {
	start := time.Now()
	var best Info
	if legal := it.Legal(); len(legal) > 0 {
		best.Best = legal[0]
	} else {
		return best, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() { // the hard limit: checked every millisecond
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case now := <-t.C:
				if _, hard := dl.get(); !hard.IsZero() && now.After(hard) {
					cancel()
					return
				}
			}
		}
	}()
	s.grain(ctx, it)
	maxDepth := plan.Depth
	if maxDepth <= 0 || maxDepth > algos.MaxDepth {
		maxDepth = algos.MaxDepth
	}
	var total, lastNodes uint64
	var last time.Duration // the last iteration's time
	for d := 1; d <= maxDepth; d++ {
		// No new iteration past the soft limit, nor one that would end
		// well past it: the next costs about as much as every earlier one
		// did (each iteration repeats the shallower ones), so predict it
		// at twice the last.
		if soft, _ := dl.get(); d > 1 && !soft.IsZero() {
			now := time.Now()
			if now.After(soft) || now.Add(2*last).After(soft.Add(soft.Sub(start)/2)) {
				break
			}
		}
		if plan.Nodes > 0 && total >= plan.Nodes {
			break
		}
		o := s.Opt
		o.Depth, o.Time, o.MaxNodes = d, 0, 0
		o.TTBits = iterationBits(o.TTBits, lastNodes)
		if plan.Nodes > 0 {
			o.MaxNodes = plan.Nodes - total
		}
		t0 := time.Now()
		inf, nodes, done, err := s.iterate(ctx, it, o)
		total, lastNodes = total+nodes, nodes
		last = time.Since(t0)
		if err != nil && ctx.Err() == nil && !errors.Is(err, errNodeLimit) {
			return best, err
		}
		if !done {
			break
		}
		inf.Nodes, inf.Time = total, time.Since(start)
		if inf.Best == game.NoMove {
			// An algorithm that returns a value and no move (pnegamax):
			// the move stays the previous iteration's, or the first
			// legal one.
			inf.Best, inf.NoMove = best.Best, true
		}
		best = inf
		if onInfo != nil {
			onInfo(best)
		}
		if game.IsMate(best.Score) && mateDistance(best.Score) <= d {
			break // a mate within the horizon: deeper searches find it again
		}
	}
	best.Nodes, best.Time = total, time.Since(start)
	return best, nil
}

// minIterationBits is the smallest table an iteration gets.
const minIterationBits = 14

// iterationBits sizes the table of one iteration: the configuration's
// (Hash), but no larger than the power of two above 4 entries for each
// node of the previous iteration (at least 2^minIterationBits), which holds
// most of the next one's nodes at chess's effective branching factors.
// Each iteration makes its table anew, and making (and zeroing) a table far
// larger than the search fills cost more than the search itself at
// shallow depths: with Hash 16 and a full-size table every iteration the
// engine searched BK 1–4 to depth 6 at 2.3 M nodes/s, with Hash 1 at
// 5.3 M (BenchmarkThink, BENCHMARKS.md).
func iterationBits(bits int, prevNodes uint64) int {
	if bits <= 0 {
		return bits
	}
	need := max(bitsLen(prevNodes*4), minIterationBits)
	return min(bits, need)
}

func bitsLen(n uint64) int {
	b := 0
	for n > 0 {
		b++
		n >>= 1
	}
	return b
}

// errNodeLimit stops a parallel iteration at the node limit.
var errNodeLimit = errors.New("node limit")

// iterate runs one search to depth o.Depth and reports whether it
// completed.
func (s *Searcher) iterate(ctx context.Context, it *lab.Item, o algos.Options) (Info, uint64, bool, error) {
	if !s.Parallel {
		r, err := lab.Search(ctx, it, o)
		if r == nil {
			return Info{}, 0, false, err
		}
		done := err == nil && !r.Stopped && r.Depth == o.Depth || r.TreeEnd
		return Info{Depth: r.Depth, Score: r.Value, Best: r.BestMove, PV: r.PVText, HashFull: r.TT.Fill},
			r.Counters.Nodes, done && err == nil, err
	}
	cfg := s.Machine
	ictx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	if o.MaxNodes > 0 {
		// The pool's snapshots come every ObserveEvery: the node limit of
		// a parallel search is met to within that much searching.
		limit := int64(o.MaxNodes)
		var hit atomic.Bool
		cfg.ObserveEvery = int64(2 * time.Millisecond)
		cfg.Observe = func(sn sched.Snapshot) {
			if sn.Nodes >= limit && !hit.Swap(true) {
				cancel(errNodeLimit)
			}
		}
		o.MaxNodes = 0
	}
	r, err := lab.Parallel(ictx, it, o, cfg, lab.BaselineMode{Skip: true})
	if r == nil {
		return Info{}, 0, false, err
	}
	nodes := uint64(max(r.Stats.Counts["node"], 0))
	if err != nil {
		if context.Cause(ictx) == errNodeLimit {
			err = errNodeLimit
		}
		return Info{}, nodes, false, err
	}
	return Info{Depth: r.Depth, Score: r.Value, Best: r.Best, PV: r.PV, HashFull: r.TT.Fill}, nodes, r.Depth == o.Depth || r.TreeEnd, nil
}

// mateDistance is the number of plies to the mate v announces.
func mateDistance(v game.Value) int {
	if v < 0 {
		v = -v
	}
	return int(game.Mate - v)
}
