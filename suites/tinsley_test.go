package suites

import (
	"math/bits"
	"strings"
	"testing"

	"splitpoint/game"
)

// TestTinsley checks the Tinsley–Chinook 1992 suite against Lu's Appendix B
// (and Table C.1), typed in here from the thesis: per game, the side to
// move, the move played, the piece count and the number of legal moves at
// the root, and the nominal depth of Lu's searches. Game 30's piece count is Appendix B's 16 (Table C.1 says 18;
// the game record gives 16).
func TestTinsley(t *testing.T) {
	lu := []struct {
		game          string
		black, side   string
		move          string
		pieces, legal int
		depth         int // Lu Table C.1 (003:L1680-1699)
	}{
		{"game 1", "Chinook", "black", "11-15", 18, 7, 17},
		{"game 5", "Tinsley", "black", "6-10", 20, 8, 17},
		{"game 7", "Tinsley", "white", "28-24", 20, 10, 15},
		{"game 8", "Chinook", "black", "12-16", 20, 9, 17},
		{"game 9", "Chinook", "black", "16-20", 20, 6, 19},
		{"game 13", "Chinook", "black", "14-17", 18, 11, 15},
		{"game 14", "Tinsley", "white", "22-18", 18, 11, 15},
		{"game 15", "Tinsley", "black", "9-13", 18, 9, 17},
		{"game 17", "Chinook", "black", "1-6", 14, 8, 17},
		{"game 19", "Tinsley", "white", "21-17", 14, 7, 15},
		{"game 22", "Tinsley", "black", "5-9", 18, 7, 19},
		{"game 23", "Tinsley", "black", "1-5", 20, 9, 17},
		{"game 27", "Tinsley", "white", "21-17", 16, 8, 15},
		{"game 29", "Chinook", "black", "5-9", 18, 10, 17},
		{"game 30", "Tinsley", "white", "22-18", 16, 10, 17},
		{"game 31", "Tinsley", "black", "3-7", 18, 12, 17},
		{"game 33", "Chinook", "black", "11-15", 18, 11, 15},
		{"game 36", "Chinook", "black", "10-14", 18, 9, 19},
		{"game 37", "Chinook", "black", "7-11", 18, 8, 17},
		{"game 38", "Tinsley", "white", "23-19", 24, 8, 17},
	}
	s, err := Find("lu")
	if err != nil {
		t.Fatal(err)
	}
	es, err := s.Entries()
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != len(lu) {
		t.Fatalf("%d positions, want %d", len(es), len(lu))
	}
	var buf [game.MaxMoves]game.Move
	for i, want := range lu {
		e := es[i]
		p := e.Checkers
		if e.ID != want.game || p == nil {
			t.Fatalf("#%d: id %q, want %q", i+1, e.ID, want.game)
		}
		b, w, _ := p.Pieces()
		n := p.Moves(buf[:])
		if got := bits.OnesCount32(b) + bits.OnesCount32(w); got != want.pieces || e.Pieces != want.pieces {
			t.Errorf("%s: %d pieces (recorded %d), Lu %d", e.ID, got, e.Pieces, want.pieces)
		}
		if n != want.legal || e.RootMoves != want.legal {
			t.Errorf("%s: %d legal moves (recorded %d), Lu %d", e.ID, n, e.RootMoves, want.legal)
		}
		if e.Depth != want.depth {
			t.Errorf("%s: depth %d, Lu %d", e.ID, e.Depth, want.depth)
		}
		if p.SideToMove() != want.side {
			t.Errorf("%s: %s to move, Lu %s", e.ID, p.SideToMove(), want.side)
		}
		legal := false
		for _, m := range buf[:n] {
			legal = legal || len(e.BM) == 1 && m == e.BM[0]
		}
		if !legal || e.Expected() != "bm "+want.move {
			t.Errorf("%s: expected %q (legal %v), Lu played %s", e.ID, e.Expected(), legal, want.move)
		}
		if !strings.Contains(e.Label, "Black "+want.black+",") {
			t.Errorf("%s: label %q, Lu has Black %s", e.ID, e.Label, want.black)
		}
	}
}

// TestTinsleyChecks: the loader rejects a line whose moves, piece count or
// legal-move count disagree with the position.
func TestTinsleyChecks(t *testing.T) {
	const good = "game 38\t38\tTinsley\tChinook\t5\t23-19\t24\t8\t17\t4\t5010806\t717\t" +
		"W:W20,21,22,23,24,25,26,27,29,30,31,32:B1,2,3,4,6,7,8,9,11,12,13,15\t9-13 24-20 10-15 28-24 5-9\n"
	if es, err := readTinsley("x", strings.NewReader(good)); err != nil || len(es) != 1 {
		t.Fatalf("good line: %v", err)
	}
	for _, tc := range []struct{ from, to, err string }{
		{"\t24\t8\t", "\t22\t8\t", "24 pieces, the file says 22"},
		{"\t24\t8\t", "\t24\t9\t", "8 legal moves, the file says 9"},
		{"\t23-19\t", "\t23-14\t", "move played"},
		{"5-9\n", "6-9\n", "the moves reach"},
		{"\t5\t23-19", "\t4\t23-19", "5 moves, the ply field says 4"},
		{"\t8\t17\t4\t", "\t8\t0\t4\t", "depth 0"},
	} {
		bad := strings.Replace(good, tc.from, tc.to, 1)
		if _, err := readTinsley("x", strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q→%q: error %v, want %q", tc.from, tc.to, err, tc.err)
		}
	}
}
