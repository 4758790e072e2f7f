package sched

// Ctx is what a task's code receives: the runtime contract of every parallel
// algorithm. Both machines hand the task its own *Task as its Ctx.
//
// Per node an algorithm makes one Charge call and one Aborted poll; both are
// a few loads and adds (a comparison of the task's abort stamp with the
// processor's clock, *Socrates §4.2 abort tables).
type Ctx interface {
	// Spawn posts fn as a child task at level Level()+1 and returns its
	// handle. The child may run on any processor, now or later.
	Spawn(fn func(Ctx) any) *Task
	// Go is Spawn without a handle, for children only joined by Sync:
	// the runtime recycles their Task, so this spawn does not allocate
	// one.
	Go(fn func(Ctx) any)
	// GoIndexed is Go calling fn(c, i): siblings can share one closure
	// and spawn with no allocation at all.
	GoIndexed(fn func(c Ctx, i int) any, i int)
	// SpawnAt is Spawn with an explicit level (depth in the search tree),
	// the key of steal ordering by levels (*Socrates §4.3).
	SpawnAt(level int, fn func(Ctx) any) *Task
	// SpawnIndexedAt is SpawnAt calling fn(c, i), with a handle whose
	// Index is i: siblings share one closure, so the spawn allocates only
	// the Task (none once Release has recycled some).
	SpawnIndexedAt(level int, fn func(c Ctx, i int) any, i int) *Task
	// SpawnRangeAt is SpawnIndexedAt for every i in [lo, hi), in
	// increasing order (decreasing when reverse), storing i's handle in
	// out[i−lo]. On the pool the children are posted under one lock.
	SpawnRangeAt(level int, fn func(c Ctx, i int) any, lo, hi int, reverse bool, out []*Task)
	// Release hands back the handle of a finished child the caller will
	// not use again: the runtime recycles the Task once it is joined
	// (Sync, or the end of the caller).
	Release(t *Task)
	// SpawnOn posts fn as a child pinned to processor proc mod NumProcs():
	// a long-lived process (PVSplit's searchers, PARSSS*'s N processes,
	// root-split searchers). Pinned tasks are never stolen. On the
	// infinite simulated machine it gets a processor of its own.
	SpawnOn(proc int, fn func(Ctx) any) *Task

	// Sync waits until every child spawned so far has finished (helping
	// meanwhile) and joins their timestamps.
	Sync()
	// Wait waits for the given children (of this task) to finish.
	Wait(ts ...*Task)
	// WaitAny waits until one of the given children has finished and
	// returns it (the first in ts that is done); nil if ts is empty.
	WaitAny(ts ...*Task) *Task

	// Abort marks t and all its descendants aborted (*Socrates §4.2).
	// Each of them sees it at its next poll. On the simulator the mark
	// travels CostModel.Abort time units per tree edge.
	Abort(t *Task)
	// Aborted is the abort poll: one load and one comparison.
	Aborted() bool
	// Check unwinds the task with a panic (recovered by the runtime at
	// the task's boundary) when it is aborted.
	Check()

	// Charge accounts n steps of kind k: cost units are added to the work
	// W, to the task's timestamp (critical path) and, on the simulator, to
	// the processor's virtual clock.
	Charge(k Kind, n int64)
	// ChargeLast is Charge for the task's last step: the caller promises
	// that until its function returns it makes no other call on the
	// machine (no Charge, poll, spawn, wait or shared state) and writes
	// only what its waiters read after it ends. On the simulator such a
	// task then finishes its function before it yields, and when it ran
	// straight from its processor's scheduling loop (not nested in a
	// wait) its processor gives its coroutine back while it waits for its
	// turn to finish: a leaf task in flight holds no stack.
	// The run is the one Charge gives, bit for bit.
	ChargeLast(k Kind, n int64)

	// Level is the task's level.
	Level() int
	// Proc is the processor running the task, in [0, NumProcs()) (on the
	// infinite machine processors are numbered as they are created).
	Proc() int
	// NumProcs is P; 0 on the infinite simulated machine.
	NumProcs() int
	// Rand is the run's seeded generator (per processor: reproducible on
	// the simulator).
	Rand() uint64
	// Now is the processor's virtual clock on the simulator, and the
	// work charged so far by the worker on the pool.
	Now() int64
	// Self is the task's own handle.
	Self() *Task
}

// WaitKind classifies blocked time for the cycle accounting of StarTech
// Fig. 8: waiting for children, for shared state (a deferred read of the
// transposition table, a process waiting on a shared array), or for a
// parent/controller.
type WaitKind uint8

const (
	WaitShared   WaitKind = iota // a read of shared state deferred until another search finishes
	WaitChildren                 // a task waiting for its children
	WaitParent                   // a searcher waiting for its parent or controller
	numWaitKinds
)
