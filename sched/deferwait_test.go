package sched

import (
	"context"
	"testing"
	"time"
)

// TestWaitUntilSim: on the simulator a bounded wait expires at its
// deadline exactly (while another processor runs), ends when the event is
// set at most an eighth of the wait late, ends at once when no other
// processor is runnable or the waiter is aborted, and accounts its time as
// blocked on shared state.
func TestWaitUntilSim(t *testing.T) {
	type out struct {
		o      WaitOutcome
		at     int64
		joined int64
	}
	cases := []struct {
		name   string
		signal int64 // signaller's work before signalling; <0: no signaller
		busy   int64 // another task's work (keeps a processor runnable)
		abort  int64 // parent aborts the waiter after this much work; 0: never
		want   WaitOutcome
		lo, hi int64 // the waiter's clock when the wait ends
	}{
		{"expires", -1, 1000, 0, WaitExpired, 100, 100},
		{"set", 50, 0, 0, WaitSet, 50, 50 + 50/8 + 1},
		{"nobody runnable", -1, 0, 0, WaitExpired, 0, 1},
		{"aborted", -1, 1000, 10, WaitAborted, 10, 12},
	}
	for _, tc := range cases {
		var got out
		_, s, err := Run(context.Background(), Config{Machine: SimOf(3)}, func(c Ctx) any {
			var e Event
			w := c.Spawn(func(c Ctx) any {
				got.o = e.WaitUntil(c, c.Self().Clock()+100)
				got.at = c.Self().Clock()
				got.joined = c.Self().Span()
				return nil
			})
			if tc.signal >= 0 {
				c.Spawn(func(c Ctx) any {
					c.Charge(Node, tc.signal)
					e.Signal(c)
					return nil
				})
			}
			if tc.busy > 0 {
				c.Spawn(func(c Ctx) any {
					for range tc.busy {
						c.Charge(Node, 1)
					}
					return nil
				})
			}
			if tc.abort > 0 {
				c.Charge(Node, tc.abort)
				c.Abort(w)
			}
			c.Sync()
			return nil
		})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got.o != tc.want || got.at < tc.lo || got.at > tc.hi {
			t.Errorf("%s: outcome %d at %d, want %d in [%d, %d]", tc.name, got.o, got.at, tc.want, tc.lo, tc.hi)
		}
		if tc.want == WaitSet && got.joined < tc.signal {
			t.Errorf("%s: timestamp %d did not join the signal's %d", tc.name, got.joined, tc.signal)
		}
		if s.BlockedShared != got.at {
			t.Errorf("%s: blocked on shared state %d, waited until %d", tc.name, s.BlockedShared, got.at)
		}
	}
}

// TestWaitUntilPool: on the pool a bounded wait gives up at its wall
// deadline, never before it (read on the machine's own clock), and
// returns WaitSet when the event is set first.
func TestWaitUntilPool(t *testing.T) {
	r, _, err := Run(context.Background(), Config{Machine: PoolOf(2)}, func(c Ctx) any {
		var e Event
		deadline := c.Self().Clock() + int64(2*time.Millisecond)
		o := e.WaitUntil(c, deadline)
		if now := c.Self().Clock(); o == WaitExpired && now < deadline {
			t.Errorf("expired at %d, before its deadline %d", now, deadline)
		}
		k := c.Spawn(func(c Ctx) any { e.Signal(c); return nil })
		o2 := e.WaitUntil(c, c.Self().Clock()+int64(time.Minute))
		c.Wait(k)
		return [2]WaitOutcome{o, o2}
	})
	if err != nil || r != [2]WaitOutcome{WaitExpired, WaitSet} {
		t.Errorf("outcomes %v, err %v", r, err)
	}
}

// TestNestedOnSubtree: on one processor a child runs nested on its waiting
// parent; Within follows parent links, Nested and NestedOnSubtree the
// tasks beneath on the processor.
func TestNestedOnSubtree(t *testing.T) {
	for _, cfg := range []Config{{Machine: SimOf(1)}, {Machine: PoolOf(1)}} {
		var got []bool
		runT(t, cfg, func(c Ctx) any {
			root := c.Self()
			got = append(got, root.Nested(), root.Within(root))
			var other *Task
			other = c.Spawn(func(c Ctx) any { return nil })
			c.Wait(other)
			c.Spawn(func(c Ctx) any {
				a := c.Self()
				c.Spawn(func(c Ctx) any {
					b := c.Self()
					got = append(got, b.Nested(), b.Within(root), b.Within(a), b.Within(other),
						b.NestedOnSubtree(a), b.NestedOnSubtree(root), b.NestedOnSubtree(b), b.NestedOnSubtree(other))
					return nil
				})
				c.Sync()
				return nil
			})
			c.Sync()
			return nil
		})
		want := []bool{false, true, true, true, true, false, true, true, false, false}
		if len(got) != len(want) {
			t.Fatalf("%s: %v", cfg.Machine, got)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: %v, want %v", cfg.Machine, got, want)
				break
			}
		}
	}
}
