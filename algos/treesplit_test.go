package algos

import (
	"context"
	"testing"

	"splitpoint/game"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// TestTreeSplitSerialValue: tree splitting returns the serial value with
// the table off on every machine, over seeded synthetic trees, grains and
// option sets.
func TestTreeSplitSerialValue(t *testing.T) { checkSerialValue(t, AlgoTreeSplit, 18, 5) }

// TestTreeSplitOneProcessor: on one simulated processor the children of a
// split node run one after the other in move order, each with the α its
// elder brothers left, so tree splitting searches exactly the serial
// alpha-beta's tree: the same value and the same nodes; and the
// simulator repeats a run on four processors bit for bit.
func TestTreeSplitOneProcessor(t *testing.T) {
	ctx := context.Background()
	eachRandomTree(t, 18, 6, 200, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		opt := Options{Algo: AlgoTreeSplit, Depth: depth, ParallelOptions: ParallelOptions{Grain: i % 3}}
		so := opt.Serial(AlgoAlphaBeta)
		serial, err := Search[synth.Position](ctx, tree.Root(), so)
		if err != nil {
			t.Fatal(err)
		}
		res, st, err := RunParallel[synth.Position](ctx, tree.Root(), opt, sched.Config{Machine: sched.SimOf(1), Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if nodes := chargedSteps(st).Nodes; res.Value != want || serial.Value != want || nodes != serial.Nodes {
			t.Fatalf("%s grain %d: value %d, %d nodes; alphabeta %d, %d nodes; negamax %d", name, opt.Grain, res.Value, nodes, serial.Value, serial.Nodes, want)
		}
		cfg := sched.Config{Machine: sched.SimOf(4), Seed: uint64(i)}
		_, a, _ := RunParallel[synth.Position](ctx, tree.Root(), opt, cfg)
		_, b, _ := RunParallel[synth.Position](ctx, tree.Root(), opt, cfg)
		if a.Work != b.Work || a.Span != b.Span || a.Time != b.Time {
			t.Fatalf("%s on 4: two runs differ: W %d/%d, span %d/%d, time %v/%v", name, a.Work, b.Work, a.Span, b.Span, a.Time, b.Time)
		}
	})
}
