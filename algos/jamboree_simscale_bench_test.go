package algos

import (
	"context"
	"testing"
	"time"

	"splitpoint/games/chess"
	"splitpoint/sched"
)

// BenchmarkJamboreeSim512: Jamboree on 512 simulated processors, the
// regime of StarTech's tournament runs (Kuszmaul 1995), on BK.01 at depth 5
// with the default preset and grain 0; reports simulated nodes per second
// of this computer's time and tasks per node. The figures at 10^7–10^8
// nodes (depth 7 and 8 on Kaufman positions) are in BENCHMARKS.md.
func BenchmarkJamboreeSim512(b *testing.B) {
	root := bkRoots(b, 1)[0]
	opt := Presets()["default"]
	opt.Algo, opt.Depth, opt.Grain = AlgoJamboree, 5, 0
	cfg := sched.Config{Machine: sched.SimOf(512), Seed: 1, ProfileBuckets: -1}
	var nodes, tasks int64
	var took time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		_, st, err := RunJamboree[chess.Position](context.Background(), root, opt, cfg)
		if err != nil {
			b.Fatal(err)
		}
		took += time.Since(t0)
		nodes += st.Counts["node"]
		tasks += st.Tasks
	}
	b.ReportMetric(float64(nodes)/took.Seconds(), "simnodes/s")
	b.ReportMetric(float64(tasks)/float64(nodes), "tasks/node")
}
