package sched

import (
	"context"
	"sync"
	"testing"
)

// observed runs fib(n) with a Config.Observe that keeps every snapshot.
func observed(t *testing.T, cfg Config, n int) ([]Snapshot, *Stats) {
	t.Helper()
	var mu sync.Mutex
	var snaps []Snapshot
	cfg.Observe = func(s Snapshot) {
		mu.Lock()
		snaps = append(snaps, s)
		mu.Unlock()
	}
	_, s, err := Run(context.Background(), cfg, func(c Ctx) any { return Fib(c, n, 0) })
	if err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	return snaps, s
}

// checkSnapshots: the counters only grow and never pass the run's totals.
func checkSnapshots(t *testing.T, snaps []Snapshot, s *Stats) {
	t.Helper()
	var prev Snapshot
	for i, x := range snaps {
		if x.Machine != s.Kind || x.TimeUnit != s.TimeUnit {
			t.Fatalf("snapshot %d: machine %s/%s, run %s/%s", i, x.Machine, x.TimeUnit, s.Machine, s.TimeUnit)
		}
		if x.Elapsed < prev.Elapsed || x.Work < prev.Work || x.Nodes < prev.Nodes || x.Steals < prev.Steals {
			t.Errorf("snapshot %d went back: %+v after %+v", i, x, prev)
		}
		if x.Work > s.Work || x.Steals > s.Steals || x.Aborts > s.Aborts {
			t.Errorf("snapshot %d beyond the totals: %+v, stats %v", i, x, s)
		}
		if s.P > 0 && len(x.Busy) != s.P {
			t.Errorf("snapshot %d: %d busy entries for P=%d", i, len(x.Busy), s.P)
		}
		for _, b := range x.Busy {
			if b < 0 || b > x.Elapsed {
				t.Errorf("snapshot %d: busy %d outside 0…%d", i, b, x.Elapsed)
			}
		}
		prev = x
	}
}

func TestObserveSim(t *testing.T) {
	// fib(16): W = 3193 unit-cost calls; on 4 processors T_P ≈ 800, so a
	// snapshot every 100 units gives several, at the same virtual times on
	// every run.
	cfg := Config{Machine: SimOf(4), Seed: 1, ObserveEvery: 100}
	a, s := observed(t, cfg, 16)
	if len(a) < 3 {
		t.Fatalf("%d snapshots over T_P=%d", len(a), s.Time)
	}
	checkSnapshots(t, a, s)
	b, _ := observed(t, cfg, 16)
	if len(a) != len(b) {
		t.Fatalf("two runs: %d and %d snapshots", len(a), len(b))
	}
	for i := range a {
		if a[i].Elapsed != b[i].Elapsed || a[i].Work != b[i].Work || a[i].Parallelism != b[i].Parallelism {
			t.Errorf("snapshot %d differs: %+v vs %+v", i, a[i], b[i])
		}
	}
	// The infinite machine has no per-processor busy time.
	inf, s := observed(t, Config{Machine: SimOf(0), Seed: 1, ObserveEvery: 2}, 12)
	checkSnapshots(t, inf, s)
	for _, x := range inf {
		if x.Busy != nil {
			t.Fatalf("infinite machine: busy %v", x.Busy)
		}
	}
}

func TestObservePool(t *testing.T) {
	// Timing decides how many snapshots come, not whether the test
	// passes: only their consistency is checked (under -race, the
	// publication is what is tested).
	for _, buckets := range []int{0, -1} {
		snaps, s := observed(t, Config{Machine: PoolOf(2), Seed: 1, ObserveEvery: 1, ProfileBuckets: buckets}, 22)
		checkSnapshots(t, snaps, s)
		if s.Work != FibWork(22) {
			t.Errorf("W = %d, want %d", s.Work, FibWork(22))
		}
	}
}

// TestSnapshotProgress: a value published with SetProgress reaches the
// snapshots taken after it.
func TestSnapshotProgress(t *testing.T) {
	var last int64
	cfg := Config{Machine: SimOf(2), ObserveEvery: 10, Observe: func(s Snapshot) { last = s.Progress }}
	_, _, err := Run(context.Background(), cfg, func(c Ctx) any {
		c.Self().SetProgress(7)
		c.Go(func(c Ctx) any {
			for range 100 {
				c.Charge(Node, 1)
			}
			return nil
		})
		for range 100 {
			c.Charge(Node, 1)
		}
		c.Sync()
		return nil
	})
	if err != nil || last != 7 {
		t.Fatalf("progress in the last snapshot %d (err %v), want 7", last, err)
	}
}
