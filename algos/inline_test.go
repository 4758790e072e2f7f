package algos

import (
	"context"
	"testing"

	"splitpoint/game"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// inlineTrees is the number of seeded trees of the inline-node tests.
func inlineTrees() int {
	if testing.Short() || raceEnabled {
		return 80
	}
	return 400
}

// TestJamboreeInlineSplits: the pool's inline nodes (jamboree_inline.go)
// keep the serial value when their serial loop is interrupted before any
// child: forced to split before every first, second or third child they
// ask about (Options.splitEvery, so that where they split is not left to
// timing), on 1, 2 and 3 workers, at grain 0 and 2, with and without the
// restart variant and serialize-two-children, on seeded trees of every
// family with the table off; and they do split.
func TestJamboreeInlineSplits(t *testing.T) {
	ctx := context.Background()
	var splits, runs int64
	eachRandomTree(t, 17, 11, inlineTrees(), func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		for j := range 3 {
			k := i*3 + j
			opt := Options{Algo: AlgoJamboree, Depth: depth, Grain: 2 * (k % 2), Restart: k%4 >= 2, Serialize2: k%8 >= 4}
			opt.splitEvery = 1 + k%3
			cfg := sched.Config{Machine: sched.PoolOf(1 + (k/3)%3), Seed: uint64(k), ProfileBuckets: -1}
			res, _, err := RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
			if err != nil {
				t.Fatalf("%s %s split every %d: %v", name, jamName(opt, cfg), opt.splitEvery, err)
			}
			if res.Value != want {
				t.Fatalf("%s %s split every %d: value %d, want %d", name, jamName(opt, cfg), opt.splitEvery, res.Value, want)
			}
			splits += res.Work.Splits
			runs++
		}
	})
	t.Logf("%d runs, %d splits", runs, splits)
	if splits == 0 {
		t.Error("no inline node split")
	}
}

// TestYBWCInlineSplits: the same for YBWC's inline nodes
// (ybwc_latent.go), at grains 0, 1 and 2, with and without the ordering
// heuristics and iterative deepening; the best move is checked too.
func TestYBWCInlineSplits(t *testing.T) {
	ctx := context.Background()
	var splits, runs int64
	eachRandomTree(t, 19, 7, inlineTrees(), func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		for j := range 3 {
			k := i*3 + j
			opt := Options{Algo: AlgoYBWC, Depth: depth, Grain: k % 3}
			if k%4 >= 2 {
				opt.Iterative, opt.Aspiration, opt.Killers, opt.History = true, 7, true, true
			}
			opt.splitEvery = 1 + k%3
			cfg := sched.Config{Machine: sched.PoolOf(1 + (k/3)%3), Seed: uint64(k), ProfileBuckets: -1}
			res, _, err := RunParallel[synth.Position](ctx, tree.Root(), opt, cfg)
			if err != nil {
				t.Fatalf("%s grain %d on %s split every %d: %v", name, opt.Grain, cfg.Machine, opt.splitEvery, err)
			}
			if res.Value != want {
				t.Fatalf("%s grain %d on %s split every %d: value %d, want %d", name, opt.Grain, cfg.Machine, opt.splitEvery, res.Value, want)
			}
			if tree.Depth() > 0 && res.BestMove == game.NoMove {
				t.Fatalf("%s grain %d on %s split every %d: no best move", name, opt.Grain, cfg.Machine, opt.splitEvery)
			}
			splits += res.Detail.(*YBWCResult).InlineSplits
			runs++
		}
	})
	t.Logf("%d runs, %d splits", runs, splits)
	if splits == 0 {
		t.Error("no inline node split")
	}
}
