package algos

import (
	"context"
	"fmt"
	"testing"

	"splitpoint/game"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// checkInlineSplits runs algo on seeded trees of every family with the
// table off, each tree three times with the options optFor(k, depth)
// gives run k, its inline nodes forced to split before every first,
// second or third child they ask about (Options.splitEvery, so that where
// they split is not left to timing), on 1, 2 and 3 pool workers. Every run
// must return the negamax value and a best move, and some inline node must
// split (splits reads the count from the run's Detail).
func checkInlineSplits(t *testing.T, algo string, s1, s2 uint64, optFor func(k, depth int) Options, splits func(Detail) int64) {
	trees := 400
	if testing.Short() || raceEnabled {
		trees = 80
	}
	ctx := context.Background()
	var n, runs int64
	eachRandomTree(t, s1, s2, trees, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		for j := range 3 {
			k := i*3 + j
			opt := optFor(k, depth)
			opt.Algo, opt.splitEvery = algo, 1+k%3
			cfg := sched.Config{Machine: sched.PoolOf(1 + (k/3)%3), Seed: uint64(k), ProfileBuckets: -1}
			res, _, err := RunParallel[synth.Position](ctx, tree.Root(), opt, cfg)
			what := func() string { return fmt.Sprintf("%s %s split every %d", name, jamName(opt, cfg), opt.splitEvery) }
			switch {
			case err != nil:
				t.Fatalf("%s: %v", what(), err)
			case res.Value != want:
				t.Fatalf("%s: value %d, want %d", what(), res.Value, want)
			case tree.Depth() > 0 && res.BestMove == game.NoMove:
				t.Fatalf("%s: no best move", what())
			}
			n += splits(res.Detail)
			runs++
		}
	})
	t.Logf("%d runs, %d splits", runs, n)
	if n == 0 {
		t.Error("no inline node split")
	}
}

// TestJamboreeInlineSplits: the pool's inline nodes (jamboree_inline.go)
// keep the serial value however their serial loops are interrupted, at
// grain 0 and 2, with and without the restart variant and
// serialize-two-children; some splits are of a node above the one that
// asked (its worker searching on below it, then joining).
func TestJamboreeInlineSplits(t *testing.T) {
	var above int64
	checkInlineSplits(t, AlgoJamboree, 17, 11, func(k, depth int) Options {
		return Options{Depth: depth, ParallelOptions: ParallelOptions{Grain: 2 * (k % 2), Restart: k%4 >= 2, Serialize2: k%8 >= 4}}
	}, func(d Detail) int64 {
		w := d.(*JamboreeDetail).Work
		above += w.SplitsAbove
		return w.Splits
	})
	t.Logf("%d splits above the asking node", above)
	if above == 0 {
		t.Error("no split above the node that asked")
	}
}

// TestYBWCInlineSplits: the same for YBWC's inline nodes
// (ybwc_latent.go), at grains 0, 1 and 2, with and without the ordering
// heuristics and iterative deepening.
func TestYBWCInlineSplits(t *testing.T) {
	checkInlineSplits(t, AlgoYBWC, 19, 7, func(k, depth int) Options {
		opt := Options{Depth: depth, ParallelOptions: ParallelOptions{Grain: k % 3}}
		if k%4 >= 2 {
			opt.Iterative, opt.Aspiration, opt.Killers, opt.History = true, 7, true, true
		}
		return opt
	}, func(d Detail) int64 { return d.(*YBWCResult).InlineSplits })
}
