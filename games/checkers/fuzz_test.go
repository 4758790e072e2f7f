package checkers

import (
	"bytes"
	"testing"

	"splitpoint/game"
)

// checkPosition checks the invariants of a parsed position: the FEN round
// trip, the hash, and the notation round trip of every legal move.
func checkPosition(t *testing.T, p *Position) {
	q, err := ParseFEN(p.FEN())
	if err != nil {
		t.Fatalf("FEN %q of a parsed position does not parse: %v", p.FEN(), err)
	}
	if q.FEN() != p.FEN() || q.Hash() != p.Hash() || p.Hash() != p.computeHash() {
		t.Fatalf("round trip %q -> %q", p.FEN(), q.FEN())
	}
	_ = p.String()
	_ = p.Eval()
	var buf [game.MaxMoves]game.Move
	var next Position
	n := p.Moves(buf[:])
	for _, m := range buf[:n] {
		s := p.MoveString(m)
		if got, err := p.ParseMove(s); err != nil || got != m {
			t.Fatalf("%s: %q parses to %#x, %v; want %#x", p.FEN(), s, got, err, m)
		}
		p.Play(m, &next)
		if next.Hash() != next.computeHash() {
			t.Fatalf("%s: hash after %s", p.FEN(), s)
		}
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
		"B:W21,22,K30:B1,2,K5", "W:B1-12:W21-32.", "B:W9,K10,17,18:BK6",
		"B:W6,7,14,15:B2", "W:WK1-3:BK29-32", "B:W:B", "", ":", "::", "B:W:W",
		"X:W1:B2", "B:W33:B1", "B:W1-40:B", "B:WK:B", "B:W-:B", "B:W1-:B", "B:W,:B",
		"B:W21,21:B", "B:W1-13:B", "B:W5:B29", "B:W99999999999999999999:B", "B:W\x00:B",
		"B:W5,6,7,8,9,10,11,12,13,14,15,16:BK17,K18,K19,K20,K21,K22,K23,K24,K25,K26,K27,K28",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			if p != nil {
				t.Fatalf("position and error")
			}
			return
		}
		checkPosition(t, p)
	})
}

func FuzzParseMove(f *testing.F) {
	fens := []string{
		"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
		"B:W9,K10,17,18:BK6",
		"B:W6,7,14,15:B2",
		"B:W26,27:B22",
		"W:W18,K19:B14,K15,10",
	}
	var ps []*Position
	for _, s := range fens {
		p, err := ParseFEN(s)
		if err != nil {
			f.Fatal(err)
		}
		ps = append(ps, p)
	}
	for _, s := range []string{"9-13", "6x6", "6x15x22x13x6", "2x18", "2x9x18", "22x31", "x", "-", "9x", "1-2-3-4-5-6-7-8-9-10-11-12-13-14",
		"99-100", "09-13", " 9 - 13 ", "9--13", "18x9", "18X11", "0x0"} {
		for i := range ps {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		p := ps[int(i)%len(ps)]
		m, err := p.ParseMove(s)
		if err != nil {
			if m != game.NoMove {
				t.Fatalf("move and error")
			}
			return
		}
		var buf [game.MaxMoves]game.Move
		n := p.Moves(buf[:])
		legal := false
		for _, o := range buf[:n] {
			legal = legal || o == m
		}
		if !legal {
			t.Fatalf("%s: ParseMove(%q) = illegal %#x", p.FEN(), s, m)
		}
		if got, err := p.ParseMove(p.MoveString(m)); err != nil || got != m {
			t.Fatalf("%s: round trip of %q via %q: %v", p.FEN(), s, p.MoveString(m), err)
		}
	})
}

func FuzzReadBallots(f *testing.F) {
	for _, s := range []string{
		"1\t9-13 21-17\tstandard\tB:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13\n",
		"# c\n\n001\t9-13 22-17 13x22\tACF\tW:W21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,22\r\n",
		"1\t11,28\t8-11 24-19\tstandard\tB:W19,21,22,23,25,26,27,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12\n",
		"1\t11,28\t8-11 24-19\tstandard\n", "1\t\t\t\t\t\t\n", "\t\t\t", "1\t40,2\ta\tb\tc\n",
		"1\t9-13\ts\tB:W:B\n", "-1\t9-13\ts\tW:W21-32:B1-8,10-13\n", "1\t9-13 21-17\ts\tB:W17,22-32:B1-8,10-13\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		bs, err := ReadBallots("fuzz", bytes.NewReader(data))
		if err != nil {
			if bs != nil {
				t.Fatalf("ballots and error")
			}
			return
		}
		for _, b := range bs {
			q, err := ParseFEN(b.FEN)
			if err != nil || b.Pos == nil || q.pieces != b.Pos.pieces || q.kings != b.Pos.kings || q.side != b.Pos.side {
				t.Fatalf("ballot %+v does not reach its FEN", b)
			}
			if len(b.Moves) == 0 || b.ID() == "" {
				t.Fatalf("ballot without moves")
			}
		}
	})
}
