package sched

import (
	"context"
	"reflect"
	"sync/atomic"
	"testing"
)

func TestFibWorkSpan(t *testing.T) {
	// W = 2·F(n+1) − 1 calls, C = n (unit cost per call, no cutoff).
	for _, n := range []int{0, 1, 2, 5, 12, 16} {
		for _, p := range simPs {
			r, s := runT(t, Config{Machine: SimOf(p), Seed: 1}, func(c Ctx) any { return Fib(c, n, 0) })
			if r.(uint64) != fibSerial(n) {
				t.Errorf("fib(%d) = %d", n, r)
			}
			if s.Work != FibWork(n) || s.Span != FibSpan(n) {
				t.Errorf("fib(%d) P=%d: W=%d C=%d, want %d %d", n, p, s.Work, s.Span, FibWork(n), FibSpan(n))
			}
			checkBounds(t, "fib", s)
		}
	}
	if FibWork(10) != 177 { // 2·F(11) − 1 = 2·89 − 1
		t.Fatalf("FibWork(10) = %d", FibWork(10))
	}
	// A cutoff keeps W and lengthens C: fib(12) with cutoff 6 on the pool.
	r, s := runT(t, Config{Machine: PoolOf(2), Seed: 1}, func(c Ctx) any { return Fib(c, 12, 6) })
	if r.(uint64) != 144 || s.Work != FibWork(12) || s.Span <= FibSpan(12) {
		t.Errorf("pool fib(12, cutoff 6) = %v W=%d C=%d", r, s.Work, s.Span)
	}
}

// queensNodes counts the nodes of the serial backtracking tree.
func queensNodes(n, row int, cols, d1, d2 uint64) (nodes, sols int64) {
	if row == n {
		return 1, 1
	}
	nodes = 1
	free := ^(cols | d1 | d2) & (1<<n - 1)
	for free != 0 {
		bit := free & -free
		free ^= bit
		a, b := queensNodes(n, row+1, cols|bit, (d1|bit)<<1, (d2|bit)>>1)
		nodes += a
		sols += b
	}
	return
}

func TestQueens(t *testing.T) {
	for _, n := range []int{4, 6, 8} {
		nodes, sols := queensNodes(n, 0, 0, 0, 0)
		for _, cfg := range []Config{{Machine: SimOf(1)}, {Machine: SimOf(16)}, {Machine: SimOf(0)}, {Machine: PoolOf(2)}} {
			r, s := runT(t, cfg, func(c Ctx) any { return Queens(c, n) })
			if r.(int64) != sols || s.Work != nodes || s.Span != int64(n+1) {
				t.Errorf("queens(%d) %s P=%d: %d solutions W=%d C=%d, want %d %d %d", n, cfg.Machine, cfg.P, r, s.Work, s.Span, sols, nodes, n+1)
			}
		}
	}
}

func TestSimReproducible(t *testing.T) {
	root := uniformRoot(4, 6)
	costs := CostModel{Node: 3, Eval: 1, Spawn: 1, Steal: 5, Migrate: 2, Abort: 1, Wake: 1}
	for _, p := range []int{3, 64, 0} {
		var prev *Stats
		for range 2 {
			_, s := runT(t, Config{Machine: SimOf(p), Seed: 11, Levels: true, Costs: costs}, root)
			if prev != nil && !reflect.DeepEqual(prev.Simulated(), s.Simulated()) {
				t.Fatalf("P=%d: two runs with one seed differ:\n%v\n%v", p, prev, s)
			}
			prev = s
		}
	}
	// Different seeds choose other victims: some of the runs differ.
	differ := false
	var first *Stats
	for seed := uint64(1); seed <= 6 && !differ; seed++ {
		_, s := runT(t, Config{Machine: SimOf(8), Seed: seed, Costs: costs}, root)
		if first == nil {
			first = s
		} else if s.Time != first.Time || s.Steals != first.Steals {
			differ = true
		}
	}
	if !differ {
		t.Error("six seeds gave the same schedule")
	}
}

// TestCostsBounds checks the greedy-schedule bounds with overheads on.
func TestCostsBounds(t *testing.T) {
	root := uniformRoot(3, 6)
	costs := CostModel{Node: 2, Eval: 3, Spawn: 1, Steal: 4, Migrate: 3}
	for _, p := range []int{1, 2, 7, 64, 1024, 0} {
		_, s := runT(t, Config{Machine: SimOf(p), Seed: 3, Costs: costs}, root)
		checkBounds(t, "costs", s)
		// The spawns of a node are serial in the parent: the last child
		// starts 3 spawns after its parent's node; 6 such levels, then a
		// leaf's node and eval.
		if s.Span != 6*(2+3*1)+2+3 {
			t.Errorf("C = %d", s.Span)
		}
	}
}

// abortProbe is a tree of tasks that each poll and charge in a loop; after
// the abort is issued, no poll may say "not aborted".
func abortProbe(issued *atomic.Bool, late *atomic.Int64, depth int) func(Ctx) any {
	return func(c Ctx) any {
		if depth > 0 {
			for range 3 {
				c.Spawn(abortProbe(issued, late, depth-1))
			}
		}
		for i := 0; i < 200000; i++ {
			was := issued.Load()
			if c.Aborted() {
				return nil
			}
			if was {
				late.Add(1)
			}
			c.Charge(Node, 1)
		}
		return nil
	}
}

func TestAbortReachesDescendants(t *testing.T) {
	for _, cfg := range []Config{{Machine: SimOf(4)}, {Machine: SimOf(0)}, {Machine: SimOf(64), Levels: true}, {Machine: PoolOf(2)}, {Machine: PoolOf(3), Levels: true}} {
		var issued atomic.Bool
		var late atomic.Int64
		_, s := runT(t, cfg, func(c Ctx) any {
			sub := c.Spawn(abortProbe(&issued, &late, 3))
			for range 50 {
				c.Charge(Node, 1)
			}
			c.Abort(sub)
			issued.Store(true)
			c.Sync()
			// Tasks spawned by aborted tasks are aborted from the start.
			return nil
		})
		if late.Load() != 0 {
			t.Errorf("%s P=%d: %d nodes visited after the abort", cfg.Machine, cfg.P, late.Load())
		}
		if s.Aborts != 1 || s.AbortedTasks == 0 {
			t.Errorf("%s: aborts=%d aborted tasks=%d", cfg.Machine, s.Aborts, s.AbortedTasks)
		}
		if cfg.IsSim() && s.Work > 50+40*51 {
			t.Errorf("%s P=%d: W=%d: work went on after the abort", cfg.Machine, cfg.P, s.Work)
		}
	}
}

func TestAbortLatencySim(t *testing.T) {
	// With an abort message of 10 units per edge, a task two edges below
	// goes on for 20 units after the abort.
	_, s := runT(t, Config{Machine: SimOf(0), Costs: CostModel{Node: 1, Abort: 10}}, func(c Ctx) any {
		sub := c.Spawn(func(c Ctx) any {
			c.Spawn(func(c Ctx) any {
				for !c.Aborted() {
					c.Charge(Node, 1)
				}
				return nil
			})
			c.Sync()
			return nil
		})
		for range 100 {
			c.Charge(Node, 1)
		}
		c.Abort(sub)
		c.Sync()
		return nil
	})
	// root 100 units; the grandchild started at 0 and stops at 100+20.
	if s.Time != 120 || s.Work != 220 {
		t.Errorf("T=%d W=%d, want 120 220", s.Time, s.Work)
	}
}

func TestCancel(t *testing.T) {
	for _, machine := range []string{"sim", "pool"} {
		ctx, cancel := context.WithCancel(context.Background())
		var charged atomic.Int64
		var forever func(c Ctx) any
		forever = func(c Ctx) any {
			for !c.Aborted() {
				c.Charge(Node, 1)
				if charged.Add(1) == 10000 { // cancelled from outside once the run is under way
					cancel()
				}
				if c.Rand()%1000 == 0 {
					c.Spawn(forever)
				}
			}
			return nil
		}
		_, s, err := Run(ctx, Config{Machine: Machine{Kind: machine, P: 2}, Seed: 1}, forever)
		if err != context.Canceled || s == nil {
			t.Errorf("%s: err %v", machine, err)
		}
		cancel()
	}
}

func TestPanicIsError(t *testing.T) {
	for _, machine := range []string{"sim", "pool"} {
		_, _, err := Run(context.Background(), Config{Machine: Machine{Kind: machine, P: 2}}, func(c Ctx) any {
			c.Spawn(func(c Ctx) any { panic("boom") })
			c.Sync()
			return nil
		})
		if err == nil {
			t.Errorf("%s: no error", machine)
		}
	}
}

func TestCheckUnwinds(t *testing.T) {
	for _, machine := range []string{"sim", "pool"} {
		r, _, err := Run(context.Background(), Config{Machine: Machine{Kind: machine, P: 2}}, func(c Ctx) any {
			k := c.Spawn(func(c Ctx) any {
				for {
					c.Charge(Node, 1)
					c.Check()
				}
			})
			c.Abort(k)
			c.Wait(k)
			return k.Result() == nil && k.WasAborted()
		})
		if err != nil || r != true {
			t.Errorf("%s: %v %v", machine, r, err)
		}
	}
}
