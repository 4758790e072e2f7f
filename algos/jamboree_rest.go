package algos

import (
	"splitpoint/game"
	"splitpoint/sched"
)

// The parallel tests of the children after the first (StarTech Fig. 2,
// lines J7–J11, 000:L142–L151): every child is tested with a null window
// against the node's α in parallel (J7–J8), each test's value raises the
// best value (J9), a test that fails high aborts its siblings and returns
// (J10), and a test that fails (> α) is marked for its re-search (J11,
// jamboree_value.go). One loop serves both machines: the tests are one
// range of the node's task (beginTests).

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
		// J12/J18.
		next, cut, aborted = e.completeInOrder(c, f, next, n, rec)
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
	if cut >= 0 {
		e.local(c).failHighs++
	}
	e.settle(c, f, start, n, cut, rec)
	return !aborted
}

// beginTests begins the tests of children start…n−1 (J7–J8), against the
// node's α: the frame readied for them (prepare), and the tests one range
// of the node's task (sched.Task.LatentRange), which the loop takes as
// they finish (nextTest):
//
//   - on the simulator every test is spawned at once (a test has a task
//     only while it runs), so that the run measures the algorithm's full
//     DAG. Without levels the children are spawned last first, so that
//     the owner's LIFO pops the first child first; with levels in move
//     order (each level runs oldest first).
//   - on the pool the tests are latent: the node's own task runs them
//     inline, one after the other in move order, each against the α of
//     the moment it starts, until a thief's steal request promotes those
//     not started into tasks (the killers handed over first), spawned as
//     the simulator spawns them, so that a thief takes the last (least
//     promising) and the node's worker the next in move order. With
//     nobody stealing a test therefore costs a call, not a spawn, and a
//     worker alone searches exactly as the serial Scout does (Fig. 1: on
//     one processor Jamboree's tests are Scout's). Tests of leaves (a
//     static evaluation each) are never promotable; tests at the grain
//     (serial Scout searches) are. sched/doc.go says what the pool's
//     promoted DAG means for C.
func (e *jamEngine[T, P]) beginTests(c sched.Ctx, f *jamFrame[T], start, n int) {
	f.alpha.Store(f.node.alpha)
	e.ownKillers(c, f)
	e.local(c).tests += int64(n - start)
	e.prepare(c, f, start, n)
	promotable := !e.isLeaf(f.node.ply+1, f.node.depth-1)
	f.rng = c.Self().LatentRange(f.node.ply+1, f.test, start, n, !e.levels, promotable, f.handover)
}

// nextTest takes in the next test to finish, j (WaitAny over the tests in
// move order: sched.Task.WaitNext), and reports whether it finished
// unaborted: on the simulator the finished test of least index not yet
// taken; on the pool the next latent test in move order, run here (work
// first), or once a steal request has promoted every test left, the first
// promoted one to finish.
func (e *jamEngine[T, P]) nextTest(c sched.Ctx, f *jamFrame[T]) (int, bool) {
	j, _ := c.Self().WaitNext(f.rng)
	return j, f.kids[j].ok && !f.rng.Aborted(j)
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
// processor yields) comes first, then the child is played into the
// processor's scratch position (scratch) and evaluated, with no yield in
// between. Time and values are leaf's.
func (e *jamEngine[T, P]) testLeaf(c sched.Ctx, f *jamFrame[T], i int, aT game.Value) {
	k := &f.kids[i]
	k.alpha = aT
	if c.Aborted() {
		k.val, k.ok, k.nodes, k.horizon = 0, false, 0, 0
		return
	}
	chargeLastLeafNode(c) // the test ends after the evaluation
	g := e.scratch(c)
	P(&f.pos).Play(f.moves[i], g)
	v, h := game.Value(0), uint32(0)
	if !P(g).Draw() {
		v, h = P(g).Eval(), 1
	}
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

// settle ends a node's parallel loop: it aborts the tests still running
// and waits for them, classifies every child's work not yet classified
// (StarTech §4: cutoff work right of the cut, aborted, failed — a failed
// test never re-searched because the node failed high first — or useful)
// and hands back the tests' range. A latent test never started has no
// task and no work.
func (e *jamEngine[T, P]) settle(c sched.Ctx, f *jamFrame[T], start, n, cut int, rec *workRec) {
	self := c.Self()
	self.AbortRest(f.rng)
	self.WaitRange(f.rng)
	typ := f.node.typ
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
	self.ReleaseRange(f.rng)
	f.rng = nil
	e.releaseKids(c, f)
}
