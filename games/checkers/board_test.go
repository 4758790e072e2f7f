package checkers

import (
	"math/bits"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"splitpoint/game"
)

func mustFEN(t testing.TB, s string) *Position {
	t.Helper()
	p, err := ParseFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// moveStrings returns the legal moves of p in notation, sorted.
func moveStrings(p *Position) []string {
	var buf [game.MaxMoves]game.Move
	n := p.Moves(buf[:])
	out := make([]string, n)
	for i, m := range buf[:n] {
		out[i] = p.MoveString(m)
	}
	sort.Strings(out)
	return out
}

func TestGeometry(t *testing.T) {
	for d := 0; d < 4; d++ {
		for s := 0; s < 32; s++ {
			got := step(d, 1<<s)
			want := uint32(0)
			if n := neighbour[d][s]; n >= 0 {
				want = 1 << n
				if neighbour[reverse(d)][n] != int8(s) {
					t.Errorf("neighbour not symmetric at %d dir %d", s+1, d)
				}
			}
			if got != want {
				t.Errorf("step(%d, square %d) = %#x, want %#x", d, s+1, got, want)
			}
		}
	}
	// Square 1 is b8 and 5 is a7: 1 steps to 5 and 6, 5 only to 9.
	if neighbour[0][0] != 4 || neighbour[1][0] != 5 || neighbour[0][4] != -1 || neighbour[1][4] != 8 {
		t.Errorf("board orientation wrong")
	}
}

func TestStart(t *testing.T) {
	p := Start()
	if got := p.FEN(); got != "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12" {
		t.Errorf("start FEN %s", got)
	}
	want := "10-14 10-15 11-15 11-16 12-16 9-13 9-14"
	if got := strings.Join(moveStrings(p), " "); got != want {
		t.Errorf("start moves %s, want %s", got, want)
	}
	if p.SideToMove() != "black" || p.Domain() != "checkers" || p.Eval() != 0 {
		t.Errorf("start: side %s domain %s eval %d", p.SideToMove(), p.Domain(), p.Eval())
	}
	s := p.String()
	for _, w := range []string{" 1b", "32w", "13.", "black to move", "FEN B:W21"} {
		if !strings.Contains(s, w) {
			t.Errorf("String lacks %q:\n%s", w, s)
		}
	}
}

func TestRules(t *testing.T) {
	for _, c := range []struct{ fen, moves string }{
		// Compulsory capture: the man on 1 may not move quietly.
		{"B:W18:B1,14", "14x23"},
		// Men do not capture backwards; kings do.
		{"B:W18:B22", "22-25 22-26"},
		{"B:W18:BK22", "22x15"},
		{"W:W11:B15", "11-7 11-8"},
		{"W:WK11:B15", "11x18"},
		{"W:W18:B14", "18x9"},
		// Crowning ends the move although the new king could jump 27.
		{"B:W26,27:B22", "22x31"},
		// A multi-jump must be completed; both routes to 18 are moves and,
		// sharing origin and destination, are written in full.
		{"B:W6,7,14,15:B2", "2x11x18 2x9x18"},
		// A king going round a loop either way: two capture paths with the
		// same origin, destination and captured set.
		{"B:W9,10,17,18:BK6", "6x13x22x15x6 6x15x22x13x6"},
		// Any capture sequence may be chosen, not only the longest.
		{"B:W6,14,7:B2", "2x11 2x18"},
		// No piece, no move.
		{"B:W5:B", ""},
	} {
		p := mustFEN(t, c.fen)
		if got := strings.Join(moveStrings(p), " "); got != c.moves {
			t.Errorf("%s: moves %q, want %q", c.fen, got, c.moves)
		}
		var buf [game.MaxMoves]game.Move
		n := p.Moves(buf[:])
		k := p.Captures(buf[:])
		if capt := strings.Contains(c.moves, "x"); capt != (k > 0) || (capt && k != n) {
			t.Errorf("%s: Captures = %d of %d moves", c.fen, k, n)
		}
		for _, m := range buf[:n] {
			if m == game.NoMove || p.IsCapture(m) != (k > 0) {
				t.Errorf("%s: move %#x", c.fen, m)
			}
		}
	}

	p := mustFEN(t, "B:W26,27:B22")
	m, err := p.ParseMove("22x31")
	if err != nil {
		t.Fatal(err)
	}
	var q Position
	p.Play(m, &q)
	if got := q.FEN(); got != "W:W27:BK31" {
		t.Errorf("after 22x31: %s", got)
	}
	if p.Gain(m) != 100 {
		t.Errorf("Gain = %d", p.Gain(m))
	}

	p = mustFEN(t, "B:W9,K10,17,18:BK6")
	if PerftUnique(p, 1) != 1 || Perft(p, 1) != 2 {
		t.Errorf("loop: Perft %d PerftUnique %d", Perft(p, 1), PerftUnique(p, 1))
	}
	m, err = p.ParseMove("6x6")
	if err != nil {
		t.Fatal(err)
	}
	if p.Gain(m) != 430 {
		t.Errorf("Gain of the loop = %d, want 430", p.Gain(m))
	}
	p.Play(m, &q)
	if got := q.FEN(); got != "W:W:BK6" {
		t.Errorf("after the loop: %s", got)
	}
	if n := q.Moves(make([]game.Move, game.MaxMoves)); n != 0 || q.Terminal() != -game.Mate {
		t.Errorf("White without pieces: %d moves, Terminal %d", n, q.Terminal())
	}

	p = mustFEN(t, "B:W6,7,14,15:B2")
	if _, err := p.ParseMove("2x18"); err == nil || !strings.Contains(err.Error(), "ambiguous: 2x9x18, 2x11x18") {
		t.Errorf("2x18: %v", err)
	}
	if m, err := p.ParseMove("2x11x18"); err != nil || p.MoveString(m) != "2x11x18" {
		t.Errorf("2x11x18: %v", err)
	}
	p = mustFEN(t, "B:W6,14,7:B2")
	if m, err := p.ParseMove("2x18"); err != nil || p.MoveString(m) != "2x18" {
		t.Errorf("2x18 single path: %v", err)
	}
}

func TestParseMoveErrors(t *testing.T) {
	p := Start()
	for _, s := range []string{"", "9", "9-", "9--13", "-9-13", "9-33", "0-4", "9-12", "a-b", "9-13-17", "9 13", "13-9"} {
		if m, err := p.ParseMove(s); err == nil {
			t.Errorf("ParseMove(%q) = %v, want an error", s, m)
		}
	}
	if m, err := p.ParseMove(" 9x13 "); err != nil || p.MoveString(m) != "9-13" {
		t.Errorf("lenient separator: %v", err)
	}
	if s := p.MoveString(game.NoMove); !strings.HasPrefix(s, "invalid") {
		t.Errorf("MoveString(NoMove) = %q", s)
	}
}

func TestFEN(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"B:W21,22,K30:B1,2,K5", "B:W21,22,K30:B1,2,K5"},
		{"W:B1-12:W21-32.", "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},
		{" b:wK1-3, 17 :B ", "B:WK1,K2,K3,17:B"},
		{"W:W:B", "W:W:B"},
	} {
		p, err := ParseFEN(c.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", c.in, err)
			continue
		}
		if got := p.FEN(); got != c.out {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", c.in, got, c.out)
		}
		if p.Hash() != p.computeHash() {
			t.Errorf("hash of %q", c.in)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"X:W21:B1", "bad side"},
		{"B:W21", "3 colon-separated"},
		{"B:W21:W22", "two piece lists"},
		{"B:W21:X1", "does not start with W or B"},
		{"B:W33:B1", "bad square number"},
		{"B:W0:B1", "bad square number"},
		{"B:W21:B21", "listed twice"},
		{"B:W12-1:B", "bad range"},
		{"B:W1-13:B", "too many pieces"},
		{"B:W2:B", "white man on its crowning row (square 2)"},
		{"B:W:B30", "black man on its crowning row"},
		{"B:W21,,22:B", "empty square"},
		{"B::B", "empty piece list"},
		{"B:Wabc:B", "bad square number"},
	} {
		if _, err := ParseFEN(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseFEN(%q) error %v, want %q", c.in, err, c.want)
		}
	}
}

// playout plays random legal moves from p and calls f on every position.
func playout(r *rand.Rand, p *Position, plies int, f func(*Position)) {
	var buf [game.MaxMoves]game.Move
	cur, next := *p, Position{}
	for i := 0; i < plies; i++ {
		f(&cur)
		n := cur.Moves(buf[:])
		if n == 0 {
			return
		}
		cur.Play(buf[r.IntN(n)], &next)
		cur = next
	}
	f(&cur)
}

func TestHashAndFENAlongPlayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	positions := 0
	for g := 0; g < 300; g++ {
		playout(r, Start(), 200, func(p *Position) {
			positions++
			if p.Hash() != p.computeHash() {
				t.Fatalf("%s: incremental hash %#x, from scratch %#x", p.FEN(), p.Hash(), p.computeHash())
			}
			q, err := ParseFEN(p.FEN())
			if err != nil || q.pieces != p.pieces || q.kings != p.kings || q.side != p.side || q.Hash() != p.Hash() {
				t.Fatalf("FEN round trip of %s: %v", p.FEN(), err)
			}
			if bits.OnesCount32(p.pieces[0]&p.pieces[1]) != 0 || p.kings&^(p.pieces[0]|p.pieces[1]) != 0 {
				t.Fatalf("%s: inconsistent bitboards", p.FEN())
			}
			var buf [game.MaxMoves]game.Move
			n := p.Moves(buf[:])
			for _, m := range buf[:n] {
				g := p.Gain(m)
				if p.IsCapture(m) != (g > 0) {
					t.Fatalf("%s: %s gain %d", p.FEN(), p.MoveString(m), g)
				}
			}
		})
	}
	t.Logf("%d positions", positions)
}

func TestDraw(t *testing.T) {
	p := mustFEN(t, "B:WK32:BK1")
	var a, b Position
	a = *p
	for i, mv := range []string{"1-6", "32-28", "6-1", "28-32"} {
		if a.Draw() {
			t.Fatalf("draw after %d plies", i)
		}
		m, err := a.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		a.Play(m, &b)
		a = b
	}
	if !a.Draw() || a.Hash() != p.Hash() {
		t.Errorf("repetition not seen")
	}
	// A man move resets the clock of reversible plies.
	if a.clock != 4 {
		t.Errorf("clock %d after four king moves", a.clock)
	}
	m, err := a.ParseMove("1-6")
	if err != nil {
		t.Fatal(err)
	}
	a.Play(m, &b)
	if b.clock != 5 {
		t.Errorf("clock %d", b.clock)
	}
	p = mustFEN(t, "B:WK32:BK1,9")
	m, _ = p.ParseMove("9-13")
	p.Play(m, &b)
	if b.clock != 0 || b.Draw() {
		t.Errorf("clock %d after a man move", b.clock)
	}
	// The 40-move rule: drawClock reversible plies draw.
	p = mustFEN(t, "B:WK29:BK4")
	p.clock = drawClock - 2
	m, _ = p.ParseMove("4-8")
	p.Play(m, &b)
	if b.Draw() {
		t.Errorf("draw after %d reversible plies", b.clock)
	}
	m, _ = b.ParseMove("29-25")
	b.Play(m, &a)
	if !a.Draw() {
		t.Errorf("no draw after %d reversible plies", a.clock)
	}
}

func TestAllocs(t *testing.T) {
	p := Start()
	var q Position
	buf := make([]game.Move, game.MaxMoves)
	n := p.Moves(buf)
	m := buf[0]
	var sink uint64
	for name, f := range map[string]func(){
		"Moves":    func() { n = p.Moves(buf) },
		"Captures": func() { n = p.Captures(buf) },
		"Play":     func() { p.Play(m, &q) },
		"Eval":     func() { sink += uint64(p.Eval()) },
		"Hash":     func() { sink += p.Hash() },
		"Draw":     func() { _ = p.Draw() },
		"Gain":     func() { sink += uint64(p.Gain(m)) },
	} {
		if a := testing.AllocsPerRun(100, f); a != 0 {
			t.Errorf("%s: %v allocations", name, a)
		}
	}
	_ = n
	_ = sink
}

func TestEvalSymmetry(t *testing.T) {
	// Mirroring the board (square s <-> 33-s) and swapping colours and side
	// gives the same evaluation.
	r := rand.New(rand.NewPCG(5, 6))
	for g := 0; g < 50; g++ {
		playout(r, Start(), 120, func(p *Position) {
			var q Position
			for c := 0; c < 2; c++ {
				q.pieces[1-c] = bits.Reverse32(p.pieces[c])
			}
			q.kings = bits.Reverse32(p.kings)
			q.side = 1 - p.side
			if p.Eval() != q.Eval() {
				t.Fatalf("%s: eval %d, mirrored %s: %d", p.FEN(), p.Eval(), q.FEN(), q.Eval())
			}
			if m1, m2 := len(moveStrings(p)), len(moveStrings(&q)); m1 != m2 {
				t.Fatalf("%s: %d moves, mirrored %d", p.FEN(), m1, m2)
			}
		})
	}
}
