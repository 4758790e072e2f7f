package sched

// FreeList is a per-processor free list of scratch objects (search stacks,
// move buffers), so that a task's hot path does not allocate: a task only
// ever runs on one processor, and only that processor's tasks touch its
// list. Create it once per run, from inside the run.
//
// A list made by NewScratchList holds objects without per-processor state
// (a search frame every user overwrites): on the simulated machine, which
// runs one processor at a time, one list then serves all processors, so
// the objects kept follow the work in flight rather than P (issue #21: at
// P = 65,536 per-processor lists of Jamboree's frames held 300 MB, most of
// it on idle processors). On the pool it is per processor like any other.
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
	i := c.Proc()
	if f.shared {
		i = 0
	}
	if i >= len(f.per) {
		// Only on the infinite simulated machine, whose processors are
		// created as it runs (and which runs one processor at a time).
		f.per = append(f.per, make([]freeSlot[V], i+1-len(f.per))...)
	}
	s := &f.per[i]
	if n := len(s.l); n > 0 {
		v := s.l[n-1]
		s.l = s.l[:n-1]
		return v
	}
	return f.New()
}

// maxShared bounds a shared list (NewScratchList on the simulator): past
// it Put leaves the object to the garbage collector, so that a burst of
// work in flight (P = inf) does not keep its objects for the rest of the
// run.
const maxShared = 1 << 14

// Put returns an object to the processor's list.
func (f *FreeList[V]) Put(c Ctx, v *V) {
	i := c.Proc()
	if f.shared {
		if len(f.per[0].l) >= maxShared {
			return
		}
		i = 0
	}
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
