package algos

import (
	"math"
	"sync/atomic"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
)

// Jamboree's node frames: a node's scratch (jamFrame), the state its steps
// of StarTech Fig. 2 share (jamNode: its window, best value and move; lines
// J1–J20, StarTech §2, 000:L130–L169) and one iteration of its parallel loop (jamKid,
// J7–J18, StarTech §2, 000:L142–L165).

// jamFrame is one Jamboree node's scratch: its position, its ordered moves,
// its children's state and its principal variation. Frames come from a
// per-processor free list, so the parallel part allocates only the
// runtime's tasks and one closure per spawned test.
type jamFrame[T any] struct {
	// The fields a test reads of its node's frame (its α, place, move
	// and kid, and whether there are killers to inherit) and those the
	// node's loop reads as it takes a finished test (the kid, the range,
	// the best value and move, β) lie in the three lines after the
	// position (TestJamFrameLines); a chess frame takes 768 bytes, a size
	// class that starts every frame on a line.
	pos T
	// moves, scores and pv grow to what the nodes the frame served needed
	// (genMoves, order, pvRoom), not to game.MaxMoves and game.MaxPly:
	// with fixed arrays a frame would be 3.7 KB, and at P = inf on BK.01
	// at depth 5 the 184,000 frames in flight would be half the heap.
	moves []game.Move
	// alpha is the node's current α, shared with its running tests:
	// Fig. 2's α is one variable of the node that every iteration of the
	// parallel loop reads when it starts its test (J8) and the re-searches
	// raise (J16). A test that starts after a re-search raised α tests
	// against the new one, so on one processor Jamboree tests exactly as
	// the serial Scout does.
	alpha  atomic.Int32
	scored bool
	// node is the node's search in progress. Its tests read its ply,
	// depth and type, set before they are spawned; the rest is its
	// owner's alone.
	node jamNode
	// kids is the state of the node's parallel loop, one per child,
	// borrowed from the engine (kidBuf) for the loop only: a frame
	// searching its first child, or waiting for it, holds none. sorted
	// grows to the widest node the frame served.
	kids []jamKid
	// rng is the tests' range (sched.Task.LatentRange): on the simulator
	// every test spawned, on the pool latent tests.
	rng  *sched.TaskRange
	kbuf *kidBuf
	// kh hands the owner's killers to the tests other processors start
	// (killers.go).
	kh killerHandover
	// stale is restartStale's scratch: the tests it interrupts.
	stale []*sched.Task
	// test runs the test of child i (J8) as a task, and handover hands the
	// owner's killers over before the pool's latent tests are promoted
	// (kh.take); both made once per frame, so that a node allocates no
	// closure.
	test     func(c sched.Ctx, i int) any
	handover func()
	// scores are the moves' ordering scores (when scored): order puts the
	// best move first, sortRest the others after the first child.
	scores []int32
	sorted []scoredMove
	pvLen  int
	pv     []game.Move
}

// jamNode is the state of a node's search that the steps of Fig. 2 share
// (the first child, jamRest, the parallel loops, the re-searches, a
// variant's own step, the table store): where the node is, its window
// and the best value and move so far, set as the node is entered. The node's work record is not in it but passed along:
// it is the caller's (often on the caller's stack), and a pointer to it
// kept in a frame would move every such record to the heap.
type jamNode struct {
	// window is where the node is (ply, depth, type) and its window; its
	// alpha is the node's α as its owner has raised it (J5, J16), the
	// frame's atomic alpha the copy its running tests read (J8). Tests
	// read only its ply, depth and type, which do not change while they
	// run: they never copy the whole window.
	window
	key    uint64     // the position's hash (the table store)
	alpha0 game.Value // α as the node was entered (the table store, serializeSecond)
	b      game.Value // the best value so far (J9, J17)
	best   game.Move  // its move
	h0     int64      // the work record's horizon count when the node began
	// prelim is the value of the node's recursive iterative deepening
	// search (or its table bound), when havePrelim (serializeSecond).
	prelim     game.Value
	havePrelim bool
}

// jamKid is the state of one iteration of the parallel loop (Fig. 2, J7).
//
// The test's work record is kept in two parts: its nodes and horizon
// count, which every classification folds, and, only when its subtree
// has some, its split of failed, cutoff and aborted work (more, from the
// engine's list), which only a useful test's fold reads; the test's task
// is the range's (jamFrame.rng). A kid is then 32 bytes rather than 136: at P = 65,536 on Kaufman #1 at depth 4
// some 660,000 kids are in flight at once, the largest part of the heap.
type jamKid struct {
	val        game.Value // the test's value, from the parent's side
	alpha      game.Value // the α the test ran with
	ok         bool       // the test finished without being aborted
	state      uint8
	classified bool
	// started is set by the test as it starts, before it reads the
	// node's α: a running test that started before α rose is the one
	// the restart variant interrupts (restartStale).
	started atomic.Bool
	// nodes and horizon are the test's workRec counts (see above), when
	// they fit in 32 bits; more holds them when they do not.
	nodes, horizon uint32
	more           *workRec
}

const (
	kidRunning uint8 = iota // test spawned, not yet seen finished
	kidFailed               // test came back above α: to be re-searched (J11)
	kidDone                 // iteration complete (J18)
)

// keep stores r, the record of the kid's finished test, its split (if
// any) in a record from l, the engine's list.
func (k *jamKid) keep(c sched.Ctx, l *sched.FreeList[workRec], r *workRec) {
	if k.fits(r) {
		return
	}
	k.more = l.Get(c)
	*k.more = *r
}

// fits keeps r's counts in the kid and reports whether that is all of r:
// no split, and counts of 32 bits.
func (k *jamKid) fits(r *workRec) bool {
	k.nodes, k.horizon = uint32(r.nodes), uint32(r.horizon)
	return r.failed == ([4]int64{}) && r.cutoff == ([4]int64{}) && r.aborted == ([4]int64{}) &&
		uint64(r.nodes) <= math.MaxUint32 && uint64(r.horizon) <= math.MaxUint32
}

// keepOwn is keep for r from the engine's list: the kid keeps r as its
// split, or gives it back when there is none.
func (k *jamKid) keepOwn(c sched.Ctx, l *sched.FreeList[workRec], r *workRec) {
	if k.fits(r) {
		l.Put(c, r)
		return
	}
	k.more = r
}

// fold adds the kid's record to r as work of kind w on a child of type t
// (workRec.add) and empties it, its split going back to l, the engine's
// list. A kid without a split adds its counts alone, as its record would.
func (k *jamKid) fold(c sched.Ctx, l *sched.FreeList[workRec], r *workRec, w workKind, t metrics.NodeType) {
	if m := k.more; m != nil {
		r.add(m, w, t)
		l.Put(c, m)
		k.more = nil
	} else {
		r.addCounts(int64(k.nodes), int64(k.horizon), w, t)
	}
	k.nodes, k.horizon = 0, 0
}

// kidBuf is what a frame borrows for one parallel loop: its kids, of a
// length that is a multiple of kidClass.
type kidBuf struct {
	k []jamKid
}

// kidClass is the step of the kids' lengths: a loop over n children
// borrows a slice of n rounded up to it, from the engine's list of that
// length (jamEngine.kidLists).
const kidClass = 8

// kidClasses is the number of kids' lengths: up to game.MaxMoves.
const kidClasses = (game.MaxMoves + kidClass - 1) / kidClass

// prepare readies the frame for children start…n−1: their records,
// zeroed, borrowed from the engine's lists (releaseKids gives them back).
//
// They are borrowed per loop, not kept in the frame: a frame holds them
// only while its tests run. At P = inf on BK.01 at depth 5 kids and
// tasks' room kept in the frames (each for the widest node the frame had
// served) were 160 MB, a fifth of the heap.
func (e *jamEngine[T, P]) prepare(c sched.Ctx, f *jamFrame[T], start, n int) {
	if f.kbuf != nil && len(f.kbuf.k) < n {
		e.releaseKids(c, f)
	}
	if f.kbuf == nil {
		f.kbuf = e.kidLists[(n-1)/kidClass].Get(c)
	}
	f.kids = f.kbuf.k[:n]
	for i := start; i < n; i++ {
		f.kids[i] = jamKid{}
	}
}

// newKidLists makes the engine's lists of kids, one per length.
func (e *jamEngine[T, P]) newKidLists(c sched.Ctx) {
	for cl := range e.kidLists {
		e.kidLists[cl] = sched.NewScratchList(c, func() *kidBuf {
			return &kidBuf{k: make([]jamKid, (cl+1)*kidClass)}
		})
	}
}

// releaseKids gives the frame's kids back to the engine's list, once
// every test of its loop has finished (settle).
func (e *jamEngine[T, P]) releaseKids(c sched.Ctx, f *jamFrame[T]) {
	if f.kbuf == nil {
		return
	}
	e.kidLists[(len(f.kbuf.k)-1)/kidClass].Put(c, f.kbuf)
	f.kbuf, f.kids = nil, nil
}

// genMoves generates the legal moves of pos into f.moves through buf, the
// processor's game.MaxMoves scratch (nothing yields in between, so on the
// simulator one buffer serves every processor), and returns their number.
func (f *jamFrame[T]) genMoves(pos interface{ Moves([]game.Move) int }, buf *[game.MaxMoves]game.Move) int {
	n := pos.Moves(buf[:])
	if cap(f.moves) < n {
		f.moves = make([]game.Move, n)
	}
	f.moves = f.moves[:n]
	copy(f.moves, buf[:n])
	return n
}

// pvRoom makes f.pv hold at least n moves (at most game.MaxPly).
func (f *jamFrame[T]) pvRoom(n int) {
	n = min(n, game.MaxPly)
	if len(f.pv) < n {
		f.pv = make([]game.Move, max(n, 8))
	}
}

// setPV makes m followed by g's principal variation f's (g nil: a leaf).
func (f *jamFrame[T]) setPV(m game.Move, g *jamFrame[T]) {
	k := 0
	if g != nil {
		k = min(g.pvLen, game.MaxPly-1)
	}
	f.pvRoom(1 + k)
	f.pv[0] = m
	if g != nil {
		copy(f.pv[1:1+k], g.pv[:k])
	}
	f.pvLen = 1 + k
}

// setPVMove makes the one move m f's principal variation.
func (f *jamFrame[T]) setPVMove(m game.Move) {
	f.pvRoom(1)
	f.pv[0], f.pvLen = m, 1
}
