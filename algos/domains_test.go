package algos

import (
	"context"
	"os"
	"testing"

	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
)

// loadBK reads the Bratko-Kopec suite (Bratko & Kopec 1982), copied from
// shared/data/chess/bratko-kopec.epd.
func loadBK(tb testing.TB) []*chess.EPD {
	f, err := os.Open("testdata/bratko-kopec.epd")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	recs, err := chess.ReadEPD("bratko-kopec.epd", f)
	if err != nil {
		tb.Fatal(err)
	}
	return recs
}

// agree checks that every algorithm with the table off (mtdf: its private
// table) returns the negamax value of root at depth under base's
// quiescence setting, with and without ordering and iterative deepening.
func agree[T any, P game.Position[T]](t *testing.T, name string, root *T, depth int, quiescence bool) {
	t.Helper()
	ctx := context.Background()
	ref, err := Search[T, P](ctx, root, Options{Algo: AlgoNegamax, Depth: depth, Quiescence: quiescence})
	if err != nil {
		t.Fatal(err)
	}
	for _, algo := range []string{AlgoAlphaBeta, AlgoScout, AlgoMTDF} {
		for _, preset := range []string{"plain", "ordering-off", "default"} {
			opt := Presets()[preset]
			opt.Algo, opt.Depth, opt.TTBits, opt.Quiescence = algo, depth, 0, quiescence
			res, err := Search[T, P](ctx, root, opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != ref.Value {
				t.Errorf("%s depth %d %s/%s: value %d, negamax %d", name, depth, algo, preset, res.Value, ref.Value)
			}
			if res.Nodes > ref.Nodes && algo == AlgoAlphaBeta {
				t.Errorf("%s depth %d %s/%s: %d nodes, more than negamax's %d", name, depth, algo, preset, res.Nodes, ref.Nodes)
			}
		}
	}
}

// TestChessAgrees: on the first Bratko-Kopec positions and the start
// position, every algorithm returns the negamax value at depth 3 (without
// quiescence, and with the same quiescence for all at depth 2). Depth 3
// cannot transpose between different remaining depths, so mtdf's table
// gives the exact fixed-depth value too.
func TestChessAgrees(t *testing.T) {
	recs := loadBK(t)
	n := 6
	if testing.Short() {
		n = 2
	}
	agree[chess.Position](t, "start", chess.Start(), 3, false)
	for i, r := range recs[:n] {
		agree[chess.Position](t, r.ID, r.Pos, 3, false)
		if i < 2 { // BK.03's capture tree explodes under a full-window quiescence
			agree[chess.Position](t, r.ID+" (quiescence)", r.Pos, 2, true)
		}
	}
}

// TestCheckersAgrees: the same on checkers from the start position and a
// few plies into a game, with quiescence following compulsory captures.
func TestCheckersAgrees(t *testing.T) {
	root := checkers.Start()
	for _, depth := range []int{1, 3, 5} {
		agree[checkers.Position](t, "start", root, depth, false)
		agree[checkers.Position](t, "start (quiescence)", root, depth, true)
	}
	// Walk a few plies along the first move to reach capture positions.
	p := *root
	var buf [game.MaxMoves]game.Move
	for ply := range 8 {
		n := p.Moves(buf[:])
		if n == 0 {
			break
		}
		var next checkers.Position
		p.Play(buf[(ply*7)%n], &next)
		p = next
		agree[checkers.Position](t, "line", &p, 4, ply%2 == 0)
	}
}

// TestChessMate: a mate in 1 is scored Mate−1 by every algorithm, the
// table on and off (game.MatedIn at ply 1, negated).
func TestChessMate(t *testing.T) {
	// A back-rank mate in 1: 1. Ra8#, scored -MatedIn(1) = Mate−1.
	pos, err := chess.ParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, algo := range Algorithms() {
		for _, bits := range []int{0, 12} {
			res, err := Search[chess.Position](context.Background(), pos, Options{Algo: algo, Depth: 3, TTBits: bits, Iterative: true, Quiescence: true, TTMove: true})
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != game.Mate-1 || pos.MoveString(res.BestMove) != "Ra8#" {
				t.Errorf("%s tt=%d: value %d move %s, want %d Ra8#", algo, bits, res.Value, pos.MoveString(res.BestMove), game.Mate-1)
			}
		}
	}
}

// checkersLine is the checkers position after plies moves from the start,
// move (ply·5) mod n at each ply: a middle-game position the domain tests
// share.
func checkersLine(plies int) *checkers.Position {
	p := *checkers.Start()
	var buf [game.MaxMoves]game.Move
	for ply := range plies {
		n := p.Moves(buf[:])
		var next checkers.Position
		p.Play(buf[(ply*5)%n], &next)
		p = next
	}
	return &p
}
