package algos

import (
	"context"
	"reflect"
	"testing"
	"time"

	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// deferMachines are the machines of the deferred-read tests: pool workers
// {1, 2, 4, 8}, two of them promoting latent tests eagerly or on a
// heartbeat, and simulated P {1, 2, 16, 256, inf}.
var deferMachines = []sched.Config{
	{Machine: sched.PoolOf(1)}, {Machine: sched.PoolOf(2)}, {Machine: sched.PoolOf(4)}, {Machine: sched.PoolOf(8)},
	{Machine: sched.PoolOf(2), Eager: true}, {Machine: sched.PoolOf(2), Heartbeat: 10000},
	{Machine: sched.SimOf(1)}, {Machine: sched.SimOf(2)}, {Machine: sched.SimOf(16)}, {Machine: sched.SimOf(256)}, {Machine: sched.SimOf(0)},
}

// deferVariants are deferred reads alone and with every other variant.
var deferVariants = []Options{
	{ParallelOptions: ParallelOptions{Deferred: true}},
	{ParallelOptions: ParallelOptions{Deferred: true, Serialize2: true}},
	{ParallelOptions: ParallelOptions{Deferred: true, RID: true}},
	{ParallelOptions: ParallelOptions{Deferred: true, Serialize2: true, RID: true}},
}

// deferCombo is the k-th combination of grain {0, 1} × table {off, on} ×
// deferVariants × levels × level waiting, on machine k mod
// len(deferMachines) (so every machine meets every combination).
func deferCombo(k int, base Options) (Options, sched.Config) {
	cfg := deferMachines[k%len(deferMachines)]
	cfg.Seed = uint64(k)
	i := k / len(deferMachines)
	opt := base
	opt.Algo = AlgoJamboree
	opt.Grain = i % 2
	if (i/2)%2 == 1 {
		opt.TTBits = 14
	}
	v := deferVariants[(i/4)%len(deferVariants)]
	opt.Deferred, opt.Serialize2, opt.RID = v.Deferred, v.Serialize2, v.RID
	cfg.Levels = (i/16)%2 == 1
	cfg.LevelWait = (i/32)%2 == 1
	return opt, cfg
}

const deferCombos = 9 * 64

// raceShare is 3 under the race detector (sched.Race), 1 otherwise:
// deferRun keeps one case in raceShare. Each case is a combination on a
// machine; a race needs the combination's code on any machine with more
// than one processor, not on all nine, and the whole matrix runs without
// the detector (under -race the whole matrix alone takes 6 minutes).
var raceShare = map[bool]int{true: 3, false: 1}[sched.Race]

// deferRun reports whether case k of deferCombo runs: always without the
// race detector; under it one in raceShare, chosen so that every
// combination still runs on raceShare machines and every machine still
// meets a third of the combinations (k/len(deferMachines) is the
// combination, k mod len(deferMachines) the machine).
func deferRun(k int) bool {
	n := len(deferMachines)
	return (k/n+k%n)%raceShare == 0
}

// deferAgree runs combinations from..from+n−1 of deferCombo on root and
// checks each against want, the serial value; it returns the summed
// accounting of the deferred reads.
func deferAgree[T any, P game.Position[T]](t *testing.T, name string, root *T, base Options, want game.Value, from, n int) JamboreeWork {
	t.Helper()
	var sum JamboreeWork
	for k := from; k < from+n; k++ {
		if !deferRun(k) {
			continue
		}
		opt, cfg := deferCombo(k, base)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		res, _, err := RunJamboree[T, P](ctx, root, opt, cfg)
		cancel()
		if err != nil {
			t.Fatalf("%s %s: %v", name, jamName(opt, cfg), err)
		}
		if res.Value != want || res.Stopped {
			t.Errorf("%s depth %d %s: value %d (stopped %t), serial %d", name, opt.Depth, jamName(opt, cfg), res.Value, res.Stopped, want)
		}
		addDeferred(&sum, &res.Work)
	}
	return sum
}

// addDeferred adds w's deferred-read counters to sum.
func addDeferred(sum, w *JamboreeWork) {
	sum.DeferredWaits += w.DeferredWaits
	sum.DeferredWaitsAbove += w.DeferredWaitsAbove
	sum.DeferredHits += w.DeferredHits
	sum.DeferredRefused += w.DeferredRefused
	sum.DeferredGiveUps += w.DeferredGiveUps
}

// TestJamboreeDeferredValues: with deferred reads at every node above the
// grain as well as at it, alone and with every other variant, table off and
// on, grain 0 and 1, on pool workers {1, 2, 4, 8} and simulated P {1, 2,
// 16, 256, inf}, Jamboree returns the serial Scout's value — on chess
// (where positions transpose, so searches wait for one another), checkers
// and seeded synthetic trees. At depth ≤ 4 no chess position recurs at
// another depth, so with the table on the value is still the serial one.
func TestJamboreeDeferredValues(t *testing.T) {
	// Chess: 9 machines × grain × table × the four variant sets per
	// position (short: two positions, each with its own quarter of the
	// variant sets); checkers, cheaper, also under levels and level
	// waiting (short: half the variant sets).
	chessN, checkersN, checkersDepths := 9*16, deferCombos, []int{6, 7}
	if testing.Short() {
		chessN, checkersN, checkersDepths = 9*4, 9*8, []int{6}
	}
	ctx := context.Background()
	var total JamboreeWork
	bk := loadBK(t)
	chessCases := []struct {
		name string
		pos  *chess.Position
	}{{bk[13].ID, bk[13].Pos}, {bk[6].ID, bk[6].Pos}, {"start", chess.Start()}, {bk[1].ID, bk[1].Pos}}
	if testing.Short() {
		chessCases = chessCases[:2]
	}
	for j, c := range chessCases {
		base := Options{Algo: AlgoScout, Depth: 4, MVVLVA: true}
		ref, err := Search[chess.Position](ctx, c.pos, base)
		if err != nil {
			t.Fatal(err)
		}
		from := 0
		if testing.Short() {
			from = j * 2 * chessN
		}
		w := deferAgree[chess.Position](t, c.name, c.pos, base, ref.Value, from, chessN)
		addDeferred(&total, &w)
	}
	for _, depth := range checkersDepths {
		base := Options{Algo: AlgoScout, Depth: depth, MVVLVA: true}
		ref, err := Search[checkers.Position](ctx, checkers.Start(), base)
		if err != nil {
			t.Fatal(err)
		}
		w := deferAgree[checkers.Position](t, "checkers start", checkers.Start(), base, ref.Value, 0, checkersN)
		addDeferred(&total, &w)
	}

	trees := 300
	if testing.Short() {
		trees = 60
	}
	eachRandomTree(t, 23, 29, trees, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		for j := range 3 {
			if raceShare > 1 && j != i%3 {
				continue // under -race one of the three: every tree, every machine in turn
			}
			opt, cfg := deferCombo(i*3+j, Options{Depth: depth})
			res, _, err := RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
			if err != nil {
				t.Fatalf("%s %s: %v", name, jamName(opt, cfg), err)
			}
			if res.Value != want {
				t.Fatalf("%s %s: value %d, want %d", name, jamName(opt, cfg), res.Value, want)
			}
		}
	})
	t.Logf("chess and checkers: waits %d (above the grain %d), answered %d, refused %d, given up %d",
		total.DeferredWaits, total.DeferredWaitsAbove, total.DeferredHits, total.DeferredRefused, total.DeferredGiveUps)
	if total.DeferredWaitsAbove == 0 {
		t.Errorf("no wait above the grain in any run: %+v", total)
	}
}

// TestJamboreeDeferredAboveGrain: on chess with grain 1 on the simulator,
// nodes above the grain wait for searches of the same position in
// progress, with the table off (equal depths) and on, and some waits are
// answered; the waits are accounted as blocked on shared state; with the
// table off the value is the serial one. On one processor nothing waits
// for a search above the grain (it could only be the waiter's own
// ancestor or beneath it).
func TestJamboreeDeferredAboveGrain(t *testing.T) {
	ctx := context.Background()
	root := loadBK(t)[13].Pos
	base := Options{Algo: AlgoScout, Depth: 5, MVVLVA: true}
	ref, err := Search[chess.Position](ctx, root, base)
	if err != nil {
		t.Fatal(err)
	}
	for _, bits := range []int{0, 16} {
		opt := base
		opt.Algo, opt.Grain, opt.Deferred, opt.TTBits = AlgoJamboree, 1, true, bits
		res, st, err := RunJamboree[chess.Position](ctx, root, opt, sched.Config{Machine: sched.SimOf(32), Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		w := res.Work
		t.Logf("tt=%d: waits %d (above the grain %d), answered %d, refused %d, given up %d, waited %d of T=%d",
			bits, w.DeferredWaits, w.DeferredWaitsAbove, w.DeferredHits, w.DeferredRefused, w.DeferredGiveUps, w.DeferredWaitTime, st.Time)
		if w.DeferredWaitsAbove == 0 || w.DeferredHits == 0 || st.BlockedShared == 0 || w.DeferredWaitTime == 0 {
			t.Errorf("tt=%d: no deferred waits above the grain: %+v, blocked on shared %d", bits, w, st.BlockedShared)
		}
		if bits == 0 && res.Value != ref.Value {
			t.Errorf("value %d, Scout %d", res.Value, ref.Value)
		}
		res, _, err = RunJamboree[chess.Position](ctx, root, opt, sched.Config{Machine: sched.SimOf(1)})
		if err != nil {
			t.Fatal(err)
		}
		if res.Work.DeferredWaitsAbove != 0 || res.Work.DeferredGiveUps != 0 {
			t.Errorf("tt=%d P=1: %d waits above the grain, %d given up", bits, res.Work.DeferredWaitsAbove, res.Work.DeferredGiveUps)
		}
	}
}

// TestJamboreeDeferredNoDeadlock: on the pool with 8 workers (more than
// this machine's cores), on chess and checkers, with grain 0 and 1, table
// off and on, deferred reads with every variant finish — each run well
// within a deadline that would stop a deadlocked one — and return the
// serial value.
func TestJamboreeDeferredNoDeadlock(t *testing.T) {
	root := loadBK(t)[0].Pos
	depth := 5
	if testing.Short() {
		depth = 4
	}
	base := Options{Algo: AlgoScout, Depth: depth, MVVLVA: true}
	ref, err := Search[chess.Position](context.Background(), root, base)
	if err != nil {
		t.Fatal(err)
	}
	var total JamboreeWork
	for i := range 16 {
		opt := base
		v := deferVariants[i%4]
		opt.Algo, opt.Deferred, opt.Serialize2, opt.RID = AlgoJamboree, true, v.Serialize2, v.RID
		opt.Grain = (i / 4) % 2
		if i >= 8 {
			opt.TTBits = 16
		}
		cfg := sched.Config{Machine: sched.PoolOf(8), Seed: uint64(i), Levels: i%2 == 0}
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		res, _, err := RunJamboree[chess.Position](ctx, root, opt, cfg)
		cancel()
		if err != nil || res.Stopped {
			t.Fatalf("%s: did not finish: %v", jamName(opt, cfg), err)
		}
		// Depth 5 may transpose across depths: with the table on only
		// the equal-depth runs are compared.
		if (opt.TTBits == 0 || depth <= 4) && res.Value != ref.Value {
			t.Errorf("%s: value %d, serial %d", jamName(opt, cfg), res.Value, ref.Value)
		}
		addDeferred(&total, &res.Work)
	}
	// Checkers transposes more: the pool's waits above the grain happen
	// mostly here.
	cdepth := 9
	if testing.Short() {
		cdepth = 8
	}
	cref, err := Search[checkers.Position](context.Background(), checkers.Start(), Options{Algo: AlgoScout, Depth: cdepth})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		v := deferVariants[i%4]
		opt := Options{Algo: AlgoJamboree, Depth: cdepth, ParallelOptions: ParallelOptions{Deferred: true, Serialize2: v.Serialize2, RID: v.RID, Grain: (i / 4) % 2}}
		cfg := sched.Config{Machine: sched.PoolOf(8), Seed: uint64(i)}
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		res, _, err := RunJamboree[checkers.Position](ctx, checkers.Start(), opt, cfg)
		cancel()
		if err != nil || res.Stopped {
			t.Fatalf("checkers %s: did not finish: %v", jamName(opt, cfg), err)
		}
		if res.Value != cref.Value {
			t.Errorf("checkers %s: value %d, serial %d", jamName(opt, cfg), res.Value, cref.Value)
		}
		addDeferred(&total, &res.Work)
	}
	t.Logf("above the grain: waits %d, refused %d, given up %d", total.DeferredWaitsAbove, total.DeferredRefused, total.DeferredGiveUps)
}

// TestJamboreeDeferredDeterministic: a simulated run with deferred reads
// above the grain, repeated with the same seed, gives the same result and
// the same accounting (waits, refusals and give-ups included), on 16
// processors and on the infinite machine.
func TestJamboreeDeferredDeterministic(t *testing.T) {
	ctx := context.Background()
	root := loadBK(t)[13].Pos
	opt := Options{Algo: AlgoJamboree, Depth: 5, TTBits: 14, TTMove: true, MVVLVA: true, ParallelOptions: ParallelOptions{Serialize2: true, Deferred: true, RID: true, Grain: 1}}
	for _, p := range []int{16, 0} {
		cfg := sched.Config{Machine: sched.SimOf(p), Seed: 9, Levels: true,
			Costs: sched.CostModel{Node: 1, Steal: 4, Migrate: 2, Abort: 1, Wake: 1, Spawn: 1}}
		run := func() (*JamboreeResult, *sched.Stats) {
			res, st, err := RunJamboree[chess.Position](ctx, root, opt, cfg)
			if err != nil {
				t.Fatal(err)
			}
			return res, st
		}
		r1, s1 := run()
		r2, s2 := run()
		if r1.Work.DeferredWaitsAbove == 0 {
			t.Errorf("P=%d: no wait above the grain to repeat: %+v", p, r1.Work)
		}
		if !reflect.DeepEqual(r1.Work, r2.Work) || r1.Value != r2.Value || !reflect.DeepEqual(r1.PV, r2.PV) {
			t.Errorf("P=%d: runs differ:\n%+v\n%+v", p, r1.Work, r2.Work)
		}
		if !reflect.DeepEqual(s1.Simulated(), s2.Simulated()) {
			t.Errorf("P=%d: stats differ:\n%v\n%v", p, s1, s2)
		}
	}
}
