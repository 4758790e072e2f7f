package algos

import "splitpoint/game"

// Splitter is asked, at each child boundary of a Searcher's split ply,
// whether the loop there should stop and hand its remaining children to a
// parallel search (a Jamboree or YBWC worker: a thief asked for work
// that no latent source could give; sched.Task.Wanted).
type Splitter interface {
	Split() bool
}

// splitPoint is a Searcher's one interruptible ply (issue #15, point 2:
// the serial loop a steal request can interrupt). When ply is not −1, the
// Scout node at that ply asks before each of its children after the
// first (S8); when told to, it stops there and leaves its loop's state
// here: at is the index of the next child (0: the node did not stop),
// n the node's move count, alpha, b and best its window's lower end, its
// value so far and the move that gave it. The moves in search order so far
// are Stack.Moves[ply][:at], the rest follow (scored by scores[ply] when
// scored[ply]), and pv[ply] holds the variation of best when b > α0.
// Scout then returns without finish: the node is the caller's to finish.
type splitPoint struct {
	ply      int
	to       Splitter
	at, n    int
	alpha, b game.Value
	best     game.Move
}

// stop records the loop's state as it stops before child i.
func (sp *splitPoint) stop(i, n int, alpha, b game.Value, best game.Move) {
	sp.at, sp.n, sp.alpha, sp.b, sp.best = i, n, alpha, b, best
}

// SplitAt makes Scout's node at ply interruptible by to (ply −1: none) and
// clears the record of the last stop.
func (s *Searcher[T, P]) SplitAt(ply int, to Splitter) {
	s.split = splitPoint{ply: ply, to: to}
}
