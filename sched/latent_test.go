package sched

import (
	"context"
	"sync/atomic"
	"testing"
)

// latentLoop is a parallel loop over [0, n) written with latent children,
// as an algorithm on the pool writes it: items run inline in order unless
// Promote makes the rest tasks; done[i] counts the runs of item i.
type latentLoop struct {
	owner  Ctx
	lo, hi int
	kids   []*Task
	body   func(c Ctx, i int) any
}

func (l *latentLoop) Promote() bool {
	if l.lo >= l.hi {
		return false
	}
	n := len(l.kids)
	l.kids = l.kids[:n+l.hi-l.lo]
	l.owner.SpawnRangeAt(l.owner.Level()+1, l.body, l.lo, l.hi, false, l.kids[n:])
	l.hi = l.lo
	return true
}

// latentSum runs a tree of latent loops (fan-out b, depth d) whose leaves
// poll (Aborted) spin times each and count their runs.
func latentSum(c Ctx, b, d, spin int, done []atomic.Int32, base int) {
	if d == 0 {
		for range spin {
			c.Aborted()
		}
		done[base].Add(1)
		return
	}
	width := 1
	for range d - 1 {
		width *= b
	}
	l := &latentLoop{owner: c, lo: 0, hi: b, kids: make([]*Task, 0, b)}
	l.body = func(c Ctx, i int) any { latentSum(c, b, d-1, spin, done, base+i*width); return nil }
	PushLatent(c, l)
	for l.lo < l.hi {
		i := l.lo
		l.lo++
		l.body(c, i)
	}
	PopLatent(c, l)
	c.Wait(l.kids...)
}

// TestLatent: every latent child runs exactly once, inline or promoted, on
// one and several workers, with promotions by thieves' requests, at once
// (Eager) and on a heartbeat; with Eager every loop is promoted at
// registration.
func TestLatent(t *testing.T) {
	const b, d = 4, 6
	leaves := 1
	for range d {
		leaves *= b
	}
	for _, cfg := range []Config{
		{Machine: PoolOf(1)}, {Machine: PoolOf(2)}, {Machine: PoolOf(4)},
		{Machine: PoolOf(2), Eager: true}, {Machine: PoolOf(2), Heartbeat: 2000}, {Machine: PoolOf(1), Heartbeat: 2000},
	} {
		done := make([]atomic.Int32, leaves)
		_, st, err := Run(context.Background(), cfg, func(c Ctx) any {
			latentSum(c, b, d, 200, done, 0)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for i := range done {
			if n := done[i].Load(); n != 1 {
				t.Fatalf("%v eager=%t heartbeat=%d: leaf %d ran %d times", cfg.Machine, cfg.Eager, cfg.Heartbeat, i, n)
			}
		}
		loops := int64((leaves - 1) / (b - 1))
		if cfg.Eager && st.Promotions != loops {
			t.Errorf("eager: %d promotions, want one per loop (%d)", st.Promotions, loops)
		}
		if cfg.P == 1 && cfg.Heartbeat == 0 && st.Promotions != 0 {
			t.Errorf("one worker, no heartbeat: %d promotions, want none", st.Promotions)
		}
		t.Logf("%v eager=%t heartbeat=%d: %d promotions, %d tasks, %d steals", cfg.Machine, cfg.Eager, cfg.Heartbeat, st.Promotions, st.Tasks, st.Steals)
	}
}

// TestLatentUnwind: a task that unwinds (Check on an abort) with latent
// sources registered leaves its worker's stack as it found it, and
// PopLatent of any source but the newest panics.
func TestLatentUnwind(t *testing.T) {
	_, _, err := Run(context.Background(), Config{Machine: PoolOf(1)}, func(c Ctx) any {
		outer := &latentLoop{owner: c}
		PushLatent(c, outer)
		k := c.Spawn(func(c Ctx) any {
			PushLatent(c, &latentLoop{owner: c})
			PushLatent(c, &latentLoop{owner: c})
			c.Abort(c.Self())
			c.Check()
			return nil
		})
		c.Wait(k)
		if n := len(c.Self().p.lat.srcs); n != 1 {
			t.Errorf("%d sources after the child unwound, want 1", n)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Error("PopLatent of a source that is not the newest did not panic")
				}
			}()
			PopLatent(c, &latentLoop{})
		}()
		PopLatent(c, outer)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
