package checkers

import (
	"fmt"
	"strconv"
	"strings"

	"splitpoint/game"
)

// pathSquares appends to dst the squares (1–32) m visits: its origin and
// every landing square. ok is false when m is not a well-formed move (a
// step off the board, no step, or a quiet move of more than one step).
func pathSquares(m game.Move, dst []int) (sq []int, ok bool) {
	from, dirs, n := moveSteps(m)
	capture := m&captureFlag != 0
	if n < 1 || n > maxJumps || (!capture && n != 1) || uint32(m)>>31 != 0 {
		return dst, false
	}
	dst = append(dst, from+1)
	s := from
	for i := 0; i < n; i++ {
		d := dirs >> (2 * i) & 3
		var t int8
		if capture {
			t = landing[d][s]
		} else {
			t = neighbour[d][s]
		}
		if t < 0 {
			return dst, false
		}
		s = int(t)
		dst = append(dst, s+1)
	}
	return dst, true
}

// MoveString writes m in the standard 1–32 notation: "11-15" for a quiet
// move, "22x15" for a capture, and for a multi-jump its origin and
// destination ("22x6") unless another legal capture of the position has the
// same origin and destination: then every landing square ("22x15x6") so that
// ParseMove reads back exactly m. A malformed move is written "invalid(0x…)".
func (p *Position) MoveString(m game.Move) string {
	var arr [maxJumps + 1]int
	sq, ok := pathSquares(m, arr[:0])
	if !ok {
		return fmt.Sprintf("invalid(%#x)", uint32(m))
	}
	if m&captureFlag == 0 {
		return strconv.Itoa(sq[0]) + "-" + strconv.Itoa(sq[1])
	}
	full := len(sq) > 2 && p.ambiguous(m, sq[0], sq[len(sq)-1])
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(sq[0]))
	for i := 1; i < len(sq); i++ {
		if full || i == len(sq)-1 {
			sb.WriteByte('x')
			sb.WriteString(strconv.Itoa(sq[i]))
		}
	}
	return sb.String()
}

// ambiguous reports whether a legal move other than m goes from square
// from to square to.
func (p *Position) ambiguous(m game.Move, from, to int) bool {
	var buf [game.MaxMoves]game.Move
	var arr [maxJumps + 1]int
	n := p.Moves(buf[:])
	for _, o := range buf[:n] {
		if o == m {
			continue
		}
		sq, ok := pathSquares(o, arr[:0])
		if ok && sq[0] == from && sq[len(sq)-1] == to {
			return true
		}
	}
	return false
}

// ParseMove reads a move in the standard notation: squares 1–32 separated by
// '-' or 'x' ("11-15", "22x15", "22x15x6"); the separator is not checked
// against the kind of move. The first square is the origin and the last the
// destination; squares between are landing squares of a multi-jump, which
// may be left out. A legal move whose full path is exactly the given squares
// wins; otherwise the legal moves that start and end there and pass through
// the given squares in order match. When several match and they all capture
// the same pieces (the same origin, destination and captured set: a king
// going round a loop either way) the first in generation order is taken;
// otherwise the move is ambiguous and the error lists the full paths.
func (p *Position) ParseMove(s string) (game.Move, error) {
	t := strings.TrimSpace(s)
	parts := strings.FieldsFunc(t, func(r rune) bool { return r == '-' || r == 'x' || r == 'X' })
	if len(parts) < 2 || len(parts) > maxJumps+1 ||
		strings.Count(t, "-")+strings.Count(t, "x")+strings.Count(t, "X") != len(parts)-1 {
		return game.NoMove, fmt.Errorf("checkers: move %q: want squares joined by '-' or 'x', like 11-15 or 22x15x6", s)
	}
	var want [maxJumps + 1]int
	for i, f := range parts {
		n, err := parseSquare(strings.TrimSpace(f))
		if err != nil {
			return game.NoMove, fmt.Errorf("checkers: move %q: %v", s, err)
		}
		want[i] = n
	}
	w := want[:len(parts)]

	var buf [game.MaxMoves]game.Move
	var arr [maxJumps + 1]int
	n := p.Moves(buf[:])
	var matches []game.Move
	for _, m := range buf[:n] {
		sq, ok := pathSquares(m, arr[:0])
		if ok && equalInts(sq, w) {
			return m, nil
		}
		if ok && sq[0] == w[0] && sq[len(sq)-1] == w[len(w)-1] && subsequence(w[1:len(w)-1], sq[1:len(sq)-1]) {
			matches = append(matches, m)
		}
	}
	switch len(matches) {
	case 0:
		legal := make([]string, n)
		for i, m := range buf[:n] {
			legal[i] = p.MoveString(m)
		}
		return game.NoMove, fmt.Errorf("checkers: move %q is not legal for %s in %s (legal: %s)",
			s, p.SideToMove(), p.FEN(), strings.Join(legal, " "))
	case 1:
		return matches[0], nil
	}
	to0, cap0 := p.jumpResult(matches[0])
	same := true
	for _, m := range matches[1:] {
		to, c := p.jumpResult(m)
		same = same && to == to0 && c == cap0
	}
	if same {
		return matches[0], nil
	}
	paths := make([]string, len(matches))
	for i, m := range matches {
		sq, _ := pathSquares(m, arr[:0])
		strs := make([]string, len(sq))
		for j, v := range sq {
			strs[j] = strconv.Itoa(v)
		}
		paths[i] = strings.Join(strs, "x")
	}
	return game.NoMove, fmt.Errorf("checkers: move %q is ambiguous: %s", s, strings.Join(paths, ", "))
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// subsequence reports whether a appears in b in order (not necessarily
// contiguously).
func subsequence(a, b []int) bool {
	i := 0
	for _, v := range b {
		if i < len(a) && a[i] == v {
			i++
		}
	}
	return i == len(a)
}
