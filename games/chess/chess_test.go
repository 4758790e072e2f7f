package chess

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"splitpoint/game"
)

// suiteFENs returns the positions of testdata/perftsuite.epd.
func suiteFENs(t testing.TB) []*Position {
	f, err := os.Open("testdata/perftsuite.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	es, err := ReadEPD("perftsuite.epd", f)
	if err != nil {
		t.Fatal(err)
	}
	var ps []*Position
	for _, e := range es {
		ps = append(ps, e.Pos)
	}
	return ps
}

func TestStartMoves(t *testing.T) {
	p := Start()
	var buf [game.MaxMoves]game.Move
	if n := p.Moves(buf[:]); n != 20 {
		t.Fatalf("start has %d moves", n)
	}
	if p.FEN() != StartFEN {
		t.Fatalf("FEN %q", p.FEN())
	}
	if p.Domain() != "chess" || p.SideToMove() != "white" {
		t.Fatal("Domain/SideToMove")
	}
	if !strings.Contains(p.String(), "FEN: "+StartFEN) || !strings.Contains(p.String(), "a b c d e f g h") {
		t.Fatalf("String:\n%s", p)
	}
	for _, m := range buf[:20] {
		if m == game.NoMove {
			t.Fatal("NoMove generated")
		}
	}
}

// TestHashIncremental plays random games from every perftsuite position and
// checks the incrementally updated hash against a from-scratch one, the
// state against its FEN round trip, and Captures against Moves.
func TestHashIncremental(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var buf, cbuf [game.MaxMoves]game.Move
	for _, root := range suiteFENs(t) {
		for game := 0; game < 20; game++ {
			p := *root
			for ply := 0; ply < 120; ply++ {
				if p.hash != p.computeHash() {
					t.Fatalf("hash mismatch at %s", p.FEN())
				}
				n := p.Moves(buf[:])
				if n != p.CountMoves() {
					t.Fatalf("CountMoves %d != Moves %d at %s", p.CountMoves(), n, p.FEN())
				}
				nc := p.Captures(cbuf[:])
				want := 0
				for _, m := range buf[:n] {
					if p.IsCapture(m) || mPromo(m) != 0 {
						want++
						if p.Gain(m) <= 0 {
							t.Fatalf("Gain(%s) = %d", p.MoveString(m), p.Gain(m))
						}
					} else if p.Gain(m) != 0 {
						t.Fatalf("Gain quiet %s", p.MoveString(m))
					}
				}
				if nc != want {
					t.Fatalf("Captures %d, want %d at %s", nc, want, p.FEN())
				}
				if n == 0 {
					break
				}
				var q Position
				p.Play(buf[rng.Intn(n)], &q)
				p = q
			}
		}
	}
}

func TestFENRoundTrip(t *testing.T) {
	for _, p := range suiteFENs(t) {
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		if *q != *p || q.FEN() != p.FEN() {
			t.Fatalf("round trip %q -> %q", p.FEN(), q.FEN())
		}
	}
	// en passant square kept only when a pawn can capture
	p, _ := ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	if p.ep != 0 {
		t.Error("uncapturable ep square kept")
	}
	p, _ = ParseFEN("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3")
	if p.FEN() != "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3" {
		t.Error("ep square lost: ", p.FEN())
	}
	p, err := ParseFEN("8/8/8/8/8/8/8/K6k w - -")
	if err != nil || p.FEN() != "8/8/8/8/8/8/8/K6k w - - 0 1" {
		t.Errorf("4-field FEN: %v %v", err, p)
	}
}

func TestFENErrors(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"", "fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter"},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares"},
		{"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has more than 8"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter"},
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "0 black kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "2 white kings"},
		{"4k3/8/8/8/8/8/8/4K2r b - - 0 1", "not to move (white) is in check"},
		{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"},
		{"4k3/8/8/8/8/8/8/4K3 w X - 0 1", "castling"},
		{"4k3/8/8/8/8/8/8/4K2R w KK - 0 1", "repeats"},
		{"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "en passant"},
		{"4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "rank 6"},
		{"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "pawn that just moved"},
		{"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "first or last rank"},
		{"4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "first or last rank"},
		{"4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 x", "fullmove"},
		{"QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/k6K w - - 0 1", "too many white pieces"},
		{"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "9 black pawns"},
	} {
		_, err := ParseFEN(c.fen)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseFEN(%q) = %v, want error containing %q", c.fen, err, c.want)
		}
	}
}

// TestSANRoundTrip writes every legal move of every perftsuite position
// (and of its children) in SAN and in UCI and reads it back.
func TestSANRoundTrip(t *testing.T) {
	var buf, buf2 [game.MaxMoves]game.Move
	check := func(p *Position) {
		n := p.Moves(buf2[:])
		for _, m := range buf2[:n] {
			for _, s := range []string{p.MoveString(m), UCI(m)} {
				got, err := p.ParseMove(s)
				if err != nil || got != m {
					t.Fatalf("%s: ParseMove(%q) = %v, %v; want %v", p.FEN(), s, got, err, m)
				}
			}
		}
	}
	for _, p := range suiteFENs(t) {
		check(p)
		n := p.Moves(buf[:])
		for _, m := range buf[:n] {
			var q Position
			p.Play(m, &q)
			check(&q)
		}
	}
}

func TestSAN(t *testing.T) {
	for _, c := range []struct{ fen, uci, san string }{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "Rxa8+"},
		{"6k1/8/8/8/8/8/6K1/R6R w - - 0 1", "a1d1", "Rad1"},
		{"6k1/8/8/8/8/8/6K1/R6R w - - 0 1", "h1f1", "Rhf1"},
		{"7k/8/8/8/R7/8/8/R3K3 w Q - 0 1", "a1a2", "R1a2"},
		{"7k/3N4/8/8/8/3N1N2/8/4K3 w - - 0 1", "d3e5", "Nd3e5"},
		{"7k/3N4/8/8/8/3N1N2/8/4K3 w - - 0 1", "f3e5", "Nfe5"},
		{"7k/3N4/8/8/8/3N1N2/8/4K3 w - - 0 1", "d7e5", "N7e5"},
		{"7k/8/8/8/2N1N3/8/8/2N1K3 w - - 0 1", "e4d2", "Ned2"},
		{"7k/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q+"},
		{"2n4k/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7c8n", "bxc8=N"},
		{"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8#"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(c.uci)
		if err != nil {
			t.Fatalf("%s %s: %v", c.fen, c.uci, err)
		}
		if s := p.MoveString(m); s != c.san {
			t.Errorf("%s %s: SAN %q, want %q", c.fen, c.uci, s, c.san)
		}
	}
	p := Start()
	for _, s := range []string{"Nf3", "Nf3+", "Ng1f3", "N1f3", "g1f3", "e4", "e2e4", "e4!?"} {
		if _, err := p.ParseMove(s); err != nil {
			t.Errorf("ParseMove(%q): %v", s, err)
		}
	}
	q, _ := ParseFEN("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
	for _, s := range []string{"b8=Q", "b8Q", "b8q", "b7b8q", "b8=Q+", "0-0"[:0] + "b8=N"} {
		if _, err := q.ParseMove(s); err != nil {
			t.Errorf("ParseMove(%q): %v", s, err)
		}
	}
	for _, s := range []string{"", "Ke3", "e5", "Nf6", "x", "Zf3", "b8", "O-O", "e2e4e5"} {
		if _, err := p.ParseMove(s); err == nil {
			t.Errorf("ParseMove(%q) accepted", s)
		}
	}
	r, _ := ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, s := range []string{"O-O", "0-0", "O-O-O", "0-0-0", "e1g1", "e1c1"} {
		if _, err := r.ParseMove(s); err != nil {
			t.Errorf("ParseMove(%q): %v", s, err)
		}
	}
	a, _ := ParseFEN("6k1/8/8/8/8/8/6K1/R6R w - - 0 1")
	if _, err := a.ParseMove("Rd1"); err == nil || !strings.Contains(err.Error(), "ambiguous") {
		t.Errorf("ambiguous Rd1: %v", err)
	}
}

// TestEPDFiles reads every EPD file of testdata (copies of
// ../shared/data/chess/*.epd: Bratko-Kopec, Kaufman, WAC, ECM, ERET, the
// CCR one-hour test and the perft suite); every bm/am must resolve.
func TestEPDFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.epd")
	if len(files) < 7 {
		t.Fatalf("only %d EPD files", len(files))
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		es, err := ReadEPD(filepath.Base(name), f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			if _, ok := e.Op("bm"); ok && len(e.BM) == 0 {
				t.Errorf("%s:%d: no bm", name, e.Line)
			}
			if _, ok := e.Op("am"); ok && len(e.AM) == 0 {
				t.Errorf("%s:%d: no am", name, e.Line)
			}
			if !strings.HasSuffix(name, "perftsuite.epd") && e.ID == "" {
				t.Errorf("%s:%d: no id", name, e.Line)
			}
		}
		t.Logf("%s: %d records", name, len(es))
	}
}

func TestEPDParse(t *testing.T) {
	e, err := ParseEPD(`r1bqk2r/ppp2ppp/2n5/4P3/2Bp2n1/5N1P/PP1N1PP1/R2Q1RK1 b kq - bm Nh6; am Ne5; hmvc 1; fmvn 10; id "CCR03"; c0 "a comment; with semicolon";`)
	if err != nil {
		t.Fatal(err)
	}
	if e.ID != "CCR03" || len(e.BM) != 1 || len(e.AM) != 2 || e.Pos.rule50 != 1 || e.Pos.moveNo != 10 {
		t.Fatalf("%+v", e)
	}
	if c0, _ := e.Op("c0"); len(c0) != 1 || c0[0] != "a comment; with semicolon" {
		t.Fatalf("c0 = %q", c0)
	}
	if len(e.Ops) != 6 || e.Ops[0].Name != "bm" || e.Ops[5].Name != "c0" {
		t.Fatalf("ops %+v", e.Ops)
	}
	e, err = ParseEPD("4k3/8/8/8/8/8/8/4K2R w K - D1 15; D2 66;")
	if err != nil || len(e.Ops) != 2 || e.Ops[1].Name != "D2" || e.Ops[1].Operands[0] != "66" {
		t.Fatalf("%v %+v", err, e)
	}
	e, err = ParseEPD(StartFEN)
	if err != nil || e.Pos.FEN() != StartFEN || len(e.Ops) != 0 {
		t.Fatalf("full FEN as EPD: %v", err)
	}
	e, err = ParseEPD(`3r2k1/p2r1p1p/1p2p1p1/q4n2/3P4/PQ5P/1P1RNPP1/3R2K1 b - - bm Nxd4 Qb4; id "x"`)
	if err != nil || len(e.BM) != 2 {
		t.Fatalf("two bm: %v", err)
	}
	for _, bad := range []string{
		"",
		"4k3/8/8/8/8/8/8/4K3 w -",
		`4k3/8/8/8/8/8/8/4K3 w - - id "unterminated`,
		"4k3/8/8/8/8/8/8/4K3 w - - bm Ke9;",
		"4k3/8/8/8/8/8/8/4K3 w - - bm;",
		"4k3/8/8/8/8/8/8/4K3 w - - ;;",
		"4k3/8/8/8/8/8/8/4K3 w - - 9x 1;",
		"6k1/8/8/8/8/8/6K1/R6R w - - bm Rd1;",
		"4k3/8/8/8/8/8/8/4K3 w - - hmvc x;",
	} {
		if _, err := ParseEPD(bad); err == nil {
			t.Errorf("ParseEPD(%q) accepted", bad)
		}
	}
	_, err = ReadEPD("t.epd", strings.NewReader("# comment\n\n4k3/8/8/8/8/8/8/4K3 w - - id \"a\";\n4k3/8/8/8/8/8/8/4K3 w - - bm Kz1;\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "t.epd:4: ") {
		t.Fatalf("ReadEPD error %v", err)
	}
}

func play(t *testing.T, p *Position, moves ...string) *Position {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		q := new(Position)
		p.Play(m, q)
		p = q
	}
	return p
}

func TestRepetition(t *testing.T) {
	p := Start()
	p = play(t, p, "Nf3", "Nf6", "Ng1")
	if p.Draw() {
		t.Fatal("draw too early")
	}
	p = play(t, p, "Ng8")
	if !p.Draw() {
		t.Fatal("repetition not seen")
	}
	// an irreversible move resets the window
	p = play(t, p, "e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8")
	if !p.Draw() {
		t.Fatal("second repetition not seen")
	}
	q := play(t, Start(), "e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8")
	if q.Draw() {
		t.Fatal("castling rights lost: not the same position")
	}
	q = play(t, q, "Ke2", "Ke7")
	if !q.Draw() {
		t.Fatal("repetition after castling loss not seen")
	}
}

func TestFiftyMoveAndMaterial(t *testing.T) {
	p, _ := ParseFEN("4k3/8/8/8/8/8/R7/4K3 w - - 99 80")
	if p.Draw() {
		t.Fatal("99 plies is no draw")
	}
	p = play(t, p, "Rb2")
	if !p.Draw() {
		t.Fatal("fifty-move rule not seen")
	}
	p = play(t, p, "Kd8", "Rb3") // clock beyond the window must still work
	if !p.Draw() || p.rule50 != 102 {
		t.Fatal("fifty-move rule beyond window")
	}
	p = play(t, p, "Kc8", "Rb8+", "Kxb8") // capture resets
	if !p.Draw() {
		t.Fatal("KvK is a draw")
	}
	for fen, want := range map[string]bool{
		"4k3/8/8/8/8/8/8/4KB2 w - - 0 1":  true,
		"4k3/8/8/8/8/8/8/4KN2 w - - 0 1":  true,
		"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1": false,
		"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1": false,
	} {
		p, _ := ParseFEN(fen)
		if p.Draw() != want {
			t.Errorf("%s: Draw %v", fen, p.Draw())
		}
	}
}

func TestTerminalAndEval(t *testing.T) {
	mate, _ := ParseFEN("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1")
	var buf [game.MaxMoves]game.Move
	if mate.Moves(buf[:]) != 0 || mate.Terminal() != -game.Mate {
		t.Fatal("mate")
	}
	stale, _ := ParseFEN("k7/8/1Q6/8/8/8/8/4K3 b - - 0 1")
	if stale.Moves(buf[:]) != 0 || stale.Terminal() != 0 {
		t.Fatal("stalemate")
	}
	if Start().Eval() != 0 {
		t.Fatal("start eval not 0")
	}
	up, _ := ParseFEN("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
	down, _ := ParseFEN("4k3/8/8/8/8/8/8/3QK3 b - - 0 1")
	if up.Eval() < 800 || down.Eval() != -up.Eval() {
		t.Fatalf("eval %d %d", up.Eval(), down.Eval())
	}
}

// TestNoAllocs checks the hot path allocates nothing.
func TestNoAllocs(t *testing.T) {
	p, _ := ParseFEN(kiwipeteFEN)
	var buf [game.MaxMoves]game.Move
	n := p.Moves(buf[:])
	q := new(Position)
	var sink int64
	for name, f := range map[string]func(){
		"Moves":     func() { sink += int64(p.Moves(buf[:])) },
		"Captures":  func() { sink += int64(p.Captures(buf[n:])) },
		"Play":      func() { p.Play(buf[3], q) },
		"Hash":      func() { sink += int64(p.Hash()) },
		"Eval":      func() { sink += int64(p.Eval()) },
		"Draw":      func() { _ = p.Draw() },
		"IsCapture": func() { _ = p.IsCapture(buf[5]) },
		"Gain":      func() { sink += int64(p.Gain(buf[5])) },
		"Terminal":  func() { sink += int64(p.Terminal()) },
		"Count":     func() { sink += int64(p.CountMoves()) },
	} {
		if a := testing.AllocsPerRun(100, f); a != 0 {
			t.Errorf("%s allocates %v per run", name, a)
		}
	}
	s := game.NewStack[Position](4)
	s.Pos[0] = *p
	if a := testing.AllocsPerRun(3, func() { game.Perft[Position, *Position](s, 3) }); a != 0 {
		t.Errorf("game.Perft allocates %v", a)
	}
}

// TestGamePerft checks the generic game.Perft on this domain agrees with the
// bulk-counting Perft, and Divide sums up.
func TestGamePerft(t *testing.T) {
	p, _ := ParseFEN(kiwipeteFEN)
	s := game.NewStack[Position](3)
	s.Pos[0] = *p
	if got := game.Perft[Position, *Position](s, 3); got != 97862 {
		t.Fatalf("game.Perft = %d", got)
	}
	var sum uint64
	for _, d := range Divide(p, 3) {
		sum += d.Nodes
	}
	if sum != 97862 {
		t.Fatalf("Divide sums to %d", sum)
	}
}
