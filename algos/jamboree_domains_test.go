package algos

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/sched"
	"splitpoint/suites"
)

// jamAgree checks that Jamboree with the table off returns the serial
// Scout's value of root at depth, under every combination of variants,
// levels, level waiting and grain, each on one of the machines in turn.
func jamAgree[T any, P game.Position[T]](t *testing.T, name string, root *T, depth int, quiescence bool, combos int) {
	t.Helper()
	ctx := context.Background()
	base := Options{Algo: AlgoScout, Depth: depth, Quiescence: quiescence, MVVLVA: true}
	ref, err := Search[T, P](ctx, root, base)
	if err != nil {
		t.Fatal(err)
	}
	for k := range combos {
		cfg := jamMachines[(k*7)%len(jamMachines)]
		cfg.Seed = uint64(k)
		opt := base
		opt.Algo = AlgoJamboree
		jamCombo(k%jamCombos, &opt, &cfg)
		res, _, err := RunJamboree[T, P](ctx, root, opt, cfg)
		if err != nil {
			t.Fatalf("%s %s: %v", name, jamName(opt, cfg), err)
		}
		if res.Value != ref.Value {
			t.Errorf("%s depth %d %s: value %d, serial Scout %d", name, depth, jamName(opt, cfg), res.Value, ref.Value)
		}
	}
}

// TestJamboreeChessCheckers: at fixed depth on chess (start, Bratko-Kopec)
// and checkers positions, Jamboree with the table off returns the serial
// Scout's value under every combination of variants and machine settings.
func TestJamboreeChessCheckers(t *testing.T) {
	recs := loadBK(t)
	combos := jamCombos
	if testing.Short() {
		combos = 16
	}
	jamAgree[chess.Position](t, "start", chess.Start(), 4, false, combos)
	for i, r := range recs[:3] {
		jamAgree[chess.Position](t, r.ID, r.Pos, 3, false, combos)
		if i == 0 {
			jamAgree[chess.Position](t, r.ID+" (quiescence)", r.Pos, 2, true, combos)
		}
	}
	jamAgree[checkers.Position](t, "checkers start", checkers.Start(), 6, false, combos)
	p := checkersLine(6)
	jamAgree[checkers.Position](t, "checkers line", p, 5, true, combos)
}

// TestJamboreeTableOn: with the global table on (distributed or not), the
// root value at fixed depth still equals the negamax value on synthetic
// trees (they have no transpositions, so the table only serves
// re-searches, recursive deepening and deferred reads).
func TestJamboreeTableOn(t *testing.T) {
	trees := 600
	if testing.Short() {
		trees = 100
	}
	ctx := context.Background()
	eachRandomTree(t, 17, 19, trees, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		for j := range 3 {
			k := i*3 + j
			cfg := jamMachines[k%len(jamMachines)]
			cfg.Seed = uint64(k)
			cfg.Costs = sched.CostModel{Node: 1, TTRemote: 3, TTLocal: 1}
			opt := Options{Algo: AlgoJamboree, Depth: depth, TTBits: 8 + k%5, TTMove: true, ParallelOptions: ParallelOptions{DistTT: k%2 == 0}}
			jamCombo((k/len(jamMachines))%jamCombos, &opt, &cfg)
			res, _, err := RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
			if err != nil {
				t.Fatalf("%s %s: %v", name, jamName(opt, cfg), err)
			}
			if res.Value != want {
				t.Fatalf("%s %s dist=%t: value %d, want %d", name, jamName(opt, cfg), opt.DistTT, res.Value, want)
			}
		}
	})
}

// TestJamboreeDeterministic: a simulated run repeated with the same seed
// gives the same result and the same measurements (value, PV, work
// accounting, W, C, T, steals, aborts, counts, profile).
func TestJamboreeDeterministic(t *testing.T) {
	ctx := context.Background()
	bk := loadBK(t)[0].Pos
	cfg := sched.Config{Machine: sched.SimOf(16), Seed: 5, Levels: true,
		Costs: sched.CostModel{Node: 1, Steal: 4, Migrate: 2, Abort: 1, Wake: 1, TTRemote: 2, Spawn: 1}}
	opt := Options{Algo: AlgoJamboree, Depth: 4, TTBits: 14, TTMove: true, MVVLVA: true, Quiescence: true,
		Iterative: true, ParallelOptions: ParallelOptions{Serialize2: true, Deferred: true, RID: true, Restart: true, Grain: 1, DistTT: true}}
	run := func() (*JamboreeResult, *sched.Stats) {
		res, st, err := RunJamboree[chess.Position](ctx, bk, opt, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return res, st
	}
	r1, s1 := run()
	r2, s2 := run()
	if !reflect.DeepEqual(r1, r2) {
		t.Errorf("results differ:\n%+v\n%+v", r1, r2)
	}
	if !reflect.DeepEqual(s1.Simulated(), s2.Simulated()) {
		t.Errorf("stats differ:\n%v\n%v", s1, s2)
	}
	tree, _ := synth.Parse("ordered:b=6,d=7,seed=3,order=p0.7")
	cfg.P = 0
	a, sa, _ := RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
	b, sb, _ := RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
	if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(sa.Simulated(), sb.Simulated()) {
		t.Errorf("infinite machine runs differ: %v / %v", sa, sb)
	}
}

// TestJamboreeAbort: after a fail-high abort no aborted subtree keeps
// visiting nodes: every aborted task enters at most one node after the
// abort reaches it (the visit whose poll notices it), on the pool and on
// the simulator with and without abort latency; and the aborted and
// cutoff work is accounted.
func TestJamboreeAbort(t *testing.T) {
	ctx := context.Background()
	tree, _ := synth.Parse("uniform:b=7,d=6,seed=9")
	for _, cfg := range []sched.Config{
		{Machine: sched.SimOf(16)}, {Machine: sched.SimOf(0)}, {Machine: sched.PoolOf(4), Eager: true},
		{Machine: sched.SimOf(64), Costs: sched.CostModel{Node: 1, Abort: 5}},
	} {
		for _, grain := range []int{0, 2} {
			opt := Options{Algo: AlgoJamboree, Depth: 6, ParallelOptions: ParallelOptions{Grain: grain}}
			res, st, err := RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
			if err != nil {
				t.Fatal(err)
			}
			w := res.Work
			if st.Aborts == 0 || w.FailHighs == 0 {
				t.Fatalf("%s P=%d: no abort to test (%v)", cfg.Machine, cfg.P, st)
			}
			if w.PostAbortVisits > st.AbortedTasks {
				t.Errorf("%s P=%d grain %d: %d nodes visited after an abort by %d aborted tasks", cfg.Machine, cfg.P, grain, w.PostAbortVisits, st.AbortedTasks)
			}
			// On the pool, whether a sibling right of the fail high had
			// started (cutoff work) is a matter of timing; the simulator
			// is deterministic and must show some.
			if (cfg.IsSim() && w.Cutoff.Total == 0) || w.Failed.Total+w.Cutoff.Total+w.Aborted.Total > w.Nodes {
				t.Errorf("%s P=%d grain %d: work accounting %+v", cfg.Machine, cfg.P, grain, w)
			}
			if cfg.IsSim() && cfg.Costs.Spawn == 0 && w.Nodes != st.Work {
				t.Errorf("%s P=%d grain %d: %d nodes counted, W = %d", cfg.Machine, cfg.P, grain, w.Nodes, st.Work)
			}
		}
	}
}

// TestJamboreeOneProcessorWork: on one simulated processor Jamboree's W is
// its node count, and on a best-ordered tree it does exactly the serial
// Scout's work (StarTech Theorem 1: efficiency 1) with no failed or
// cutoff work.
func TestJamboreeBestOrdered(t *testing.T) {
	ctx := context.Background()
	tree, _ := synth.Parse("ordered:b=5,d=6,seed=4,order=best")
	ref, err := Search[synth.Position](ctx, tree.Root(), Options{Algo: AlgoScout, Depth: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []int{1, 4, 0} {
		res, st, err := RunJamboree[synth.Position](ctx, tree.Root(), Options{Algo: AlgoJamboree, Depth: 6}, sched.Config{Machine: sched.SimOf(p)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != ref.Value || uint64(st.Work) != ref.Nodes || res.Work.Failed.Total != 0 || res.Work.Cutoff.Total != 0 {
			t.Errorf("P=%d: value %d W %d failed %d cutoff %d; Scout %d, %d nodes", p, res.Value, st.Work, res.Work.Failed.Total, res.Work.Cutoff.Total, ref.Value, ref.Nodes)
		}
	}
}

// TestJamboreeDeferredWaits: on chess, where positions transpose, deferred
// reads make searches wait for one another, the waits are accounted as
// blocked on shared state, and the value is unchanged (table off: equal
// depths only).
func TestJamboreeDeferredWaits(t *testing.T) {
	ctx := context.Background()
	opt := Options{Algo: AlgoJamboree, Depth: 5, ParallelOptions: ParallelOptions{Grain: 2, Deferred: true}}
	ref, err := Search[chess.Position](ctx, chess.Start(), Options{Algo: AlgoScout, Depth: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, bits := range []int{0, 16} {
		opt.TTBits = bits
		res, st, err := RunJamboree[chess.Position](ctx, chess.Start(), opt, sched.Config{Machine: sched.SimOf(32), Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.Work.DeferredWaits == 0 || st.BlockedShared == 0 || res.Work.DeferredWaitTime == 0 {
			t.Errorf("tt=%d: no deferred waits: %+v, blocked on shared %d", bits, res.Work, st.BlockedShared)
		}
		if bits == 0 && res.Value != ref.Value {
			t.Errorf("value %d, Scout %d", res.Value, ref.Value)
		}
	}
}

// TestJamboreeOneWorkerIsScout: on one processor (pool or simulator) with
// the table and every ordering heuristic on, Jamboree searches exactly the
// serial Scout's nodes: its tests read the current α as they start and
// its nodes order moves with the processor's killers and history.
func TestJamboreeOneWorkerIsScout(t *testing.T) {
	ctx := context.Background()
	opt := Presets()["default"]
	opt.Depth, opt.TTBits, opt.Iterative, opt.Aspiration = 4, 16, false, 0
	for _, r := range loadBK(t)[:2] {
		ref, err := Search[chess.Position](ctx, r.Pos, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, cfg := range []sched.Config{{Machine: sched.PoolOf(1)}, {Machine: sched.SimOf(1)}, {Machine: sched.SimOf(1), Levels: true}} {
			for _, grain := range []int{0, 2} {
				jo := opt
				jo.Algo, jo.Grain = AlgoJamboree, grain
				res, st, err := RunJamboree[chess.Position](ctx, r.Pos, jo, cfg)
				if err != nil {
					t.Fatal(err)
				}
				if res.Value != ref.Value || uint64(st.Work) != ref.Nodes || res.BestMove != ref.BestMove {
					t.Errorf("%s %s grain %d: value %d W %d move %v; Scout %d, %d nodes, %v", r.ID, cfg.Machine, grain, res.Value, st.Work, res.BestMove, ref.Value, ref.Nodes, ref.BestMove)
				}
			}
		}
	}
}

// TestJamboreeRestart: the restart variant (Lu's window restart, §4.1, 003:L918)
// keeps the serial value and, on the simulated 2-processor machine, where
// the work is a property of the DAG and not of timing, searches fewer
// nodes on the checkers ballots: the tests that ran against an α a
// re-search had since raised are restarted or tested again. (Measured
// 2026-11-25 at depth 12: Scout 3.32 M nodes; 5.50 M without, 4.60 M
// with.)
func TestJamboreeRestart(t *testing.T) {
	ctx := context.Background()
	es := ballots(t, 6)
	opt := Options{Algo: AlgoJamboree, Depth: 12, Quiescence: true, MVVLVA: true}
	if testing.Short() || raceEnabled {
		opt.Depth = 10
	}
	cfg := sched.Config{Machine: sched.SimOf(2), Seed: 1}
	var work [2]int64
	var scout, retests, restarts int64
	for _, root := range es {
		ref, err := Search[checkers.Position](ctx, root, Options{Algo: AlgoScout, Depth: opt.Depth, Quiescence: true, MVVLVA: true})
		if err != nil {
			t.Fatal(err)
		}
		scout += int64(ref.Counters.Nodes)
		for i, on := range []bool{false, true} {
			o := opt
			o.Restart = on
			res, _, err := RunJamboree[checkers.Position](ctx, root, o, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != ref.Value {
				t.Fatalf("restart=%t: value %d, serial Scout %d", on, res.Value, ref.Value)
			}
			work[i] += res.Work.Nodes
			if on {
				retests += res.Work.Retests
				restarts += res.Work.Restarts
			}
		}
	}
	t.Logf("depth %d: serial Scout %d nodes; Jamboree on 2 processors %d without restart, %d with (%d re-tests, %d restarts)", opt.Depth, scout, work[0], work[1], retests, restarts)
	if retests == 0 || restarts == 0 {
		t.Errorf("no re-test or restart happened (%d, %d)", retests, restarts)
	}
	if work[1] >= work[0] {
		t.Errorf("restart searched %d nodes, not fewer than %d without", work[1], work[0])
	}
}

// ballots returns the first n positions of the embedded 3-move ballots.
func ballots(t testing.TB, n int) []*checkers.Position {
	t.Helper()
	s, err := suites.Find("3move")
	if err != nil {
		t.Fatal(err)
	}
	es, err := s.Entries()
	if err != nil {
		t.Fatal(err)
	}
	var out []*checkers.Position
	for _, e := range es[:n] {
		out = append(out, e.Checkers)
	}
	return out
}

// TestKillerHandover: with the killers and the history on and the table
// off, Jamboree and YBWC return the serial Scout's value on chess and
// checkers positions on the pool (eager or not) and the simulator, at
// grain 0 and 2, with and without levels, while the children of split
// nodes that another processor starts take the owner's killers
// (killers.go); --param killer_handover=false hands none over. On the
// simulated 8-processor machine, where work is a property of the DAG, the
// handover searches fewer nodes on the 24 BK positions at depth 6 with
// the default preset (measured 2026-11-25: Jamboree 10.85 M without and
// 9.81 M with, YBWC 10.34 M and 9.10 M; the log line gives them).
func TestKillerHandover(t *testing.T) {
	ctx := context.Background()
	machines := []sched.Config{{Machine: sched.PoolOf(2)}, {Machine: sched.PoolOf(3), Levels: true}, {Machine: sched.PoolOf(2), Eager: true},
		{Machine: sched.SimOf(2)}, {Machine: sched.SimOf(16), Levels: true}, {Machine: sched.SimOf(64)}}
	base := Options{Algo: AlgoScout, Quiescence: true, MVVLVA: true, Killers: true, History: true}
	handovers := func(d Detail) int64 {
		switch x := d.(type) {
		case *JamboreeDetail:
			return x.Work.KillerHandovers
		case *YBWCResult:
			return x.KillerHandovers
		}
		t.Fatalf("detail %T", d)
		return 0
	}
	run := func(root any, opt Options, cfg sched.Config) (*Result, *Parallel) {
		so := base
		so.Depth = opt.Depth
		var ref *Result
		var res *Parallel
		var err error
		switch r := root.(type) {
		case *chess.Position:
			if ref, err = Search[chess.Position](ctx, r, so); err == nil {
				res, _, err = RunParallel[chess.Position](ctx, r, opt, cfg)
			}
		case *checkers.Position:
			if ref, err = Search[checkers.Position](ctx, r, so); err == nil {
				res, _, err = RunParallel[checkers.Position](ctx, r, opt, cfg)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		return ref, res
	}
	var roots []any
	var names []string
	var depths []int
	n, dc, dk := 3, 4, 9
	if testing.Short() || raceEnabled { // the detector slows the pool's searches tenfold
		n, dc, dk = 1, 3, 7
	}
	for _, r := range loadBK(t)[:n] {
		roots, names, depths = append(roots, r.Pos), append(names, r.ID), append(depths, dc)
	}
	for i, b := range ballots(t, n) {
		roots, names, depths = append(roots, b), append(names, fmt.Sprintf("ballot %d", i+1)), append(depths, dk)
	}
	for _, algo := range []string{AlgoJamboree, AlgoYBWC} {
		var handed [2]int64 // pool, simulator
		for r, root := range roots {
			for i, cfg := range machines {
				for _, grain := range []int{0, 2} {
					for _, off := range []bool{false, true} {
						cfg.Seed = uint64(i + 1)
						opt := base
						opt.Algo, opt.Depth, opt.Grain, opt.KillerHandover = algo, depths[r], grain, !off
						ref, res := run(root, opt, cfg)
						n := handovers(res.Detail)
						if res.Value != ref.Value {
							t.Errorf("%s %s %s handover off %t: value %d, serial Scout %d", algo, names[r], jamName(opt, cfg), off, res.Value, ref.Value)
						}
						if off && n != 0 {
							t.Errorf("%s %s %s: %d handovers with killer_handover=false", algo, names[r], jamName(opt, cfg), n)
						}
						handed[b2i(cfg.IsSim())] += n
					}
				}
			}
		}
		// On the pool a child changes hands only when a thief steals
		// it, which timing decides: its count is logged; the
		// simulator's, a property of the seed, is required.
		t.Logf("%s handovers: %d on the pool, %d on the simulator", algo, handed[0], handed[1])
		if handed[1] == 0 {
			t.Errorf("%s handovers: none on the simulator; want some", algo)
		}
		if testing.Short() || raceEnabled {
			continue
		}
		opt := Presets()["default"]
		opt.Algo, opt.Depth, opt.Restart = algo, 6, algo == AlgoJamboree
		cfg := sched.Config{Machine: sched.SimOf(8), Seed: 1, Levels: true}
		var work [2]int64
		for _, r := range loadBK(t) {
			for i, off := range []bool{true, false} {
				o := opt
				o.KillerHandover = !off
				_, st, err := RunParallel[chess.Position](ctx, r.Pos, o, cfg)
				if err != nil {
					t.Fatal(err)
				}
				work[i] += st.Work
			}
		}
		t.Logf("%s, BK depth 6, the default preset, simulated P = 8: W %d without the handover, %d with (handovers in the value runs: pool %d, simulator %d)", algo, work[0], work[1], handed[0], handed[1])
		if work[1] >= work[0] {
			t.Errorf("%s with the handover W = %d, not below %d without", algo, work[1], work[0])
		}
	}
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
