package algos

import (
	"context"
	"flag"
	"runtime"
	"runtime/pprof"
	"testing"

	"splitpoint/atomicfile"
	"splitpoint/games/chess"
	"splitpoint/sched"
)

// The memory benchmark's settings, given after -args:
//
//	go test ./algos -run XXX -bench JamboreeSimMemory -benchtime 1x \
//	    -args -memprof.p 0 -memprof.depth 5 -memprof.maxmib 4000 -memprof.heap heap.pprof
var (
	memprofP     = flag.Int("memprof.p", 64, "BenchmarkJamboreeSimMemory: simulated processors (0: infinitely many)")
	memprofDepth = flag.Int("memprof.depth", 4, "BenchmarkJamboreeSimMemory: search depth")
	memprofMaxMB = flag.Int("memprof.maxmib", 0, "BenchmarkJamboreeSimMemory: memory budget in MiB (sched.Config.MaxMem; 0: none)")
	memprofHeap  = flag.String("memprof.heap", "", "BenchmarkJamboreeSimMemory: write a heap profile to this file at the largest heap the run reaches")
	memprofNoGC  = flag.Bool("memprof.nogc", false, "BenchmarkJamboreeSimMemory: take the heap profile without forcing a collection first (the run's own heap shape)")
	memprofTrace = flag.Bool("memprof.trace", false, "BenchmarkJamboreeSimMemory: log the heap and stacks every 16 simulated steps")
	memprofPre   = flag.String("memprof.preset", "", "BenchmarkJamboreeSimMemory: the engine preset (plain, default, …; empty: the zero Options, no table and no variants)")
	memprofPos   = flag.String("memprof.pos", "bk", "BenchmarkJamboreeSimMemory: the position, BK.01 (bk) or Kaufman #1 (kaufman)")
)

// BenchmarkJamboreeSimMemory measures the memory of a simulated Jamboree
// run on BK.01 or Kaufman #1 (-memprof.pos; no table, no variants: the
// command line's defaults) on the machine and depth the memprof.* flags give, and reports the run's
// peak live processors, peak resident memory, bytes per live processor,
// W and C. With -memprof.heap FILE it writes a heap profile there each
// time the heap grows by a tenth, so FILE ends with the largest.
func BenchmarkJamboreeSimMemory(b *testing.B) {
	cfg := sched.Config{Machine: sched.SimOf(*memprofP), Seed: 1, MaxMem: int64(*memprofMaxMB) << 20}
	var ms runtime.MemStats
	switch {
	case *memprofTrace:
		cfg.ObserveEvery = 16
		cfg.Observe = func(s sched.Snapshot) {
			runtime.ReadMemStats(&ms)
			b.Logf("t=%d W=%d par=%d heap %d MB stack %d MB", s.Elapsed, s.Work, s.Parallelism, ms.HeapInuse>>20, ms.StackInuse>>20)
		}
	case *memprofHeap != "":
		var best uint64
		cfg.ObserveEvery = 64
		cfg.Observe = func(s sched.Snapshot) {
			runtime.ReadMemStats(&ms)
			if u := ms.HeapInuse + ms.StackInuse; u > best*11/10 {
				best = u
				if !*memprofNoGC {
					runtime.GC()
					runtime.ReadMemStats(&ms)
				}
				if err := atomicfile.Write(*memprofHeap, pprof.WriteHeapProfile); err != nil {
					b.Fatal(err)
				}
				b.Logf("heap %d MB stack %d MB sys %d MB", ms.HeapInuse>>20, ms.StackInuse>>20, ms.Sys>>20)
			}
		}
	}
	var root *chess.Position
	switch *memprofPos {
	case "bk":
		root = loadBK(b)[0].Pos
	case "kaufman":
		root = kaufmanRoot(b)
	default:
		b.Fatalf("-memprof.pos %q: want bk or kaufman", *memprofPos)
	}
	opt := Options{}
	if *memprofPre != "" {
		p, ok := Presets()[*memprofPre]
		if !ok {
			b.Fatalf("no preset %q", *memprofPre)
		}
		opt = p
	}
	opt.Algo, opt.Depth = AlgoJamboree, *memprofDepth
	var st *sched.Stats
	for b.Loop() {
		res, s, err := RunJamboree[chess.Position](context.Background(), root, opt, cfg)
		if err != nil {
			b.Fatalf("P=%d depth %d: %v", *memprofP, *memprofDepth, err)
		}
		if res == nil {
			b.Fatal("no result")
		}
		st = s
	}
	b.ReportMetric(float64(st.PeakLiveProcs), "peak_live_procs")
	b.ReportMetric(float64(st.PeakMem)/(1<<20), "peak_MiB")
	b.ReportMetric(float64(st.BytesPerLiveProc), "bytes/live_proc")
	b.ReportMetric(float64(st.Work), "W")
	b.ReportMetric(float64(st.Span), "C")
}
