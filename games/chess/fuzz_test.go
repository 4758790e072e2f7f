package chess

import (
	"testing"

	"splitpoint/game"
)

var fenSeeds = []string{
	StartFEN,
	kiwipeteFEN,
	"8/8/8/8/8/8/8/K6k w - -",
	"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
	"",
	"8/8/8/8/8/8/8/8 w - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
	"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",
	"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"4k3/8/8/8/8/8/8/4K2r b - - 0 1",
	"4k3/8/8/8/8/8/8/4K3 w KQkqK - 0 1",
	"4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
	"4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
	"4k3/8/8/8/8/8/8/4K3 w - - -5 0",
	"QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/k6K w - - 0 1",
	"k7/8/8/8/8/8/8/7K w - - 99999999999999999999 1",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
}

// FuzzParseFEN: ParseFEN never panics, and a position it accepts survives
// FEN → Position → FEN unchanged and generates moves consistently.
func FuzzParseFEN(f *testing.F) {
	for _, s := range fenSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("%q: FEN %q does not parse: %v", s, p.FEN(), err)
		}
		if *q != *p {
			t.Fatalf("%q: round trip changed the position: %q", s, q.FEN())
		}
		var buf [game.MaxMoves]game.Move
		n := p.Moves(buf[:])
		if n != p.CountMoves() {
			t.Fatalf("%q: Moves %d, CountMoves %d", s, n, p.CountMoves())
		}
		for _, m := range buf[:n] {
			var c Position
			p.Play(m, &c)
			if c.hash != c.computeHash() {
				t.Fatalf("%q: hash after %s", s, UCI(m))
			}
			if c.attackersTo(c.kingSq(int(p.side)), int(c.side), c.occupied()) != 0 {
				t.Fatalf("%q: %s leaves the king in check", s, UCI(m))
			}
		}
		_ = p.String()
	})
}

// FuzzParseEPD: ParseEPD never panics; an accepted record's position round
// trips through FEN and its bm/am moves are legal.
func FuzzParseEPD(f *testing.F) {
	for _, s := range []string{
		`r1bqk2r/ppp2ppp/2n5/4P3/2Bp2n1/5N1P/PP1N1PP1/R2Q1RK1 b kq - bm Nh6; am Ne5; hmvc 1; fmvn 10; id "CCR03";`,
		`1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";`,
		"4k3/8/8/8/8/8/8/4K2R w K - D1 15; D2 66; D3 1197;",
		`4k3/8/8/8/8/8/8/4K3 w - - c0 "semi;colon"; c1 "unterminated`,
		"4k3/8/8/8/8/8/8/4K3 w - - ;;;",
		"4k3/8/8/8/8/8/8/4K3 w - - bm Ke9 Kd1;",
		"4k3/8/8/8/8/8/8/4K3 w - - hmvc 99999999999;",
		"4k3/8/8/8/8/8/8/4K3 w -",
		StartFEN + " id \"x\";",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseEPD(s)
		if err != nil {
			return
		}
		q, err := ParseFEN(e.Pos.FEN())
		if err != nil || *q != *e.Pos {
			t.Fatalf("%q: position does not round trip: %v", s, err)
		}
		var buf [game.MaxMoves]game.Move
		n := e.Pos.Moves(buf[:])
		for _, m := range append(append([]game.Move{}, e.BM...), e.AM...) {
			found := false
			for _, l := range buf[:n] {
				found = found || l == m
			}
			if !found {
				t.Fatalf("%q: bm/am %v not legal", s, m)
			}
		}
	})
}

// FuzzParseMove: ParseMove never panics in a few rich positions, and a
// move it accepts writes as SAN that reads back as the same move.
func FuzzParseMove(f *testing.F) {
	positions := []*Position{}
	for _, s := range []string{
		StartFEN, kiwipeteFEN,
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"7k/3N4/8/8/8/3N1N2/8/4K3 w - - 0 1",
	} {
		p, err := ParseFEN(s)
		if err != nil {
			f.Fatal(err)
		}
		positions = append(positions, p)
	}
	for i, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "e2e4", "e7e8q", "bxa8=Q", "b7a8N", "Nd3e5", "N7e5", "Ne5", "", "x", "Zz9", "e9", "O-O-O-O", "a1a1", "Qxx", "=Q", "h8=K"} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p := positions[int(which)%len(positions)]
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		san := p.MoveString(m)
		m2, err := p.ParseMove(san)
		if err != nil || m2 != m {
			t.Fatalf("%q -> %s -> %v, %v", s, san, m2, err)
		}
	})
}
