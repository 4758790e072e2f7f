package algos

import (
	"context"
	"fmt"
	"io"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
)

// JamboreeDetail is what a Jamboree run reports beyond the shared
// Parallel result: its variants and grain, the failed/cutoff work by
// Knuth–Moore type (StarTech §4) and the serial counters below the grain.
type JamboreeDetail struct {
	Options  Options      `json:"options"`
	Variants string       `json:"variants"`
	Grain    int          `json:"grain"`
	DistTT   bool         `json:"dist_tt"`
	Work     JamboreeWork `json:"work"`
	// Serial is the serial Scout's counters below the grain, summed over
	// the workers.
	Serial metrics.Counters `json:"serial_counters"`
}

// runJamboree is RunJamboree as a row of the table.
func runJamboree[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*Parallel, *sched.Stats, error) {
	res, st, err := RunJamboree[T, P](ctx, root, opt, cfg)
	if res == nil {
		return nil, st, err
	}
	return &Parallel{Value: res.Value, BestMove: res.BestMove, PV: res.PV, Depth: res.Depth, Iterations: res.Iterations,
		TT: res.TT, Stopped: res.Stopped, TreeEnd: res.TreeEnd,
		Detail: &JamboreeDetail{Options: opt, Variants: res.Variants, Grain: opt.Grain, DistTT: opt.DistTT, Work: res.Work, Serial: res.Serial}}, st, err
}

// WriteText prints the failed, cutoff and aborted work and the counters.
func (j *JamboreeDetail) WriteText(w io.Writer, _ MoveNamer, s *sched.Stats) {
	k := j.Work
	fmt.Fprintf(w, "  jamboree: variants=%s grain=%d dist-tt=%t\n", j.Variants, j.Grain, j.DistTT)
	pct := func(x int64) float64 {
		if k.Nodes == 0 {
			return 0
		}
		return 100 * float64(x) / float64(k.Nodes)
	}
	line := func(name string, x WorkByType) {
		fmt.Fprintf(w, "  %s work %d nodes (%.1f%% of %d): PV %d, CUT %d, ALL %d\n", name, x.Total, pct(x.Total), k.Nodes, x.PV, x.CUT, x.ALL)
	}
	line("failed", k.Failed)
	line("cutoff", k.Cutoff)
	line("aborted", k.Aborted)
	fmt.Fprintf(w, "  parallel nodes %d, serial searches %d, tests %d, failed tests %d, fail-high aborts %d, serialized second children %d, rid searches %d\n",
		k.ParallelNodes, k.SerialSearches, k.Tests, k.FailedTests, k.FailHighs, k.Serialized2, k.RIDSearches)
	if k.Splits > 0 {
		fmt.Fprintf(w, "  inline nodes split by a steal request %d, %d of them above the node that asked (the pool's serial loops above the grain)\n", k.Splits, k.SplitsAbove)
	}
	if k.KillerHandovers > 0 {
		fmt.Fprintf(w, "  killer handovers %d: tests run by another processor than their node's owner, started with the owner's killer moves (--param no_killer_handover=true: the thief's own)\n", k.KillerHandovers)
	}
	if k.Retests > 0 || k.Restarts > 0 {
		fmt.Fprintf(w, "  restart variant: failed tests tested again %d, running tests restarted %d\n", k.Retests, k.Restarts)
	}
	fmt.Fprintf(w, "  deferred waits %d (above the grain %d; answered %d, given up %d, refused as unsafe %d; waited %d units; blocked on shared state %s), post-abort visits %d\n",
		k.DeferredWaits, k.DeferredWaitsAbove, k.DeferredHits, k.DeferredGiveUps, k.DeferredRefused, k.DeferredWaitTime, metrics.FormatTime(s.BlockedShared, s.TimeUnit), k.PostAbortVisits)
}
