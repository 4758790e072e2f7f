package algos

import (
	"context"
	"testing"

	"splitpoint/games/synth"
	"splitpoint/sched"
)

// Iterative deepening past a tree's end stops once an iteration
// met no depth horizon, and says so (TreeEnd).

// TestSerialIterationStopsAtTreeEnd: a fixed depth far beyond a tree of
// depth 4 stops after the first iteration without a horizon (5: depth-4
// positions are leaves of the depth-4 search), with the exact value.
func TestSerialIterationStopsAtTreeEnd(t *testing.T) {
	tree, _ := synth.Parse("uniform:b=3,d=4,seed=1")
	want := refNegamax(tree.Root(), 4)
	for _, algo := range []string{AlgoNegamax, AlgoAlphaBeta, AlgoScout} {
		for _, bits := range []int{0, 12} {
			opt := Options{Algo: algo, Depth: 65, Iterative: true, TTBits: bits}
			res, err := Search[synth.Position](context.Background(), tree.Root(), opt)
			if err != nil || res.Value != want || res.Depth != 5 || !res.TreeEnd || res.Stopped {
				t.Fatalf("%s tt=%d: %v value %d (want %d) depth %d tree end %v stopped %v", algo, bits, err, res.Value, want, res.Depth, res.TreeEnd, res.Stopped)
			}
		}
	}
	// A depth limit inside the tree is not a tree end.
	res, err := Search[synth.Position](context.Background(), tree.Root(), Options{Algo: AlgoScout, Depth: 3, Iterative: true})
	if err != nil || res.Depth != 3 || res.TreeEnd {
		t.Fatalf("depth 3: %v depth %d tree end %v", err, res.Depth, res.TreeEnd)
	}
}

// TestJamboreeIterationStopsAtTreeEnd: Jamboree's iterative deepening
// stops likewise, and recursive iterative deepening to depth 65 on the
// same tree (without the check 5.8 s and 650 MB) searches a few hundred nodes
// instead of tens of millions: a node whose search one ply shallower met
// no horizon takes its result.
func TestJamboreeIterationStopsAtTreeEnd(t *testing.T) {
	tree, _ := synth.Parse("uniform:b=3,d=4,seed=1")
	want := refNegamax(tree.Root(), 4)
	ctx := context.Background()
	for _, cfg := range []sched.Config{{Machine: sched.SimOf(1)}, {Machine: sched.SimOf(0)}, {Machine: sched.PoolOf(2)}} {
		for _, rid := range []bool{false, true} {
			for _, bits := range []int{0, 12} {
				opt := Options{Algo: AlgoJamboree, Depth: 65, Iterative: true, TTBits: bits, ParallelOptions: ParallelOptions{RID: rid}}
				res, st, err := RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
				if err != nil || res.Value != want || res.Depth != 5 || !res.TreeEnd {
					t.Fatalf("%s: %v value %d (want %d) depth %d tree end %v", jamName(opt, cfg), err, res.Value, want, res.Depth, res.TreeEnd)
				}
				if st.Work > 20000 {
					t.Errorf("%s: W = %d", jamName(opt, cfg), st.Work)
				}
			}
		}
		opt := Options{Algo: AlgoJamboree, Depth: 65, ParallelOptions: ParallelOptions{RID: true}}
		res, st, err := RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
		if err != nil || res.Value != want || res.Depth != 65 || !res.TreeEnd || res.Work.RIDTreeEnds == 0 {
			t.Fatalf("%s: %v value %d (want %d) depth %d tree end %v rid ends %d", jamName(opt, cfg), err, res.Value, want, res.Depth, res.TreeEnd, res.Work.RIDTreeEnds)
		}
		if st.Work > 5000 {
			t.Errorf("%s: W = %d (rid searches %d, tree ends %d)", jamName(opt, cfg), st.Work, res.Work.RIDSearches, res.Work.RIDTreeEnds)
		}
	}
}

// TestRootSplitIterationStopsAtTreeEnd: each root-split searcher stops
// iterating at the tree's end too.
func TestRootSplitIterationStopsAtTreeEnd(t *testing.T) {
	tree, _ := synth.Parse("uniform:b=3,d=4,seed=1")
	want := refNegamax(tree.Root(), 4)
	res, _, err := RunRootSplit[synth.Position](context.Background(), tree.Root(), Options{Depth: 65, Iterative: true}, sched.Config{Machine: sched.SimOf(2)})
	if err != nil || res.Value != want {
		t.Fatalf("%v value %d want %d", err, res.Value, want)
	}
	for i, s := range res.Searchers {
		if !s.TreeEnd || s.Nodes > 1000 {
			t.Errorf("searcher %d: tree end %v nodes %d", i, s.TreeEnd, s.Nodes)
		}
	}
}
