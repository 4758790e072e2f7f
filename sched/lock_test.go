package sched

import (
	"context"
	"testing"
)

// lockRace runs k searchers pinned to processors 1…k that all take l at
// time 0 for hold units, then charge one node; the root waits for them.
func lockRace(t *testing.T, cm CostModel, k int, hold int64, kind string) (*Stats, *Lock) {
	return lockRaceBy(t, cm, k, hold, kind, false)
}

// lockRaceBy is lockRace with Post instead of Acquire when post.
func lockRaceBy(t *testing.T, cm CostModel, k int, hold int64, kind string, post bool) (*Stats, *Lock) {
	t.Helper()
	var l Lock
	cfg := Config{Machine: Machine{Kind: kind, P: k + 1}, Seed: 1, Costs: cm}
	_, st, err := Run(context.Background(), cfg, func(c Ctx) any {
		for i := 1; i <= k; i++ {
			c.SpawnOn(i, func(c Ctx) any {
				if post {
					c.Self().Post(&l, hold)
				} else {
					c.Self().Acquire(&l, hold)
				}
				c.Charge(Node, 1)
				return nil
			})
		}
		c.Sync()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return st, &l
}

// TestLockContention: k processors that take one lock at the same time
// take it in turn (processor order breaks the tie), each spinning until
// the ones before it freed it: with free spawns the i-th (from 0) waits
// i·(lock + hold) and the last ends at (k−1)·(lock + hold) + lock + node;
// with a spawn cost the searchers ask one spawn apart. The costs of the
// rows are TC2000Costs' (Lu §4.2, 003:L932; BBN's Butterfly figures):
// taking and freeing a lock 8 µs, a table entry held 8 µs, a split-node
// post 16 µs, a node 141 µs.
func TestLockContention(t *testing.T) {
	tc := TC2000Costs()
	for _, tt := range []struct {
		name string
		cm   CostModel
		k    int
		hold int64
		post bool // Post: the hold is the taker's own time
	}{
		{"free locks: nothing changes", CostModel{Node: 1}, 4, 0, false},
		{"hold only", CostModel{Node: 1}, 3, 5, false},
		{"lock only", CostModel{Node: 1, Lock: 3}, 3, 0, false},
		{"tc2000 table entry, 2 searchers", tc, 2, tc.TTLock, false},
		{"tc2000 table entry, 16 searchers", tc, 16, tc.TTLock, false},
		{"tc2000 split node, 16 searchers", tc, 16, tc.SplitLock, true},
		{"posts, free spawns", CostModel{Node: 1, Lock: 2}, 4, 5, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st, l := lockRaceBy(t, tt.cm, tt.k, tt.hold, Sim, tt.post)
			// The oracle: searcher i (1…k) is posted at i·spawn (the root
			// pays each spawn), asks at once, and takes the lock when the
			// one before it freed it: a FIFO queue of known service times.
			k := int64(tt.k)
			var free, waited, contended, end int64
			for i := int64(1); i <= k; i++ {
				ask := i * tt.cm.Spawn
				start := max(ask, free)
				if start > ask {
					waited += start - ask
					contended++
				}
				free = start + tt.cm.Lock + tt.hold
				own := int64(0)
				if tt.post {
					own = tt.hold
				}
				end = max(end, start+tt.cm.Lock+own+tt.cm.Node)
			}
			if wantT := max(end, k*tt.cm.Spawn) + tt.cm.Wake; st.Time != wantT {
				t.Errorf("T_P = %d, want %d", st.Time, wantT)
			}
			if l.Waited != waited || l.Takes != k || l.Contended != contended {
				t.Errorf("waited %d in %d takes (%d contended), want %d in %d (%d)", l.Waited, l.Takes, l.Contended, waited, k, contended)
			}
			own := int64(0)
			if tt.post {
				own = k * tt.hold
			}
			if want := waited + k*tt.cm.Lock + own; st.Overhead != want || st.LockUnits != want {
				t.Errorf("overhead %d, lock units %d, want the spinning and the takes, %d", st.Overhead, st.LockUnits, want)
			}
			if st.LockUnits > 0 {
				// The cycle accounting gives the locks a line of their
				// own, not the idle rest.
				lines, err := st.Cycles()
				if err != nil {
					t.Fatal(err)
				}
				var got int64 = -1
				for _, l := range lines {
					if l.Name == "spinning on and holding locks" {
						got = l.Units
					}
				}
				if got != st.LockUnits {
					t.Errorf("cycles: locks line %d units, want %d", got, st.LockUnits)
				}
			}
			if st.Work != k*tt.cm.Node+int64(st.Counts[Spawn.String()])*tt.cm.Spawn {
				t.Errorf("W = %d: a lock is not work", st.Work)
			}
		})
	}
}

// TestLockLater: a processor that asks for a lock after it was freed
// does not wait, and one that asks while it is held waits only the rest.
func TestLockLater(t *testing.T) {
	var l Lock
	cfg := Config{Machine: Machine{Kind: Sim, P: 3}, Seed: 1, Costs: CostModel{Node: 1, Lock: 2}}
	_, st, err := Run(context.Background(), cfg, func(c Ctx) any {
		c.SpawnOn(1, func(c Ctx) any { c.Self().Acquire(&l, 10); return nil }) // holds 0…12
		c.SpawnOn(2, func(c Ctx) any {
			c.Charge(Node, 5)
			c.Self().Acquire(&l, 10) // asks at 5: waits 7, holds 12…24
			c.Charge(Node, 20)       // at 14: past the first hold
			c.Self().Acquire(&l, 0)  // asks at 34: free since 24
			return nil
		})
		c.Sync()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if l.Waited != 7 || l.Contended != 1 || l.Takes != 3 {
		t.Errorf("waited %d, contended %d, takes %d; want 7, 1, 3", l.Waited, l.Contended, l.Takes)
	}
	if st.Time != 5+7+2+20+2 {
		t.Errorf("T_P = %d, want 36", st.Time)
	}
}

// TestLockSelf: a processor that takes a lock again while its own hold
// lasts does not wait for itself (its access is over in its own time);
// another processor still waits for the later of the two holds.
func TestLockSelf(t *testing.T) {
	var l Lock
	cfg := Config{Machine: Machine{Kind: Sim, P: 3}, Seed: 1, Costs: CostModel{Node: 1, Lock: 1}}
	_, st, err := Run(context.Background(), cfg, func(c Ctx) any {
		c.SpawnOn(1, func(c Ctx) any {
			c.Self().Acquire(&l, 10) // 0: holds until 11
			c.Self().Acquire(&l, 10) // 1: its own, no wait; holds until 12
			return nil
		})
		c.SpawnOn(2, func(c Ctx) any {
			c.Charge(Node, 3)
			c.Self().Acquire(&l, 0) // asks at 3: waits until 12
			return nil
		})
		c.Sync()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if l.Waited != 9 || l.Contended != 1 || l.Takes != 3 {
		t.Errorf("waited %d, contended %d, takes %d; want 9, 1, 3", l.Waited, l.Contended, l.Takes)
	}
	if st.Time != 13 {
		t.Errorf("T_P = %d, want 13", st.Time)
	}
}

// TestLockPool: on the pool Acquire charges nothing (its locks are real).
func TestLockPool(t *testing.T) {
	st, l := lockRace(t, TC2000Costs(), 2, 8, Pool)
	if l.Takes != 0 || st.Overhead != 0 {
		t.Errorf("pool: takes %d, overhead %d; want none", l.Takes, st.Overhead)
	}
}

// TestLocksStripe: a key is guarded by key mod n; zero locks are one.
func TestLocksStripe(t *testing.T) {
	ls := NewLocks(4096)
	if ls.For(4096+7) != ls.For(7) || ls.For(7) == ls.For(8) {
		t.Error("key mod n")
	}
	if len(NewLocks(0)) != 1 {
		t.Error("NewLocks(0) is one lock")
	}
}

// TestTC2000Preset: the preset parses by name, prints back, and sets no
// cost of a machine Lu's searchers do not use (steal, migrate).
func TestTC2000Preset(t *testing.T) {
	c, err := ParseCosts("tc2000")
	if err != nil || c != TC2000Costs() {
		t.Fatalf("ParseCosts(tc2000) = %+v, %v", c, err)
	}
	if back, err := ParseCosts(c.String()); err != nil || back != c {
		t.Errorf("round trip %q: %+v, %v", c.String(), back, err)
	}
	if c.Steal != 0 || c.Migrate != 0 || !c.Locking() {
		t.Errorf("%+v", c)
	}
	for _, p := range []CostModel{DefaultCosts(), CM5Costs(), TerminalCosts()} {
		if p.Locking() {
			t.Errorf("%+v takes locks: every earlier run would change", p)
		}
	}
}
