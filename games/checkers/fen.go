package checkers

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// ParseFEN reads a position in PDN FEN: the side to move (B or W), then the
// White and the Black piece lists in either order, separated by colons, for
// example "B:W21,22,K30:B1,2,K5". A K before a square (or a range) makes
// kings; ranges like 1-12 are allowed; a trailing '.' and surrounding blanks
// are ignored; letters may be lower case. Each side has at most 12 pieces,
// no square is listed twice, and no man stands on its crowning row. The
// position has no history (Draw sees no repetition before it).
func ParseFEN(s string) (*Position, error) {
	fail := func(format string, args ...any) (*Position, error) {
		return nil, fmt.Errorf("checkers: FEN %q: %s", s, fmt.Sprintf(format, args...))
	}
	t := strings.TrimSpace(s)
	t = strings.TrimSuffix(t, ".")
	fields := strings.Split(t, ":")
	if len(fields) != 3 {
		return fail("want 3 colon-separated fields (side:W…:B…), have %d", len(fields))
	}
	p := &Position{}
	switch strings.TrimSpace(fields[0]) {
	case "B", "b":
		p.side = black
	case "W", "w":
		p.side = white
	default:
		return fail("bad side to move %q (want B or W)", strings.TrimSpace(fields[0]))
	}
	var seen [2]bool
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		if f == "" {
			return fail("empty piece list (want W… or B…)")
		}
		var c int
		switch f[0] {
		case 'W', 'w':
			c = white
		case 'B', 'b':
			c = black
		default:
			return fail("piece list %q does not start with W or B", f)
		}
		if seen[c] {
			return fail("two piece lists for %s", colourName(c))
		}
		seen[c] = true
		if err := p.addPieces(c, f[1:]); err != nil {
			return fail("%v", err)
		}
	}
	for c := 0; c < 2; c++ {
		if n := bits.OnesCount32(p.pieces[c]); n > 12 {
			return fail("too many pieces for %s (%d, at most 12)", colourName(c), n)
		}
		if men := p.pieces[c] &^ p.kings & crownRow[c]; men != 0 {
			return fail("%s man on its crowning row (square %d)", colourName(c), bits.TrailingZeros32(men)+1)
		}
	}
	p.hash = p.computeHash()
	return p, nil
}

func colourName(c int) string {
	if c == black {
		return "black"
	}
	return "white"
}

// addPieces adds the comma-separated squares and ranges of list for colour c.
func (p *Position) addPieces(c int, list string) error {
	if strings.TrimSpace(list) == "" {
		return nil
	}
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		king := false
		if item != "" && (item[0] == 'K' || item[0] == 'k') {
			king = true
			item = strings.TrimSpace(item[1:])
		}
		if item == "" {
			return errors.New("empty square in a piece list")
		}
		lo, hi := item, item
		if i := strings.IndexByte(item, '-'); i >= 0 {
			lo, hi = strings.TrimSpace(item[:i]), strings.TrimSpace(item[i+1:])
		}
		a, err := parseSquare(lo)
		if err != nil {
			return err
		}
		b, err := parseSquare(hi)
		if err != nil {
			return err
		}
		if a > b {
			return fmt.Errorf("bad range %q", item)
		}
		for sq := a; sq <= b; sq++ {
			bit := uint32(1) << (sq - 1)
			if (p.pieces[black]|p.pieces[white])&bit != 0 {
				return fmt.Errorf("square %d listed twice", sq)
			}
			p.pieces[c] |= bit
			if king {
				p.kings |= bit
			}
		}
	}
	return nil
}

// parseSquare reads a square number 1–32.
func parseSquare(s string) (int, error) {
	if s == "" || len(s) > 2 {
		return 0, fmt.Errorf("bad square number %q (want 1-32)", s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("bad square number %q (want 1-32)", s)
		}
	}
	n, _ := strconv.Atoi(s)
	if n < 1 || n > 32 {
		return 0, fmt.Errorf("bad square number %q (want 1-32)", s)
	}
	return n, nil
}

// FEN writes the position in PDN FEN, White's list first as in the ballot
// files, squares in increasing order, kings marked K, no ranges:
// "B:W21,22,K30:B1,2,K5".
func (p *Position) FEN() string {
	var sb strings.Builder
	if p.side == black {
		sb.WriteString("B")
	} else {
		sb.WriteString("W")
	}
	for _, c := range [2]int{white, black} {
		sb.WriteString(":")
		if c == white {
			sb.WriteByte('W')
		} else {
			sb.WriteByte('B')
		}
		first := true
		for b := p.pieces[c]; b != 0; b &= b - 1 {
			s := bits.TrailingZeros32(b)
			if !first {
				sb.WriteByte(',')
			}
			first = false
			if p.kings&(1<<s) != 0 {
				sb.WriteByte('K')
			}
			sb.WriteString(strconv.Itoa(s + 1))
		}
	}
	return sb.String()
}
