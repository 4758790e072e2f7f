package algos

import (
	"fmt"
	"io"
	"splitpoint/metrics"

	"splitpoint/sched"
	"splitpoint/tt"
)

// YBWCResult is the outcome of a YBWC search and its Detail: the shared
// result, and YBWC's own counters (Feldmann 1993 reports split points,
// the helpful master's work and the search overhead against the serial
// search).
type YBWCResult struct {
	RootIterations
	TT tt.Stats `json:"tt"`

	Grain int `json:"grain"`
	// Nodes is every node charged (parallel part and serial searches).
	Nodes int64 `json:"nodes"`
	// ParallelNodes are the nodes above the grain.
	ParallelNodes int64 `json:"parallel_nodes"`
	// SplitPoints are the nodes whose younger brothers were searched in
	// parallel (the eldest did not cut off).
	SplitPoints int64 `json:"split_points"`
	// YoungerBrothers are the brothers of split points; Helps those run
	// by their own master's processor (the helpful master; on the pool
	// this includes the latent brothers it ran inline, ybwc_latent.go),
	// Stolen those run by another processor; the rest were cut off or
	// aborted before they started.
	YoungerBrothers int64 `json:"younger_brothers"`
	Helps           int64 `json:"helps"`
	Stolen          int64 `json:"stolen"`
	// Researches are failed null-window tests re-searched for value;
	// Cutoffs are split points ended by a brother's fail high (the
	// brothers still running aborted).
	Researches int64 `json:"researches"`
	// Retests are failed tests tested again, against the node's α that an
	// elder brother had raised to their value or past it while they ran.
	Retests int64 `json:"retests"`
	Cutoffs int64 `json:"cutoffs"`
	// InlineSplits are the split points the pool made of inline nodes
	// (ybwc_latent.go) when a steal request interrupted their serial loop.
	InlineSplits int64 `json:"inline_splits,omitempty"`
	// KillerHandovers are the stolen brothers that started with their
	// master's killer moves (killers.go).
	KillerHandovers int64 `json:"killer_handovers,omitempty"`
	SerialSearches  int64 `json:"serial_searches"`
	// SerialNodes is the serial baseline's node count, SearchOverhead
	// Nodes / SerialNodes − 1 (Feldmann's search overhead).
	SerialNodes    uint64  `json:"serial_nodes,omitempty"`
	SearchOverhead float64 `json:"search_overhead,omitempty"`
}

// CompareSerial computes the search overhead against the serial search.
func (r *YBWCResult) CompareSerial(serial *Result) {
	r.SerialNodes, r.SearchOverhead = serial.Nodes, searchOverhead(r.Nodes, serial.Nodes)
}

// searchOverhead is nodes / serial − 1 (0 without a serial count).
func searchOverhead(nodes int64, serial uint64) float64 {
	if serial == 0 {
		return 0
	}
	return float64(nodes)/float64(serial) - 1
}

// WriteText prints YBWC's counters.
func (r *YBWCResult) WriteText(w io.Writer, _ MoveNamer, st *sched.Stats) {
	fmt.Fprintf(w, "  ybwc: grain=%d, nodes %d (%d above the grain, %d serial searches)\n", r.Grain, r.Nodes, r.ParallelNodes, r.SerialSearches)
	fmt.Fprintf(w, "  split points %d, younger brothers %d (helps by the waiting master %d, stolen %d), re-searches %d, re-tests against a raised α %d, cutoff aborts %d\n",
		r.SplitPoints, r.YoungerBrothers, r.Helps, r.Stolen, r.Researches, r.Retests, r.Cutoffs)
	if r.InlineSplits > 0 {
		fmt.Fprintf(w, "  split points made of inline nodes by a steal request %d (the pool's serial loops above the grain)\n", r.InlineSplits)
	}
	if r.KillerHandovers > 0 {
		fmt.Fprintf(w, "  killer handovers %d: stolen brothers started with their master's killer moves (--param no_killer_handover=true: the thief's own)\n", r.KillerHandovers)
	}
	writeOverhead(w, r.Nodes, r.SerialNodes, r.SearchOverhead)
	writeTimeToDepth(w, r.Iterations, st)
}

// writeTimeToDepth prints when each iteration was completed: the time to
// depth (nanoseconds on the pool, the simulator's time units).
func writeTimeToDepth(w io.Writer, iters []JamIteration, st *sched.Stats) {
	if len(iters) == 0 {
		return
	}
	unit := "units"
	if st != nil && st.TimeUnit != "" {
		unit = st.TimeUnit
	}
	if unit == "ns" {
		fmt.Fprintf(w, "  time to depth:")
		for i, it := range iters {
			sep := ","
			if i == 0 {
				sep = ""
			}
			fmt.Fprintf(w, "%s %d at %s", sep, it.Depth, metrics.FormatTime(it.At, unit))
		}
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintf(w, "  time to depth (%s):", unit)
	for _, it := range iters {
		fmt.Fprintf(w, " %d:%d", it.Depth, it.At)
	}
	fmt.Fprintln(w)
}

// writeOverhead prints the search overhead line of a Detail.
func writeOverhead(w io.Writer, nodes int64, serial uint64, overhead float64) {
	if serial > 0 {
		fmt.Fprintf(w, "  search overhead: nodes %d against the serial search's %d: %+.1f%%\n", nodes, serial, 100*overhead)
	}
}
