package algos

import (
	"splitpoint/game"
	"splitpoint/metrics"
)

// AlgoMTDF names MTD(f).
const AlgoMTDF = "mtdf"

// MTDF is MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996, "Best-first
// fixed-depth minimax algorithms", Fig. 4) at the root: a sequence of
// null-window fail-soft alpha-beta searches (AlphaBeta with β−1, β) that
// narrow [lower, upper] around the value, starting from guess, each pass
// re-using the previous passes through the transposition table. Without a
// table it is still correct but re-searches the tree from scratch in every
// pass; NewSearcher gives mtdf a private table when the options have none.
// The root move is the one of the last pass that failed high (the pass
// that proved the final lower bound).
func (s *Searcher[T, P]) MTDF(depth int, guess game.Value) game.Value {
	g := guess
	lower, upper := -game.Inf, game.Inf
	move, moveValue := game.NoMove, -game.Inf
	for lower < upper {
		beta := g
		if g == lower {
			beta = g + 1
		}
		s.ntype[0] = metrics.PV
		g = s.AlphaBeta(0, depth, beta-1, beta)
		if s.stopped {
			return 0
		}
		if g < beta {
			upper = g
		} else {
			lower = g
			move, moveValue = s.rootMove, g
		}
	}
	if move != game.NoMove {
		s.rootMove, s.rootValue = move, moveValue
	}
	return g
}

// pvFromTT follows the table's best moves from the root for at most depth
// plies, stopping at a move that is not legal (a collision), a repeated
// key or a missing entry. It needs no search state and may allocate (it
// runs once per iteration).
func (s *Searcher[T, P]) pvFromTT(first game.Move, depth int) []game.Move {
	pv := []game.Move{first}
	if s.TT == nil || first == game.NoMove {
		return pv
	}
	seen := map[uint64]bool{P(&s.Stack.Pos[0]).Hash(): true}
	ply := 0
	m := first
	for ply+1 < depth && ply+1 < game.MaxPly-1 {
		pos := P(&s.Stack.Pos[ply])
		pos.Play(m, &s.Stack.Pos[ply+1])
		ply++
		next := P(&s.Stack.Pos[ply])
		k := next.Hash()
		if seen[k] {
			break
		}
		seen[k] = true
		e, ok := s.TT.Probe(k, ply)
		if !ok || e.Move == game.NoMove {
			break
		}
		n := next.Moves(s.Stack.Moves[ply][:])
		legal := false
		for _, x := range s.Stack.Moves[ply][:n] {
			legal = legal || x == e.Move
		}
		if !legal {
			break
		}
		m = e.Move
		pv = append(pv, m)
	}
	return pv
}
