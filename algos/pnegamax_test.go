package algos

import (
	"context"
	"fmt"
	"testing"
	"time"

	"splitpoint/game"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

func pnegamaxRoot(t testing.TB, name string) (func(sched.Ctx) any, *synth.Tree) {
	t.Helper()
	tr, err := synth.Parse(name)
	if err != nil {
		t.Fatal(err)
	}
	return func(c sched.Ctx) any { return PNegamax[synth.Position](c, tr.Root(), tr.Depth()) }, tr
}

// TestPNegamax: plain parallel negamax returns the serial negamax value and
// has exactly W = (b^(d+1) − 1)/(b − 1), C = d + 1 (unit node cost) on
// uniform trees, on the simulator (P = 1, 4, 64, 4096, ∞) and the pool.
func TestPNegamax(t *testing.T) {
	machines := []sched.Machine{sched.SimOf(1), sched.SimOf(4), sched.SimOf(64), sched.SimOf(4096), sched.SimOf(0),
		sched.PoolOf(1), sched.PoolOf(2), sched.PoolOf(4)}
	for _, bd := range [][2]int{{2, 1}, {2, 6}, {3, 5}, {4, 4}, {7, 3}} {
		b, d := bd[0], bd[1]
		name := fmt.Sprintf("uniform:b=%d,d=%d,seed=1", b, d)
		root, tr := pnegamaxRoot(t, name)
		want := refNegamax(tr.Root(), d)
		for _, m := range machines {
			v, s, err := sched.Run(context.Background(), sched.Config{Machine: m, Seed: 7}, root)
			if err != nil {
				t.Fatal(err)
			}
			if v.(game.Value) != want {
				t.Errorf("%s %s: value %d, want %d", name, m, v, want)
			}
			if W, C := sched.UniformWork(b, d), sched.UniformSpan(d); s.Work != W || s.Span != C {
				t.Errorf("%s %s: W=%d C=%d, want %d %d", name, m, s.Work, s.Span, W, C)
			}
		}
	}
}

// BenchmarkPNegamaxPoolSpeedup: plain parallel negamax over a wide uniform
// tree on 1 and 2 workers (goal: speedup ≥ 1.9 with 2 free cores).
func BenchmarkPNegamaxPoolSpeedup(b *testing.B) {
	root, _ := pnegamaxRoot(b, "uniform:b=40,d=4,seed=1")
	var t1, t2 time.Duration
	for b.Loop() {
		for _, p := range []int{1, 2} {
			_, s, err := sched.Run(context.Background(), sched.Config{Machine: sched.PoolOf(p), Seed: 1, ProfileBuckets: -1}, root)
			if err != nil {
				b.Fatal(err)
			}
			if p == 1 {
				t1 += time.Duration(s.Time)
			} else {
				t2 += time.Duration(s.Time)
			}
		}
	}
	b.ReportMetric(float64(t1)/float64(t2), "speedup")
	b.ReportMetric(float64(t1.Nanoseconds())/float64(b.N)/float64(sched.UniformWork(40, 4)), "ns/node-1w")
}
