package sched

import (
	"context"
	"testing"
	"time"
)

// The runtime's benchmarks. Timings on a shared 2-core machine are noisy:
// the ratios are measured within one benchmark, alternating the two sides.

const fibN = 30

// BenchmarkPoolOverheadCutoff: fib(30) with a serial cutoff on a 1-worker
// pool against plain recursive fib (goal: ratio ≤ 1.05).
func BenchmarkPoolOverheadCutoff(b *testing.B) {
	var serial, pool time.Duration
	for b.Loop() {
		t0 := time.Now()
		r := fibSerial(fibN)
		t1 := time.Now()
		v, _, _ := Run(context.Background(), Config{Machine: PoolOf(1), ProfileBuckets: -1}, func(c Ctx) any { return Fib(c, fibN, 20) })
		t2 := time.Now()
		if v.(uint64) != r {
			b.Fatal("wrong fib")
		}
		serial += t1.Sub(t0)
		pool += t2.Sub(t1)
	}
	b.ReportMetric(float64(pool)/float64(serial), "ratio")
	b.ReportMetric(float64(serial.Nanoseconds())/float64(b.N), "serial-ns/op")
}

// BenchmarkPoolSpawn: fib(25) without cutoff on a 1-worker pool: the cost of
// one spawn (with its wait), in ns.
func BenchmarkPoolSpawn(b *testing.B) {
	const n = 25
	spawns := float64(FibWork(n)-1) / 2 // internal calls: each spawns one child
	for b.Loop() {
		Run(context.Background(), Config{Machine: PoolOf(1), ProfileBuckets: -1}, func(c Ctx) any { return Fib(c, n, 0) })
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/spawns, "ns/spawn")
}

// The 2-worker speedup of plain parallel negamax on a real tree is
// BenchmarkPNegamaxPoolSpeedup in algos (the runtime imports no game).

func benchSim(b *testing.B, p int) {
	root := uniformRoot(8, 6)
	nodes := 0.0
	for b.Loop() {
		_, s, err := Run(context.Background(), Config{Machine: SimOf(p), Seed: 1, ProfileBuckets: -1}, root)
		if err != nil {
			b.Fatal(err)
		}
		nodes += float64(s.Counts["node"])
	}
	b.ReportMetric(nodes/b.Elapsed().Seconds(), "simnodes/s")
}

// BenchmarkSim64 and BenchmarkSim1024: the simulator's speed in simulated
// nodes per second of wall time (goal ≥ 1M/s on one core).
func BenchmarkSim64(b *testing.B)   { benchSim(b, 64) }
func BenchmarkSim1024(b *testing.B) { benchSim(b, 1024) }
