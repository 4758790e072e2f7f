package algos

import (
	"cmp"
	"slices"

	"splitpoint/game"
)

// Move-ordering scores: the TT move first, then captures by MVV-LVA (Gain),
// then the two killers, then quiet moves by history. Ties keep the domain's
// generation order, so every ordering is deterministic.
const (
	scoreTT      = 1 << 30
	scoreCapture = 1 << 26
	gainClamp    = 1 << 23
	scoreKiller  = 1 << 22
)

// order scores the n moves at ply. When no heuristic gives any move a
// score the moves are searched in generation order and pick does nothing.
func (s *Searcher[T, P]) order(ply, n int, ttMove game.Move) {
	s.scored[ply] = false
	o := &s.Opt
	if !o.ordering() {
		return
	}
	pos := P(&s.Stack.Pos[ply])
	moves := s.Stack.Moves[ply][:n]
	sc := s.scores[ply][:n]
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	var hist *[historySize]int32
	if o.History {
		hist = &noHistory[ply&1]
		if s.history != nil {
			hist = &s.history[ply&1]
		}
	}
	any := false
	for i, m := range moves {
		var v int32
		switch {
		case o.TTMove && m == ttMove:
			v = scoreTT
		case pos.IsCapture(m):
			if o.MVVLVA {
				v = scoreCapture + min(max(pos.Gain(m), -gainClamp), gainClamp)
			}
		case o.Killers && m == k0:
			v = scoreKiller + 1
		case o.Killers && m == k1:
			v = scoreKiller
		case o.History:
			v = hist[historyIndex(m)]
		}
		sc[i] = v
		any = any || v != 0
	}
	s.scored[ply] = any
}

// orderCaptures scores the n quiescence moves at ply by MVV-LVA.
func (s *Searcher[T, P]) orderCaptures(ply, n int) {
	s.scored[ply] = false
	if !s.Opt.MVVLVA {
		return
	}
	pos := P(&s.Stack.Pos[ply])
	sc := s.scores[ply][:n]
	any := false
	for i, m := range s.Stack.Moves[ply][:n] {
		sc[i] = min(max(pos.Gain(m), -gainClamp), gainClamp)
		any = any || sc[i] != 0
	}
	s.scored[ply] = any
}

// pick returns the i-th move to search at ply: the best-scored of the moves
// not yet searched, the first of them on ties. It rotates that move to
// index i, keeping the others in order (a lazy stable selection sort: a
// cutoff early saves sorting the rest).
func (s *Searcher[T, P]) pick(ply, i, n int) game.Move {
	moves := &s.Stack.Moves[ply]
	if !s.scored[ply] {
		return moves[i]
	}
	sc := &s.scores[ply]
	j := i
	for k := i + 1; k < n; k++ {
		if sc[k] > sc[j] {
			j = k
		}
	}
	if j != i {
		m, v := moves[j], sc[j]
		copy(moves[i+1:j+1], moves[i:j])
		copy(sc[i+1:j+1], sc[i:j])
		moves[i], sc[i] = m, v
	}
	return moves[i]
}

// noHistory is the history table of a Searcher that has not credited any
// move yet and has none of its own (rowlessWorkerSearcher): all zeros,
// never written.
var noHistory [2][historySize]int32

// historyIndex hashes a move into the history table (moves are domain
// encoded 32-bit words; a multiplicative hash keeps it domain-neutral).
func historyIndex(m game.Move) uint32 { return (uint32(m) * 0x9E3779B1) >> 20 }

// bumpHistory credits a quiet move that caused a cutoff or was best with
// depth² (Schaeffer's history heuristic), halving the table at the cap.
func (s *Searcher[T, P]) bumpHistory(ply int, m game.Move, depth int) {
	if s.history == nil {
		s.history = new([2][historySize]int32) // a rowless worker's, on first use
	}
	h := &s.history[ply&1]
	i := historyIndex(m)
	h[i] += int32(depth * depth)
	if h[i] >= historyCap {
		for k := range h {
			h[k] /= 2
		}
	}
}

// scoredMove is a move and its ordering score, for sortRest.
type scoredMove struct {
	m game.Move
	s int32
}

// sortScored orders moves by their scores, best first, ties in their
// present order (a stable sort: the order the serial Scout's repeated pick
// gives), in O(n log n), with buf as scratch; scores are sorted along.
func sortScored(moves []game.Move, scores []int32, buf *[]scoredMove) {
	n := len(moves)
	if cap(*buf) < n {
		*buf = make([]scoredMove, n, max(n, 2*cap(*buf)))
	}
	b := (*buf)[:n]
	for i := range b {
		b[i] = scoredMove{moves[i], scores[i]}
	}
	slices.SortStableFunc(b, func(x, y scoredMove) int { return cmp.Compare(y.s, x.s) })
	for i, x := range b {
		moves[i], scores[i] = x.m, x.s
	}
}
