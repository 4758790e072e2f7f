package sched

import "time"

// Bounded waits, and what a task can tell about the tasks it depends on
// from its own processor — for waits that could otherwise deadlock:
// StarTech's deferred reads above the grain (algos.Jamboree), where a
// search waits for another search of the same position that may itself
// need tasks held up by the waiter.
//
// A task blocked on an Event holds its processor. With helpful waiting a
// processor's stack holds, beneath the running task, the tasks it runs
// nested on (each waiting for its children), and none of them can go on
// before the task on top of it finishes. So a wait for work that needs one
// of those tasks — or needs the waiter's own ancestors, whose results wait
// for the waiter — never ends. Within and NestedOnSubtree find the cases a
// task can see from its own processor; WaitUntil bounds the others (a cycle
// through other processors' stacks).

// WaitOutcome is how a WaitUntil ended.
type WaitOutcome uint8

const (
	WaitSet     WaitOutcome = iota // the event was set (its timestamp joined)
	WaitAborted                    // the waiting task was aborted first
	WaitExpired                    // the deadline passed first (or, simulated, nobody else could run)
)

// Clock is the time WaitUntil's deadlines are given in: on the simulator
// the processor's virtual clock (Now); on the pool wall nanoseconds since
// the run began (Now is there the work charged, which stands still while a
// task waits). Only the task's own code may call it.
func (t *Task) Clock() int64 {
	if t.m.sim {
		return t.p.now
	}
	return int64(time.Since(t.m.start))
}

// Cost is the cost model's price of one step of kind k, in work units.
func (t *Task) Cost(k Kind) int64 { return t.m.costs[k] }

// Within reports whether t is x or one of x's descendants, by t's parent
// links. Only the task's own code may call it (its ancestors are alive
// while it runs; x is only compared, never read).
func (t *Task) Within(x *Task) bool {
	for a := t; a != nil; a = a.parent {
		if a == x {
			return true
		}
	}
	return false
}

// Nested reports whether t runs nested on another task of its processor
// (helpful waiting): whether anything is beneath it on the processor's
// stack. Only the task's own code may call it.
func (t *Task) Nested() bool { return t.under != nil }

// NestedOnSubtree reports whether one of the tasks t runs nested on,
// directly or not, is x or a descendant of x. None of those tasks can go
// on before t finishes, so work of x's that needs one of them cannot finish
// while t waits for it. Only the task's own code may call it: the tasks
// beneath it and their ancestors are alive while it runs.
func (t *Task) NestedOnSubtree(x *Task) bool {
	for u := t.under; u != nil; u = u.under {
		if u.Within(x) {
			return true
		}
	}
	return false
}

// WaitUntil is Wait with a deadline in Clock's time. It returns WaitSet
// once the event is set (joining the signal's timestamp, as Wait does),
// WaitAborted when the task is aborted first, and WaitExpired when the
// deadline passes first. A wait that gives up joins nothing: the waiter
// depends on no result. Its time is blocked time of e.Kind, as Wait's.
//
// On the pool the task blocks as in Wait, looking at its clock and abort
// mark at least every pollEvery (so the deadline is kept to within that).
//
// On the simulator a parked processor is only woken by another one's
// action, and the event loop has no timers; so the waiter does not park.
// It moves its own clock towards the deadline, in steps of at least 1/64
// of the time left when it began and at least to just past the next
// runnable processor's clock, handing control back to the event loop after
// each step: it sees a signal in the first step that ends after it (so it
// resumes at most one step late, and at the earliest Wake units after the
// signal, as a parked waiter does). The run stays a function of the seed.
// Meanwhile the processor counts as neither busy nor runnable in the
// profiles. When no other processor is runnable the wait expires at once:
// nothing could set the event before this processor acts.
func (e *Event) WaitUntil(c Ctx, deadline int64) WaitOutcome {
	t := c.Self()
	if t.m.sim {
		return e.waitUntilSim(t, deadline)
	}
	for {
		if e.set.Load() {
			e.join(t)
			return WaitSet
		}
		if t.Aborted() {
			return WaitAborted
		}
		left := deadline - t.Clock()
		if left <= 0 {
			return WaitExpired
		}
		e.mu.Lock()
		if e.set.Load() {
			e.mu.Unlock()
			continue
		}
		if e.ch == nil {
			e.ch = make(chan struct{})
		}
		ch := e.ch
		e.mu.Unlock()
		t.p.blockFor(ch, e.Kind, min(time.Duration(left), pollEvery))
	}
}

// join makes the signal's timestamp part of t's.
func (e *Event) join(t *Task) {
	e.mu.Lock()
	st := e.stamp
	e.mu.Unlock()
	t.span = max(t.span, st)
}

func (e *Event) waitUntilSim(t *Task, deadline int64) WaitOutcome {
	p, m := t.p, t.m
	kind := e.Kind
	start := p.now
	m.busy--
	m.profNow(p.now)
	defer func() {
		m.busy++
		m.profNow(p.now)
	}()
	wait := func(to int64) {
		if d := to - p.now; d > 0 {
			p.now = to
			if kind < numWaitKinds {
				p.tally.blocked[kind] += d
			}
		}
		if p.now > p.horizon {
			p.yieldTime()
		}
	}
	for {
		if e.set.Load() {
			e.mu.Lock()
			at := e.at
			e.mu.Unlock()
			e.join(t)
			wait(at + m.cm.Wake)
			return WaitSet
		}
		if t.Aborted() {
			return WaitAborted
		}
		if p.now >= deadline || m.queueLen() == 0 {
			return WaitExpired
		}
		to := p.now + max((p.now-start)/8, 1)
		if p.horizon < never {
			to = max(to, p.horizon+1)
		}
		wait(min(to, deadline))
	}
}

// blockFor is block with a timeout of d.
func (p *proc) blockFor(ch chan struct{}, kind WaitKind, d time.Duration) {
	start := time.Now()
	p.timer.Reset(d)
	select {
	case <-ch:
		p.timer.Stop()
	case <-p.timer.C:
	}
	el := int64(time.Since(start))
	p.tally.idle += el
	if kind < numWaitKinds {
		p.tally.blocked[kind] += el
	}
	if p.m.observed {
		p.publish()
	}
}
