package algos

import (
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"testing"
	"unsafe"

	"splitpoint/games/chess"
	"splitpoint/sched"
)

// TestMemProfileJamboree (SPLITPOINT_MEMPROF=P,depth) writes a heap
// profile of a simulated Jamboree run on BK.01 at its largest heap.
func TestMemProfileJamboree(t *testing.T) {
	env := os.Getenv("SPLITPOINT_MEMPROF")
	if env == "" {
		t.Skip("SPLITPOINT_MEMPROF not set")
	}
	var p, d int
	for i, s := range []*int{&p, &d} {
		_ = i
		_ = s
	}
	parts := splitComma(env)
	p, _ = strconv.Atoi(parts[0])
	d, _ = strconv.Atoi(parts[1])
	root := loadBK(t)[0].Pos
	var best uint64
	var ms runtime.MemStats
	cfg := sched.Config{Machine: "sim", P: p, Seed: 1, ObserveEvery: 8}
	cfg.Observe = func(s sched.Snapshot) {
		runtime.ReadMemStats(&ms)
		if u := ms.HeapInuse + ms.StackInuse; u > best*11/10 {
			best = u
			f, _ := os.Create("/tmp/heap.pprof")
			pprof.WriteHeapProfile(f)
			f.Close()
			t.Logf("heap %d MB stack %d MB sys %d MB", ms.HeapInuse>>20, ms.StackInuse>>20, ms.Sys>>20)
		}
	}
	res, st, err := RunJamboree[chess.Position](context.Background(), root, Options{Algo: AlgoJamboree, Depth: d}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("value %d W %d procs %d peak live %d peak mem %d MB bytes/live %d", res.Value, st.Work, st.ProcsUsed, st.PeakLiveProcs, st.PeakMem>>20, st.BytesPerLiveProc)
}

func splitComma(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

func TestFrameSize(t *testing.T) {
	t.Logf("jamFrame[chess] %d B, chess.Position %d B, Task %d", unsafe.Sizeof(jamFrame[chess.Position]{}), unsafe.Sizeof(chess.Position{}), unsafe.Sizeof(sched.Task{}))
}
