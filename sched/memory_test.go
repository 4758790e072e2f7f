package sched

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMemoryBudgetStops: a simulated run past its budget (here one byte,
// so the first sample is past it) stops cleanly with a *MemoryError that
// says how far it got and what to try, on the infinite and a finite
// machine; a run without a budget (negative MaxMem) finishes.
func TestMemoryBudgetStops(t *testing.T) {
	for _, p := range []int{0, 64} {
		_, full, err := Run(context.Background(), Config{Machine: SimOf(p), MaxMem: -1}, func(c Ctx) any { return Queens(c, 9) })
		if err != nil {
			t.Fatal(err)
		}
		_, st, err := Run(context.Background(), Config{Machine: SimOf(p), MaxMem: 1}, func(c Ctx) any { return Queens(c, 9) })
		var me *MemoryError
		if !errors.As(err, &me) {
			t.Fatalf("P=%d: error %v, want a *MemoryError", p, err)
		}
		if me.Nodes <= 0 || me.Time <= 0 || me.Limit != 1 || me.Used <= 1 || me.P != p || !me.IsSim() {
			t.Errorf("P=%d: %+v", p, me)
		}
		want := "a finite P"
		if p > 0 {
			want = "a smaller P"
		}
		if msg := err.Error(); !strings.Contains(msg, "memory budget of 1 B exceeded") || !strings.Contains(msg, want) || !strings.Contains(msg, "smaller depth") {
			t.Errorf("P=%d: message %q", p, msg)
		}
		if st == nil || st.MaxMem != 1 || st.Work >= full.Work {
			t.Errorf("P=%d: stats %v", p, st)
		}
	}
	r, st, err := Run(context.Background(), Config{Machine: SimOf(0), MaxMem: -1}, func(c Ctx) any { return Queens(c, 8) })
	if err != nil || r.(int64) != 92 || st.MaxMem != 0 || st.PeakLiveProcs <= 1 || st.PeakMem <= 0 {
		t.Fatalf("no budget: %v %v %v", r, err, st)
	}
}

// TestMemoryBudgetPool: the pool checks the budget too: a run
// that allocates past it (each task keeps a megabyte until the run ends)
// stops with the same *MemoryError, which names the pool and how far the
// run got; with no budget the run finishes.
func TestMemoryBudgetPool(t *testing.T) {
	const budget = 64 << 20
	var keep [][]byte
	var mu sync.Mutex
	root := func(c Ctx) any {
		deadline := time.Now().Add(20 * time.Second)
		for i := 0; !c.Aborted(); i++ {
			c.Charge(Node, 1)
			c.Spawn(func(c Ctx) any {
				b := make([]byte, 1<<20)
				for j := range b {
					b[j] = 1 // resident, not only mapped
				}
				mu.Lock()
				keep = append(keep, b)
				mu.Unlock()
				return nil
			})
			c.Sync()
			if time.Now().After(deadline) {
				return "not stopped"
			}
		}
		return nil
	}
	r, st, err := Run(context.Background(), Config{Machine: PoolOf(2), MaxMem: residentBytes() + budget}, root)
	var me *MemoryError
	if !errors.As(err, &me) {
		t.Fatalf("error %v (result %v), want a *MemoryError", err, r)
	}
	if me.Nodes <= 0 || me.Work <= 0 || me.Time <= 0 || me.IsSim() || me.P != 2 || me.Used <= me.Limit {
		t.Errorf("%+v", me)
	}
	if msg := err.Error(); !strings.Contains(msg, "exceeded") || !strings.Contains(msg, "pool") || !strings.Contains(msg, "smaller depth") {
		t.Errorf("message %q", msg)
	}
	if st == nil || st.MaxMem != me.Limit || st.PeakMem < me.Used {
		t.Errorf("stats %+v", st)
	}
	keep = nil
	r, _, err = Run(context.Background(), Config{Machine: PoolOf(2), MaxMem: -1}, func(c Ctx) any { return Queens(c, 8) })
	if err != nil || r.(int64) != 92 {
		t.Fatalf("no budget: %v %v", r, err)
	}
}

func TestParseBudget(t *testing.T) {
	for s, want := range map[string]int64{"": 0, "0": 0, "default": 0, "2GiB": 2 << 30, "512MiB": 512 << 20, "300MB": 300e6, "4096": 4096, "none": -1, "off": -1, "64KiB": 64 << 10} {
		if got, err := ParseBudget(s); err != nil || got != want {
			t.Errorf("ParseBudget(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"x", "-3GB", "lots"} {
		if _, err := ParseBudget(s); err == nil {
			t.Errorf("ParseBudget(%q): no error", s)
		}
	}
	if d := DefaultMaxMem(); d <= 0 {
		t.Errorf("DefaultMaxMem %d", d)
	}
}
