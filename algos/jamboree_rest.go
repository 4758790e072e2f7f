package algos

import (
	"math/bits"

	"splitpoint/game"
	"splitpoint/sched"
)

// The parallel tests of the children after the first (StarTech Fig. 2,
// lines J7–J11, 000:L142–L151): every child is tested with a null window
// against the node's α in parallel (J7–J8), each test's value raises the
// best value (J9), a test that fails high aborts its siblings and returns
// (J10), and a test that fails (> α) is marked for its re-search (J11,
// jamboree_value.go). One loop serves both machines; the pool's latent
// tests are in jamboree_latent.go.

// jamRest is the rest of jamNode once the children before start are
// searched (the first, J3): f.node holds the node's state, its best value
// and move so far and its α raised by them. It runs the variants'
// serial steps, then the parallel loop over the other children (StarTech
// StarTech Fig. 2, J6–J18, 000:L141–L165), and ends the node (J19–J20, finish).
func (e *jamEngine[T, P]) jamRest(c sched.Ctx, f *jamFrame[T], start, n int, rec *workRec) (game.Value, game.Move, bool) {
	nd := &f.node
	if start == 1 && (e.opt.Value2 || e.opt.SerializeAll) {
		s, cut, ok := e.serialPrefix(c, f, n, rec)
		if !ok {
			return 0, game.NoMove, false
		}
		if cut {
			return e.finish(c, f, rec)
		}
		start = s
	}
	if start == 1 && e.serializeSecond(nd, n) {
		e.local(c).ser2++
		cut, ok := e.serialChild(c, f, 1, rec)
		if !ok {
			return 0, game.NoMove, false
		}
		if cut {
			return e.finish(c, f, rec)
		}
		start = 2
	}
	if start < n {
		e.beginTests(c, f, start, n)
		if !e.testsLoop(c, f, start, n, rec) {
			return 0, game.NoMove, false
		}
	}
	return e.finish(c, f, rec)
}

// testsLoop is Fig. 2's J7–J19 (StarTech Fig. 2, 000:L142–L168) for
// children start…n−1, whose tests beginTests has begun, on either machine:
// results are taken as they come (nextTest), a fail high aborts all
// running siblings and returns (J10, J15), and failed tests are
// re-searched here, in move order, each once every iteration to its left
// is complete (J12). It returns false when the node was aborted. Every
// test begun has finished when it returns, and each child's nodes are
// folded into rec as useful, failed, cutoff or aborted work.
func (e *jamEngine[T, P]) testsLoop(c sched.Ctx, f *jamFrame[T], start, n int, rec *workRec) bool {
	next, cut, aborted := start, -1, false
	for cut < 0 && !aborted {
		// J12/J18. A call below (a test or a re-search) may promote
		// the pool's latent tests: f.lo, f.hi and f.pend are read
		// afresh after each.
		next, cut, aborted = e.completeInOrder(c, f, &f.pend, next, n, rec)
		if next >= n || cut >= 0 || aborted {
			break
		}
		j, ok := e.nextTest(c, f)
		if !ok {
			f.kids[j].state = kidDone
			aborted = true
			break
		}
		if f.tested(j) {
			cut = j
		}
	}
	e.endTests(c, f)
	if cut >= 0 {
		e.local(c).failHighs++
	}
	e.settle(c, f, start, n, cut, rec)
	return !aborted
}

// beginTests begins the tests of children start…n−1 (J7–J8), against the
// node's α: the frame readied for them (prepare), and then
//
//   - on the simulator, every test spawned at once, as one range (a test
//     has a task only while it runs: sched.TaskRange; a kid's own task is
//     only a restarted test's), so that it measures the algorithm's full
//     DAG. Without levels the children are spawned last first, so that the
//     owner's LIFO pops the first child first; with levels in move order
//     (each level runs oldest first).
//   - on the pool, latent tests (jamboree_latent.go), which the node's
//     worker runs one after the other (nextTest) until a steal request
//     promotes those not started into tasks; tests of leaves (a static
//     evaluation each) are never promotable.
func (e *jamEngine[T, P]) beginTests(c sched.Ctx, f *jamFrame[T], start, n int) {
	f.alpha.Store(f.node.alpha)
	e.ownKillers(c, f)
	e.local(c).tests += int64(n - start)
	e.prepare(c, f, start, n)
	if e.batch {
		f.pend = f.pend[:0] // room for every test's task: Promote spawns into it
		f.lo, f.hi = start, n
		if !e.isLeaf(f.node.ply+1, f.node.depth-1) {
			f.src, f.rev = c, !e.levels
			sched.PushLatent(c, f)
		}
		return
	}
	f.startFinished(c, start, n)
	f.rng = c.Self().SpawnRange(f.node.ply+1, f.test, start, n, !e.levels, nil)
}

// nextTest takes in the next test to finish, j, and reports whether it
// finished unaborted: on the simulator the finished test of least index
// not yet taken (WaitAny over the tests in move order: nextDone); on the
// pool the next latent test in move order, run here (work first: with
// nobody stealing a test costs a call, not a spawn, and a worker alone
// searches as the serial Scout does, Fig. 1), or once a steal request has
// promoted every test left, the first promoted one to finish (WaitAny).
func (e *jamEngine[T, P]) nextTest(c sched.Ctx, f *jamFrame[T]) (int, bool) {
	if !e.batch {
		j := f.nextDone(c)
		return j, f.kids[j].ok && !f.testAborted(j)
	}
	if f.lo < f.hi {
		j := f.lo
		f.lo++
		f.test(c, j)
		return j, f.kids[j].ok
	}
	t := c.WaitAny(f.pend...)
	j := t.Index()
	f.pend = removeTask(f.pend, t)
	return j, f.kids[j].ok && !t.WasAborted()
}

// endTests ends the tests begun (beginTests) that are not yet started on
// the pool: the latent ones are no longer promotable (latent tests never
// started are cut off for free, settle). The simulator's range is handed
// back by settle.
func (e *jamEngine[T, P]) endTests(c sched.Ctx, f *jamFrame[T]) {
	if f.src != nil {
		f.lo = f.hi // nothing more to promote
		sched.PopLatent(c, f)
		f.src = nil
	}
}

// testTask is the function of a test's task for the node in f (SpawnRange
// and the latent loop's promotions): test, with the dispatch to its case
// in the task's own frame, so that a simulated processor waiting in a test
// carries one frame less.
func (e *jamEngine[T, P]) testTask(f *jamFrame[T]) func(sched.Ctx, int) any {
	return func(c sched.Ctx, i int) any {
		switch aT, kind := e.test(c, f, i); kind {
		case testSerial:
			e.testSerial(c, f, i, aT)
		case testLeaf:
			e.testLeaf(c, f, i, aT)
		case testNode:
			e.testNode(c, f, i, aT)
		}
		return nil
	}
}

// The cases of a test (test).
const (
	testNone   = iota // aborted before it began
	testSerial        // at the grain: the serial Scout
	testLeaf          // a leaf
	testNode          // a node searched by jam
)

// test begins the task of child i's test (StarTech Fig. 2, J8, 000:L144):
// a null-window search against the node's α as the test starts, its value
// kept in the child's jamKid. It returns that α and the test's case, which
// testTask runs: the cases are functions of their own (testSerial,
// testLeaf, testNode), so that the stack of a processor waiting in one
// holds no other's locals. On the infinite simulated machine every test
// has a processor, and a leaf's test (the most numerous) then waits for
// its turn on the clock within a goroutine stack of the smallest size.
func (e *jamEngine[T, P]) test(c sched.Ctx, f *jamFrame[T], i int) (aT game.Value, kind int) {
	if c.Aborted() {
		return 0, testNone
	}
	if e.opt.Restart {
		f.kids[i].started.Store(true) // before α is read (restartStale)
	}
	aT = f.alpha.Load() // J8 reads the node's α as it starts
	e.inheritKillers(c, f)
	// The child's place, from the node's fields that do not change while
	// its tests run (not f.node.child, which would read its α and β).
	ply, depth := f.node.ply+1, f.node.depth-1
	switch {
	case e.serialNode(depth) && ply < game.MaxPly-1 && (depth > 0 || e.opt.Quiescence):
		return aT, testSerial
	case e.isLeaf(ply, depth):
		return aT, testLeaf
	}
	return aT, testNode
}

// testWindow is the null window of child i's test against α aT.
func (f *jamFrame[T]) testWindow(i int, aT game.Value) window {
	return window{ply: f.node.ply + 1, depth: f.node.depth - 1, alpha: -aT - 1, beta: -aT, typ: f.node.typ.Child(i)}
}

// testNode is test of child i searched by jam, in a frame of its own.
// When jam would search the child as jamNode, jamNode's first steps (the
// abort check and the node's charge, where a simulated processor yields)
// come here, before the frame is taken: no frame is held across that
// yield, and the processor yields with a shallow stack.
func (e *jamEngine[T, P]) testNode(c sched.Ctx, f *jamFrame[T], i int, aT game.Value) {
	k := &f.kids[i]
	k.alpha = aT
	if e.isJamNode(f.node.ply+1, f.node.depth-1) {
		if c.Aborted() {
			k.val, k.ok, k.nodes, k.horizon = 0, false, 0, 0
			return
		}
		chargeNode(c)
	}
	e.testFrame(c, f, i, aT)
}

// testFrame is the rest of testNode: the child played into a frame, its
// search (jamEnter after the charge, else jam), its value and record kept.
func (e *jamEngine[T, P]) testFrame(c sched.Ctx, f *jamFrame[T], i int, aT game.Value) {
	g := e.frames.Get(c)
	P(&f.pos).Play(f.moves[i], &g.pos)
	// The record from the engine's list, not on the stack: jam's record
	// escapes (the pool's inline nodes keep it).
	r := e.recs.Get(c)
	*r = workRec{}
	var v game.Value
	var ok bool
	if w := f.testWindow(i, aT); e.isJamNode(w.ply, w.depth) {
		v, _, ok = e.jamEnter(c, g, w, r)
	} else {
		v, _, ok = e.jam(c, g, w, r)
	}
	e.frames.Put(c, g)
	k := &f.kids[i]
	k.keepOwn(c, e.recs, r)
	k.val, k.ok = -v, ok
}

// testSerial is test of child i at the grain (jam's serial case), without
// a frame.
func (e *jamEngine[T, P]) testSerial(c sched.Ctx, f *jamFrame[T], i int, aT game.Value) {
	e.local(c).serial++
	var r workRec
	v, ok := e.serialPlay(c, &f.pos, f.moves[i], f.testWindow(i, aT), &r)
	k := &f.kids[i]
	k.keep(c, e.recs, &r)
	k.val, k.ok, k.alpha = -v, ok, aT
}

// testLeaf is test of a leaf child i (jam's leaf case, J2), without a
// frame and with no record but the kid's: the charge (where a simulated
// processor yields) comes first, then the child is played into a position
// borrowed from the scratch list and returned at once, with no yield in
// between. Time and values are leaf's.
func (e *jamEngine[T, P]) testLeaf(c sched.Ctx, f *jamFrame[T], i int, aT game.Value) {
	k := &f.kids[i]
	k.alpha = aT
	if c.Aborted() {
		k.val, k.ok, k.nodes, k.horizon = 0, false, 0, 0
		return
	}
	chargeLastLeafNode(c) // the test ends after the evaluation
	g := e.positions.Get(c)
	P(&f.pos).Play(f.moves[i], g)
	v, h := game.Value(0), uint32(0)
	if !P(g).Draw() {
		v, h = P(g).Eval(), 1
	}
	e.positions.Put(c, g)
	k.val, k.ok, k.nodes, k.horizon = -v, true, 1, h
}

// tested takes in the finished test of child j (StarTech Fig. 2,
// J9–J11, 000:L147–L151; both parallel
// loops): its value raises the best value b (and move), a value ≥ β is a
// cutoff (J10, reported), and a value above the α the test ran with marks
// it failed (J11) — compared with that α, not the current one: a
// fail-soft test above its own α is only a lower bound, which a raised α
// does not make an answer.
func (f *jamFrame[T]) tested(j int) (cut bool) {
	k := &f.kids[j]
	s := k.val
	if s > f.node.b { // J9
		f.node.b, f.node.best = s, f.moves[j]
	}
	switch {
	case s >= f.node.beta: // J10: abort-and-return
		k.state = kidDone
		f.setPVMove(f.moves[j])
		return true
	case s > k.alpha: // J11: the test failed
		k.state = kidFailed
	default:
		k.state = kidDone
	}
	return false
}

// settle ends a node's parallel loop (eager or latent): it aborts the
// tests still running and waits for them, classifies every child's work
// not yet classified (StarTech §4: cutoff work right of the cut, aborted,
// failed — a failed test never re-searched because the node failed high
// first — or useful) and releases the children's tasks. A latent test
// never started has no task and no work.
func (e *jamEngine[T, P]) settle(c sched.Ctx, f *jamFrame[T], start, n, cut int, rec *workRec) {
	typ := f.node.typ
	pend := f.pend[:0]
	tasks := false // a child ran as a task (promoted, or restarted)
	running, ranged := 0, 0
	for j := start; j < n; j++ {
		k := &f.kids[j]
		t := f.taskAt(j)
		if t == nil {
			// On the simulator a test of the range (taskOf); on
			// the pool a latent test never started.
			if f.rng != nil && k.state == kidRunning {
				running++
				ranged++
			}
			continue
		}
		tasks = true
		if k.state == kidRunning {
			c.Abort(t)
			pend = append(pend, t)
			running++
		}
	}
	if ranged > 0 {
		// One mark for the range's tests still running, started or not.
		c.Self().AbortRange(f.rng, ranged)
	}
	if running > 0 {
		if e.batch {
			c.Wait(pend...)
		} else {
			f.waitTests(c, start, n)
		}
	}
	for j := start; j < n; j++ {
		k := &f.kids[j]
		if k.classified {
			continue
		}
		w := workUseful
		switch {
		case cut >= 0 && j > cut:
			w = workCutoff
		case k.state == kidRunning:
			w = workAborted
		case k.state == kidFailed:
			w = workFailed
		}
		k.fold(c, e.recs, rec, w, typ.Child(j))
	}
	// Every test is done: the range's tasks go back with it.
	c.Self().ReleaseRange(f.rng)
	f.rng = nil
	for j := start; tasks && j < n; j++ {
		if t := f.taskAt(j); t != nil {
			c.Release(t)
			f.tasks[j] = nil
		}
	}
	f.pend = pend[:0]
	e.releaseKids(c, f)
}

// startFinished readies nextDone for the tests of children start…n−1,
// about to be spawned: none is seen finished, and the children of the
// task finished so far are not theirs.
func (f *jamFrame[T]) startFinished(c sched.Ctx, start, n int) {
	w := (n + 63) / 64
	if cap(f.fin) < w {
		f.fin = make([]uint64, w)
	}
	f.fin = f.fin[:w]
	clear(f.fin)
	f.finLo, f.finHi = start, n
	f.self = c.Self()
	_, f.seen = f.self.Finished()
	f.seenRng = 0
}

// taskOf is the task of child j's test on the simulator: a restarted
// test's (its own, jamFrame.tasks), or the range's while it runs, a handle
// that keeps it past its end (sched.TaskRange.Task); nil before it
// starts, and for a test aborted before it started or ended unheld.
func (f *jamFrame[T]) taskOf(j int) *sched.Task {
	if t := f.taskAt(j); t != nil || f.rng == nil {
		return t
	}
	return f.rng.Task(j)
}

// testAborted reports whether an abort reached child j's test, finished
// (sched.Task.WasAborted), on the simulator: a restarted test's task, or
// the range's element; a test that never started was.
func (f *jamFrame[T]) testAborted(j int) bool {
	if t := f.taskAt(j); t != nil {
		return t.WasAborted()
	}
	if f.rng == nil {
		return true
	}
	return f.rng.Aborted(j)
}

// joinTest joins the timestamp of child j's test, finished, on the
// simulator: a restarted test's task's, or the range's element's.
func (f *jamFrame[T]) joinTest(self *sched.Task, j int) {
	if t := f.taskAt(j); t != nil {
		self.JoinFinished(t)
	} else if f.rng != nil {
		self.JoinElement(f.rng, j)
	}
}

// nextDone is WaitAny of testsLoop on the simulator over the tests
// running, reading only the tests that finished since its last look
// (sched.TaskRange.FinishedFrom, sched.Task.Finished), not every test's
// done flag: it returns the index of the finished test of least index not
// yet taken — the one WaitAny over the tests in move order returns — with
// its timestamp joined (a test aborted before it started has none to
// join: its task's would have been its parent's at its spawn).
func (f *jamFrame[T]) nextDone(c sched.Ctx) int {
	self := c.Self()
	f.left = -1
	if !f.Over() {
		self.WaitFinished(f)
	}
	for w := range f.fin {
		if f.fin[w] != 0 {
			b := bits.TrailingZeros64(f.fin[w])
			f.fin[w] &^= 1 << b
			j := w<<6 + b
			f.joinTest(self, j)
			return j
		}
	}
	panic("jamboree: no test finished")
}

// waitTests is Wait of settle on the simulator over the running tests of
// children start…n−1 (aborted): it waits for them, reading only the tests
// that finished since the last look, and joins their timestamps.
func (f *jamFrame[T]) waitTests(c sched.Ctx, start, n int) {
	self := c.Self()
	f.left = 0
	for j := start; j < n; j++ {
		if f.kids[j].state == kidRunning && !f.isFin(j) {
			f.left++
		}
	}
	if !f.Over() {
		self.WaitFinished(f)
	}
	for j := start; j < n; j++ {
		if f.kids[j].state == kidRunning {
			f.joinTest(self, j)
		}
	}
}

// Over reads the children of the frame's task finished since the last
// look, marks the tests among them, and reports whether the wait is over
// (sched.FinishWaiter): for nextDone (left < 0) when a test is finished
// and not taken, for waitTests when the left tests it waits for have.
func (f *jamFrame[T]) Over() bool {
	if r := f.rng; r != nil {
		for _, j := range r.FinishedFrom(f.seenRng) {
			f.finished(int(j), nil)
		}
		f.seenRng = r.NumFinished()
	}
	last, n := f.self.Finished()
	for k := last; n != f.seen; n-- {
		if j := k.Index(); j >= f.finLo && j < f.finHi {
			f.finished(j, k)
		}
		k = k.FinishedBefore()
	}
	_, f.seen = f.self.Finished()
	if f.left >= 0 {
		return f.left == 0
	}
	for _, w := range f.fin {
		if w != 0 {
			return true
		}
	}
	return false
}

// finished marks test j seen finished, if t (its task, nil for a test of
// the range) is its test's.
func (f *jamFrame[T]) finished(j int, t *sched.Task) {
	if f.taskAt(j) == t && !f.isFin(j) {
		f.fin[j>>6] |= 1 << (j & 63)
		if f.left > 0 && f.kids[j].state == kidRunning {
			f.left--
		}
	}
}

func (f *jamFrame[T]) isFin(j int) bool {
	return j >= f.finLo && j < f.finHi && f.fin[j>>6]&(1<<(j&63)) != 0
}

// unfinish forgets that test j was seen finished: a restart has replaced
// its task (restartStale).
func (f *jamFrame[T]) unfinish(j int) {
	if j >= f.finLo && j < f.finHi && j>>6 < len(f.fin) {
		f.fin[j>>6] &^= 1 << (j & 63)
	}
}
