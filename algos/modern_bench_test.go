package algos

import (
	"context"
	"testing"
	"time"

	"splitpoint/games/chess"
	"splitpoint/sched"
)

// benchModernVsScout times, in each op and side by side, the serial Scout
// and algo on two pool workers, both with bkOptID (time to depth 7 by
// iterative deepening, a fresh 2^18 table each search), on BK.01–04, and
// reports the speedup (Scout's time ÷ algo's) and both node counts.
func benchModernVsScout(b *testing.B, algo string) {
	ctx := context.Background()
	roots := bkRoots(b, 4)
	sopt := bkOptID()
	sopt.Algo, sopt.Grain = AlgoScout, 0
	popt := bkOptID()
	popt.Algo = algo
	s := NewSearcher[chess.Position](sopt, nil)
	cfg := sched.Config{Machine: sched.PoolOf(2), ProfileBuckets: -1}
	var tScout, tPar time.Duration
	var nScout, nPar int64
	b.ResetTimer()
	for range b.N {
		for _, r := range roots {
			s.TT.Clear()
			s.ResetOrdering()
			t0 := time.Now()
			if _, err := s.Run(ctx, r, nil); err != nil {
				b.Fatal(err)
			}
			tScout += time.Since(t0)
			nScout += int64(s.Counters.Nodes)
			t0 = time.Now()
			_, st, err := RunParallel[chess.Position](ctx, r, popt, cfg)
			if err != nil {
				b.Fatal(err)
			}
			tPar += time.Since(t0)
			nPar += st.Counts[sched.Node.String()]
		}
	}
	b.ReportMetric(float64(tScout)/float64(tPar), "speedup")
	b.ReportMetric(float64(nScout)/float64(b.N), "scout-nodes/op")
	b.ReportMetric(float64(nPar)/float64(b.N), algo+"-nodes/op")
}

// BenchmarkYBWCBK2ID: YBWC on two pool workers, time to depth 7 on
// BK.01–04 (goal: speedup ≥ 1.8).
func BenchmarkYBWCBK2ID(b *testing.B) { benchModernVsScout(b, AlgoYBWC) }

// BenchmarkABDADABK2ID: ABDADA on two pool workers, time to depth 7 on
// BK.01–04 (goal: speedup ≥ 1.8).
func BenchmarkABDADABK2ID(b *testing.B) { benchModernVsScout(b, AlgoABDADA) }

// BenchmarkLazySMPBK2ID: Lazy SMP on two pool workers, time to depth 7 on
// BK.01–04 (no goal: its gain is Elo at a fixed time, which match measures).
func BenchmarkLazySMPBK2ID(b *testing.B) { benchModernVsScout(b, AlgoLazySMP) }
