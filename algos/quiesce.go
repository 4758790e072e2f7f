package algos

import (
	"splitpoint/game"
)

// Quiesce searches the position at ply with captures only, from a node not
// yet counted (a parallel search's entry point; the main search reaches
// quiescence through its horizon nodes, which count as leaves).
func (s *Searcher[T, P]) Quiesce(ply int, alpha, beta game.Value) game.Value {
	s.Counters.QNodes++
	if s.visit(ply) {
		return 0
	}
	return s.qsearch(ply, alpha, beta)
}

// qsearch is fail-soft quiescence search of an already counted node. In
// chess the side to move may stand pat: Eval is a lower bound and only the
// moves of Captures (captures and promotions) are searched. With
// ForcedCaptures (checkers) a pending capture must be played, so there is no
// stand pat and the node's value is the best capture; a position without
// captures is quiet and Eval is its value. Either way the search stops at
// game.MaxPly.
func (s *Searcher[T, P]) qsearch(ply int, alpha, beta game.Value) game.Value {
	pos := P(&s.Stack.Pos[ply])
	if ply >= game.MaxPly-1 {
		return pos.Eval()
	}
	if ply+1 >= len(s.Stack.Pos) {
		return s.qsearchDeeper(ply, alpha, beta)
	}
	b := -game.Inf
	if !s.ForcedCaptures {
		b = pos.Eval() // stand pat
		if b >= beta {
			return b
		}
		if b > alpha {
			alpha = b
		}
	}
	n := pos.Captures(s.Stack.Moves[ply][:])
	s.Counters.Gens++
	if n == 0 {
		if s.ForcedCaptures {
			return pos.Eval()
		}
		return b
	}
	if s.ForcedCaptures {
		s.Counters.QCaptureNodes++
		s.Counters.QCaptureMoves += uint64(n)
	}
	s.orderCaptures(ply, n)
	child := &s.Stack.Pos[ply+1]
	for i := range n {
		m := s.pick(ply, i, n)
		pos.Play(m, child)
		s.Counters.QNodes++
		if s.visit(ply + 1) {
			return 0
		}
		v := -s.qsearch(ply+1, -beta, -alpha)
		if s.stopped {
			return 0
		}
		if v > b {
			b = v
		}
		if v >= beta {
			return v
		}
		if v > alpha {
			alpha = v
		}
	}
	return b
}

// qsearchDeeper is qsearch at the last ply of rows lent for fewer plies
// than quiescence may reach (searchPlies reserves qReserve plies, not the
// capture bound): it borrows rows reaching the position's capture bound
// from the lender, searches the node there and gives them back. The search
// is the same; only where its scratch rows live changes, so a serial
// search holds rows for the plies it is likely to reach and seldom more.
func (s *Searcher[T, P]) qsearchDeeper(ply int, alpha, beta game.Value) game.Value {
	pos := &s.Stack.Pos[ply]
	r := s.lender.lendDeeper(min(ply+game.CaptureBound(pos)+2, game.MaxPly))
	stack, scores, pv := s.Stack, s.scores, s.pv
	r.stack.Pos[ply] = *pos
	s.attachRows(r)
	v := s.qsearch(ply, alpha, beta)
	s.Stack, s.scores, s.pv = stack, scores, pv
	s.lender.returnDeeper(r)
	return v
}
