package sched

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// TestSpawnRange: SpawnRangeAt runs fn(c, i) once for every i of the range,
// stores i's handle at out[i−lo] with Index i, counts W and C as one spawn
// per child would, and its handles can be waited for one by one, aborted
// and released; a released task is reused by a later spawn on the pool.
func TestSpawnRange(t *testing.T) {
	cfgs := []Config{{Machine: SimOf(1)}, {Machine: SimOf(4)}, {Machine: SimOf(0)}, {Machine: PoolOf(1)}, {Machine: PoolOf(3)}}
	for _, cfg := range cfgs {
		for _, reverse := range []bool{false, true} {
			var ran [10]atomic.Int32
			_, st := runT(t, cfg, func(c Ctx) any {
				fn := func(c Ctx, i int) any {
					ran[i].Add(1)
					c.Charge(Node, int64(i+1))
					return i
				}
				out := make([]*Task, 7)
				c.SpawnRangeAt(c.Level()+1, fn, 3, 10, reverse, out)
				for j, k := range out {
					if k.Index() != 3+j {
						t.Errorf("%s P=%d: out[%d].Index() = %d", cfg.Machine, cfg.P, j, k.Index())
					}
				}
				pend := append([]*Task(nil), out...)
				for len(pend) > 0 {
					k := c.WaitAny(pend...)
					if r := k.Result(); r != k.Index() {
						t.Errorf("%s P=%d: result %v of task %d", cfg.Machine, cfg.P, r, k.Index())
					}
					for j := range pend {
						if pend[j] == k {
							pend = append(pend[:j], pend[j+1:]...)
							break
						}
					}
					c.Release(k)
				}
				c.Sync()
				return nil
			})
			for i := range ran {
				want := int32(0)
				if i >= 3 {
					want = 1
				}
				if got := ran[i].Load(); got != want {
					t.Errorf("%s P=%d reverse=%v: child %d ran %d times", cfg.Machine, cfg.P, reverse, i, got)
				}
			}
			// W = 4+…+10 = 49 node units; C = the longest child, 10.
			if st.Work != 49 || st.Span != 10 {
				t.Errorf("%s P=%d reverse=%v: W=%d C=%d, want 49 10", cfg.Machine, cfg.P, reverse, st.Work, st.Span)
			}
		}
	}
}

// TestSpawnRangeAbort: aborting the handles of a range stops every child.
func TestSpawnRangeAbort(t *testing.T) {
	for _, machine := range []string{"sim", "pool"} {
		r, _, err := Run(context.Background(), Config{Machine: Machine{Kind: machine, P: 2}}, func(c Ctx) any {
			out := make([]*Task, 4)
			c.SpawnRangeAt(1, func(c Ctx, i int) any {
				for !c.Aborted() {
					c.Charge(Node, 1)
				}
				return i
			}, 0, 4, false, out)
			c.Charge(Node, 10)
			for _, k := range out {
				c.Abort(k)
			}
			c.Wait(out...)
			n := 0
			for _, k := range out {
				if k.WasAborted() {
					n++
				}
			}
			return n
		})
		if err != nil || r != 4 {
			t.Errorf("%s: %v aborted, err %v", machine, r, err)
		}
	}
}

// TestReleaseReuse: on the pool, released handles come back as the Tasks
// of later spawns (no allocation once warm).
func TestReleaseReuse(t *testing.T) {
	_, _, err := Run(context.Background(), Config{Machine: PoolOf(1)}, func(c Ctx) any {
		fn := func(c Ctx, i int) any { return nil }
		out := make([]*Task, 8)
		c.Spawn(func(c Ctx) any {
			c.SpawnRangeAt(2, fn, 0, 8, false, out)
			c.Wait(out...)
			for _, k := range out {
				c.Release(k)
			}
			return nil
		})
		c.Sync()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(20, func() {
		Run(context.Background(), Config{Machine: PoolOf(1), ProfileBuckets: -1}, func(c Ctx) any {
			fn := func(c Ctx, i int) any { return nil }
			var out [8]*Task
			for range 50 {
				c.Spawn(func(c Ctx) any {
					c.SpawnRangeAt(2, fn, 0, 8, false, out[:])
					c.Wait(out[:]...)
					for _, k := range out {
						c.Release(k)
					}
					return nil
				})
				c.Sync()
			}
			return nil
		})
	})
	// The 50 outer spawns and the run's own setup allocate; the 400
	// inner children must not (they come back through Release).
	if allocs > 200 {
		t.Errorf("%.0f allocations per run: released tasks are not reused", allocs)
	}
}

// TestSpawnRangeLazy: on the simulator SpawnRange runs as SpawnRangeAt
// does, bit for bit (W, C, T_P, every counter), but makes a task only for
// an element that starts: one aborted before it starts (by AbortRange, or
// by an abort of its parent) never runs and has no task. What the parent
// reads of its ended elements through the range (TaskRange.Aborted,
// Task.JoinElement) is what it reads of the tasks SpawnRangeAt made
// (WasAborted, Wait), though an unheld element's task went back to the
// free list as it ended.
func TestSpawnRangeLazy(t *testing.T) {
	costs := []CostModel{DefaultCosts(), CM5Costs(), {Node: 2, Spawn: 3, Abort: 2, Steal: 1, Migrate: 5, Wake: 1}}
	for _, p := range []int{1, 2, 4, 64, 0} {
		for _, levels := range []bool{false, true} {
			for ci, cm := range costs {
				cfg := Config{Machine: SimOf(p), Levels: levels, Costs: cm, Seed: 7}
				name := fmt.Sprintf("P=%d levels=%v costs#%d", p, levels, ci)
				eager, ein, ecalls, eran, eseen := rangeRun(t, cfg, false)
				lazy, lin, lcalls, lran, lseen := rangeRun(t, cfg, true)
				if !reflect.DeepEqual(eager.Simulated(), lazy.Simulated()) {
					t.Errorf("%s: the runs differ:\neager %v\nlazy  %v", name, eager, lazy)
				}
				if !reflect.DeepEqual(eseen, lseen) {
					t.Errorf("%s: the parents read their ended children differently:\neager %v\nlazy  %v", name, eseen, lseen)
				}
				if lran != eran || lcalls != lran {
					t.Errorf("%s: %d elements ran of %d started eagerly; lazily %d ran of %d called", name, eran, ecalls, lran, lcalls)
				}
				// Every element aborted before it started is a task less.
				if want := ein.TaskRecords - int64(ecalls-eran); lin.TaskRecords != want {
					t.Errorf("%s: %d task records, want %d (%d eagerly, %d elements aborted before they started)",
						name, lin.TaskRecords, want, ein.TaskRecords, ecalls-eran)
				}
				if ecalls == eran && p >= 1 && p <= 4 {
					// (With many processors every element starts at once.)
					t.Errorf("%s: no element was aborted before it started: the test tests nothing", name)
				}
			}
		}
	}
}

// rangeRun runs a program of ranges on cfg, spawned eagerly (SpawnRangeAt)
// or lazily (SpawnRange): ranges whose elements are aborted while some
// run, and a range whose parent is aborted from above. It returns the
// run's Stats and internals, how many elements were called and how many
// ran past their first poll, and what the parents read of their ended
// children: for each range, each element's abort and the parent's
// timestamp once it has joined them.
func rangeRun(t *testing.T, cfg Config, lazy bool) (*Stats, SimInternals, int, int, []string) {
	var seen []string
	var in SimInternals
	cfg.Internals = &in
	calls, ran := 0, 0 // the simulator runs one processor at a time
	fn := func(c Ctx, i int) any {
		calls++
		if c.Aborted() {
			return nil
		}
		ran++
		for range 4 {
			c.Charge(Node, int64(1+i%3))
			if c.Aborted() {
				return nil
			}
		}
		return nil
	}
	spawn := func(c Ctx, width int, reverse bool) (*TaskRange, []*Task) {
		out := make([]*Task, width)
		if lazy {
			return c.Self().SpawnRange(c.Level()+1, fn, 0, width, reverse, out), out
		}
		c.SpawnRangeAt(c.Level()+1, fn, 0, width, reverse, out)
		return nil, out
	}
	// read records what the parent of a range reads of its elements, all
	// ended: each one's abort, and its own timestamp once it has joined
	// them.
	read := func(c Ctx, r *TaskRange, out []*Task, what string) {
		self := c.Self()
		ab := make([]bool, len(out))
		for i := range out {
			if lazy {
				ab[i] = r.Aborted(i)
				self.JoinElement(r, i)
			} else {
				ab[i] = out[i].WasAborted()
				self.JoinFinished(out[i])
			}
		}
		seen = append(seen, fmt.Sprintf("%s: aborted %v, span %d", what, ab, self.Span()))
	}
	// waitAll waits for every element of the range (on the simulator
	// through WaitFinished, as Jamboree's loop does), without a join.
	waitAll := func(c Ctx, r *TaskRange, out []*Task) {
		if !lazy {
			for _, k := range out {
				if !k.Done() {
					c.Self().WaitFinished(allDone{r: nil, ks: out})
					return
				}
			}
			return
		}
		if w := (allDone{r: r, n: len(out)}); !w.Over() {
			c.Self().WaitFinished(w)
		}
	}
	// node spawns a range, works, then aborts every element not done,
	// waits for them and reads them.
	node := func(c Ctx, width int, work int64, reverse bool) {
		r, out := spawn(c, width, reverse)
		c.Charge(Node, work)
		if lazy {
			c.Self().AbortRange(r, width-r.NumFinished())
		} else {
			for _, k := range out {
				if !k.Done() {
					c.Abort(k)
				}
			}
		}
		waitAll(c, r, out)
		read(c, r, out, fmt.Sprintf("node %d", width))
		c.Sync()
		c.Self().ReleaseRange(r)
	}
	_, st := runT(t, cfg, func(c Ctx) any {
		c.Spawn(func(c Ctx) any { node(c, 12, 5, true); return nil })
		// waitRead is a range of width under a parent that works for
		// before, waits for every element, works for after and reads
		// them, for a parent aborted from above meanwhile.
		waitRead := func(width int, before, after int64, what string) func(Ctx) any {
			return func(c Ctx) any {
				r, out := spawn(c, width, false)
				if before > 0 {
					c.Charge(Node, before)
				}
				waitAll(c, r, out)
				c.Charge(Node, after)
				read(c, r, out, what)
				c.Sync()
				c.Self().ReleaseRange(r)
				return nil
			}
		}
		// The abort from above arrives after some elements ended.
		b := c.Spawn(waitRead(10, 30, 3, "aborted from above"))
		// A range whose elements all end before its parent is aborted
		// from above: they never saw an abort, but a walk through the
		// parent would have reached their tasks.
		d := c.Spawn(waitRead(3, 0, 40, "ended, then aborted from above"))
		// The same, but the parent joins its children before the
		// abort: no walk through it reaches them any more.
		g := c.Spawn(func(c Ctx) any {
			r, out := spawn(c, 3, false)
			c.Sync()
			c.Charge(Node, 40)
			read(c, r, out, "joined, then aborted from above")
			c.Self().ReleaseRange(r)
			return nil
		})
		c.Charge(Node, 4)
		c.Abort(b)
		c.Charge(Node, 20)
		c.Abort(d)
		c.Abort(g)
		node(c, 20, 2, false)
		c.Spawn(func(c Ctx) any { node(c, 7, 40, false); return nil })
		c.Sync()
		// A range left to run, at the end of the critical path, read
		// after the join.
		r, out := spawn(c, 6, true)
		c.Sync()
		read(c, r, out, "after the join")
		c.Self().ReleaseRange(r)
		return nil
	})
	return st, in, calls, ran, seen
}

// allDone is the wait for every element of a range r of n (or, eagerly,
// every task of ks) to end.
type allDone struct {
	r  *TaskRange
	n  int
	ks []*Task
}

func (w allDone) Over() bool {
	if w.r != nil {
		return w.r.NumFinished() == w.n
	}
	for _, k := range w.ks {
		if !k.Done() {
			return false
		}
	}
	return true
}

// TestWaitNext: a loop over a range's elements as they finish (WaitNext),
// cut off part-way by aborting the rest (AbortRange) and waiting for them
// (WaitRange), is the run of the same loop over eager tasks (WaitAny over
// those not yet taken, in index order; Abort each; Wait), bit for bit: the
// same Stats, and the parents take the same elements in the same order,
// with the same aborts and timestamps. With respawn some loops restart
// their elements running (Respawn; eagerly Abort, Wait, Release and
// SpawnIndexedAt). The program nests such loops three
// deep, so that waits run other elements meanwhile and aborts reach
// elements running, waiting and not yet started.
func TestWaitNext(t *testing.T) {
	costs := []CostModel{DefaultCosts(), CM5Costs(), {Node: 2, Spawn: 3, Abort: 2, Steal: 1, Migrate: 5, Wake: 1}}
	abortedTakes, respawns := 0, 0
	for _, p := range []int{1, 2, 4, 64, 0} {
		for _, levels := range []bool{false, true} {
			for ci, cm := range costs {
				cfg := Config{Machine: SimOf(p), Levels: levels, Costs: cm, Seed: 11}
				name := fmt.Sprintf("P=%d levels=%v costs#%d", p, levels, ci)
				for _, respawn := range []bool{false, true} {
					name := fmt.Sprintf("%s respawn=%v", name, respawn)
					eager, etook := loopRun(t, cfg, false, respawn)
					lazy, ltook := loopRun(t, cfg, true, respawn)
					if !reflect.DeepEqual(eager.Simulated(), lazy.Simulated()) {
						t.Errorf("%s: the runs differ:\neager %v\nlazy  %v", name, eager, lazy)
					}
					if !reflect.DeepEqual(etook, ltook) {
						t.Errorf("%s: the loops took their elements differently:\neager %v\nlazy  %v", name, etook, ltook)
					}
					respawns += strings.Count(fmt.Sprint(ltook), " r[") - strings.Count(fmt.Sprint(ltook), " r[]")
					abortedTakes += strings.Count(fmt.Sprint(ltook), "a ") + strings.Count(fmt.Sprint(ltook), "a]")
					if len(ltook) < 20 {
						t.Errorf("%s: %d loops ran: the test tests little", name, len(ltook))
					}
				}
			}
		}
	}
	if abortedTakes == 0 {
		t.Error("no loop took an aborted element: the test tests little")
	}
	if respawns == 0 {
		t.Error("no loop respawned an element: the test tests little")
	}
}

// TestWaitNextWide: ranges wider than one word of ready bits (64
// elements), cut off and reused by narrower ones, run lazily as they do
// eagerly: no bit of an earlier, wider use of a range's record survives.
func TestWaitNextWide(t *testing.T) {
	widths := []int{130, 3, 70, 64, 65, 1, 200, 5, 129, 2}
	for _, p := range []int{1, 3, 0} {
		cfg := Config{Machine: SimOf(p), Seed: 5}
		eager, etook := loopRunWidths(t, cfg, false, false, 2, widths)
		lazy, ltook := loopRunWidths(t, cfg, true, false, 2, widths)
		if !reflect.DeepEqual(eager.Simulated(), lazy.Simulated()) || !reflect.DeepEqual(etook, ltook) {
			t.Errorf("P=%d: the runs differ:\neager %v %v\nlazy  %v %v", p, eager, etook, lazy, ltook)
		}
	}
}

// loopRun runs nested loops over ranges (TestWaitNext), lazily
// (SpawnRange, WaitNext, AbortRange, WaitRange) or eagerly (SpawnRangeAt,
// WaitAny, Abort, Wait), and returns the Stats and, for each loop, the
// elements it took in order, each with its abort, and the parent's
// timestamp at the loop's end.
func loopRun(t *testing.T, cfg Config, lazy, respawn bool) (*Stats, []string) {
	return loopRunWidths(t, cfg, lazy, respawn, 3, []int{4, 5, 6, 7, 8, 9})
}

// loopRunWidths is loopRun with root loops of the given widths, each
// nesting depth loops deep.
func loopRunWidths(t *testing.T, cfg Config, lazy, respawn bool, depth int, widths []int) (*Stats, []string) {
	var took []string
	var node func(c Ctx, depth, width int) bool
	node = func(c Ctx, depth, width int) bool {
		var fn func(Ctx, int) any
		started := make([]bool, width)
		fn = func(c Ctx, i int) any {
			if c.Aborted() {
				return nil
			}
			started[i] = true
			c.Charge(Node, int64(1+i%3))
			if depth > 1 && i%2 == 0 {
				node(c, depth-1, 3+i%4)
				return nil
			}
			for range 3 {
				if c.Aborted() {
					return nil
				}
				c.Charge(Node, int64(1+(i+depth)%4))
			}
			return nil
		}
		self := c.Self()
		out := make([]*Task, width)
		var r *TaskRange
		if lazy {
			r = self.SpawnRange(c.Level()+1, fn, 0, width, !cfg.Levels, nil)
		} else {
			c.SpawnRangeAt(c.Level()+1, fn, 0, width, !cfg.Levels, out)
		}
		live := append([]*Task(nil), out...)
		var log []string
		cut := false
		for !cut {
			var i int
			var aborted bool
			if lazy {
				j, more := self.WaitNext(r)
				if !more {
					break
				}
				i, aborted = j, r.Aborted(j)
			} else {
				if len(live) == 0 {
					break
				}
				k := c.WaitAny(live...)
				for j := range live {
					if live[j] == k {
						live = append(live[:j], live[j+1:]...)
						break
					}
				}
				i, aborted = k.Index(), k.WasAborted()
			}
			log = append(log, fmt.Sprintf("%d%s", i, map[bool]string{true: "a"}[aborted]))
			cut = aborted || (i+width)%5 == 0
			c.Charge(Node, 1)
			if !cut && respawn && (i+depth)%3 == 0 {
				// Restart the elements running (Respawn), as the
				// eager form would: abort, wait, spawn again.
				var stale []*Task
				var idx []int
				for j := range width {
					k := out[j]
					if lazy {
						k = r.Task(j)
					} else if !slices.Contains(live, k) {
						continue
					}
					if k != nil && started[j] && !k.Done() {
						c.Abort(k)
						stale = append(stale, k)
						idx = append(idx, j)
					}
				}
				c.Wait(stale...)
				for x, j := range idx {
					started[j] = false
					if lazy {
						self.Respawn(r, j)
						continue
					}
					c.Release(stale[x])
					k := c.SpawnIndexedAt(c.Level()+1, fn, j)
					live[slices.Index(live, stale[x])] = k
					out[j] = k
				}
				log = append(log, fmt.Sprintf("r%v", idx))
			}
		}
		if lazy {
			if left := r.Len() - r.NumTaken(); left > 0 {
				self.AbortRange(r, left)
			}
			self.WaitRange(r)
		} else {
			for _, k := range live {
				c.Abort(k)
			}
			c.Wait(live...)
		}
		took = append(took, fmt.Sprintf("depth %d width %d: took %v, span %d", depth, width, log, self.Span()))
		c.Sync()
		if lazy {
			self.ReleaseRange(r)
		} else {
			for _, k := range out {
				c.Release(k)
			}
		}
		return cut
	}
	_, st := runT(t, cfg, func(c Ctx) any {
		for _, w := range widths {
			node(c, depth, w)
		}
		return nil
	})
	return st, took
}

// TestLatentRange: the loop over a LatentRange (WaitNext until the end or
// a cutoff, AbortRest, WaitRange, ReleaseRange) runs every child at most
// once and takes it at most once on both machines, runs and takes every
// child of a loop not cut off, and on the pool runs the promotion hook
// before children are handed out: with nobody asking (one worker) the
// parent runs every child itself, and with Config.Eager every promotable
// range is promoted at once. The program nests loops three deep, with
// cutoffs, so that aborts reach promoted children running.
func TestLatentRange(t *testing.T) {
	cases := []struct {
		cfg   Config
		alone bool // nobody asks: no promotion (with others, whether one asks is timing)
	}{
		{Config{Machine: PoolOf(1)}, true},
		{Config{Machine: PoolOf(3)}, false},
		{Config{Machine: PoolOf(3), Eager: true}, false},
		{Config{Machine: PoolOf(1), Eager: true}, false},
		{Config{Machine: SimOf(4)}, false},
		{Config{Machine: SimOf(0)}, false},
	}
	for _, tc := range cases {
		cfg := tc.cfg
		for _, cuts := range []bool{false, true} {
			name := fmt.Sprintf("%s P=%d eager=%v cuts=%v", cfg.Machine, cfg.P, cfg.Eager, cuts)
			var leaves, befores, promoted, respawned atomic.Int64
			var node func(c Ctx, depth, width int)
			node = func(c Ctx, depth, width int) {
				var ran, started [8]atomic.Int32
				var again [8]int32
				parent := c.Self()
				fn := func(c Ctx, i int) any {
					if c.Aborted() {
						return nil
					}
					started[i].Store(1)
					ran[i].Add(1)
					if c.Self() != parent {
						promoted.Add(1)
					}
					if depth == 1 {
						leaves.Add(1)
						c.Charge(Node, 1)
						return nil
					}
					node(c, depth-1, width)
					return nil
				}
				r := parent.LatentRange(c.Level()+1, fn, 0, width, true, depth > 1, func() { befores.Add(1) })
				var took [8]int
				cut := false
				for !cut {
					i, more := parent.WaitNext(r)
					if !more {
						break
					}
					took[i]++
					cut = cuts && !r.Aborted(i) && (i+depth)%4 == 1
					if !cut && (i+depth)%3 == 0 {
						// Restart the children not taken that have a
						// task (Respawn): abort them, wait, spawn again.
						var stale []*Task
						var idx []int
						for j := range width {
							if k := r.Task(j); k != nil && took[j] == 0 {
								if !k.Done() {
									c.Abort(k)
								}
								stale = append(stale, k)
								idx = append(idx, j)
							}
						}
						c.Wait(stale...)
						for _, j := range idx {
							again[j] += started[j].Swap(0) // its run so far
							respawned.Add(1)
							if k := parent.Respawn(r, j); r.Task(j) != k {
								t.Errorf("%s: child %d respawned, but its task is not the new one", name, j)
							}
						}
					}
				}
				parent.AbortRest(r)
				parent.WaitRange(r)
				parent.ReleaseRange(r)
				c.Sync()
				for i := range width {
					runs := ran[i].Load() - again[i] // a child respawned ran before
					if took[i] > 1 || runs > 1 {
						t.Errorf("%s: child %d of a node at depth %d taken %d times, run %d (respawned %d)", name, i, depth, took[i], ran[i].Load(), again[i])
					}
					if !cut && !c.Aborted() && (took[i] != 1 || runs != 1) {
						t.Errorf("%s: child %d of a loop not cut off taken %d times, run %d (respawned %d)", name, i, took[i], ran[i].Load(), again[i])
					}
				}
			}
			runT(t, cfg, func(c Ctx) any { node(c, 4, 5); return nil })
			// A child respawned searches its leaves again.
			if l := leaves.Load(); !cuts && (l < 625 || l != 625 && respawned.Load() == 0) {
				t.Errorf("%s: %d leaves searched, want 5^4 = 625 (%d children respawned)", name, l, respawned.Load())
			}
			if tc.alone && (befores.Load() != 0 || promoted.Load() != 0) {
				t.Errorf("%s: %d promotions, %d children run promoted", name, befores.Load(), promoted.Load())
			}
			if cfg.Eager && (promoted.Load() == 0 || befores.Load() == 0) {
				t.Errorf("%s: no child ran promoted with Config.Eager (%d promotions)", name, befores.Load())
			}
			// On the pool with several workers whether a child has
			// started by the time its parent respawns is timing.
			if (cfg.Machine.IsSim() || cfg.Eager && cfg.P == 1) && respawned.Load() == 0 {
				t.Errorf("%s: no child respawned", name)
			}
			t.Logf("%s: %d children respawned", name, respawned.Load())
		}
	}
}
