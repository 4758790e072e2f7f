package lab

import (
	"context"
	"fmt"
	"io"
	"strings"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/sched"
)

// SearchReport is one serial search's result with the position it
// searched, moves written in the domain's notation.
type SearchReport struct {
	Position string `json:"position"`
	ID       string `json:"id,omitempty"`
	// DepthNote says where the depth came from when none was given (a
	// synthetic tree's own).
	DepthNote string `json:"depth_note,omitempty"`
	// Cancelled is set when the search was stopped (Ctrl-C) before it
	// finished: only the iterations it completed are results.
	Cancelled bool `json:"cancelled,omitempty"`
	// Noise says whether other processes competed for the cores while the
	// search was timed (nil where that cannot be measured).
	Noise *Noise `json:"noise,omitempty"`
	*algos.Result
	iterBest []string // each iteration's best move, in the domain's notation
}

// Search runs the serial search opt describes on the item. A cancelled
// search returns its deepest completed iteration with ctx's error.
func Search(ctx context.Context, it *Item, opt algos.Options) (*SearchReport, error) {
	opt, note := it.TreeDepth(opt)
	if err := checkTable(opt, sched.DefaultMaxMem()); err != nil {
		return nil, err
	}
	probe := startNoise(1)
	res, err := it.dom.search(ctx, opt)
	if res == nil {
		return nil, err
	}
	return &SearchReport{Position: it.Name, ID: it.ID, DepthNote: note, Cancelled: err != nil && ctx.Err() != nil,
		Noise: probe.stop(), Result: res, iterBest: it.annotate(res)}, err
}

// MoveText writes m in the item's notation ("" for no move, and for the
// moves of synthetic trees, which have no names worth printing).
func (it *Item) MoveText(m game.Move) string {
	if m == game.NoMove || it.IsTree() {
		return ""
	}
	return it.Describer().MoveString(m)
}

// annotate writes the best move and PV of res in the domain's notation
// and returns each iteration's best move.
func (it *Item) annotate(res *algos.Result) []string {
	res.PVText = it.dom.moveTexts(res.PV)
	iter := make([]string, len(res.Iterations))
	for i, x := range res.Iterations {
		if x.BestMove != game.NoMove {
			iter[i] = it.Describer().MoveString(x.BestMove)
		}
	}
	res.BestMoveText = it.MoveText(res.BestMove) // the JSON contract: empty for synthetic trees
	return iter
}

// WriteText prints a search result for people.
func (r *SearchReport) WriteText(w io.Writer) {
	res := r.Result
	fmt.Fprintf(w, "search %s\n", title(r.Position, r.ID))
	fmt.Fprintf(w, "  options: %s\n", res.Options)
	if r.DepthNote != "" {
		fmt.Fprintf(w, "  %s\n", r.DepthNote)
	}
	r.Noise.writeText(w)
	if r.Cancelled {
		c := res.Counters
		fmt.Fprintf(w, "  CANCELLED after %d nodes in %.3f s", c.Nodes, res.Seconds)
		if len(res.Iterations) > 0 && res.Depth > 0 {
			fmt.Fprintf(w, "; deepest completed iteration: depth %d, value %d", res.Depth, res.Value)
			if res.BestMoveText != "" {
				fmt.Fprintf(w, ", best move %s", res.BestMoveText)
			}
		} else {
			fmt.Fprintf(w, "; no iteration completed, so no value")
		}
		fmt.Fprintln(w)
		return
	}
	stop := ""
	switch {
	case res.Stopped:
		stop = " (stopped early: the deepest completed iteration)"
	case res.TreeEnd:
		stop = " (no depth horizon was met: the whole tree was searched, and iterations stop here)"
	}
	fmt.Fprintf(w, "  value %s at depth %d%s", game.Describe(game.Value(res.Value)), res.Depth, stop)
	if res.BestMoveText != "" {
		fmt.Fprintf(w, ", best move %s", res.BestMoveText)
	}
	fmt.Fprintf(w, "\n  pv: %s\n", strings.Join(res.PVText, " "))
	c := res.Counters
	fmt.Fprintf(w, "  nodes %d (interior %d, leaves %d, quiescence %d) in %.3f s, %.0f nodes/s\n",
		c.Nodes, c.Interior, c.Leaves, c.QNodes, res.Seconds, res.NPS)
	if res.OpenPeak > 0 {
		fmt.Fprintf(w, "  OPEN list peak: %d entries\n", res.OpenPeak)
	}
	if c.PVNodes+c.CutNodes+c.AllNodes == 0 {
		return // SSS* keeps no node types or branching statistics
	}
	fmt.Fprintf(w, "  node types: PV %d, CUT %d (%.1f%% cut by the first child), ALL %d (%.1f%% as predicted); cutoffs %d, re-searches %d\n",
		c.PVNodes, c.CutNodes, 100*c.CutPredictedRate, c.AllNodes, 100*c.AllPredictedRate, c.Cutoffs, c.Researches)
	fmt.Fprintf(w, "  first move best: %.1f%% of %d nodes with a best move\n", 100*c.FirstMoveBestRate, c.BestKnown)
	fmt.Fprintf(w, "  branching: %.2f legal moves per interior node (capture nodes %.2f over %d, quiet nodes %.2f over %d); %.2f searched\n",
		c.Branching, c.CaptureBranching, c.CaptureNodes, c.QuietBranching, c.QuietNodes, c.SearchedBranching)
	if len(res.Iterations) > 1 {
		fmt.Fprintf(w, "  %5s %7s %-8s %12s %7s %9s\n", "depth", "value", "best", "nodes", "ebf", "seconds")
		for i, it := range res.Iterations {
			best := ""
			if i < len(r.iterBest) {
				best = r.iterBest[i]
			}
			fmt.Fprintf(w, "  %5d %7d %-8s %12d %7.2f %9.3f\n", it.Depth, it.Value, best, it.Nodes, it.EBF, it.Seconds)
		}
	}
	if t := res.TT; t.Entries > 0 {
		fmt.Fprintf(w, "  tt: %d entries, probes %d, hits %d, cutoffs %d, stores %d, overwrites %d, fill %d‰\n",
			t.Entries, t.Probes, t.Hits, t.Cutoffs, t.Stores, t.Overwrites, t.Fill)
	}
}

// title is how a report names its position: the name and the id.
func title(name, id string) string {
	if id != "" {
		return name + " (" + id + ")"
	}
	return name
}
