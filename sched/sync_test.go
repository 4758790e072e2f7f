package sched

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
)

func TestEventStamps(t *testing.T) {
	// B waits for A's signal: the critical path runs through A's 100 units.
	for _, cfg := range []Config{{Machine: SimOf(0)}, {Machine: SimOf(2)}, {Machine: PoolOf(2)}} {
		_, s := runT(t, cfg, func(c Ctx) any {
			var e Event
			c.Spawn(func(c Ctx) any {
				c.Charge(Node, 100)
				e.Signal(c)
				return nil
			})
			c.Spawn(func(c Ctx) any {
				if !e.Wait(c) {
					t.Error("wait aborted")
				}
				c.Charge(Node, 5)
				return nil
			})
			c.Sync()
			return nil
		})
		if s.Span != 105 || s.Work != 105 {
			t.Errorf("%s P=%d: W=%d C=%d, want 105 105", cfg.Machine, cfg.P, s.Work, s.Span)
		}
		if cfg.IsSim() && (s.Time != 105 || s.BlockedShared != 100) {
			t.Errorf("sim P=%d: T=%d blocked_shared=%d, want 105 100", cfg.P, s.Time, s.BlockedShared)
		}
	}
}

func TestEventWaitAborted(t *testing.T) {
	for _, machine := range []string{"sim", "pool"} {
		r, _, err := Run(context.Background(), Config{Machine: Machine{Kind: machine, P: 2}}, func(c Ctx) any {
			var e Event
			k := c.Spawn(func(c Ctx) any { return e.Wait(c) })
			c.Charge(Node, 10)
			c.Abort(k)
			c.Wait(k)
			return k.Result()
		})
		if err != nil || r != false {
			t.Errorf("%s: %v %v", machine, r, err)
		}
	}
}

func TestDeadlock(t *testing.T) {
	_, _, err := Run(context.Background(), Config{Machine: SimOf(2)}, func(c Ctx) any {
		var e Event
		e.Wait(c)
		return nil
	})
	if !errors.Is(err, ErrDeadlock) {
		t.Errorf("err = %v", err)
	}
}

// TestProcessesCell is PARSSS*-shaped: N pinned processes write a shared
// array and wait until all have written.
func TestProcessesCell(t *testing.T) {
	const n = 4
	for _, cfg := range []Config{{Machine: SimOf(4)}, {Machine: SimOf(9)}, {Machine: SimOf(0)}, {Machine: PoolOf(4)}} {
		var mu sync.Mutex
		procs := map[int]bool{}
		r, s := runT(t, cfg, func(c Ctx) any {
			var cell Cell[[n]int64]
			return Processes(c, n, func(c Ctx, i int) any {
				mu.Lock()
				procs[c.Proc()] = true
				mu.Unlock()
				c.Charge(Node, int64(10*(i+1)))
				cell.Update(c, func(a [n]int64) [n]int64 { a[i] = int64(i + 1); return a })
				a, ok := cell.WaitFor(c, func(a [n]int64) bool { return !slices.Contains(a[:], 0) })
				if !ok {
					return int64(-1)
				}
				return a[0] + a[1] + a[2] + a[3]
			})
		})
		for _, x := range r.([]any) {
			if x.(int64) != 10 {
				t.Errorf("%s: results %v", cfg.Machine, r)
			}
		}
		if s.Span != 40 || s.Work != 100 {
			t.Errorf("%s P=%d: W=%d C=%d, want 100 40", cfg.Machine, cfg.P, s.Work, s.Span)
		}
		if cfg.P > 0 && len(procs) != n {
			t.Errorf("%s P=%d: processes ran on %d processors", cfg.Machine, cfg.P, len(procs))
		}
		if cfg.IsSim() && s.Time != 40 {
			t.Errorf("sim P=%d: T=%d", cfg.P, s.Time)
		}
		if !cfg.IsSim() && runtime.GOMAXPROCS(0) < 4 && (!s.Oversubscribed || !strings.Contains(s.Note, "oversubscribed")) {
			t.Errorf("pool P=4 on GOMAXPROCS %d: no oversubscription note", runtime.GOMAXPROCS(0))
		}
	}
}

func TestWaitAny(t *testing.T) {
	for _, cfg := range []Config{{Machine: SimOf(0)}, {Machine: SimOf(3)}, {Machine: PoolOf(2)}} {
		r, s := runT(t, cfg, func(c Ctx) any {
			var ts []*Task
			for _, w := range []int64{300, 10, 200} {
				ts = append(ts, c.Spawn(func(c Ctx) any {
					for i := int64(0); i < w; i++ {
						if c.Aborted() {
							return int64(-1)
						}
						c.Charge(Node, 1)
					}
					return w
				}))
			}
			k := c.WaitAny(ts...)
			for _, o := range ts {
				if o != k {
					c.Abort(o)
				}
			}
			return k.Result()
		})
		// On the infinite machine the shortest child is first. On a finite
		// one the waiting root helps and may be running a longer child
		// nested when the shortest ends (*Socrates §4.4's stalled work):
		// then that one is the first it sees done.
		if x := r.(int64); x < 0 || (cfg.IsSim() && cfg.P == 0 && x != 10) {
			t.Errorf("%s P=%d: first result %v", cfg.Machine, cfg.P, r)
		}
		if cfg.IsSim() && cfg.P == 0 && s.Time > 12 {
			t.Errorf("sim P=%d: T=%d: the others were not stopped", cfg.P, s.Time)
		}
		if s.Aborts != 2 {
			t.Errorf("aborts %d", s.Aborts)
		}
	}
}

// TestLevelsOrder: with levels, siblings start in spawn order whether
// stolen or not (*Socrates §4.3); without, the owner starts the newest.
func TestLevelsOrder(t *testing.T) {
	for _, levels := range []bool{false, true} {
		var order []int
		runT(t, Config{Machine: SimOf(4), Seed: 5, Levels: levels}, func(c Ctx) any {
			for i := range 12 {
				c.Go(func(c Ctx) any {
					order = append(order, i)
					c.Charge(Node, int64(5+i%3))
					return nil
				})
			}
			return nil
		})
		if sorted := slices.IsSorted(order); sorted != levels {
			t.Errorf("levels=%v: start order %v", levels, order)
		}
	}
}

// TestLevelWait: with level waiting a waiting task never runs work
// shallower than the children it waits for (*Socrates §4.4); without, on
// this tree, it does.
func TestLevelWait(t *testing.T) {
	root := uniformRoot(3, 6)
	costs := CostModel{Node: 1, Steal: 2}
	for _, lw := range []bool{false, true} {
		for _, machine := range []string{"sim", "pool"} {
			var mu sync.Mutex
			bad := 0
			_, _, err := Run(context.Background(), Config{Machine: Machine{Kind: machine, P: 4}, Seed: 2, Levels: true, LevelWait: lw, Costs: costs}, func(c Ctx) any {
				levelHook = func(t *Task) {
					for u := t.under; u != nil; u = u.under {
						if t.level <= u.level {
							mu.Lock()
							bad++
							mu.Unlock()
						}
					}
				}
				return root(c)
			})
			levelHook = nil
			if err != nil {
				t.Fatal(err)
			}
			if lw && bad != 0 {
				t.Errorf("%s level wait: %d tasks ran nested under a deeper waiting task", machine, bad)
			}
			if !lw && machine == "sim" && bad == 0 {
				t.Logf("%s without level wait: no shallower nesting seen", machine)
			}
		}
	}
}

func TestProfileInf(t *testing.T) {
	root := uniformRoot(3, 4)
	_, s := runT(t, Config{Machine: SimOf(0)}, root)
	want := []float64{1, 3, 9, 27, 81}
	if s.Profile == nil || s.Profile.Width != 1 || !slices.Equal(s.Profile.Parallelism, want) || !slices.Equal(s.Profile.Utilization, want) {
		t.Errorf("profile %+v, want parallelism %v", s.Profile, want)
	}
	// A long run keeps at most profBuckets buckets.
	_, s = runT(t, Config{Machine: SimOf(2)}, func(c Ctx) any { return Fib(c, 14, 0) })
	if n := len(s.Profile.Parallelism); n > profBuckets || n == 0 {
		t.Errorf("%d buckets", n)
	}
	var area float64
	w := s.Profile.Width
	for i, u := range s.Profile.Utilization {
		area += u * float64(min(w, s.Time-int64(i)*w))
	}
	if area < float64(s.Work)-1e-6 || area > float64(2*s.Time)+1e-6 {
		t.Errorf("utilization area %.0f, W=%d T=%d", area, s.Work, s.Time)
	}
}

func TestStatsJSON(t *testing.T) {
	_, s := runT(t, Config{Machine: SimOf(4)}, func(c Ctx) any { return Fib(c, 10, 0) })
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	for _, k := range []string{"work", "span", "parallelism", "time", "p", "machine", "steals", "aborts", "idle_fraction", "profile", "busy", "idle", "blocked_children", "blocked_shared", "blocked_parent"} {
		if _, ok := m[k]; !ok {
			t.Errorf("no key %q in %s", k, b)
		}
	}
	if m["machine"] != "sim" || m["work"].(float64) != float64(FibWork(10)) {
		t.Errorf("%s", b)
	}
}

// TestProfileLow: the profile keeps exactly how long each low parallelism
// level lasted, and FractionBelow reads the share of the run below a level.
func TestProfileLow(t *testing.T) {
	_, s := runT(t, Config{Machine: SimOf(0)}, uniformRoot(3, 4)) // parallelism 1, 3, 9, 27, 81, a unit each
	pr := s.Profile
	if pr == nil || pr.End != 5 || len(pr.Low) != LowLevels || pr.Low[1] != 1 || pr.Low[3] != 1 || pr.Low[9] != 1 {
		t.Fatalf("profile %+v", pr)
	}
	for _, tc := range []struct {
		k    int
		want float64
	}{{1, 0}, {2, 0.2}, {4, 0.4}, {10, 0.6}, {LowLevels, 0.6}} {
		if got := pr.FractionBelow(tc.k); got != tc.want {
			t.Errorf("FractionBelow(%d) = %g, want %g", tc.k, got, tc.want)
		}
	}
	var none *Profile
	if !math.IsNaN(none.FractionBelow(10)) {
		t.Error("a missing profile has a fraction")
	}
}

// TestPoolProfileWithinRun: on the pool the sampler's clock runs on its own
// goroutine, yet no sample lies past the run's end, so the time the
// profile keeps per low level sums to at most the run's time and
// FractionBelow is a fraction.
func TestPoolProfileWithinRun(t *testing.T) {
	runs := 200
	if testing.Short() {
		runs = 40
	}
	for i := range runs {
		_, s := runT(t, Config{Machine: PoolOf(2)}, func(c Ctx) any { return Fib(c, 14, 0) })
		pr := s.Profile
		if pr == nil {
			t.Fatal("no profile")
		}
		var low int64
		for _, d := range pr.Low {
			low += d
		}
		if pr.End != s.Time || low > pr.End {
			t.Fatalf("run %d: low levels last %d ns of a profile ending at %d (run time %d)", i, low, pr.End, s.Time)
		}
		if f := pr.FractionBelow(LowLevels); f < 0 || f > 1 {
			t.Fatalf("run %d: FractionBelow(%d) = %g", i, LowLevels, f)
		}
	}
}
