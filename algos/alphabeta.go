package algos

import (
	"splitpoint/game"
)

// AlgoAlphaBeta names fail-soft alpha-beta.
const AlgoAlphaBeta = "alphabeta"

// AlphaBeta is fail-soft alpha-beta, Procedure absearch of *Socrates
// (Joerg & Kuszmaul 1994, Fig. 3, after Fishburn): b starts at −∞ (A3);
// each child is searched with the window (−β, −α) (A5); a child value ≥ β
// returns at once (A6, fail high); a value > α raises α (A7) and a value
// > b raises b (A8). A value ≤ α is an upper bound of the node's value, a
// value ≥ β a lower bound. With a table, the node first probes it and
// stores its bounds at the end.
func (s *Searcher[T, P]) AlphaBeta(ply, depth int, alpha, beta game.Value) game.Value {
	v, n, done := s.enter(ply, depth, alpha, beta, true)
	if done {
		return v
	}
	alpha0 := alpha
	pos := P(&s.Stack.Pos[ply])
	child := &s.Stack.Pos[ply+1]
	b, best, bestIdx, searched := -game.Inf, game.NoMove, 0, 0 // A3
	for i := range n {                                         // A4
		m := s.pick(ply, i, n)
		pos.Play(m, child)
		s.ntype[ply+1] = s.ntype[ply].Child(i)
		v := -s.AlphaBeta(ply+1, depth-1, -beta, -alpha) // A5
		if s.stopped {
			return 0
		}
		searched++
		if v > b { // A8 (before A6 so that the cutoff move is the best)
			b, best, bestIdx = v, m, i
		}
		if v >= beta { // A6: fail high
			s.updatePV(ply, m)
			break
		}
		if v > alpha { // A7
			alpha = v
			s.updatePV(ply, m)
		}
	}
	s.finish(window{ply: ply, depth: depth, alpha: alpha0, beta: beta}, outcome{n, searched, bestIdx, best, b}, true)
	return b
}
