package algos

import (
	"context"
	"fmt"
	"testing"

	"splitpoint/game"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// pvMachines are the machines of the property tests: pool workers
// {1, 2, 3, 4, 8} and simulated P {1, 2, 4, 16, 64} (searchers; the
// controller has a processor of its own).
var pvMachines = []sched.Config{
	{Machine: "pool", P: 1}, {Machine: "pool", P: 2}, {Machine: "pool", P: 3}, {Machine: "pool", P: 4}, {Machine: "pool", P: 8},
	{Machine: "sim", P: 1}, {Machine: "sim", P: 2}, {Machine: "sim", P: 4}, {Machine: "sim", P: 16}, {Machine: "sim", P: 64},
}

func pvName(opt Options, cfg sched.Config) string {
	return fmt.Sprintf("%s %s P=%d gran=%d tt=%d it=%t lbthr=%d", opt.Algo, cfg.Machine, cfg.P, opt.Granularity, opt.TTBits, opt.Iterative, opt.LBThreshold)
}

func TestPVSplitSmoke(t *testing.T) {
	ctx := context.Background()
	eachRandomTree(t, 7, 11, 200, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		for _, algo := range PVSplitAlgorithms() {
			cfg := pvMachines[i%len(pvMachines)]
			opt := Options{Algo: algo, Depth: depth}
			opt.Granularity = 1 + i%3
			opt.LBThreshold = 3
			res, _, err := RunPVSplit[synth.Position](ctx, tree.Root(), opt, cfg)
			if err != nil {
				t.Fatalf("%s %s: %v", name, pvName(opt, cfg), err)
			}
			if res.Value != want {
				t.Fatalf("%s %s: value %d, want %d", name, pvName(opt, cfg), res.Value, want)
			}
		}
	})
}
