package algos

import (
	"context"
	"testing"

	"splitpoint/games/chess"
	"splitpoint/sched"
)

// TestModernAllocs: the search hot path of YBWC, ABDADA, Lazy SMP and tree splitting does
// not allocate: a search two plies deeper (an order of magnitude more
// nodes) makes almost no more allocations than the shallower one (the
// per-run setup and one principal variation per iteration are all that
// grows; YBWC's task handles are recycled).
func TestModernAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	ctx := context.Background()
	p, err := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, algo := range []string{AlgoYBWC, AlgoABDADA, AlgoLazySMP, AlgoTreeSplit} {
		allocs := func(depth int) (float64, int64) {
			opt := Presets()["default"]
			opt.Algo, opt.Depth, opt.TTBits, opt.Grain = algo, depth, 16, 2
			var nodes int64
			a := testing.AllocsPerRun(2, func() {
				_, st, err := RunParallel[chess.Position](ctx, p, opt, sched.Config{Machine: sched.SimOf(2), Seed: 1})
				if err != nil {
					t.Fatal(err)
				}
				nodes = st.Counts[sched.Node.String()]
			})
			return a, nodes
		}
		a3, n3 := allocs(3)
		a5, n5 := allocs(5)
		t.Logf("%s: depth 3 %.0f allocations, %d nodes; depth 5 %.0f allocations, %d nodes", algo, a3, n3, a5, n5)
		if grow := a5 - a3; grow > float64(n5-n3)/500 {
			t.Errorf("%s: %.0f more allocations for %d more nodes", algo, grow, n5-n3)
		}
	}
}
