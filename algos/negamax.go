package algos

import (
	"splitpoint/game"
)

// AlgoNegamax names full-width negamax.
const AlgoNegamax = "negamax"

// Negamax is the full-width negamax search of *Socrates (Joerg & Kuszmaul
// 1994, Fig. 1): every child is searched and the value is the maximum of
// the negated child values. It uses no table and no pruning; it is the
// reference every other algorithm must agree with. Moves are searched in
// the order of the ordering options (the value does not depend on it).
func (s *Searcher[T, P]) Negamax(ply, depth int) game.Value {
	v, n, done := s.enter(ply, depth, -game.Inf, game.Inf, false)
	if done {
		return v
	}
	pos := P(&s.Stack.Pos[ply])
	child := &s.Stack.Pos[ply+1]
	b, best, bestIdx := -game.Inf, game.NoMove, 0
	for i := range n {
		m := s.pick(ply, i, n)
		pos.Play(m, child)
		s.ntype[ply+1] = s.ntype[ply].Child(i)
		v := -s.Negamax(ply+1, depth-1)
		if s.stopped {
			return 0
		}
		if v > b {
			b, best, bestIdx = v, m, i
			s.updatePV(ply, m)
		}
	}
	s.finish(window{ply: ply, depth: depth, alpha: -game.Inf, beta: game.Inf}, outcome{n, n, bestIdx, best, b}, false)
	return b
}
