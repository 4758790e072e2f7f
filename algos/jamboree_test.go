package algos

import (
	"context"
	"fmt"
	"testing"

	"splitpoint/game"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// jamMachines are the machines of the property tests: pool workers
// {1, 2, 3, 4, 8}, the pool promoting every latent test at once (Eager)
// and on a heartbeat of 5 and 20 µs (latent tests promoted at arbitrary
// points, mixed with inline ones), and simulated P {1, 2, 16, 256, inf}.
var jamMachines = []sched.Config{
	{Machine: sched.PoolOf(1)}, {Machine: sched.PoolOf(2)}, {Machine: sched.PoolOf(3)}, {Machine: sched.PoolOf(4)}, {Machine: sched.PoolOf(8)},
	{Machine: sched.PoolOf(2), Eager: true}, {Machine: sched.PoolOf(1), Heartbeat: 5000}, {Machine: sched.PoolOf(3), Heartbeat: 20000},
	{Machine: sched.SimOf(1)}, {Machine: sched.SimOf(2)}, {Machine: sched.SimOf(16)}, {Machine: sched.SimOf(256)}, {Machine: sched.SimOf(0)},
}

// jamCombo is the i-th of the 2^6 × 2 combinations of serialize2 ×
// deferred × rid × levels × levelwait × grain {0, 2} × restart.
func jamCombo(i int, opt *Options, cfg *sched.Config) {
	opt.Serialize2 = i&1 != 0
	opt.Deferred = i&2 != 0
	opt.RID = i&4 != 0
	cfg.Levels = i&8 != 0
	cfg.LevelWait = i&16 != 0
	opt.Grain = 0
	if i&32 != 0 {
		opt.Grain = 2
	}
	opt.Restart = i&64 != 0
}

const jamCombos = 128

func jamName(opt Options, cfg sched.Config) string {
	return fmt.Sprintf("%s P=%d variants=%s grain=%d levels=%t levelwait=%t tt=%d", cfg.Machine, cfg.P, opt.VariantString(), opt.Grain, cfg.Levels, cfg.LevelWait, opt.TTBits)
}

// TestJamboreeSyntheticValues: with the table off, Jamboree returns the
// negamax value (= serial Scout's) on seeded synthetic trees of every
// family, on every machine, under every combination of variants, levels,
// level waiting and grain; every combination and machine is run on many
// trees (the tree index walks through them).
func TestJamboreeSyntheticValues(t *testing.T) {
	trees := 3000
	if testing.Short() {
		trees = 200
	}
	ctx := context.Background()
	runs := 0
	eachRandomTree(t, 11, 13, trees, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		for j := range 4 {
			k := i*4 + j
			cfg := jamMachines[k%len(jamMachines)]
			cfg.Seed = uint64(k)
			opt := Options{Algo: AlgoJamboree, Depth: depth}
			jamCombo((k/len(jamMachines))%jamCombos, &opt, &cfg)
			res, _, err := RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
			runs++
			if err != nil {
				t.Fatalf("%s %s: %v", name, jamName(opt, cfg), err)
			}
			if res.Value != want {
				t.Fatalf("%s %s: value %d, want %d", name, jamName(opt, cfg), res.Value, want)
			}
		}
	})
	t.Logf("%d runs", runs)
}

var _ = game.Inf
