package algos

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// TestRootSplitValue: with the table off, the root split returns the
// serial value on seeded synthetic trees of every family, for simulated P
// in {1, 2, 3, 16, inf} and pool workers {1, 2, 4}; every root move is
// dealt to exactly one searcher (index mod N), and a searcher that puts its
// previous iteration's best move first (RootReorder) still reports its
// moves in the dealt order.
func TestRootSplitValue(t *testing.T) {
	ctx := context.Background()
	machines := []sched.Config{{Machine: sched.SimOf(1)}, {Machine: sched.SimOf(2)}, {Machine: sched.SimOf(3)}, {Machine: sched.SimOf(16)},
		{Machine: sched.SimOf(0)}, {Machine: sched.PoolOf(1)}, {Machine: sched.PoolOf(2)}, {Machine: sched.PoolOf(4)}}
	seeds := 40
	if testing.Short() {
		seeds = 8
	}
	for seed := 1; seed <= seeds; seed++ {
		for _, f := range []string{"uniform:b=5,d=4,seed=%d", "ordered:b=6,d=4,seed=%d,order=p0.7", "ordered:b=4,d=5,seed=%d,order=worst",
			"bimodal:bq=7,bc=2,q=0.5,d=6,seed=%d"} {
			tree, err := synth.Parse(fmt.Sprintf(f, seed))
			if err != nil {
				t.Fatal(err)
			}
			d := tree.Depth()
			want, err := Search[synth.Position](ctx, tree.Root(), Options{Algo: AlgoNegamax, Depth: d})
			if err != nil {
				t.Fatal(err)
			}
			for _, cfg := range machines {
				cfg.Seed = uint64(seed)
				for _, o := range []Options{{}, {Iterative: true}, {Iterative: true, ParallelOptions: ParallelOptions{RootReorder: true}}} {
					o.Algo, o.Depth = AlgoRootSplit, d
					res, _, err := RunRootSplit[synth.Position](ctx, tree.Root(), o, cfg)
					if err != nil {
						t.Fatal(err)
					}
					if res.Value != want.Value {
						t.Fatalf("%s %s P=%d iterative=%t root_reorder=%t: value %d, negamax %d", tree.Name(), cfg.Machine, cfg.P, o.Iterative, o.RootReorder, res.Value, want.Value)
					}
					dealt := 0
					for i, s := range res.Searchers {
						dealt += len(s.Moves)
						if !slices.Equal(s.Moves, DealRoot(res.Order, i, len(res.Searchers))) {
							t.Fatalf("%s root_reorder=%t: searcher %d reports moves %v, dealt %v", tree.Name(), o.RootReorder, i, s.Moves, DealRoot(res.Order, i, len(res.Searchers)))
						}
					}
					if dealt != len(res.Order) || res.WinnerNodes == 0 || res.WinnerNodes > res.Nodes {
						t.Fatalf("%s: %d of %d moves dealt, winner nodes %d of %d", tree.Name(), dealt, len(res.Order), res.WinnerNodes, res.Nodes)
					}
				}
			}
		}
	}
}

// TestRootSplitChess: the same on chess positions at depth 3 (table off),
// and the split follows index mod N of the ordered list.
func TestRootSplitChess(t *testing.T) {
	ctx := context.Background()
	for _, fen := range []string{chess.StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"} {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Search[chess.Position](ctx, p, Options{Algo: AlgoScout, Depth: 3})
		res, st, err := RunRootSplit[chess.Position](ctx, p, Options{Algo: AlgoRootSplit, Depth: 3}, sched.Config{Machine: sched.SimOf(2)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != want.Value {
			t.Fatalf("%s: value %d, Scout %d", fen, res.Value, want.Value)
		}
		for i, s := range res.Searchers {
			for k, m := range s.Moves {
				if res.Order[i+2*k] != m {
					t.Fatalf("searcher %d move %d is not order[%d]", i, k, i+2*k)
				}
			}
		}
		if uint64(st.Work) != res.Nodes {
			t.Fatalf("W %d, nodes %d: every node must be charged once", st.Work, res.Nodes)
		}
	}
}
