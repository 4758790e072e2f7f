package chess

import (
	"errors"
	"fmt"
	"strings"

	"splitpoint/game"
)

// UCI writes m in long algebraic (UCI) notation: e2e4, e7e8q, e1g1.
func UCI(m game.Move) string {
	s := squareName(mFrom(m)) + squareName(mTo(m))
	if pr := mPromo(m); pr != 0 {
		s += string("pnbrqk"[pr])
	}
	return s
}

// MoveString writes the legal move m in Standard Algebraic Notation with a
// + or # suffix (Nbd7, exd5, e8=Q+, O-O).
func (p *Position) MoveString(m game.Move) string {
	var b strings.Builder
	from, to, fl := mFrom(m), mTo(m), mFlags(m)
	pt := int(p.board[from] & 7)
	switch {
	case fl == flagCastleK:
		b.WriteString("O-O")
	case fl == flagCastleQ:
		b.WriteString("O-O-O")
	case pt == Pawn:
		if fl&flagCapture != 0 {
			b.WriteByte(byte('a' + fileOf(from)))
			b.WriteByte('x')
		}
		b.WriteString(squareName(to))
		if pr := mPromo(m); pr != 0 {
			b.WriteByte('=')
			b.WriteByte(pieceLetters[pr])
		}
	default:
		b.WriteByte(pieceLetters[pt])
		// disambiguation among the other legal moves of the same piece
		// type to the same square
		var buf [game.MaxMoves]game.Move
		n := p.Moves(buf[:])
		sameFile, sameRank, others := false, false, false
		for _, o := range buf[:n] {
			of := mFrom(o)
			if o == m || mTo(o) != to || of == from || int(p.board[of]&7) != pt {
				continue
			}
			others = true
			if fileOf(of) == fileOf(from) {
				sameFile = true
			}
			if rankOf(of) == rankOf(from) {
				sameRank = true
			}
		}
		if others {
			switch {
			case !sameFile:
				b.WriteByte(byte('a' + fileOf(from)))
			case !sameRank:
				b.WriteByte(byte('1' + rankOf(from)))
			default:
				b.WriteString(squareName(from))
			}
		}
		if fl&flagCapture != 0 {
			b.WriteByte('x')
		}
		b.WriteString(squareName(to))
	}
	var q Position
	p.Play(m, &q)
	if q.InCheck() {
		var buf [game.MaxMoves]game.Move
		if q.Moves(buf[:]) == 0 {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	return b.String()
}

// ErrIllegal and ErrAmbiguous are wrapped by ParseMove's errors.
var (
	ErrIllegal   = errors.New("illegal move")
	ErrAmbiguous = errors.New("ambiguous move")
)

// ParseMove reads a legal move in SAN (Nf3, exd5, e8=Q, e8Q, O-O, 0-0-0,
// with or without +, #, !, ? suffixes and x) or in UCI long algebraic
// notation (e2e4, e7e8q, e1g1).
func (p *Position) ParseMove(s string) (game.Move, error) {
	ms, err := p.matchMoves(s)
	if err != nil {
		return game.NoMove, err
	}
	if len(ms) > 1 {
		return game.NoMove, fmt.Errorf("chess: %w %q: %d moves match", ErrAmbiguous, s, len(ms))
	}
	return ms[0], nil
}

// matchMoves returns every legal move that s may denote; an error when none.
func (p *Position) matchMoves(s string) ([]game.Move, error) {
	var buf [game.MaxMoves]game.Move
	n := p.Moves(buf[:])
	legal := buf[:n]
	orig := s
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, "+#!?")
	if s == "" {
		return nil, fmt.Errorf("chess: empty move %q", orig)
	}
	var out []game.Move
	// UCI long algebraic
	if len(s) == 4 || len(s) == 5 {
		from, ok1 := parseSquare(s[0:2])
		to, ok2 := parseSquare(s[2:4])
		if ok1 && ok2 {
			promo := 0
			if len(s) == 5 {
				promo = strings.IndexByte("pnbrqk", lower(s[4]))
			}
			if promo >= Knight && promo <= Queen || len(s) == 4 {
				for _, m := range legal {
					if mFrom(m) == from && mTo(m) == to && mPromo(m) == promo {
						out = append(out, m)
					}
				}
				if len(out) > 0 {
					return out, nil
				}
			}
		}
	}
	// castling
	switch strings.ReplaceAll(s, "0", "O") {
	case "O-O", "OO":
		return p.matchFlag(legal, flagCastleK, orig)
	case "O-O-O", "OOO":
		return p.matchFlag(legal, flagCastleQ, orig)
	}
	// SAN: [piece][file][rank][x]square[=promo]
	pt := Pawn
	if c := s[0]; c >= 'A' && c <= 'Z' {
		pt = strings.IndexByte(pieceLetters, c)
		if pt < 0 {
			return nil, fmt.Errorf("chess: bad piece letter %q in move %q", c, orig)
		}
		s = s[1:]
	}
	promo := 0
	if k := len(s); k > 0 {
		if i := strings.IndexByte("NBRQnbrq", s[k-1]); i >= 0 {
			promo = i%4 + Knight
			s = s[:k-1]
			s = strings.TrimSuffix(s, "=")
			s = strings.TrimSuffix(s, "/")
		}
	}
	if len(s) < 2 {
		return nil, fmt.Errorf("chess: cannot read move %q", orig)
	}
	to, ok := parseSquare(s[len(s)-2:])
	if !ok {
		return nil, fmt.Errorf("chess: no destination square in move %q", orig)
	}
	s = s[:len(s)-2]
	capture := false
	if strings.HasSuffix(s, "x") || strings.HasSuffix(s, ":") {
		capture = true
		s = s[:len(s)-1]
	}
	fromFile, fromRank := -1, -1
	for _, c := range []byte(s) {
		switch {
		case c >= 'a' && c <= 'h' && fromFile < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		default:
			return nil, fmt.Errorf("chess: cannot read move %q", orig)
		}
	}
	for _, m := range legal {
		from := mFrom(m)
		if mTo(m) != to || int(p.board[from]&7) != pt || mPromo(m) != promo ||
			(fromFile >= 0 && fileOf(from) != fromFile) || (fromRank >= 0 && rankOf(from) != fromRank) ||
			(capture && !p.IsCapture(m)) || mFlags(m) == flagCastleK || mFlags(m) == flagCastleQ {
			continue
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("chess: %w %q in %s", ErrIllegal, orig, p.FEN())
	}
	return out, nil
}

func (p *Position) matchFlag(legal []game.Move, fl int, orig string) ([]game.Move, error) {
	for _, m := range legal {
		if mFlags(m) == fl {
			return []game.Move{m}, nil
		}
	}
	return nil, fmt.Errorf("chess: %w %q in %s", ErrIllegal, orig, p.FEN())
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
