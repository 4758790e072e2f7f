package algos

import (
	"context"
	"testing"

	"splitpoint/game"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// TestPVSplitLocks: on the TC2000 cost model (sched.TC2000Costs) the
// PVSplit family takes a table lock per access and a split node's lock per
// post, keeps the serial value with the table on, and is reproducible bit
// for bit; with one table lock (tt_locks=1) the same searches find the
// lock held more often than with 4096; on a cost model without locks
// nothing is taken.
func TestPVSplitLocks(t *testing.T) {
	ctx := context.Background()
	tc := sched.TC2000Costs()
	one := tc
	one.TTLocks = 1
	eachRandomTree(t, 71, 73, 12, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		for j, algo := range PVSplitAlgorithms() {
			opt := Options{Algo: algo, Depth: depth, TTBits: 10, TTMove: true}
			run := func(cm sched.CostModel) *PVSplitResult {
				cfg := sched.Config{Machine: sched.SimOf(2 + (i+j)%7), Seed: uint64(i), Costs: cm}
				res, _, err := RunPVSplit[synth.Position](ctx, tree.Root(), opt, cfg)
				if err != nil {
					t.Fatalf("%s %s: %v", name, algo, err)
				}
				if res.Value != want {
					t.Fatalf("%s %s %s: value %d, want %d", name, algo, cm, res.Value, want)
				}
				return res
			}
			if r := run(sched.DefaultCosts()); r.Locks != nil {
				t.Fatalf("%s %s: locks taken on the unit model: %+v", name, algo, r.Locks)
			}
			a, b := run(tc), run(tc)
			if a.Locks == nil || a.Locks.TTTakes == 0 || a.Locks.SplitTakes < a.Farmed {
				t.Fatalf("%s %s: locks %+v, farmed %d: want a table take per access, a split take per post", name, algo, a.Locks, a.Farmed)
			}
			if *a.Locks != *b.Locks || a.Time != b.Time || a.Nodes != b.Nodes {
				t.Fatalf("%s %s: two runs differ: %+v / %+v", name, algo, a.Locks, b.Locks)
			}
			if c := run(one); c.Locks.TTContended < a.Locks.TTContended && c.Locks.TTTakes >= a.Locks.TTTakes {
				t.Errorf("%s %s: one lock found held %d times, 4096 locks %d", name, algo, c.Locks.TTContended, a.Locks.TTContended)
			}
		}
	})
}
