package algos

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// parsssTerminalSim is the simulated machine of N processors with the
// paper's cost model.
func parsssTerminalSim(n int) sched.Config {
	return sched.Config{Machine: sched.SimOf(n), Costs: sched.TerminalCosts()}
}

// TestPARSSSTable1: on the paper's example with N = 2, PARSSS* finishes in
// 7 terminalcounts on the paper's clock and on the strict simulated
// machine; process 1 examines 1111, 1121, 1112, 1211, 1212 at counts 1–5
// and process 2 2111, 2121, 2112, 2122, 2211, 2212, 2221 at counts 1–7,
// with Table 1's LIVE and SOLVED values (reading notes §2.3: LIVE of 2221
// is 5 by the algorithm's rules, where the paper prints 4); the root's
// value is 4; serial SSS* needs 12 counts, and so does PARSSS* with N = 1,
// in SSS*'s order. (The paper has P1 kill P2 at the end of count 7. On
// the simulator P2's remaining steps up to solving node 2 are on SOLVED
// nodes and charge nothing, so P2 finishes in that same instant, before P1,
// woken at the same virtual time, runs again: no process is killed.)
func TestPARSSSTable1(t *testing.T) {
	tree, err := synth.Parse("paper:parsss-table1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	opt := Options{Algo: AlgoPARSSS, Depth: 4}
	opt.Trace = true
	const inf = sssInfinity
	type cell struct {
		leaf         string
		live, solved game.Value
	}
	want := map[int][]cell{
		1: {{"1111", inf, 4}, {"1121", inf, 4}, {"1112", 4, 4}, {"1211", 4, 4}, {"1212", 4, 4}},
		2: {{"2111", inf, 6}, {"2121", inf, 6}, {"2112", 6, 5}, {"2122", 6, 5}, {"2211", 5, 5}, {"2212", 5, 4}, {"2221", 5, 3}},
	}
	res, st, err := RunPARSSS[synth.Position](ctx, tree.Root(), opt, parsssTerminalSim(2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != 4 || res.PaperTime != 7 || res.MachineTime != 7 || st.Time != 7 || res.Terminals != 12 {
		t.Fatalf("value %d, paper time %d, machine time %d, terminals %d; want 4, 7, 7, 12", res.Value, res.PaperTime, res.MachineTime, res.Terminals)
	}
	if res.TimeUnit != sched.TerminalTimeUnit || st.Work != 12 || st.Span != 7 || res.Spawned != 2 || res.N != 2 {
		t.Fatalf("unit %q, W %d, C %d, spawned %d, N %d", res.TimeUnit, st.Work, st.Span, res.Spawned, res.N)
	}
	got := map[int][]cell{}
	for _, s := range res.Trace {
		if int64(len(got[s.Proc])+1) != s.Count {
			t.Fatalf("process %d: count %d at its terminal %d", s.Proc, s.Count, len(got[s.Proc])+1)
		}
		if s.Clock != s.Count {
			t.Fatalf("process %d: machine clock %d at count %d", s.Proc, s.Clock, s.Count)
		}
		got[s.Proc] = append(got[s.Proc], cell{s.Leaf, s.Live, s.Solved})
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("trace\n got %v\nwant %v", got, want)
	}
	// MINPROC (reading notes §2.3): P2's h is 5 from the end of count 4
	// to the end of count 6 and 4 at the end of count 7, so P1, which
	// solved node 1 (h 4) at count 5, waits; s is solved at count 7.
	wantEntries := []PARSSSEntry{{1, 3, 3, 6, false}, {1, 5, 5, 5, false}, {1, 5, 7, 4, false}, {1, 7, 7, 4, true},
		{2, 2, 2, 6, false}, {2, 4, 4, 5, false}, {2, 7, 7, 4, false}, {2, 7, 7, 4, true}}
	if !reflect.DeepEqual(res.Minproc, wantEntries) {
		t.Fatalf("MINPROC writes\n got %+v\nwant %+v", res.Minproc, wantEntries)
	}
	if p := res.Processes; p[0].Root != "s" || p[1].Root != "2" || p[1].Parent != 1 || p[0].End != 7 || p[1].Start != 0 {
		t.Fatalf("processes %+v", p)
	}
	var b bytes.Buffer
	res.WriteTrace(&b)
	if s := b.String(); !strings.Contains(s, "    1 | 1111         ∞      4 | 2111         ∞      6") ||
		!strings.Contains(s, "    7 | -                     | 2221         5      3") {
		t.Fatalf("table:\n%s", s)
	}
	b.Reset()
	res.WriteText(&b, nil, nil)
	if s := b.String(); !strings.Contains(s, "running time: 7 terminal counts") || !strings.Contains(s, "machine time: 7 terminal counts (simulated") ||
		!strings.Contains(s, "terminals examined by all processes: 12") {
		t.Fatalf("text:\n%s", s)
	}
	t.Logf("Table 1, N = 2:\n%s", b.String())

	serial := SSS[synth.Position](tree.Root(), 4, nil)
	if serial.Leaves != 12 || serial.Value != 4 {
		t.Fatalf("serial SSS*: %+v", serial)
	}
	one, _, err := RunPARSSS[synth.Position](ctx, tree.Root(), opt, parsssTerminalSim(1))
	if err != nil {
		t.Fatal(err)
	}
	var seq []string
	for _, s := range one.Trace {
		seq = append(seq, s.Leaf)
	}
	if w := "1111 1121 2111 2121 2112 2122 2211 2212 2221 1112 1211 1212"; strings.Join(seq, " ") != w || one.PaperTime != 12 {
		t.Fatalf("N = 1: %v in %d, want %s in 12", seq, one.PaperTime, w)
	}
}

// parsssCheck runs one configuration and checks the value, the memory
// bound and the accounting.
func parsssCheck(t *testing.T, name string, tree *synth.Tree, depth int, want game.Value, opt Options, cfg sched.Config) *PARSSSResult {
	t.Helper()
	opt.Depth = depth
	res, st, err := RunPARSSS[synth.Position](context.Background(), tree.Root(), opt, cfg)
	if err != nil {
		t.Fatalf("%s %s N=%d %s M=%d: %v", name, opt.Algo, cfg.P, cfg.Machine, opt.Memory, err)
	}
	if res.Value != want {
		t.Fatalf("%s %s N=%d %s M=%d h=%d: value %d, want %d", name, opt.Algo, cfg.P, cfg.Machine, opt.Memory, opt.SpawnHeight, res.Value, want)
	}
	if res.Memory > 0 && res.PeakOpen > res.Memory {
		t.Fatalf("%s %s N=%d: a process held %d states, M = %d", name, opt.Algo, cfg.P, res.PeakOpen, res.Memory)
	}
	if cfg.IsSim() && cfg.Costs == sched.TerminalCosts() && st.Work != res.Terminals {
		t.Fatalf("%s: W = %d, terminals %d", name, st.Work, res.Terminals)
	}
	if cfg.P > 0 && res.N != cfg.P {
		t.Fatalf("%s: N = %d on P = %d", name, res.N, cfg.P)
	}
	if cfg.IsSim() && st.Span > st.Time {
		t.Fatalf("%s: C = %d > T = %d", name, st.Span, st.Time)
	}
	return res
}

// TestPARSSSValues: PARSSS* and PARITERSSS* (M = M0 and a little more)
// return the negamax value on seeded trees of every family, for N in {1, 2,
// 3, 8, 64} on the simulator (terminal and default cost models, spawn
// heights 0 and 2); no PARITERSSS* process holds more than M states.
func TestPARSSSValues(t *testing.T) {
	trees := 1400
	if testing.Short() {
		trees = 200
	}
	ns := []int{1, 2, 3, 8, 64}
	exceed := 0
	eachRandomTree(t, 41, 43, trees, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		for j, n := range ns {
			k := i*len(ns) + j
			cfg := parsssTerminalSim(n)
			if k%3 == 2 {
				cfg.Costs = sched.CostModel{}
			}
			opt := Options{Algo: AlgoPARSSS}
			opt.SpawnHeight = []int{0, 0, 2}[k%3]
			res := parsssCheck(t, name, tree, depth, want, opt, cfg)
			if res.Terminals > int64(n)*res.PaperTime {
				exceed++
			}
			opt.Algo = AlgoPARITERSSS
			opt.Memory = IterSSSMinMemory(depth, tree.Width()) + k%4
			parsssCheck(t, name, tree, depth, want, opt, cfg)
		}
	})
	t.Logf("runs whose terminals exceed N × paper time: %d", exceed)
}

// TestPARSSSPool: the same on the goroutine pool with N in {1, 2, 4}.
func TestPARSSSPool(t *testing.T) {
	trees := 150
	if testing.Short() {
		trees = 40
	}
	eachRandomTree(t, 47, 53, trees, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		for _, n := range []int{1, 2, 4} {
			cfg := sched.Config{Machine: sched.PoolOf(n), Seed: uint64(i)}
			parsssCheck(t, name, tree, depth, want, Options{Algo: AlgoPARSSS}, cfg)
			opt := Options{Algo: AlgoPARITERSSS, Memory: IterSSSMinMemory(depth, tree.Width()) + i%3}
			parsssCheck(t, name, tree, depth, want, opt, cfg)
		}
	})
}

// TestPARSSSOneProcess: with N = 1 PARSSS* is SSS* and PARITERSSS* is
// ITERSSS* with the same M: the same value, best move, terminals, nodes
// and largest OPEN, and the paper's time is the terminal count; with M at
// least SSS*'s largest OPEN, PARITERSSS* is SSS* (§5: "when M = 243,
// ITERSSS* is identical to SSS*").
func TestPARSSSOneProcess(t *testing.T) {
	trees := 700
	if testing.Short() {
		trees = 150
	}
	ctx := context.Background()
	eachRandomTree(t, 59, 61, trees, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		ref := SSS[synth.Position](tree.Root(), depth, nil)
		res, _, err := RunPARSSS[synth.Position](ctx, tree.Root(), Options{Algo: AlgoPARSSS, Depth: depth}, parsssTerminalSim(1))
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != ref.Value || res.BestMove != ref.BestMove || res.Terminals != ref.Leaves || res.Nodes != ref.Nodes ||
			res.PeakOpen != ref.OpenPeak || res.PaperTime != ref.Leaves || res.MachineTime != ref.Leaves {
			t.Fatalf("%s: PARSSS* N=1 %+v, SSS* %+v", name, res, ref)
		}
		m := IterSSSMinMemory(depth, tree.Width()) + i%5
		iref, err := IterSSS[synth.Position](tree.Root(), depth, m, nil)
		if err != nil {
			t.Fatal(err)
		}
		ires, _, err := RunPARSSS[synth.Position](ctx, tree.Root(), Options{Algo: AlgoPARITERSSS, Depth: depth, Memory: m}, parsssTerminalSim(1))
		if err != nil {
			t.Fatal(err)
		}
		if ires.Value != iref.Value || ires.BestMove != iref.BestMove || ires.Terminals != iref.Leaves || ires.Nodes != iref.Nodes ||
			ires.PeakOpen != iref.OpenPeak {
			t.Fatalf("%s M=%d: PARITERSSS* N=1 %+v, ITERSSS* %+v", name, m, ires, iref)
		}
		// With M at least SSS*'s largest OPEN, PARITERSSS* is SSS*.
		big, _, err := RunPARSSS[synth.Position](ctx, tree.Root(), Options{Algo: AlgoPARITERSSS, Depth: depth, Memory: max(ref.OpenPeak, m)}, parsssTerminalSim(1))
		if err != nil {
			t.Fatal(err)
		}
		if big.Terminals != ref.Leaves || big.Nodes != ref.Nodes || big.Value != ref.Value {
			t.Fatalf("%s M=%d: PARITERSSS* N=1 %+v, SSS* %+v", name, ref.OpenPeak, big, ref)
		}
	})
}

// TestPARSSSReproducible: simulated runs repeated with the same
// configuration give the same result, trace and stats, bit for bit.
func TestPARSSSReproducible(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"uniform:b=3,d=7,seed=5", "ordered:b=4,d=6,seed=2,order=p0.6", "bimodal:bq=5,bc=2,q=0.5,d=7,seed=9"} {
		tree, err := synth.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, algo := range []string{AlgoPARSSS, AlgoPARITERSSS} {
			opt := Options{Algo: algo, Depth: tree.Depth()}
			opt.Trace = true
			cfg := sched.Config{Machine: sched.SimOf(8), Seed: 3, Costs: sched.CostModel{Eval: 1, Node: 1, Wake: 1, Abort: 1}}
			run := func() (*PARSSSResult, *sched.Stats) {
				res, st, err := RunPARSSS[synth.Position](ctx, tree.Root(), opt, cfg)
				if err != nil {
					t.Fatal(err)
				}
				return res, st
			}
			r1, s1 := run()
			r2, s2 := run()
			if !reflect.DeepEqual(r1, r2) || !reflect.DeepEqual(s1.Simulated(), s2.Simulated()) {
				t.Fatalf("%s %s: two runs differ:\n%+v\n%+v", name, algo, r1, r2)
			}
			if r1.Spawned < 2 {
				t.Fatalf("%s %s: only %d processes", name, algo, r1.Spawned)
			}
		}
	}
}

// TestPARSSSOptions: the entry's errors, and Validate accepts the names.
func TestPARSSSOptions(t *testing.T) {
	ctx := context.Background()
	tree, _ := synth.Parse("uniform:b=3,d=4,seed=1")
	if _, _, err := RunPARSSS[synth.Position](ctx, tree.Root(), Options{Algo: AlgoPARITERSSS, Depth: 4, Memory: 3}, parsssTerminalSim(2)); err == nil ||
		!strings.Contains(err.Error(), "M0") {
		t.Fatalf("memory below M0: %v", err)
	}
	if _, _, err := RunPARSSS[synth.Position](ctx, tree.Root(), Options{Algo: AlgoPARSSS}, parsssTerminalSim(2)); err == nil {
		t.Fatal("depth 0 accepted")
	}
	for _, a := range []string{AlgoPARSSS, AlgoPARITERSSS} {
		if err := (Options{Algo: a, Depth: 4}).Validate(); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		if err := (Options{Algo: a, Time: 1}).Validate(); err == nil {
			t.Fatalf("%s without depth accepted", a)
		}
	}
}

// TestPARSSSTables computes the rows of Tables 2 and 3 on the workbench's
// uniform trees (the paper's instances are unknown: compare trends, not
// numbers) and logs them: seed 1 row by row, then the spread of the
// speed-up (paper's clock) over seeds 1–8; it checks that N = 1 is SSS*
// and the memory bound. Skipped with -short. Run with
// go test ./algos -run TestPARSSSTables -v.
func TestPARSSSTables(t *testing.T) {
	if testing.Short() {
		t.Skip("tables: not in -short")
	}
	ctx := context.Background()
	logRows := func(rows []PARSSSTableRow) {
		for _, r := range rows {
			t.Logf("  N=%d time %d (machine %d) speed-up %.2f (machine %.2f) terminals %d, %d processes, %d killed, peak OPEN %d",
				r.N, r.PaperTime, r.MachineTime, r.Speedup, r.MachineSpeedup, r.Terminals, r.Spawned, r.Killed, r.PeakOpen)
		}
	}
	type key struct{ shape, m, n int }
	speed := map[key][]float64{}
	work := map[key][]float64{}
	shapes := []string{"uniform:b=2,d=15", "uniform:b=3,d=10", "uniform:b=5,d=7"}
	for seed := 1; seed <= 8; seed++ {
		for si, shape := range shapes {
			name := fmt.Sprintf("%s,seed=%d", shape, seed)
			tree, err := synth.Parse(name)
			if err != nil {
				t.Fatal(err)
			}
			d := tree.Depth()
			ms := []int{0}
			if si == 1 {
				ms = []int{0, 11, 23, 36, 61}
			}
			for _, m := range ms {
				ns := []int{1, 2, 3, 5, 8}
				if m > 0 {
					ns = []int{1, 2, 3, 8}
				}
				serial, rows, err := PARSSSTable[synth.Position](ctx, tree.Root(), d, ns, m, 4)
				if err != nil {
					t.Fatal(err)
				}
				if m == 0 && (rows[0].PaperTime != serial || rows[0].Terminals != serial || rows[0].Speedup != 1) {
					t.Fatalf("%s: N = 1 is not SSS*: %+v, SSS* %d", name, rows[0], serial)
				}
				for _, r := range rows {
					if m > 0 && r.PeakOpen > m {
						t.Fatalf("%s M = %d: peak %d", name, m, r.PeakOpen)
					}
					k := key{si, m, r.N}
					speed[k] = append(speed[k], r.Speedup)
					work[k] = append(work[k], float64(r.Terminals)/float64(serial))
				}
				if seed == 1 {
					if m == 0 {
						t.Logf("Table 2, %s: SSS* %d terminals", name, serial)
					} else {
						t.Logf("Table 3, %s, M = %d (speed-up over SSS*, %d terminals):", name, m, serial)
					}
					logRows(rows)
				}
			}
		}
	}
	t.Log("Seeds 1-8: speed-up on the paper's clock min/median/max; terminals / SSS*'s, median")
	for si, shape := range shapes {
		for _, m := range []int{0, 11, 23, 36, 61} {
			for _, n := range []int{1, 2, 3, 5, 8} {
				k := key{si, m, n}
				if len(speed[k]) == 0 {
					continue
				}
				sp, wk := slices.Clone(speed[k]), slices.Clone(work[k])
				slices.Sort(sp)
				slices.Sort(wk)
				t.Logf("  %s M=%d N=%d: speed-up %.2f/%.2f/%.2f, terminals x%.2f", shape, m, n, sp[0], sp[len(sp)/2], sp[len(sp)-1], wk[len(wk)/2])
			}
		}
	}
}

// TestPARSSSLargerTrees: on deeper trees, where PARITERSSS*'s processes
// suspend, wake and collapse subtrees (killing the processes below them),
// both algorithms return the negamax value for N in {2, 4, 8} on the
// simulator, the infinite simulator, 2 pool workers and a simulator with
// level waiting and costly wake-ups, aborts and spawns; no process holds
// more than M states; the critical path C never exceeds the time.
func TestPARSSSLargerTrees(t *testing.T) {
	names := []string{"uniform:b=3,d=8,seed=2", "ordered:b=4,d=7,seed=3,order=p0.7", "bimodal:bq=6,bc=2,q=0.6,d=8,seed=4",
		"uniform:b=2,d=12,seed=5", "ordered:b=3,d=8,seed=6,order=worst",
		"bimodal:bq=5,bc=2,q=0.5,d=8,seed=113"} // a collapse kills a process (N = 8)
	if testing.Short() {
		names = names[:2]
	}
	killed := 0
	for _, name := range names {
		tree, err := synth.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		d := tree.Depth()
		want := refNegamax(tree.Root(), d)
		m0 := IterSSSMinMemory(d, tree.Width())
		for _, cfg := range []sched.Config{parsssTerminalSim(2), parsssTerminalSim(4), parsssTerminalSim(8), parsssTerminalSim(0),
			{Machine: sched.PoolOf(2)},
			{Machine: sched.SimOf(4), Levels: true, LevelWait: true, Costs: sched.CostModel{Eval: 1, Node: 1, Wake: 2, Abort: 1, Spawn: 1}}} {
			for _, opt := range []Options{{Algo: AlgoPARSSS}, {Algo: AlgoPARITERSSS, Memory: m0}, {Algo: AlgoPARITERSSS, Memory: 2 * m0}} {
				for _, h := range []int{0, 3} {
					opt.SpawnHeight = h
					res := parsssCheck(t, name, tree, d, want, opt, cfg)
					killed += res.Killed
				}
			}
		}
	}
	if killed == 0 {
		t.Error("no process was ever killed")
	}
	if testing.Short() {
		return
	}
	// PARITERSSS* at M0, where collapses are most frequent, on more
	// seeds.
	for seed := 1; seed <= 60; seed++ {
		for _, spec := range []string{"uniform:b=3,d=8", "ordered:b=4,d=7,order=p0.5", "uniform:b=2,d=12", "bimodal:bq=5,bc=2,q=0.5,d=8"} {
			name := fmt.Sprintf("%s,seed=%d", spec, seed)
			tree, err := synth.Parse(name)
			if err != nil {
				t.Fatal(err)
			}
			d := tree.Depth()
			want := refNegamax(tree.Root(), d)
			for _, n := range []int{3, 8} {
				parsssCheck(t, name, tree, d, want, Options{Algo: AlgoPARITERSSS, Memory: IterSSSMinMemory(d, tree.Width())}, parsssTerminalSim(n))
			}
		}
	}
}

// TestPARSSSDomains: on chess (Bratko-Kopec positions, a mate in one) and
// checkers, PARSSS* and PARITERSSS* agree with serial SSS*, and with one
// process examine the same terminals.
func TestPARSSSDomains(t *testing.T) {
	ctx := context.Background()
	bk := loadBK(t)
	mate, err := chess.ParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	roots := []*chess.Position{bk[0].Pos, bk[5].Pos, mate}
	if testing.Short() {
		roots = roots[1:]
	}
	for i, root := range roots {
		ref := SSS[chess.Position](root, 3, nil)
		for _, cfg := range []sched.Config{parsssTerminalSim(1), parsssTerminalSim(3), {Machine: sched.PoolOf(2)}} {
			for _, algo := range []string{AlgoPARSSS, AlgoPARITERSSS} {
				res, _, err := RunPARSSS[chess.Position](ctx, root, Options{Algo: algo, Depth: 3}, cfg)
				if err != nil {
					t.Fatal(err)
				}
				if res.Value != ref.Value || (cfg.P == 1 && algo == AlgoPARSSS && res.Terminals != ref.Leaves) {
					t.Fatalf("chess %d %s P=%d: value %d terminals %d, SSS* %d %d", i, algo, cfg.P, res.Value, res.Terminals, ref.Value, ref.Leaves)
				}
			}
		}
	}
	ck := SSS[checkers.Position](checkers.Start(), 5, nil)
	for _, n := range []int{1, 4} {
		res, _, err := RunPARSSS[checkers.Position](ctx, checkers.Start(), Options{Algo: AlgoPARSSS, Depth: 5}, parsssTerminalSim(n))
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != ck.Value || (n == 1 && res.Terminals != ck.Leaves) {
			t.Fatalf("checkers N=%d: value %d terminals %d, SSS* %d %d", n, res.Value, res.Terminals, ck.Value, ck.Leaves)
		}
	}
}

// TestPARSSSClocks: the paper's clock can let the total terminals exceed
// N × time (its Table 2, row 10): a process that waited has a count behind
// the machine's clock and its next child starts from it. The strict
// simulated machine of N processors cannot: W ≤ N·T. On this tree with
// N = 3, 256 terminals take 85 counts on the paper's clock (3 × 85 = 255)
// and 86 on the machine.
func TestPARSSSClocks(t *testing.T) {
	tree, err := synth.Parse("uniform:b=3,d=6,seed=27")
	if err != nil {
		t.Fatal(err)
	}
	res, st, err := RunPARSSS[synth.Position](context.Background(), tree.Root(), Options{Algo: AlgoPARSSS, Depth: 6}, parsssTerminalSim(3))
	if err != nil {
		t.Fatal(err)
	}
	if res.Terminals != 256 || res.PaperTime != 85 || res.MachineTime != 86 || st.Work != 256 || st.Work > 3*st.Time {
		t.Fatalf("terminals %d, paper time %d, machine time %d, W %d", res.Terminals, res.PaperTime, res.MachineTime, st.Work)
	}
	if res.Value != refNegamax(tree.Root(), 6) {
		t.Fatalf("value %d", res.Value)
	}
}

// TestPARSSSKilledStop: a killed process stops at its next terminal: on
// the simulator with terminal costs and instant aborts, every terminal it
// examined was begun before or at the instant of the kill (its clock after
// it is at most one past the kill's), and it ends then; with aborts that
// take a unit per edge, a unit later.
func TestPARSSSKilledStop(t *testing.T) {
	ctx := context.Background()
	kills := 0
	for _, name := range []string{"uniform:b=2,d=12,seed=5", "uniform:b=3,d=8,seed=2", "bimodal:bq=5,bc=2,q=0.5,d=8,seed=113"} {
		tree, err := synth.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, abort := range []int64{0, 1} {
			for _, algo := range []string{AlgoPARSSS, AlgoPARITERSSS} {
				opt := Options{Algo: algo, Depth: tree.Depth()}
				opt.Trace = true
				cfg := parsssTerminalSim(8)
				cfg.Costs.Abort = abort
				res, _, err := RunPARSSS[synth.Position](ctx, tree.Root(), opt, cfg)
				if err != nil {
					t.Fatal(err)
				}
				last := map[int]int64{}
				for _, s := range res.Trace {
					last[s.Proc] = max(last[s.Proc], s.Clock)
				}
				for _, p := range res.Processes {
					if !p.Killed {
						continue
					}
					kills++
					arrive := p.KilledAt + abort // the mark goes one edge down
					if last[p.ID] > arrive+1 || p.Stopped > arrive+1 {
						t.Fatalf("%s %s abort=%d: process %d killed at %d, examined until %d, stopped at %d",
							name, algo, abort, p.ID, p.KilledAt, last[p.ID], p.Stopped)
					}
				}
			}
		}
	}
	if kills == 0 {
		t.Fatal("no process killed")
	}
}

// TestPARSSSCancel: a cancelled context stops every process (waiting ones
// included) and the run returns the context's error.
func TestPARSSSCancel(t *testing.T) {
	tree, err := synth.Parse("uniform:b=4,d=12,seed=1")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"pool", "sim"} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
		res, _, err := RunPARSSS[synth.Position](ctx, tree.Root(), Options{Algo: AlgoPARSSS, Depth: 12}, sched.Config{Machine: sched.Machine{Kind: m, P: 2}})
		cancel()
		if res != nil || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%s: result %v, error %v", m, res, err)
		}
	}
}
