package algos

import (
	"sync/atomic"

	"splitpoint/game"
	"splitpoint/metrics"
)

// workRec counts the nodes of one child search of a Jamboree node (the
// subtree below it, whichever processors ran it) and, among them, the
// nodes already classified as failed, cutoff or aborted work deeper down.
// A record is only written by the task that runs the search it belongs to;
// a parent folds a child's record into its own after waiting for the child,
// so no counter is shared between processors.
//
// Each node is classified once, by the outermost node that classifies it:
// when a parent calls a child's whole search failed or cutoff work, the
// classes found inside that child are not counted again.
//
// horizon counts the depth horizons the search met (leaves cut off by
// depth, and table or deferred answers, whose bounds may rest on a
// shallower horizon), in every part of the subtree, useful or not: a
// search that met none is exact at every greater depth.
type workRec struct {
	nodes   int64
	horizon int64
	failed  [4]int64 // by metrics.NodeType of the child searched
	cutoff  [4]int64
	aborted [4]int64
}

// addUseful folds k, a search a serial Scout would have made too, into r.
func (r *workRec) addUseful(k *workRec) {
	r.nodes += k.nodes
	r.horizon += k.horizon
	for i := range r.failed {
		r.failed[i] += k.failed[i]
		r.cutoff[i] += k.cutoff[i]
		r.aborted[i] += k.aborted[i]
	}
}

// addFailed folds k, a null-window test that failed (its child had to be
// searched again for its value), into r as failed work on a child of type t.
func (r *workRec) addFailed(k *workRec, t metrics.NodeType) { r.add(k, workFailed, t) }

// workKind is how a child's search counts in its node's work (StarTech
// §4): useful, or failed, cutoff or aborted work on the child.
type workKind uint8

const (
	workUseful  workKind = iota // a search a serial Scout would have made too
	workFailed                  // a null-window test that failed: its child searched again for its value
	workCutoff                  // a search of a child after the one that failed high
	workAborted                 // a search of a child before the one that failed high, aborted while it ran
)

// add folds k into r as work of kind w on a child of type t: a useful
// search with its own split (addUseful), any other with all its nodes as
// work of that kind on the child.
func (r *workRec) add(k *workRec, w workKind, t metrics.NodeType) {
	if w == workUseful {
		r.addUseful(k)
		return
	}
	r.addCounts(k.nodes, k.horizon, w, t)
}

// addCounts is add for a record of nodes and horizon alone: a useful
// one's split is empty, and the others' is not read.
func (r *workRec) addCounts(nodes, horizon int64, w workKind, t metrics.NodeType) {
	r.nodes += nodes
	r.horizon += horizon
	switch w {
	case workFailed:
		r.failed[t] += nodes
	case workCutoff:
		r.cutoff[t] += nodes
	case workAborted:
		r.aborted[t] += nodes
	}
}

// WorkByType is an amount of work in nodes split by the Knuth–Moore type
// (metrics.NodeType) of the child whose search it was.
type WorkByType struct {
	PV    int64 `json:"pv"`
	CUT   int64 `json:"cut"`
	ALL   int64 `json:"all"`
	Total int64 `json:"total"`
}

func byType(a [4]int64) WorkByType {
	return WorkByType{PV: a[metrics.PV], CUT: a[metrics.CUT], ALL: a[metrics.ALL],
		Total: a[metrics.PV] + a[metrics.CUT] + a[metrics.ALL]}
}

// JamboreeWork is the accounting of one Jamboree search: its nodes, the
// wasted work as StarTech §4 ("Serialization heuristics") defines it, and
// the events of the variants.
//
// All work is counted in nodes (one sched.Node charge each, parallel and
// serial nodes alike; multiply by the cost model's node cost for units).
//
//   - Failed work: the nodes of null-window tests (Fig. 2, J8) that failed
//     — the value s came back above α, so the child was searched again for
//     its value (J14). StarTech: "work done to test a position when the
//     test fails, and the position must be searched for value." Split by
//     the expected type of the tested child (StarTech found 50–90 % of it
//     on type-2 positions "that dropped below α"). Only the tests of
//     Jamboree's own nodes (above the grain) count; the serial Scout's own
//     re-searches below the grain are in Counters.Researches.
//   - Cutoff work: the nodes of searches of children after (in move order)
//     the child that failed high at a node (J10, J15): "work that is done
//     on a child of a position that would not have been expanded in a
//     serial execution because an earlier child would have failed high" —
//     finished, still running when aborted, or aborted before it started.
//   - Aborted work: the nodes of searches of children before the one that
//     failed high that were still running when the abort-and-return
//     stopped them. A serial search would have searched them completely,
//     so this is not cutoff work, but it is thrown away.
//
// A node is classified by the outermost Jamboree node that classifies it,
// so the three totals never count a node twice and their sum is at most
// Nodes.
type JamboreeWork struct {
	Nodes   int64      `json:"nodes"`
	Failed  WorkByType `json:"failed_work"`
	Cutoff  WorkByType `json:"cutoff_work"`
	Aborted WorkByType `json:"aborted_work"`

	ParallelNodes  int64 `json:"parallel_nodes"`           // nodes Jamboree expanded itself (above the grain)
	SerialSearches int64 `json:"serial_searches"`          // calls of the serial Scout at the grain
	Tests          int64 `json:"tests"`                    // null-window tests spawned in parallel
	FailedTests    int64 `json:"failed_tests"`             // tests re-searched for value (J14), serialized ones included
	FailHighs      int64 `json:"fail_highs"`               // abort-and-returns (J10, J15)
	Serialized2    int64 `json:"serialized2"`              // nodes that searched a second child serially
	SerializedAll  int64 `json:"serialized_all,omitempty"` // serialize-all: nodes that searched every child serially
	Valued2        int64 `json:"valued2,omitempty"`        // value2: nodes that valued their second child
	RIDSearches    int64 `json:"rid_searches"`             // recursive iterative deepening searches
	// Retests and Restarts are the restart variant's: failed tests tested
	// again against the α that had risen since they started, and running
	// tests interrupted by a rise of α and started again (Lu's window
	// restart).
	Retests  int64 `json:"retests,omitempty"`
	Restarts int64 `json:"restarts,omitempty"`
	// Splits counts the nodes of the pool's inline searches
	// (jamboree_inline.go) that a steal request split, making the rest of
	// their children latent tests; SplitsAbove those among them that were
	// above the node whose loop asked (its worker went on below them).
	Splits      int64 `json:"splits,omitempty"`
	SplitsAbove int64 `json:"splits_above,omitempty"`
	// KillerHandovers counts the tests that started on another
	// processor than their node's owner with the owner's killer moves
	// (jamboree_killers.go).
	KillerHandovers int64 `json:"killer_handovers,omitempty"`
	// RIDTreeEnds counts the recursive iterative deepening searches that
	// met no depth horizon: their result answered the node, which was
	// not searched again one ply deeper (the tree ends below it).
	RIDTreeEnds   int64 `json:"rid_tree_ends,omitempty"`
	DeferredWaits int64 `json:"deferred_waits"` // waits for a search in progress
	DeferredHits  int64 `json:"deferred_hits"`  // waits whose result answered the search
	// DeferredWaitsAbove are the waits (among DeferredWaits) made by
	// Jamboree's own nodes above the grain.
	DeferredWaitsAbove int64 `json:"deferred_waits_above_grain"`
	// DeferredRefused counts the waits for a search above the grain not
	// made because they could not end: the search waited for contains the
	// waiter, or needs a task the waiter runs nested on (see
	// busyRegistry). The waiter searched the position itself.
	DeferredRefused int64 `json:"deferred_refused"`
	// DeferredGiveUps counts the waits for a search above the grain that
	// ran out of their budget (a possible cycle through other processors,
	// or only a slow search); the waiter then searched the position
	// itself. Their time is in DeferredWaitTime.
	DeferredGiveUps int64 `json:"deferred_give_ups"`
	// DeferredWaitTime is the time the waits took in the machine's clock
	// (virtual units on the simulator; on the pool it is 0 — see
	// sched.Stats.BlockedShared for the wall time of all shared waits).
	DeferredWaitTime int64 `json:"deferred_wait_time"`
	// PostAbortVisits counts nodes entered by a search that was already
	// aborted: each aborted task visits at most one (the visit whose poll
	// notices the abort).
	PostAbortVisits int64 `json:"post_abort_visits"`
}

// jamCounters are the engine-wide counters of rarer events (atomics: any
// processor may bump them; they are only read after the run).
type jamCounters struct {
	waits, hits, waitTime, postAbort atomic.Int64
	waitsAbove, refused, giveUps     atomic.Int64
}

// jamLocal is one processor's counters of the per-node events, padded to
// its own cache lines (only that processor's tasks write it).
type jamLocal struct {
	parallel, serial, tests, failedTests, failHighs, ser2, rid, ridEnds int64
	retests, restarts, splits, splitsUp, handovers                      int64
	serAll, value2                                                      int64
	_                                                                   [128 - 120]byte
	// gen is the processor's move generation buffer (jamFrame.genMoves).
	gen [game.MaxMoves]game.Move
}

func (j *jamCounters) fill(w *JamboreeWork, r *workRec, locals []jamLocal) {
	w.Nodes = r.nodes
	w.Failed, w.Cutoff, w.Aborted = byType(r.failed), byType(r.cutoff), byType(r.aborted)
	for i := range locals {
		l := &locals[i]
		w.ParallelNodes += l.parallel
		w.SerialSearches += l.serial
		w.Tests += l.tests
		w.FailedTests += l.failedTests
		w.FailHighs += l.failHighs
		w.Serialized2 += l.ser2
		w.SerializedAll += l.serAll
		w.Valued2 += l.value2
		w.RIDSearches += l.rid
		w.Retests += l.retests
		w.Restarts += l.restarts
		w.Splits += l.splits
		w.SplitsAbove += l.splitsUp
		w.KillerHandovers += l.handovers
		w.RIDTreeEnds += l.ridEnds
	}
	w.DeferredWaits, w.DeferredHits, w.DeferredWaitTime = j.waits.Load(), j.hits.Load(), j.waitTime.Load()
	w.DeferredWaitsAbove, w.DeferredRefused, w.DeferredGiveUps = j.waitsAbove.Load(), j.refused.Load(), j.giveUps.Load()
	w.PostAbortVisits = j.postAbort.Load()
}
