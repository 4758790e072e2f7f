package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the FEN of the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

const pieceLetters = "PNBRQK"

// Start returns the initial position.
func Start() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("chess: bad start FEN: " + err.Error())
	}
	return p
}

// ParseFEN reads a position in Forsyth-Edwards Notation. The halfmove clock
// and fullmove number may be left out (4-field, EPD style: they default to
// 0 and 1). Malformed or impossible input is an error naming the field and
// the problem: wrong field count, bad piece letters, ranks without 8
// squares, not exactly one king per side, the side not to move in check,
// pawns on the first or last rank, material no game can reach, bad castling
// letters, an impossible en passant square. A castling right whose king and
// rook are not at home, and an en passant square that no pawn can capture
// on, are accepted and dropped.
func ParseFEN(s string) (*Position, error) {
	fields := strings.Fields(s)
	if len(fields) < 4 || len(fields) > 6 {
		return nil, fmt.Errorf("chess: FEN has %d fields, want 4 to 6: %q", len(fields), s)
	}
	p := new(Position)
	if err := p.setFEN(fields); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *Position) setFEN(fields []string) error {
	p.state = state{}
	for i := range p.board {
		p.board[i] = noPiece
	}
	if err := p.setPlacement(fields[0]); err != nil {
		return err
	}
	if err := p.checkMaterial(); err != nil {
		return err
	}
	if err := p.setSide(fields[1]); err != nil {
		return err
	}
	if err := p.setCastling(fields[2]); err != nil {
		return err
	}
	if err := p.setEnPassant(fields[3]); err != nil {
		return err
	}
	if err := p.setClocks(fields[4:]); err != nil {
		return err
	}
	p.hash = p.computeHash()
	p.resetHistory()
	return nil
}

// setPlacement puts the pieces of FEN field 1, the placement, on the
// empty board.
func (p *Position) setPlacement(field string) error {
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("chess: FEN placement has %d ranks, want 8", len(ranks))
	}
	for i, rs := range ranks {
		r := 7 - i
		f := 0
		for _, ch := range rs {
			switch {
			case ch >= '1' && ch <= '8':
				f += int(ch - '0')
			case strings.ContainsRune(pieceLetters, ch) || strings.ContainsRune(strings.ToLower(pieceLetters), ch):
				if f >= 8 {
					return fmt.Errorf("chess: FEN rank %d has more than 8 squares", r+1)
				}
				c := White
				if ch >= 'a' {
					c = Black
				}
				pt := strings.IndexRune(pieceLetters, toUpper(ch))
				p.put(c, pt, r*8+f)
				f++
			default:
				return fmt.Errorf("chess: FEN rank %d: bad piece letter %q", r+1, ch)
			}
			if f > 8 {
				return fmt.Errorf("chess: FEN rank %d has more than 8 squares", r+1)
			}
		}
		if f != 8 {
			return fmt.Errorf("chess: FEN rank %d has %d squares, want 8", r+1, f)
		}
	}
	return nil
}

// checkMaterial checks that each side has one king, at most 8 pawns and
// no more pieces than its missing pawns could have promoted to, and that
// no pawn stands on the first or last rank.
func (p *Position) checkMaterial() error {
	for c, name := range [2]string{"white", "black"} {
		if k := popcount(p.pieces[King] & p.colors[c]); k != 1 {
			return fmt.Errorf("chess: FEN has %d %s kings, want 1", k, name)
		}
		pawns := popcount(p.pieces[Pawn] & p.colors[c])
		if pawns > 8 {
			return fmt.Errorf("chess: FEN has %d %s pawns, more than 8", pawns, name)
		}
		extra := 0
		for pt, home := range [5]int{0, 2, 2, 2, 1} {
			if k := popcount(p.pieces[pt]&p.colors[c]) - home; pt != Pawn && k > 0 {
				extra += k
			}
		}
		if extra > 8-pawns {
			return fmt.Errorf("chess: FEN has too many %s pieces for its %d pawns (%d promoted)", name, pawns, extra)
		}
	}
	if p.pieces[Pawn]&(rank1|rank8) != 0 {
		return fmt.Errorf("chess: FEN has a pawn on the first or last rank (%s)", squareName(lsb(p.pieces[Pawn]&(rank1|rank8))))
	}
	return nil
}

// setSide sets the side to move from FEN field 2; the side not to move
// must not be in check.
func (p *Position) setSide(field string) error {
	switch field {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return fmt.Errorf("chess: FEN side to move %q, want w or b", field)
	}
	them := int(p.side) ^ 1
	if p.attackersTo(p.kingSq(them), int(p.side), p.occupied()) != 0 {
		return fmt.Errorf("chess: FEN side not to move (%s) is in check", [2]string{"white", "black"}[them])
	}
	return nil
}

// setCastling sets the castling rights of FEN field 3.
func (p *Position) setCastling(field string) error {
	if field == "-" {
		return nil
	}
	var seen uint8
	for _, ch := range field {
		var bit uint8
		var ksq, rsq, c int
		switch ch {
		case 'K':
			bit, ksq, rsq, c = castleWK, sqE1, sqH1, White
		case 'Q':
			bit, ksq, rsq, c = castleWQ, sqE1, sqA1, White
		case 'k':
			bit, ksq, rsq, c = castleBK, sqE8, sqH8, Black
		case 'q':
			bit, ksq, rsq, c = castleBQ, sqE8, sqA8, Black
		default:
			return fmt.Errorf("chess: FEN castling field %q: bad character %q", field, ch)
		}
		if seen&bit != 0 {
			return fmt.Errorf("chess: FEN castling field %q repeats %q", field, ch)
		}
		seen |= bit
		// a right without king and rook at home (published EPD
		// suites have some) is dropped, not an error
		if int(p.board[ksq]) == King+8*c && int(p.board[rsq]) == Rook+8*c {
			p.castle |= bit
		}
	}
	return nil
}

// setEnPassant sets the en passant square of FEN field 4.
func (p *Position) setEnPassant(field string) error {
	if field == "-" {
		return nil
	}
	sq, ok := parseSquare(field)
	if !ok {
		return fmt.Errorf("chess: FEN en passant field %q is not a square", field)
	}
	them := int(p.side) ^ 1
	wantRank, up := 5, 8
	if p.side == Black {
		wantRank, up = 2, -8
	}
	if rankOf(sq) != wantRank {
		return fmt.Errorf("chess: FEN en passant square %s is not on rank %d", field, wantRank+1)
	}
	if int(p.board[sq-up]) != Pawn+8*them || p.board[sq] != noPiece || p.board[sq+up] != noPiece {
		return fmt.Errorf("chess: FEN en passant square %s without a pawn that just moved two squares", field)
	}
	if p.epCapturable(sq, int(p.side)) {
		p.ep = uint8(sq)
	}
	return nil
}

// setClocks sets the halfmove clock and the fullmove number of FEN fields
// 5 and 6 (clocks: the fields from the fifth on, perhaps none).
func (p *Position) setClocks(clocks []string) error {
	p.moveNo = 1
	if len(clocks) > 0 {
		n, err := strconv.Atoi(clocks[0])
		if err != nil || n < 0 || n > 10000 {
			return fmt.Errorf("chess: FEN halfmove clock %q is not a number in 0…10000", clocks[0])
		}
		p.rule50 = uint16(n)
	}
	if len(clocks) > 1 {
		n, err := strconv.Atoi(clocks[1])
		if err != nil || n < 0 || n > 100000 {
			return fmt.Errorf("chess: FEN fullmove number %q is not a number in 1…100000", clocks[1])
		}
		if n == 0 {
			n = 1
		}
		p.moveNo = uint32(n)
	}
	return nil
}

// resetHistory starts the repetition window at the current position: the
// earlier positions of the halfmove clock are unknown (zero hashes).
func (p *Position) resetHistory() {
	p.win, p.nwin, p.older = [histWin]uint64{}, 0, nil
	if int(p.rule50) < histLen {
		p.win[0], p.nwin = p.hash, 1
	}
}

func toUpper(r rune) rune {
	if r >= 'a' && r <= 'z' {
		return r - 'a' + 'A'
	}
	return r
}

func parseSquare(s string) (int, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0, false
	}
	return int(s[1]-'1')*8 + int(s[0]-'a'), true
}

func squareName(sq int) string {
	return string([]byte{byte('a' + fileOf(sq)), byte('1' + rankOf(sq))})
}

// pieceChar is the FEN letter of the piece on sq, or 0.
func (p *Position) pieceChar(sq int) byte {
	pc := p.board[sq]
	if pc == noPiece {
		return 0
	}
	ch := pieceLetters[pc&7]
	if pc>>3 == Black {
		ch += 'a' - 'A'
	}
	return ch
}

// FEN writes the position in Forsyth-Edwards Notation (6 fields).
func (p *Position) FEN() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			ch := p.pieceChar(r*8 + f)
			if ch == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(ch)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([2]string{" w ", " b "}[p.side])
	b.WriteString(p.castleString())
	b.WriteByte(' ')
	if p.ep != 0 {
		b.WriteString(squareName(int(p.ep)))
	} else {
		b.WriteByte('-')
	}
	fmt.Fprintf(&b, " %d %d", p.rule50, p.moveNo)
	return b.String()
}

func (p *Position) castleString() string {
	if p.castle == 0 {
		return "-"
	}
	var s []byte
	for i, ch := range "KQkq" {
		if p.castle&(1<<i) != 0 {
			s = append(s, byte(ch))
		}
	}
	return string(s)
}

// String draws the board (White at the bottom, rank and file labels), then
// the side to move, castling rights, en passant square and the FEN.
func (p *Position) String() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		fmt.Fprintf(&b, "%d ", r+1)
		for f := 0; f < 8; f++ {
			ch := p.pieceChar(r*8 + f)
			if ch == 0 {
				ch = '.'
			}
			b.WriteByte(' ')
			b.WriteByte(ch)
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a b c d e f g h\n")
	ep := "-"
	if p.ep != 0 {
		ep = squareName(int(p.ep))
	}
	fmt.Fprintf(&b, "side: %s  castling: %s  ep: %s\nFEN: %s\n", p.SideToMove(), p.castleString(), ep, p.FEN())
	return b.String()
}
