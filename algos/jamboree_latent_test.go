package algos

import (
	"context"
	"testing"

	"splitpoint/games/synth"
	"splitpoint/sched"
)

// TestJamboreeLatentNoAlloc: on one pool worker, at grain 0, Jamboree's
// tests are latent: its allocations do not grow with the tree
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
