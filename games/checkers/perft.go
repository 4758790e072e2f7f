package checkers

import "splitpoint/game"

// Perft counts the leaves of the legal move tree depth plies below p,
// counting every capture path as a separate move (as Aart Bik's figures
// do), with bulk counting at the last ply. Perft(p, 0) is 1; a negative
// depth counts as 0. It calls the methods directly (no generic
// dictionary), so it is the fast path of the benchmarks; game.Perft gives
// the same counts.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	s := newPerftStack(p, depth)
	return s.perft(0, depth, false)
}

// PerftUnique is Perft with duplicate captures removed: of several capture
// paths with the same origin, destination and captured set (only a king
// going round a loop can make them) one is counted and played.
func PerftUnique(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	s := newPerftStack(p, depth)
	return s.perft(0, depth, true)
}

type perftStack struct {
	pos   []Position
	moves [][game.MaxMoves]game.Move
}

func newPerftStack(p *Position, depth int) *perftStack {
	s := &perftStack{pos: make([]Position, depth+1), moves: make([][game.MaxMoves]game.Move, depth+1)}
	s.pos[0] = *p
	return s
}

func (s *perftStack) perft(ply, depth int, unique bool) uint64 {
	pos := &s.pos[ply]
	buf := s.moves[ply][:]
	n := pos.Moves(buf)
	if unique && n > 1 && buf[0]&captureFlag != 0 {
		n = pos.dedupe(buf[:n])
	}
	if depth == 1 {
		return uint64(n)
	}
	var total uint64
	next := &s.pos[ply+1]
	for _, m := range buf[:n] {
		pos.Play(m, next)
		total += s.perft(ply+1, depth-1, unique)
	}
	return total
}

// dedupe removes from the captures ms those with the same origin,
// destination and captured set as an earlier one, keeping the order, and
// returns how many remain. A duplicate needs a loop, so at least four jumps
// by a king.
func (p *Position) dedupe(ms []game.Move) int {
	n := 0
	for _, m := range ms {
		dup := false
		if _, _, k := moveSteps(m); k >= 4 && p.kings&(1<<(m&fromBits)) != 0 {
			to, c := p.jumpResult(m)
			for _, o := range ms[:n] {
				if o&fromBits != m&fromBits {
					continue
				}
				if _, _, ko := moveSteps(o); ko != k {
					continue
				}
				if t2, c2 := p.jumpResult(o); t2 == to && c2 == c {
					dup = true
					break
				}
			}
		}
		if !dup {
			ms[n] = m
			n++
		}
	}
	return n
}
