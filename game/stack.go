package game

// Stack is the per-search arena of positions and move lists, indexed by ply,
// so that a search never allocates per node. A parallel search gives each
// task (or each worker) a Stack of its own: with copy-make, a stolen subtree
// only needs its root position copied into the thief's Stack.
type Stack[T any] struct {
	Pos   []T
	Moves [][MaxMoves]Move
}

// NewStack returns a Stack for searches of at most plies plies below the
// root (Pos[0] is the root).
func NewStack[T any](plies int) *Stack[T] {
	if plies < 1 || plies > MaxPly {
		panic("game: NewStack plies out of range")
	}
	return &Stack[T]{Pos: make([]T, plies+1), Moves: make([][MaxMoves]Move, plies+1)}
}

// Perft counts the leaf nodes of the legal move tree of depth depth below
// root, with bulk counting: at depth 1 it counts the moves instead of
// playing them. Perft(root, 0) is 1.
func Perft[T any, P Position[T]](s *Stack[T], depth int) uint64 {
	return perft[T, P](s, 0, depth)
}

func perft[T any, P Position[T]](s *Stack[T], ply, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	pos := P(&s.Pos[ply])
	buf := s.Moves[ply][:]
	n := pos.Moves(buf)
	if depth == 1 {
		return uint64(n)
	}
	var total uint64
	for _, m := range buf[:n] {
		pos.Play(m, &s.Pos[ply+1])
		total += perft[T, P](s, ply+1, depth-1)
	}
	return total
}

// Divided is one root move's share of a perft count.
type Divided struct {
	Move  Move
	Nodes uint64
}

// Divide is Perft split by root move, in move order.
func Divide[T any, P Position[T]](s *Stack[T], depth int) []Divided {
	if depth < 1 {
		return nil
	}
	pos := P(&s.Pos[0])
	buf := s.Moves[0][:]
	n := pos.Moves(buf)
	out := make([]Divided, n)
	for i, m := range buf[:n] {
		pos.Play(m, &s.Pos[1])
		out[i] = Divided{m, perft[T, P](s, 1, depth-1)}
	}
	return out
}
