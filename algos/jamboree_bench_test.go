package algos

import (
	"context"
	"testing"
	"time"

	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/sched"
	"splitpoint/tt"
)

// benchJamVsScout times, in each op and side by side, the serial Scout and
// Jamboree on the pool with workers workers, both with opt (each search
// from an empty table), on every root; it reports the ratio of Jamboree's
// time to Scout's ("jam/scout", the 1-worker overhead) and its inverse
// ("speedup"), and both node counts.
func benchJamVsScout[T any, P game.Position[T]](b *testing.B, roots []*T, opt Options, workers int) {
	benchJamVsScoutOn[T, P](b, roots, opt, sched.Config{Machine: sched.PoolOf(workers), ProfileBuckets: -1})
}

// benchJamVsScoutOn is benchJamVsScout on the pool cfg describes.
func benchJamVsScoutOn[T any, P game.Position[T]](b *testing.B, roots []*T, opt Options, cfg sched.Config) {
	ctx := context.Background()
	sopt := opt.Serial(AlgoScout)
	// One table for both, cleared before every search: the same memory,
	// so that where the allocator put two tables does not count.
	table := tt.New(opt.TTBits)
	s := NewSearcher[T, P](sopt, table)
	jopt := opt
	jopt.Algo = AlgoJamboree
	var tScout, tJam time.Duration
	var nScout, nJam int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, r := range roots {
			table.Clear()
			s.ResetOrdering()
			t0 := time.Now()
			if _, err := s.Run(ctx, r, nil); err != nil {
				b.Fatal(err)
			}
			tScout += time.Since(t0)
			nScout += int64(s.Counters.Nodes) // Run resets the counters
			table.Clear()
			t0 = time.Now()
			res, st, err := RunJamboreeTable[T, P](ctx, r, jopt, cfg, table)
			if err != nil {
				b.Fatal(err)
			}
			tJam += time.Since(t0)
			nJam += res.Work.Nodes
			_ = st
		}
	}
	b.ReportMetric(float64(tJam)/float64(tScout), "jam/scout")
	b.ReportMetric(float64(tScout)/float64(tJam), "speedup")
	b.ReportMetric(float64(nScout)/float64(b.N), "scout-nodes/op")
	b.ReportMetric(float64(nJam)/float64(b.N), "jam-nodes/op")
}

func bkRoots(b *testing.B, n int) []*chess.Position {
	var roots []*chess.Position
	for _, r := range loadBK(b)[:n] {
		roots = append(roots, r.Pos)
	}
	return roots
}

// bkOpt is the default preset at depth 6 with a 2^18 table, no iterative
// deepening or aspiration at the root (fixed depth), Jamboree's grain 3.
func bkOpt() Options {
	opt := Presets()["default"]
	opt.TTBits, opt.Depth, opt.Iterative, opt.Aspiration, opt.Grain = 18, 6, false, 0, 3
	return opt
}

// BenchmarkJamboreeBK1: Jamboree on one pool worker against the serial
// Scout on the first four Bratko-Kopec positions at depth 6 (goal:
// jam/scout ≤ 1.03).
func BenchmarkJamboreeBK1(b *testing.B) {
	benchJamVsScout[chess.Position](b, bkRoots(b, 4), bkOpt(), 1)
}

// BenchmarkJamboreeBK2: the 2-worker speedup over the serial Scout, time
// to depth 6 on the first four Bratko-Kopec positions (goal ≥ 1.8), with
// recursive iterative deepening and the two-child serialization.
func BenchmarkJamboreeBK2(b *testing.B) {
	opt := bkOpt()
	opt.RID, opt.Serialize2 = true, true
	benchJamVsScout[chess.Position](b, bkRoots(b, 4), opt, 2)
}

// BenchmarkJamboreeBK2Plain: the 2-worker speedup without variants.
func BenchmarkJamboreeBK2Plain(b *testing.B) {
	benchJamVsScout[chess.Position](b, bkRoots(b, 4), bkOpt(), 2)
}

// BenchmarkJamboreeWide2: the 2-worker speedup on a wide, strongly ordered
// synthetic tree, b = 32, d = 8, 95 % best-first (goal ≥ 1.9).
func BenchmarkJamboreeWide2(b *testing.B) {
	tree, err := synth.Parse("ordered:b=32,d=8,seed=1,order=p0.95")
	if err != nil {
		b.Fatal(err)
	}
	opt := Options{Depth: 8, ParallelOptions: ParallelOptions{Grain: 4}}
	benchJamVsScout[synth.Position](b, []*synth.Position{tree.Root()}, opt, 2)
}

// BenchmarkJamboreeWide1: the same tree on one pool worker against the
// serial Scout (the overhead behind Wide2's speedup).
func BenchmarkJamboreeWide1(b *testing.B) {
	tree, err := synth.Parse("ordered:b=32,d=8,seed=1,order=p0.95")
	if err != nil {
		b.Fatal(err)
	}
	opt := Options{Depth: 8, ParallelOptions: ParallelOptions{Grain: 4}}
	benchJamVsScout[synth.Position](b, []*synth.Position{tree.Root()}, opt, 1)
}

// BenchmarkJamboreeBK1Serial: the whole search below the grain (one
// serial Scout call through the Hook) on one worker: the cost of the
// per-node charge and abort poll alone.
func BenchmarkJamboreeBK1Serial(b *testing.B) {
	opt := bkOpt()
	opt.Grain = opt.Depth
	benchJamVsScout[chess.Position](b, bkRoots(b, 4), opt, 1)
}

// bkOptID is the default preset as an engine uses it: iterative deepening
// with aspiration to depth 7 (time to depth), a 2^18 table, grain 3.
func bkOptID() Options {
	opt := Presets()["default"]
	opt.TTBits, opt.Depth, opt.Grain = 18, 7, 3
	return opt
}

// BenchmarkJamboreeBK1ID: one pool worker against Scout, time to depth 7
// by iterative deepening on BK.01–04 (goal: jam/scout ≤ 1.03).
func BenchmarkJamboreeBK1ID(b *testing.B) {
	benchJamVsScout[chess.Position](b, bkRoots(b, 4), bkOptID(), 1)
}

// BenchmarkJamboreeBK2ID: two pool workers, time to depth 7 by iterative
// deepening on BK.01–04, no variants (goal: speedup ≥ 1.8).
func BenchmarkJamboreeBK2ID(b *testing.B) {
	benchJamVsScout[chess.Position](b, bkRoots(b, 4), bkOptID(), 2)
}

// bkOptG0 is the default preset with Jamboree's finest grain:
// iterative deepening with aspiration to depth 6, a 2^18 table, grain 0
// (every node above the leaves parallel, its tests latent on the pool).
func bkOptG0() Options {
	opt := bkOptID()
	opt.Depth, opt.Grain = 6, 0
	return opt
}

// BenchmarkJamboreeBK1G0: one pool worker against Scout at grain 0, time
// to depth 6 on BK.01–04 (goal: jam/scout ≤ 1.5).
func BenchmarkJamboreeBK1G0(b *testing.B) {
	benchJamVsScout[chess.Position](b, bkRoots(b, 4), bkOptG0(), 1)
}

// BenchmarkJamboreeBK2G0: two pool workers at grain 0 (goal:
// 1.6 times the speed of one worker, i.e. speedup ≥ 1.6 × BK1G0's).
func BenchmarkJamboreeBK2G0(b *testing.B) {
	benchJamVsScout[chess.Position](b, bkRoots(b, 4), bkOptG0(), 2)
}

// BenchmarkJamboreeBK1G0Eager: BK1G0 with every test a task
// (sched.Config.Eager), the algorithm's DAG as the simulator runs it.
func BenchmarkJamboreeBK1G0Eager(b *testing.B) {
	benchJamVsScoutOn[chess.Position](b, bkRoots(b, 4), bkOptG0(), sched.Config{Machine: sched.PoolOf(1), ProfileBuckets: -1, Eager: true})
}

// BenchmarkJamboreeWide1G0: the wide synthetic tree at grain 0 on one
// pool worker against Scout (goal: jam/scout ≤ 1.5).
func BenchmarkJamboreeWide1G0(b *testing.B) {
	tree, err := synth.Parse("ordered:b=32,d=8,seed=1,order=p0.95")
	if err != nil {
		b.Fatal(err)
	}
	benchJamVsScout[synth.Position](b, []*synth.Position{tree.Root()}, Options{Depth: 8}, 1)
}

// BenchmarkJamboreeWide2G0: the same on two workers (goal: speedup 1.6
// times Wide1G0's).
func BenchmarkJamboreeWide2G0(b *testing.B) {
	tree, err := synth.Parse("ordered:b=32,d=8,seed=1,order=p0.95")
	if err != nil {
		b.Fatal(err)
	}
	benchJamVsScout[synth.Position](b, []*synth.Position{tree.Root()}, Options{Depth: 8}, 2)
}

// BenchmarkJamboreeCheckers1W: the 1-worker overhead of Jamboree on
// checkers (goal ≤ 1.05), the command line's defaults
// (the default preset, iterative deepening, grain 3: lab.AutoGrain's
// choice for four of the six ballots since it reads the branching factor
// over two plies; the last one-ply ratio would give 2) on 3-move ballots 1–6 at depth 12,
// against the serial Scout.
func BenchmarkJamboreeCheckers1W(b *testing.B) {
	roots := ballots(b, 6)
	opt := Presets()["default"]
	opt.TTBits, opt.Depth, opt.Grain = 18, 12, 3
	benchJamVsScout[checkers.Position](b, roots, opt, 1)
}

// BenchmarkJamboreeCheckers2W: the 2-worker speedup of Jamboree on
// checkers with the command line's defaults on the 3-move ballots 1–6 at
// depth 14 (goal ≥ 1.8): the default preset, iterative
// deepening, grain 3, the restart variant and steal ordering by levels,
// a 2^20 table.
func BenchmarkJamboreeCheckers2W(b *testing.B) {
	roots := ballots(b, 6)
	opt := Presets()["default"]
	opt.TTBits, opt.Depth, opt.Grain, opt.Restart = 20, 14, 3, true
	benchJamVsScoutOn[checkers.Position](b, roots, opt, sched.Config{Machine: sched.PoolOf(2), ProfileBuckets: -1, Levels: true})
}
