package sched

import "sync/atomic"

// FreeList is a per-processor free list of scratch objects (search stacks,
// move buffers), so that a task's hot path does not allocate: a task only
// ever runs on one processor, and only that processor's tasks touch its
// list. Create it once per run, from inside the run.
//
// A list made by NewScratchList holds objects without per-processor state
// (a search frame every user overwrites): on the simulated machine, which
// runs one processor at a time, one list then serves all processors, so
// the objects kept follow the work in flight rather than P (at P = 65,536,
// per-processor lists of Jamboree's frames would hold 300 MB, most of it
// on idle processors). On the pool it is per processor like any other.
type FreeList[V any] struct {
	New    func() *V
	per    []freeSlot[V]
	shared bool // one list for every processor (NewScratchList on the simulator)
}

// freeSlot is one processor's list, padded to its own cache lines so that
// workers do not write to a shared line on every Get and Put.
type freeSlot[V any] struct {
	l []*V
	_ [128 - 24]byte
}

// NewFreeList makes a free list for the machine c runs on.
func NewFreeList[V any](c Ctx, newf func() *V) *FreeList[V] {
	return &FreeList[V]{New: newf, per: make([]freeSlot[V], c.NumProcs())}
}

// NewScratchList makes a free list of objects that hold no per-processor
// state: shared by every processor on the simulator (see FreeList).
func NewScratchList[V any](c Ctx, newf func() *V) *FreeList[V] {
	if c.Self().m.sim {
		return &FreeList[V]{New: newf, per: make([]freeSlot[V], 1), shared: true}
	}
	return NewFreeList(c, newf)
}

// Get takes an object from the processor's list, or makes one.
func (f *FreeList[V]) Get(c Ctx) *V {
	i := 0 // the simulator's one list: no processor number to look up
	if !f.shared {
		i = c.Proc()
		if i >= len(f.per) {
			// Only on the infinite simulated machine, whose processors
			// are created as it runs (and which runs one processor at
			// a time).
			f.per = append(f.per, make([]freeSlot[V], i+1-len(f.per))...)
		}
	}
	s := &f.per[i]
	if n := len(s.l); n > 0 {
		v := s.l[n-1]
		s.l = s.l[:n-1]
		return v
	}
	return f.New()
}

// TryGet takes an object from the processor's list, or returns nil when
// the list is empty (Get would make one).
func (f *FreeList[V]) TryGet(c Ctx) *V {
	i := 0
	if !f.shared {
		i = c.Proc()
	}
	if i >= len(f.per) {
		return nil
	}
	s := &f.per[i]
	n := len(s.l)
	if n == 0 {
		return nil
	}
	v := s.l[n-1]
	s.l = s.l[:n-1]
	return v
}

// maxShared bounds a shared list (NewScratchList on the simulator): past
// it Put leaves the object to the garbage collector, so that a burst of
// work in flight (P = inf) does not keep its objects for the rest of the
// run.
const maxShared = 1 << 14

// Put returns an object to the processor's list.
func (f *FreeList[V]) Put(c Ctx, v *V) {
	if f.shared {
		if s := &f.per[0]; len(s.l) < maxShared {
			s.l = append(s.l, v)
		}
		return
	}
	i := c.Proc()
	f.per[i].l = append(f.per[i].l, v)
}

// Processes runs n long-lived processes and waits for them: process i is a
// task pinned to processor (c.Proc()+i) mod P — process 0 shares the
// caller's processor, which only waits — so that PVSplit's searchers,
// PARSSS*'s N processes or the N root-split searchers each own a
// processor. It returns their results in order.
//
// A task blocked on an Event or Cond holds its processor: processes that
// wait for each other must be on distinct processors, so n must not exceed
// P (on the infinite machine every process has its own processor).
func Processes(c Ctx, n int, fn func(c Ctx, i int) any) []any {
	if np := c.NumProcs(); np > 0 && n > np {
		panic("sched: Processes: more processes than processors")
	}
	ts := make([]*Task, n)
	base := c.Proc()
	for i := range n {
		ts[i] = c.SpawnOn(base+i, func(c Ctx) any { return fn(c, i) })
	}
	c.Wait(ts...)
	out := make([]any, n)
	for i, t := range ts {
		out[i] = t.Result()
	}
	return out
}

// Latent is a source of latent children: children
// that a pool worker runs inline, in order, in the parent's own task, and
// that become tasks only when someone wants work. This is the private-deque
// work stealing of Acar, Charguéraud and Rainey ("Scheduling parallel
// programs by work stealing with private deques", PPoPP 2013) with steal
// requests answered by polling: a thief that finds a busy victim's deque
// empty sets the victim's request flag, and the victim answers at its next
// poll (Aborted or Check, made at every node) by promoting the oldest
// latent children it holds (those of its shallowest source) into real,
// stealable tasks. A worker nobody asks spawns nothing: a latent child
// costs what a loop iteration does (Cilk-5's work-first principle), and a
// busy worker still offers work, which plain lazy task creation did not.
// A worker that waits for its children with nothing posted promotes its
// own latent children too (waitKids), so helpful waiting is kept.
//
// Only the pool promotes: the simulator never sets the flag, and an
// algorithm runs its children as latent ones only on the pool, so that the
// simulator measures the algorithm's full DAG (see doc.go for what the
// pool's promoted DAG means for the C it reports).
type Latent interface {
	// Promote spawns the source's latent children that have not started
	// as tasks of their parent (with the parent's Ctx, which is this
	// worker's: the parent is suspended below on the same stack) and
	// reports whether there were any.
	Promote() bool
}

// PushLatent registers l, a source of latent children of the running task,
// on its worker: from now until PopLatent a steal request may promote its
// children. Sources nest as the calls that make them do.
func PushLatent(c Ctx, l Latent) {
	p := c.Self().p
	p.lat.srcs = append(p.lat.srcs, l)
	p.lat.dry = false
	if p.lat.eager && l.Promote() {
		p.lat.promotions++
	}
}

// PopLatent unregisters l, the newest source PushLatent registered on the
// worker; after it, l is never promoted.
func PopLatent(c Ctx, l Latent) {
	p := c.Self().p
	n := len(p.lat.srcs) - 1
	if n < 0 || p.lat.srcs[n] != l {
		panic("sched: PopLatent of a source that is not the newest")
	}
	p.lat.truncate(n)
}

// Wanted reports, to a task about to run one more child inline in a loop
// it has not made latent (a serial search's loop at a node above the
// grain: algos/split.go), that a thief or a heartbeat has asked this
// worker for work that none of its registered sources can give: the
// caller should then make its remaining children latent (PushLatent), and
// the next poll promotes them. It first offers the request to the sources
// registered (the oldest latent children go first); without a pending
// request it is one load of a line only thieves write. The simulator never
// wants: it runs every algorithm's full DAG.
func (t *Task) Wanted() bool {
	p := t.p
	if !p.lat.req.Load() {
		return false
	}
	p.answerSteal()
	return p.lat.req.Load()
}

// latentStack is a worker's registered latent sources, shallowest first,
// and its steal request flag. req is written by thieves and read at every
// poll, so it sits on a cache line of its own; the rest is the owner's.
type latentStack struct {
	_          [64]byte
	req        atomic.Bool // a thief asks for work (cleared by the owner)
	_          [63]byte
	srcs       []Latent
	promotions int64 // promotions that spawned children
	dry        bool  // no source had latent children at the last request
	eager      bool  // Config.Eager: promote at once
}

// truncate keeps the n oldest sources.
func (l *latentStack) truncate(n int) {
	clear(l.srcs[n:])
	l.srcs = l.srcs[:n]
}

// answerSteal answers a thief's request: the oldest latent children, those
// of the shallowest source that has any, become tasks. When there are
// none the request stays pending, answered by the first poll after a new
// source is registered (sources only lose latent children otherwise): a
// thief that keeps asking then only reads the flag, and the busy worker's
// poll stays one load of a line nobody writes.
func (p *proc) answerSteal() {
	if p.lat.dry {
		return
	}
	if p.promoteLatent() {
		p.lat.req.Store(false)
	} else {
		p.lat.dry = true
	}
}

// promoteLatent promotes the latent children of the shallowest source that
// has any and reports whether it found one.
func (p *proc) promoteLatent() bool {
	for _, l := range p.lat.srcs {
		if l.Promote() {
			p.lat.promotions++
			return true
		}
	}
	return false
}
