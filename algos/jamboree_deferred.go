package algos

import (
	"sync"
	"sync/atomic"
	"time"

	"splitpoint/game"
	"splitpoint/sched"
	"splitpoint/tt"
)

// Deferred reads (StarTech §4, the second improvement, 000:L377; *Socrates §5.1 on
// "subsumption"): "When a processing node starts searching a chess
// position, StarTech records in the global transposition table that the
// position is being searched. If another processor starts searching the
// same position, the processor waits until the first processor finishes."
//
// Where: at every node below the root that is searched to depth ≥ 1 —
// the searches Jamboree hands to the serial Scout at the grain (serial)
// and Jamboree's own nodes above it (jamDeferred) — except positions that
// are draws by the rules on their path (a repetition's value is the
// path's, not the position's).
//
// How: the searcher marks the position busy in the table (tt.MarkBusy,
// FlagBusy) and registers a record in a registry keyed by the hash; the
// record carries the sched.Event the waiters block on (a 64-bit table
// entry cannot hold one) and the task that searches, so the registry is
// the authority and the flag its mirror in the table. When the search
// ends it publishes its result's bounds in the record — "no bounds" when
// it was aborted — removes it and signals the Event. The waiter's
// timestamp joins the searched-for search's (its critical path runs
// through it), and both machines account the wait as blocked on shared
// state.
//
// Depth rule: with the table on, a search waits only for a search of the
// same position of equal or greater depth; without a table only for one of
// equal depth (its result is then the only way to reuse it, and a deeper
// value would change the fixed-depth result). After the wait it uses the
// finished search's bounds (carried by the record, mate scores moved to
// its ply) — and with the table on the table's entry — if they decide its
// window; otherwise it searches itself (the table now orders its moves).
//
// Safety: a waiting task holds its processor (sched.Event), and with
// helpful waiting a processor's stack holds, beneath the running task,
// the tasks it runs nested on, none of which can go on before it finishes.
// Waiting for a serial search always ends: a serial Scout never waits and
// never nests other work, so it runs to its end on its own processor; such
// waits are not bounded. A search above the grain (its record's owner o,
// the task running it) spawns tests and waits for them, so waiting for it
// can deadlock, and the waiter t follows three rules (a search that finds
// the record of its own node — recursive iterative deepening searching the
// node again — neither waits nor counts):
//
//  1. t never waits when t.Within(o): o is t itself or one of its
//     ancestors, i.e. the position recurs inside the search waited for,
//     whose result waits for t's.
//  2. t never waits when t.NestedOnSubtree(o): a task t runs nested on is
//     o or one of o's descendants. The tasks the search of o needs are o
//     and descendants of o, and none of those beneath t can go on while t
//     waits. (Conservative: the descendant may belong to work o spawned
//     before this search, which the search does not need.)
//     Rules 1 and 2 refuse the waits that t can tell from its own
//     processor might never end, without reading any other processor's
//     state (only t's own parent links and stack, alive while t runs, and
//     o compared by address). On one processor the owner of a search in
//     progress is always t, an ancestor or beneath t, so nothing ever
//     waits for a search above the grain there.
//  3. Every other wait for a search above the grain is bounded: a cycle
//     can still close through other processors' stacks (t waits for o's
//     search; o runs beneath an unrelated task u on processor q; u waits
//     for a child that runs beneath a task t′ on processor r; t′ waits
//     for a search of t's, …). The wait gives up after a budget and the
//     waiter searches the position itself, unregistered. The budget is
//     the ski-rental rule: wait at most about as long as searching the
//     position yourself would take — twice the mean duration of the
//     registered searches of the waiter's depth that finished so far in
//     this run (while there is none, that of the deepest shallower depth
//     with one, times 8 per ply) plus a floor (64 node costs on the
//     simulator, 200 µs on the pool). Durations and budgets are in the
//     machine's clock (sched.Task.Clock): virtual units on the simulator,
//     so the run stays deterministic, wall time on the pool. On the
//     simulator a wait also gives up at once when no other processor is
//     runnable. A wait that gives up joins no timestamp; its time is
//     blocked on shared state like any other wait's.
//
// JamboreeWork counts the waits (DeferredWaits, those of nodes above the
// grain in DeferredWaitsAbove), the answered ones (DeferredHits), the
// waits refused by rules 1 and 2 (DeferredRefused) and those that ran out
// of budget (DeferredGiveUps).
//
// Abort: when the searched-for search is aborted its record says "no
// bounds" and its waiters are woken all the same; they find nothing that
// decides their window and search themselves. A waiter that is itself
// aborted while waiting stops waiting at once.
type busyRegistry struct {
	shards [64]busyShard
	// est is, per depth, the duration of the finished registered
	// searches (sum and count): the budget of bounded waits.
	est [MaxDepth + 1]durStat
}

type busyShard struct {
	mu sync.Mutex
	m  map[uint64]*busyRec
}

type durStat struct{ sum, n atomic.Int64 }

// busyRec is one search in progress.
type busyRec struct {
	key        uint64 // the position's hash
	depth, ply int
	owner      *sched.Task // the task searching it
	above      bool        // a Jamboree node above the grain (else a serial Scout search)
	start      int64       // owner's Clock when it registered
	ev         sched.Event
	lo, hi     game.Value // its result's bounds (ply-relative mates), set before ev is signalled
}

func (r *busyRegistry) shard(key uint64) *busyShard { return &r.shards[key>>58] }

// Bounded waits: the floor of the budget and the growth per ply of the
// estimate when no search of the waiter's depth finished yet.
const (
	deferFloorNodes = 64
	deferFloorWall  = 200 * time.Microsecond
	deferGrowth     = 8
)

// estimate is the mean duration of a finished search of depth d (0 when
// none is known).
func (r *busyRegistry) estimate(d int) int64 {
	for k := min(d, MaxDepth); k >= 0; k-- {
		n := r.est[k].n.Load()
		if n == 0 {
			continue
		}
		mean := r.est[k].sum.Load() / n
		for ; k < d && mean < 1<<40; k++ {
			mean *= deferGrowth
		}
		return mean
	}
	return 0
}

// budget is how long a search of depth d waits for a search above the
// grain before it searches itself (see busyRegistry).
func (e *jamEngine[T, P]) budget(c sched.Ctx, d int) int64 {
	floor := int64(deferFloorWall)
	if !e.batch {
		floor = deferFloorNodes * max(c.Self().Cost(sched.Node), 1)
	}
	return 2*e.reg.estimate(d) + floor
}

// jamDeferred is jam above the grain with deferred reads (ply > 0): it
// waits for a search in progress of the position when that is safe (see
// busyRegistry), or registers its own search, runs jamNode and publishes
// the result.
func (e *jamEngine[T, P]) jamDeferred(c sched.Ctx, f *jamFrame[T], w window, rec *workRec) (game.Value, game.Move, bool) {
	if c.Aborted() {
		return 0, game.NoMove, false
	}
	pos := P(&f.pos)
	if pos.Draw() {
		return e.jamNode(c, f, w, rec)
	}
	v, decided, own, ok := e.deferIn(c, e.table, true, pos.Hash(), w)
	if !ok {
		return 0, game.NoMove, false
	}
	if decided {
		rec.horizon++ // another search's bounds: they may rest on a horizon
		return v, game.NoMove, true
	}
	v, m, ok := e.jamNode(c, f, w, rec)
	if own != nil {
		e.deferOut(c, e.table, own, w, v, !ok)
	}
	return v, m, ok
}

// deferIn looks for a search in progress of key, for a search where w
// says (its ply, depth and window). It returns decided with
// the value when a finished search it waited for answers the window; own,
// the record it registered, when it is to search the position itself; ok
// false when aborted while waiting. above says the caller is a node above
// the grain: it registers as such, and its table accesses through tab (the
// global table) are charged here (a serial search's tab is its worker's
// view, which charges them itself).
func (e *jamEngine[T, P]) deferIn(c sched.Ctx, tab *tt.Table, above bool, key uint64, w window) (v game.Value, decided bool, own *busyRec, ok bool) {
	ply, depth, alpha, beta := w.ply, w.depth, w.alpha, w.beta
	sh := e.reg.shard(key)
	self := c.Self()
	for {
		sh.mu.Lock()
		r := sh.m[key]
		if r == nil {
			if sh.m == nil {
				sh.m = map[uint64]*busyRec{}
			}
			r = &busyRec{key: key, depth: depth, ply: ply, owner: self, above: above, start: self.Clock()}
			sh.m[key] = r
			sh.mu.Unlock()
			if above && e.table != nil {
				e.ttAccess(c, key)
			}
			tab.MarkBusy(key, ply, depth)
			return 0, false, r, true
		}
		eligible := r.depth == depth || (e.table != nil && r.depth > depth)
		sh.mu.Unlock()
		if !eligible {
			return 0, false, nil, true // a shallower search: do not wait, do not register
		}
		if r.owner == self && r.ply == ply {
			// The node's own search, searching it again (recursive
			// iterative deepening): nothing to wait for.
			return 0, false, nil, true
		}
		t0 := c.Now()
		if r.above {
			// Rules 1 and 2 (an Event already set needs no safety: its
			// search is over).
			if !r.ev.IsSet() && (self.Within(r.owner) || self.NestedOnSubtree(r.owner)) {
				e.cnt.refused.Add(1)
				return 0, false, nil, true
			}
			e.countWait(above)
			switch r.ev.WaitUntil(c, self.Clock()+e.budget(c, depth)) {
			case sched.WaitAborted:
				return 0, false, nil, false
			case sched.WaitExpired:
				e.cnt.waitTime.Add(c.Now() - t0)
				e.cnt.giveUps.Add(1)
				return 0, false, nil, true // rule 3: search it ourselves
			}
		} else {
			e.countWait(above)
			if !r.ev.Wait(c) {
				return 0, false, nil, false
			}
		}
		e.cnt.waitTime.Add(c.Now() - t0)
		lo, hi := moveMate(r.lo, r.ply, ply), moveMate(r.hi, r.ply, ply)
		if v, ok := decide(lo, hi, alpha, beta); ok {
			e.cnt.hits.Add(1)
			return v, true, nil, true
		}
		if e.table != nil {
			if above {
				e.ttAccess(c, key)
			}
			if ent, have := tab.Probe(key, ply); have && ent.Depth >= depth {
				if v, ok := decide(ent.Lower, ent.Upper, alpha, beta); ok {
					e.cnt.hits.Add(1)
					return v, true, nil, true
				}
			}
		}
		// Not answered (another window, or the search was aborted): look
		// again — another search may have started meanwhile.
	}
}

// countWait counts a wait, made above the grain or not.
func (e *jamEngine[T, P]) countWait(above bool) {
	e.cnt.waits.Add(1)
	if above {
		e.cnt.waitsAbove.Add(1)
	}
}

// deferOut publishes the result v of the search of record r with window w
// (through tab, as deferIn registered it; stopped: aborted), removes the
// busy marker and the record, and wakes the waiters; a search that
// finished adds its duration to the estimate of its depth.
func (e *jamEngine[T, P]) deferOut(c sched.Ctx, tab *tt.Table, r *busyRec, w window, v game.Value, stopped bool) {
	key := r.key
	r.lo, r.hi = -game.Inf, game.Inf
	if !stopped {
		if v > w.alpha {
			r.lo = v
		}
		if v < w.beta {
			r.hi = v
		}
		if d := r.depth; d <= MaxDepth {
			e.reg.est[d].sum.Add(c.Self().Clock() - r.start)
			e.reg.est[d].n.Add(1)
		}
	}
	if r.above && e.table != nil {
		e.ttAccess(c, key)
	}
	tab.ClearBusy(key)
	sh := e.reg.shard(key)
	sh.mu.Lock()
	if sh.m[key] == r {
		delete(sh.m, key)
	}
	sh.mu.Unlock()
	r.ev.Signal(c)
}

// decide reports whether bounds [lo, hi] answer the window (alpha, beta)
// as a table entry does: a lower bound ≥ β, an upper bound ≤ α, or an
// exact value.
func decide(lo, hi, alpha, beta game.Value) (game.Value, bool) {
	switch {
	case lo >= beta:
		return lo, true
	case hi <= alpha:
		return hi, true
	case lo == hi:
		return lo, true
	}
	return 0, false
}

// moveMate moves a root-relative mate score found at ply from to ply to
// (as the table stores mates relative to the node); other values, ±Inf
// included, are unchanged.
func moveMate(v game.Value, from, to int) game.Value {
	d := game.Value(from - to)
	switch {
	case v >= game.Mate-game.MaxPly && v <= game.Mate:
		return v + d
	case v <= -(game.Mate-game.MaxPly) && v >= -game.Mate:
		return v - d
	}
	return v
}
