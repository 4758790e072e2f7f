package algos

import (
	"context"
	"reflect"
	"testing"

	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// The property tests of today's parallel searches: YBWC, ABDADA and Lazy SMP on
// seeded synthetic trees, with the table off, on the pool and the
// simulator.

// modernMachines are the machines of the property tests: pool P ∈ {1, 2,
// 3, 4} and simulator P ∈ {1, 2, 16, 256}.
var modernMachines = []sched.Machine{sched.PoolOf(1), sched.PoolOf(2), sched.PoolOf(3), sched.PoolOf(4),
	sched.SimOf(1), sched.SimOf(2), sched.SimOf(16), sched.SimOf(256)}

// machinesFor are the machines tree i runs on: every one of
// modernMachines, except that under the race detector (sched.Race) the
// simulated P = 256 takes one group of trees in 8, a group being one tree
// per option set of modernConfigs (so every set still meets it). There
// every searcher is a coroutine the detector follows, and that machine is
// 95 % of the time of these tests when it runs every tree (ABDADA's alone
// 718 s under -race). Every pool machine,
// where threads race, runs every tree.
func machinesFor(i int) []sched.Machine {
	if !sched.Race || (i/4)%8 == 0 {
		return modernMachines
	}
	return modernMachines[:len(modernMachines)-1]
}

// modernConfigs are the table-off option sets the trees rotate through:
// plain; iterative deepening with aspiration; every ordering heuristic
// with iterative deepening; and (YBWC) grains 0, 1 and 2.
func modernConfigs(algo string, depth int) []Options {
	full := Options{Algo: algo, Depth: depth, Iterative: true, Aspiration: 7, MVVLVA: true, Killers: true, History: true}
	return []Options{
		{Algo: algo, Depth: depth},
		{Algo: algo, Depth: depth, Iterative: true, Aspiration: 7, ParallelOptions: ParallelOptions{Grain: 1}},
		full,
		{Algo: algo, Depth: depth, Killers: true, ParallelOptions: ParallelOptions{Grain: 2}},
	}
}

// modernTrees is the number of trees of the property tests: 2000, 300
// with -short, and 60 under -race -short (the race detector slows the
// simulator's 256 searchers tenfold).
func modernTrees() int {
	if testing.Short() && raceEnabled {
		return 60
	}
	if testing.Short() {
		return 300
	}
	return 2000
}

// checkSerialValue runs algo on every machine over modernTrees seeded
// trees, the option sets in turn, and checks the negamax value (which is
// the serial Scout's: TestSyntheticValues).
func checkSerialValue(t *testing.T, algo string, s1, s2 uint64) {
	ctx := context.Background()
	eachRandomTree(t, s1, s2, modernTrees(), func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		cs := modernConfigs(algo, depth)
		opt := cs[i%len(cs)]
		for _, m := range machinesFor(i) {
			res, st, err := RunParallel[synth.Position](ctx, tree.Root(), opt, sched.Config{Machine: m, Seed: uint64(i)})
			if err != nil || st == nil {
				t.Fatalf("%s %s on %s: %v", algo, name, m, err)
			}
			if res.Value != want {
				t.Fatalf("%s %s on %s [%v grain=%d]: value %d, negamax %d", algo, name, m, opt, opt.Grain, res.Value, want)
			}
			if tree.Depth() > 0 && res.BestMove == game.NoMove {
				t.Fatalf("%s %s on %s: no best move", algo, name, m)
			}
		}
	})
}

// TestYBWCSerialValue: YBWC returns the serial value with the table off on
// every machine.
func TestYBWCSerialValue(t *testing.T) { checkSerialValue(t, AlgoYBWC, 18, 1) }

// TestABDADASerialValue: ABDADA (its first searcher to finish) returns the
// serial value with the table off on every machine.
func TestABDADASerialValue(t *testing.T) { checkSerialValue(t, AlgoABDADA, 18, 2) }

// TestLazySMPMainThread: with the table off Lazy SMP's main thread is the
// serial Scout of the same options: the same value, and the same number
// of nodes, on every machine; the helpers' depths follow Stockfish's skip
// blocks.
func TestLazySMPMainThread(t *testing.T) {
	ctx := context.Background()
	eachRandomTree(t, 18, 3, modernTrees(), func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		cs := modernConfigs(AlgoLazySMP, depth)
		opt := cs[i%len(cs)]
		so := opt
		so.Algo, so.Grain = AlgoScout, 0
		serial, err := Search[synth.Position](ctx, tree.Root(), so)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range machinesFor(i) {
			res, _, err := RunParallel[synth.Position](ctx, tree.Root(), opt, sched.Config{Machine: m, Seed: uint64(i)})
			if err != nil {
				t.Fatalf("%s on %s: %v", name, m, err)
			}
			d := res.Detail.(*LazySMPDetail)
			if res.Value != serial.Value || res.Value != want || d.MainNodes != int64(serial.Nodes) || res.Depth != serial.Depth {
				t.Fatalf("%s on %s [%v]: main thread value %d, %d nodes, depth %d; serial %d, %d nodes, depth %d",
					name, m, opt, res.Value, d.MainNodes, res.Depth, serial.Value, serial.Nodes, serial.Depth)
			}
		}
	})
}

// TestLazySkips: Stockfish's skip blocks: the main thread skips nothing;
// helper 1 (block size 1, phase 0) searches the even depths... as
// ((d + phase) / size) mod 2 says; helper 21 repeats helper 1.
func TestLazySkips(t *testing.T) {
	searched := func(idx int) []int {
		var out []int
		for d := 1; d <= 8; d++ {
			if !lazySkips(idx, d) {
				out = append(out, d)
			}
		}
		return out
	}
	for _, c := range []struct {
		idx  int
		want []int
	}{
		{0, []int{1, 2, 3, 4, 5, 6, 7, 8}},
		{1, []int{2, 4, 6, 8}},    // size 1, phase 0: d odd skipped
		{2, []int{1, 3, 5, 7}},    // size 1, phase 1
		{3, []int{1, 4, 5, 8}},    // size 2, phase 0: (d/2) even
		{7, []int{1, 2, 6, 7, 8}}, // size 3, phase 0: (d/3) even
		{21, []int{2, 4, 6, 8}},   // (21−1) mod 20 = 0: as helper 1
	} {
		if got := searched(c.idx); !reflect.DeepEqual(got, c.want) {
			t.Errorf("helper %d searches depths %v, want %v", c.idx, got, c.want)
		}
	}
}

// TestModernReproducible: simulated runs repeated with the same seed give
// the same result, detail and measurements, bit for bit, with the table
// and every ordering heuristic on (checkers and a synthetic tree).
func TestModernReproducible(t *testing.T) {
	ctx := context.Background()
	tree, _ := synth.Parse("ordered:b=5,d=6,seed=7,order=p0.8")
	for _, algo := range []string{AlgoYBWC, AlgoABDADA, AlgoLazySMP} {
		for _, p := range []int{3, 16} {
			cfg := sched.Config{Machine: sched.SimOf(p), Seed: 5, Costs: sched.CostModel{Node: 1, Eval: 1, Spawn: 2, Steal: 3, Abort: 1, Wake: 1}}
			opt := Options{Algo: algo, Depth: 6, TTBits: 12, Iterative: true, Aspiration: 20, TTMove: true, MVVLVA: true, Killers: true, History: true, ParallelOptions: ParallelOptions{Grain: 1}}
			runs := []func() (*Parallel, *sched.Stats, error){
				func() (*Parallel, *sched.Stats, error) {
					return RunParallel[synth.Position](ctx, tree.Root(), opt, cfg)
				},
				func() (*Parallel, *sched.Stats, error) {
					return RunParallel[checkers.Position](ctx, checkers.Start(), opt, cfg)
				},
			}
			for k, run := range runs {
				r1, s1, err1 := run()
				r2, s2, err2 := run()
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				if !reflect.DeepEqual(r1, r2) {
					t.Errorf("%s P=%d run %d: results differ:\n%+v\n%+v", algo, p, k, r1, r2)
				}
				if !reflect.DeepEqual(s1.Simulated(), s2.Simulated()) {
					t.Errorf("%s P=%d run %d: stats differ:\n%v\n%v", algo, p, k, s1, s2)
				}
			}
		}
	}
}

// TestModernChess: on a chess position at depth 3 with the table off,
// the three return the serial Scout's value on both machines, and their
// counters show the mechanism at work (YBWC split points and helps,
// ABDADA deferrals, Lazy SMP helper nodes) on the simulator.
func TestModernChess(t *testing.T) {
	p, err := chess.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	checkDomain[chess.Position](t, p, Options{Depth: 3, Iterative: true, MVVLVA: true, Killers: true, History: true}, true)
}

// TestModernCheckers: the same in checkers, whose captures are compulsory
// (the serial quiescence's rule, which the parallel searches' serial parts
// must follow), with quiescence, from the start and after a few moves.
func TestModernCheckers(t *testing.T) {
	opt := Options{Depth: 6, Iterative: true, Quiescence: true, MVVLVA: true, Killers: true, History: true}
	checkDomain[checkers.Position](t, checkers.Start(), opt, false)
	tinsley, err := checkers.ParseFEN("W:W31,30,28,27,26,25,24,23,22,21,19,18:B14,13,12,11,10,9,8,7,6,4,3,1")
	if err != nil {
		t.Fatal(err)
	}
	checkDomain[checkers.Position](t, tinsley, opt, false)
}

// checkDomain runs the three on root with opt (table off) on a simulated
// and a pool machine and checks the serial Scout's value (and, when
// counters is set, that each algorithm's own counters are non-zero on the
// simulator).
func checkDomain[T any, P game.Position[T]](t *testing.T, root *T, opt Options, counters bool) {
	t.Helper()
	ctx := context.Background()
	so := opt
	so.Algo = AlgoScout
	want, err := Search[T, P](ctx, root, so)
	if err != nil {
		t.Fatal(err)
	}
	for _, algo := range []string{AlgoYBWC, AlgoABDADA, AlgoLazySMP} {
		for _, m := range []sched.Machine{sched.SimOf(4), sched.PoolOf(2)} {
			o := opt
			o.Algo = algo
			res, _, err := RunParallel[T, P](ctx, root, o, sched.Config{Machine: m, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != want.Value {
				t.Fatalf("%s on %s: value %d, Scout %d", algo, m, res.Value, want.Value)
			}
			if m.Kind != sched.Sim || !counters {
				continue
			}
			switch d := res.Detail.(type) {
			case *YBWCResult:
				if d.SplitPoints == 0 || d.Helps == 0 || d.Stolen == 0 {
					t.Errorf("ybwc: %d split points, %d helps, %d stolen", d.SplitPoints, d.Helps, d.Stolen)
				}
			case *ABDADADetail:
				if d.Deferrals == 0 || d.Revisits == 0 {
					t.Errorf("abdada: %d deferrals, %d revisits", d.Deferrals, d.Revisits)
				}
			case *LazySMPDetail:
				if d.HelperNodes == 0 {
					t.Errorf("lazysmp: no helper nodes")
				}
			default:
				t.Errorf("%s: detail %T", algo, res.Detail)
			}
		}
	}
}
