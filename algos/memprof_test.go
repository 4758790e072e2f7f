package algos

import (
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"

	"splitpoint/games/chess"
	"splitpoint/sched"
)

// TestMemProfileJamboree measures a simulated Jamboree run on BK.01 (no
// table, no variants: the command line's defaults) when
// SPLITPOINT_MEMPROF=P,depth[,maxMiB[,profile]] is set (P 0 = infinite):
// it logs the run's memory figures and, with a fourth field, writes a heap
// profile to /tmp/heap.pprof at the largest heap it sees ("nogc": without
// forcing a collection first, so the run keeps its own heap shape).
// MEMPRESET=NAME starts from that preset instead of the bare algorithm.
func TestMemProfileJamboree(t *testing.T) {
	env := os.Getenv("SPLITPOINT_MEMPROF")
	if env == "" {
		t.Skip("SPLITPOINT_MEMPROF not set")
	}
	f := strings.Split(env, ",")
	p, _ := strconv.Atoi(f[0])
	d, _ := strconv.Atoi(f[1])
	cfg := sched.Config{Machine: sched.SimOf(p), Seed: 1}
	if len(f) > 2 {
		mb, _ := strconv.Atoi(f[2])
		cfg.MaxMem = int64(mb) << 20
	}
	if len(f) > 3 && f[3] == "trace" {
		var ms runtime.MemStats
		cfg.ObserveEvery = 16
		cfg.Observe = func(s sched.Snapshot) {
			runtime.ReadMemStats(&ms)
			t.Logf("t=%d W=%d par=%d heap %d MB stack %d MB", s.Elapsed, s.Work, s.Parallelism, ms.HeapInuse>>20, ms.StackInuse>>20)
		}
	} else if len(f) > 3 {
		var best uint64
		var ms runtime.MemStats
		cfg.ObserveEvery = 64
		cfg.Observe = func(s sched.Snapshot) {
			runtime.ReadMemStats(&ms)
			if u := ms.HeapInuse + ms.StackInuse; u > best*11/10 {
				best = u
				if f[3] != "nogc" {
					runtime.GC()
					runtime.ReadMemStats(&ms)
				}
				f, _ := os.Create("/tmp/heap.pprof")
				pprof.WriteHeapProfile(f)
				f.Close()
				t.Logf("heap %d MB stack %d MB sys %d MB", ms.HeapInuse>>20, ms.StackInuse>>20, ms.Sys>>20)
			}
		}
	}
	root := loadBK(t)[0].Pos
	opt := Options{Algo: AlgoJamboree, Depth: d}
	if os.Getenv("MEMPRESET") != "" {
		opt = Presets()[os.Getenv("MEMPRESET")]
		opt.Algo, opt.Depth = AlgoJamboree, d
	}
	res, st, err := RunJamboree[chess.Position](context.Background(), root, opt, cfg)
	if err != nil {
		t.Logf("error: %v", err)
	}
	if res != nil {
		t.Logf("value %d", res.Value)
	}
	t.Logf("W %d C %d procs %d peak live %d peak mem %d MiB bytes/live %d", st.Work, st.Span, st.ProcsUsed, st.PeakLiveProcs, st.PeakMem>>20, st.BytesPerLiveProc)
}
