package algos

import (
	"context"
	"testing"

	"splitpoint/game"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// TestJamboreeLatentNoAlloc: on one pool worker, at grain 0, Jamboree's
// tests are latent (issue #15): its allocations do not grow with the tree
// (a spawn per test would allocate nothing either once Tasks are
// recycled, but a latent test makes no Task at all, so none is counted).
func TestJamboreeLatentNoAlloc(t *testing.T) {
	ctx := context.Background()
	allocs := func(spec string) (float64, int64) {
		tree, err := synth.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		opt := Options{Algo: AlgoJamboree, Depth: tree.Depth()}
		cfg := sched.Config{Machine: sched.PoolOf(1), ProfileBuckets: -1}
		var tasks int64
		a := testing.AllocsPerRun(3, func() {
			_, st, err := RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
			if err != nil {
				t.Fatal(err)
			}
			tasks = st.Tasks
		})
		return a, tasks
	}
	small, _ := allocs("uniform:b=6,d=4,seed=1")
	big, tasks := allocs("uniform:b=6,d=7,seed=1")
	t.Logf("allocations per run: %.0f (d=4), %.0f (d=7); tasks at d=7: %d", small, big, tasks)
	if tasks != 1 {
		t.Errorf("one worker ran %d tasks, want only the root (every test inline)", tasks)
	}
	if big > small+64 {
		t.Errorf("allocations grow with the tree: %.0f at depth 4, %.0f at depth 7", small, big)
	}
}

// TestJamboreeInlineSplits: the pool's inline nodes (jamboree_inline.go)
// keep the serial value when their serial loop is interrupted before any
// child: forced to split before every first, second or third child they
// ask about (Options.splitEvery, so that where they split is not left to
// timing), on 1, 2 and 3 workers, at grain 0 and 2, with and without the
// restart variant and serialize-two-children, on seeded trees of every
// family with the table off; and they do split.
func TestJamboreeInlineSplits(t *testing.T) {
	trees := 400
	if testing.Short() || raceEnabled {
		trees = 80
	}
	ctx := context.Background()
	var splits, runs int64
	eachRandomTree(t, 17, 11, trees, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
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
