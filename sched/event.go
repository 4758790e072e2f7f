package sched

import (
	"sync"
	"sync/atomic"
	"time"
)

// pollEvery bounds how long a pool worker blocked on an Event or Cond goes
// without looking at its abort mark.
const pollEvery = 200 * time.Microsecond

// Event is a one-shot signal on shared state that both machines understand:
// a deferred read waiting for another search of the same position to finish
// (StarTech §"deferred reads"), a controller waiting for a searcher's result
// (Lu's PVSplit), a process waiting for another. The waiting task holds its
// processor, idle (StarTech: "much better for the second processor to sit
// idle"); its time is accounted as blocked of Kind (Fig. 8).
//
// The signal carries the signaller's timestamp: a waiter's timestamp
// becomes the larger of its own and the signal's (*Socrates Fig. 9), so
// the critical path runs through the search waited for. On the simulator
// the waiter resumes at the signal's virtual time (plus CostModel.Wake).
//
// The zero Event is ready to use (Kind WaitShared).
type Event struct {
	Kind WaitKind

	mu      sync.Mutex
	set     atomic.Bool
	stamp   int64
	at      int64
	ch      chan struct{}
	waiters []*Task
}

// Signal sets the event, stamped with the signalling task's timestamp.
// Later signals are ignored.
func (e *Event) Signal(c Ctx) {
	t := c.Self()
	e.mu.Lock()
	if e.set.Load() {
		e.mu.Unlock()
		return
	}
	e.stamp, e.at = t.span, t.p.now
	e.set.Store(true)
	if e.ch != nil {
		close(e.ch)
	}
	ws := e.waiters
	e.waiters = nil
	e.mu.Unlock()
	if m := t.m; m.sim {
		for _, w := range ws {
			if q := w.p; q != nil && q.state == stParked && q.waitTask == w && q.waitObj == any(e) {
				m.wake(q, e.at+m.cm.Wake)
			}
		}
	}
}

// IsSet reports whether the event was signalled.
func (e *Event) IsSet() bool { return e.set.Load() }

// Wait blocks until the event is set and joins its timestamp; it returns
// false without waiting further if the task is aborted first.
func (e *Event) Wait(c Ctx) bool {
	t := c.Self()
	for {
		if e.set.Load() {
			e.mu.Lock()
			st := e.stamp
			e.mu.Unlock()
			t.span = max(t.span, st)
			return true
		}
		if t.Aborted() {
			return false
		}
		e.mu.Lock()
		if e.set.Load() {
			e.mu.Unlock()
			continue
		}
		if t.m.sim {
			e.waiters = append(e.waiters, t)
			e.mu.Unlock()
			t.p.park(int8(e.Kind), t, anyLevel, e)
			continue
		}
		if e.ch == nil {
			e.ch = make(chan struct{})
		}
		ch := e.ch
		e.mu.Unlock()
		t.p.block(ch, e.Kind)
	}
}

// block waits on ch for at most pollEvery (pool), accounting the time.
func (p *proc) block(ch chan struct{}, kind WaitKind) {
	start := time.Now()
	p.timer.Reset(pollEvery)
	select {
	case <-ch:
		p.timer.Stop()
	case <-p.timer.C:
	}
	d := int64(time.Since(start))
	p.tally.idle += d
	if kind < numWaitKinds {
		p.tally.blocked[kind] += d
	}
	if p.m.observed {
		p.publish()
	}
}

// Cond lets tasks wait for a condition on shared state that other tasks
// change and announce with Broadcast: PARSSS*'s processes waiting on the
// shared MINPROC array, searchers waiting for work from a controller. The
// state itself is the caller's (guarded by its own lock or atomics); Cond
// only carries wake-ups and timestamps. A waiter that finds its condition
// true joins the largest timestamp of all broadcasts so far.
//
// The zero Cond is ready to use (Kind WaitShared).
type Cond struct {
	Kind WaitKind

	mu      sync.Mutex
	gen     uint64
	stamp   int64
	ch      chan struct{}
	waiters []*Task
}

// Broadcast announces a change of the shared state.
func (cv *Cond) Broadcast(c Ctx) {
	t := c.Self()
	cv.mu.Lock()
	cv.gen++
	cv.stamp = max(cv.stamp, t.span)
	if cv.ch != nil {
		close(cv.ch)
		cv.ch = nil
	}
	ws := cv.waiters
	cv.waiters = nil
	cv.mu.Unlock()
	if m := t.m; m.sim {
		at := t.p.now + m.cm.Wake
		for _, w := range ws {
			if q := w.p; q != nil && q.state == stParked && q.waitTask == w && q.waitObj == any(cv) {
				m.wake(q, at)
			}
		}
	}
}

// Wait blocks until ready() is true, re-evaluating it after every
// Broadcast; it returns false if the task is aborted first.
func (cv *Cond) Wait(c Ctx, ready func() bool) bool { return cv.wait(c, ready, cv.Kind) }

func (cv *Cond) wait(c Ctx, ready func() bool, kind WaitKind) bool {
	t := c.Self()
	for {
		cv.mu.Lock()
		g := cv.gen
		cv.mu.Unlock()
		if ready() {
			cv.mu.Lock()
			st := cv.stamp
			cv.mu.Unlock()
			t.span = max(t.span, st)
			return true
		}
		if t.Aborted() {
			return false
		}
		cv.mu.Lock()
		if cv.gen != g {
			cv.mu.Unlock()
			continue
		}
		if t.m.sim {
			cv.waiters = append(cv.waiters, t)
			cv.mu.Unlock()
			t.p.park(int8(kind), t, anyLevel, cv)
			continue
		}
		if cv.ch == nil {
			cv.ch = make(chan struct{})
		}
		ch := cv.ch
		cv.mu.Unlock()
		t.p.block(ch, kind)
	}
}

// Cell is a shared value with a timestamp: Store stamps it with the
// writer's timestamp, Load joins that stamp into the reader's (a read
// depends on the write it sees), and WaitFor blocks until the value
// satisfies a predicate (a deferred read).
//
// The zero Cell holds the zero value; its waits are of Kind (zero:
// WaitShared).
type Cell[V any] struct {
	Kind WaitKind

	cv    Cond
	mu    sync.Mutex
	v     V
	stamp int64
}

// Load reads the value and joins its timestamp.
func (x *Cell[V]) Load(c Ctx) V {
	t := c.Self()
	x.mu.Lock()
	v, st := x.v, x.stamp
	x.mu.Unlock()
	t.span = max(t.span, st)
	return v
}

// Store writes the value and wakes the tasks waiting on it.
func (x *Cell[V]) Store(c Ctx, v V) {
	t := c.Self()
	x.mu.Lock()
	x.v = v
	x.stamp = max(x.stamp, t.span)
	x.mu.Unlock()
	x.cv.Broadcast(c)
}

// Update replaces the value by f(value) atomically and wakes the waiters.
func (x *Cell[V]) Update(c Ctx, f func(V) V) V {
	t := c.Self()
	x.mu.Lock()
	x.v = f(x.v)
	x.stamp = max(x.stamp, t.span)
	v := x.v
	x.mu.Unlock()
	x.cv.Broadcast(c)
	return v
}

// WaitFor blocks until pred(value) holds and returns the value; ok is
// false if the task was aborted first.
func (x *Cell[V]) WaitFor(c Ctx, pred func(V) bool) (v V, ok bool) {
	ok = x.cv.wait(c, func() bool {
		x.mu.Lock()
		v = x.v
		r := pred(v)
		x.mu.Unlock()
		return r
	}, x.Kind)
	if ok {
		x.Load(c)
	}
	return v, ok
}
