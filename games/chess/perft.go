package chess

import "splitpoint/game"

// Perft counts the leaf nodes of the legal move tree of depth depth below
// p, with bulk counting: a node at depth 1 counts its moves by popcount
// without writing them. Perft(p, 0) is 1.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	s := game.NewStack[Position](min(depth, game.MaxPly))
	s.Pos[0] = *p
	return perft(s, 0, depth)
}

func perft(s *game.Stack[Position], ply, depth int) uint64 {
	pos := &s.Pos[ply]
	if depth == 1 {
		return uint64(pos.CountMoves())
	}
	buf := s.Moves[ply][:]
	n := pos.Moves(buf)
	next := &s.Pos[ply+1]
	var total uint64
	if depth == 2 {
		for _, m := range buf[:n] {
			pos.Play(m, next)
			total += uint64(next.CountMoves())
		}
		return total
	}
	for _, m := range buf[:n] {
		pos.Play(m, next)
		total += perft(s, ply+1, depth-1)
	}
	return total
}

// Divided is one root move's share of a perft count.
type Divided = game.Divided

// Divide is Perft split by root move, in generation order.
func Divide(p *Position, depth int) []Divided {
	if depth < 1 {
		return nil
	}
	var buf [game.MaxMoves]game.Move
	n := p.Moves(buf[:])
	out := make([]Divided, n)
	var q Position
	for i, m := range buf[:n] {
		p.Play(m, &q)
		out[i] = Divided{Move: m, Nodes: Perft(&q, depth-1)}
	}
	return out
}
