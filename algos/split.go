package algos

import "splitpoint/game"

// Interrupter is a parallel search's side of a Searcher's interruptible
// plies (the serial loop a steal request can interrupt; Searcher.Interruptible; Jamboree's inline nodes,
// jamboree_inline.go, and YBWC's, ybwc_latent.go): the serial Scout asks
// it, before each child after the first at those plies, whether a thief
// wants work (Wanted); if so, Split may turn the remaining children of one
// of the nodes on the path into latent children of the parallel search.
// Such a node, when its loop comes back to its next child, hands the rest
// of its search to Join; a node left otherwise (a fail high of the child
// that was running, or a stop) first calls Drop.
type Interrupter interface {
	// Wanted reports that a thief asks for work that no latent source
	// of the worker can give (sched.Task.Wanted).
	Wanted() bool
	// Split splits, of the nodes at plies lo…q on the path (q the one
	// asking), the shallowest whose loop has children not yet started
	// (loops[p].next…n−1) and is not split yet, marking it split.
	Split(lo, q int)
	// Join searches the children start…n−1 of the split node at as the
	// parallel search does (at: the node's ply, depth, type and window
	// with the α its loop reached), from the node's value b and best move
	// so far, and returns its value and best move (and the node's
	// variation in pv[at.ply]); ok is false when the search was aborted.
	Join(at window, start, n int, b game.Value, best game.Move) (game.Value, game.Move, bool)
	// Drop ends the split node at ply without its remaining children: cut
	// when the node failed high, else stopped. Its running tests are
	// aborted and waited for.
	Drop(ply int, cut bool)
}

// loopState is a Scout loop's progress at an interruptible ply, for
// Split: children next…n−1 have not started, α is the node's as child
// next is to start; n is 0 while the first child is searched (nothing to
// split yet). split says that Split split the node.
type loopState struct {
	next, n int32
	alpha   game.Value
	split   bool
}

// inlineRegion is a Searcher's interruptible plies lo…hi−1 (hi 0: none)
// and the parallel search they answer to.
type inlineRegion struct {
	lo, hi int
	to     Interrupter
}

// Interruptible makes the Scout nodes at plies lo…hi−1 interruptible by
// to (hi ≤ lo: none): every node on the path there may be split while a
// deeper one is searched, not only the node asking.
func (s *Searcher[T, P]) Interruptible(lo, hi int, to Interrupter) {
	s.inl = inlineRegion{lo: lo, hi: max(hi, 0), to: to}
	if hi <= lo {
		s.inl = inlineRegion{}
	}
}

// loopAt returns the loop state of the node at an interruptible ply.
func (s *Searcher[T, P]) loopAt(ply int) *loopState { return &s.loops[ply] }

// stopAt is Scout's return value when the search stops in the loop of the
// node at ply: a split node's tests are dropped first.
func (s *Searcher[T, P]) stopAt(ply int) game.Value {
	if ply < s.inl.hi && s.loops[ply].split {
		s.inl.to.Drop(ply, false)
	}
	return 0
}
