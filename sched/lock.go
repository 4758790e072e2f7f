package sched

// Lock is a spin lock of the simulated machine's shared memory (Lu's
// table and split nodes on the TC2000, 003:L932): the time from which it is
// free, and what its takers paid. A Lock is the caller's (an algorithm's
// shared state) and its zero value is a free lock.
//
// Taking it is charged where the algorithm takes it (Acquire), at the
// taker's clock. Every call on the simulator happens when the calling
// processor holds the smallest clock (sim.go: a conservative
// discrete-event simulation), so the calls reach a Lock in the order of
// their times: a lock taken at t for h units is busy until t+h, and a
// processor that asks for it at t' < t+h spins until t+h, then takes it
// in turn. The lock is thus exact, first come first served, for critical
// sections whose length is known when the lock is taken (a table entry's
// read or write, a post to a split node).
type Lock struct {
	free int64 // the lock is held until this time
	by   int   // the processor that took it last, plus one (0: none)
	// Takes is how many times the lock was taken, Waited the time its
	// takers spun for it while another held it (simulator units), and
	// Contended how many takes found it held.
	Takes, Contended int64
	Waited           int64
}

// Acquire takes l for a critical section of hold units and frees it at
// the end, on the simulator: the task's processor spins until l is free
// (unless it took l last itself: it never waits for its own hold),
// pays CostModel.Lock to take and free it, and l is busy from then for
// Lock + hold units. The spinning and Lock are scheduling overhead (the
// processor's clock, not W or C); hold adds nothing to this processor's
// clock (the access it stands for is charged as the caller's work), it
// only keeps the lock from others. On the pool, whose locks are real, it
// does nothing.
func (t *Task) Acquire(l *Lock, hold int64) {
	p := t.p
	if !p.m.sim {
		return
	}
	start := max(p.now, l.free)
	if l.by == p.id+1 {
		// The processor that holds it: its earlier access is over in its
		// own time (the hold is part of the work it charged), so it does
		// not wait for itself.
		start = p.now
	}
	wait := start - p.now
	take := p.m.cm.Lock
	l.free = max(l.free, start+take+hold)
	l.by = p.id + 1
	l.Takes++
	if wait > 0 {
		l.Contended++
		l.Waited += wait
	}
	if c := wait + take; c > 0 {
		p.tally.locks += c
		p.spend(c)
	}
}

// Post is Acquire for a critical section whose time is the taker's own:
// a post to shared state that the serial program does not make (a piece
// of work or a result written to a split node). The processor spins until
// l is free, then spends CostModel.Lock and hold as scheduling overhead,
// holding l throughout. On the pool it does nothing.
func (t *Task) Post(l *Lock, hold int64) {
	p := t.p
	if !p.m.sim {
		return
	}
	t.Acquire(l, hold)
	if hold > 0 {
		p.tally.locks += hold
		p.spend(hold)
	}
}

// Locks is a set of locks that guard a shared structure by key: key k is
// guarded by lock k mod len(ls) (Lu's table: CostModel.TTLocks).
type Locks []Lock

// NewLocks returns n locks (at least one).
func NewLocks(n int64) Locks { return make(Locks, max(n, 1)) }

// For is the lock that guards key.
func (ls Locks) For(key uint64) *Lock { return &ls[key%uint64(len(ls))] }

// Totals are the takes, contended takes and time waited over all the locks.
func (ls Locks) Totals() (takes, contended, waited int64) {
	for i := range ls {
		takes += ls[i].Takes
		contended += ls[i].Contended
		waited += ls[i].Waited
	}
	return
}
