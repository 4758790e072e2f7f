package sched

import (
	"math"
	"testing"
)

// TestCycles: a simulated run's cycle accounting covers P·T_P exactly,
// its lines are the Stats' own counters times the costs, and pool runs
// and the infinite machine are refused.
func TestCycles(t *testing.T) {
	for _, p := range []int{1, 4, 64} {
		cfg := Config{Machine: Machine{Kind: Sim, P: p}, Seed: 1, Costs: CM5Costs(), ProfileBuckets: -1}
		_, st := runT(t, cfg, uniformRoot(4, 5))
		lines, err := st.Cycles()
		if err != nil {
			t.Fatalf("P=%d: %v", p, err)
		}
		var units int64
		var share float64
		for _, l := range lines {
			if l.Units < 0 {
				t.Errorf("P=%d %s: %d units", p, l.Name, l.Units)
			}
			units += l.Units
			share += l.Share
		}
		if want := int64(p) * st.Time; units != want || math.Abs(share-1) > 1e-12 {
			t.Errorf("P=%d: %d units (shares %v), want P·T_P = %d (1)", p, units, share, want)
		}
		byName := map[string]int64{}
		for _, l := range lines {
			byName[l.Name] = l.Units
		}
		if got, want := byName["looking for work"], CM5Costs().Steal*st.StealAttempts; got != want {
			t.Errorf("P=%d: looking for work %d, want steal × attempts = %d", p, got, want)
		}
		if got, want := byName["chess work"], st.Work; got != want { // Uniform charges nodes and spawns only
			t.Errorf("P=%d: chess work %d, want W = %d", p, got, want)
		}
	}
	for _, m := range []Machine{{Kind: Pool, P: 1}, {Kind: Sim, P: 0}} {
		_, st := runT(t, Config{Machine: m, Seed: 1, ProfileBuckets: -1}, uniformRoot(2, 3))
		if _, err := st.Cycles(); err == nil {
			t.Errorf("%v: Cycles accepted the run", m)
		}
	}
}

// TestCM5Preset: --costs cm5 is the CM5Costs model, overridable key by key.
func TestCM5Preset(t *testing.T) {
	c, err := ParseCosts("cm5,steal=32")
	if err != nil {
		t.Fatal(err)
	}
	want := CM5Costs()
	want.Steal = 32
	if c != want {
		t.Errorf("cm5,steal=32 = %+v, want %+v", c, want)
	}
	if back, err := ParseCosts(c.String()); err != nil || back != c {
		t.Errorf("round trip of %q: %+v, %v", c.String(), back, err)
	}
}
