package chess

import (
	"math/rand"
	"testing"

	"splitpoint/game"
)

// TestRepetitionWindow plays long random games of mostly reversible moves
// (so that windows run past histWin and the older arrays are made, shared
// and read) and checks Draw against the whole list of hashes since the
// last irreversible move, kept beside the game.
func TestRepetitionWindow(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewSource(seed))
		p := Start()
		if seed%2 == 0 {
			// A window that begins with unknown (zero) hashes.
			var err error
			if p, err = ParseFEN("r1bqkbnr/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 37 3"); err != nil {
				t.Fatal(err)
			}
		}
		hist := make([]uint64, p.rule50+1)
		hist[p.rule50] = p.hash
		draws := 0
		var buf [game.MaxMoves]game.Move
		for step := 0; step < 600; step++ {
			want := int(p.rule50) >= 100
			for i := int(p.rule50) - 4; !want && i >= 0; i -= 2 {
				want = hist[i] == p.hash
			}
			if !want && p.pieces[Pawn]|p.pieces[Rook]|p.pieces[Queen] == 0 &&
				popcount(p.pieces[Knight]|p.pieces[Bishop]) <= 1 {
				want = true
			}
			if got := p.Draw(); got != want {
				t.Fatalf("seed %d step %d (%s): Draw %v, want %v", seed, step, p.FEN(), got, want)
			}
			if want {
				draws++
			}
			n := p.Moves(buf[:])
			if n == 0 {
				break
			}
			// Mostly quiet piece moves; now and then any move.
			var quiet []game.Move
			for _, m := range buf[:n] {
				if !p.IsCapture(m) && p.board[mFrom(m)]&7 != Pawn {
					quiet = append(quiet, m)
				}
			}
			m := buf[rng.Intn(n)]
			if len(quiet) > 0 && rng.Intn(40) != 0 {
				m = quiet[rng.Intn(len(quiet))]
			}
			var q Position
			p.Play(m, &q)
			if q.rule50 == 0 {
				hist = hist[:0]
			}
			if int(q.rule50) < histLen {
				hist = append(hist, q.hash)
			}
			if q.rule50 > 200 {
				break
			}
			*p = q
		}
		if draws == 0 {
			t.Errorf("seed %d: no draw met", seed)
		}
	}
}
