package algos

import (
	"sync"
	"time"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
)

// Deferred reads (StarTech §4, the second improvement; *Socrates §5.1 on
// "subsumption"): "When a processing node starts searching a chess
// position, StarTech records in the global transposition table that the
// position is being searched. If another processor starts searching the
// same position, the processor waits until the first processor finishes."
//
// Where: at the grain, i.e. for the searches Jamboree hands to the serial
// Scout (depth ≥ 1; with grain 0 there are none worth deferring). A
// search above the grain is never waited for: a waiting task holds its
// processor (sched.Event), and with helpful waiting the searched-for
// subtree may need a task that sits below the waiter on that very
// processor's stack, or a search that waits for one of the waiter's own
// ancestors (a transposition cycle) — a deadlock. A serial search never
// waits and never nests other work, so waiting for it always ends.
//
// How: the searcher marks the position busy in the table (tt.MarkBusy,
// FlagBusy) and registers a record in a registry keyed by the hash; the
// record carries the sched.Event the waiters block on (a 64-bit table
// entry cannot hold one), so the registry is the authority and the flag
// its mirror in the table. The wait is sched.Event.Wait, so both machines
// account it as blocked on shared state, and the waiter's timestamp joins
// the searched-for search's (its critical path runs through it).
//
// Depth rule: with the table on, a search waits only for a search of the
// same position of equal or greater depth; without a table only for one of
// equal depth (its result is then the only way to reuse it, and a deeper
// value would change the fixed-depth result). After the wait it uses the
// finished search's bounds (carried by the record, mate scores moved to
// its ply) — and with the table on the table's entry — if they decide its
// window; otherwise it searches itself (the table now orders its moves).
//
// Abort: when the searched-for search is aborted its record says "no
// bounds" and its waiters are woken all the same; they find nothing that
// decides their window and search themselves. A waiter that is itself
// aborted while waiting stops waiting at once (Event.Wait returns false).
type busyRegistry struct {
	shards [64]busyShard
}

type busyShard struct {
	mu sync.Mutex
	m  map[uint64]*busyRec
}

// busyRec is one search in progress.
type busyRec struct {
	depth, ply int
	ev         sched.Event
	lo, hi     game.Value // its result's bounds (ply-relative mates), set before ev is signalled
}

func (r *busyRegistry) shard(key uint64) *busyShard { return &r.shards[key>>58] }

// serial searches the node in f with the serial Scout of the processor's
// worker, with deferred reads when opt.Deferred.
func (e *jamEngine[T, P]) serial(c sched.Ctx, f *jamFrame[T], ply, depth int, alpha, beta game.Value, typ metrics.NodeType, rec *workRec) (game.Value, game.Move, bool) {
	if c.Aborted() {
		return 0, game.NoMove, false
	}
	w := e.workers.Get(c)
	defer e.workers.Put(c, w)
	w.c, w.t, w.rec = c, c.Self(), rec
	s := w.s
	var own *busyRec
	var key uint64
	if e.opt.Deferred && depth >= 1 && ply > 0 {
		key = P(&f.pos).Hash()
		v, decided, r, ok := e.deferIn(c, w, key, ply, depth, alpha, beta)
		if !ok {
			return 0, game.NoMove, false
		}
		if decided {
			return v, game.NoMove, true
		}
		own = r
	}
	s.Start(nil, time.Time{})
	w.begin()
	s.Stack.Pos[ply] = f.pos
	s.SetNodeType(ply, typ)
	v := s.Scout(ply, depth, alpha, beta)
	w.flush()
	stopped := s.Stopped()
	if own != nil {
		e.deferOut(c, w, own, key, v, alpha, beta, stopped)
	}
	if stopped {
		return 0, game.NoMove, false
	}
	f.pvLen = copy(f.pv[:], s.pv[ply][:s.pvLen[ply]])
	best := game.NoMove
	if f.pvLen > 0 && v > alpha {
		best = f.pv[0]
	}
	return v, best, true
}

// jamDeferred is jam above the grain with deferred reads. For now it
// searches without deferring (see the type comment of busyRegistry).
func (e *jamEngine[T, P]) jamDeferred(c sched.Ctx, f *jamFrame[T], ply, depth int, alpha, beta game.Value, typ metrics.NodeType, rec *workRec) (game.Value, game.Move, bool) {
	return e.jamNode(c, f, ply, depth, alpha, beta, typ, rec)
}

// deferIn looks for a search in progress of key. It returns decided with
// the value when a finished search it waited for answers the window; own,
// the record it registered, when it is to search the position itself; ok
// false when aborted while waiting.
func (e *jamEngine[T, P]) deferIn(c sched.Ctx, w *jamWorker[T, P], key uint64, ply, depth int, alpha, beta game.Value) (v game.Value, decided bool, own *busyRec, ok bool) {
	sh := e.reg.shard(key)
	for {
		sh.mu.Lock()
		r := sh.m[key]
		if r == nil {
			if sh.m == nil {
				sh.m = map[uint64]*busyRec{}
			}
			r = &busyRec{depth: depth, ply: ply}
			sh.m[key] = r
			sh.mu.Unlock()
			w.s.TT.MarkBusy(key, ply, depth)
			return 0, false, r, true
		}
		eligible := r.depth == depth || (e.table != nil && r.depth > depth)
		sh.mu.Unlock()
		if !eligible {
			return 0, false, nil, true // a shallower search: do not wait, do not register
		}
		e.cnt.waits.Add(1)
		t0 := c.Now()
		if !r.ev.Wait(c) {
			return 0, false, nil, false
		}
		e.cnt.waitTime.Add(c.Now() - t0)
		lo, hi := moveMate(r.lo, r.ply, ply), moveMate(r.hi, r.ply, ply)
		if v, ok := decide(lo, hi, alpha, beta); ok {
			e.cnt.hits.Add(1)
			return v, true, nil, true
		}
		if e.table != nil {
			if ent, have := w.s.TT.Probe(key, ply); have && ent.Depth >= depth {
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

// deferOut publishes the result of the search of record r, removes the
// busy marker and the record, and wakes the waiters.
func (e *jamEngine[T, P]) deferOut(c sched.Ctx, w *jamWorker[T, P], r *busyRec, key uint64, v, alpha, beta game.Value, stopped bool) {
	r.lo, r.hi = -game.Inf, game.Inf
	if !stopped {
		if v > alpha {
			r.lo = v
		}
		if v < beta {
			r.hi = v
		}
	}
	w.s.TT.ClearBusy(key)
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
