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
			if r := *p; true {
				r.Rebase()
				if got := r.Draw(); got != want {
					t.Fatalf("seed %d step %d (%s): rebased, Draw %v, want %v", seed, step, p.FEN(), got, want)
				}
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

// TestRebaseNoAlloc: after Rebase, a position 30 reversible plies into its
// window plays histWin−1 more reversible plies without allocating (the
// knights' shuffle Nf3 Nf6 Ng1 Ng8 repeated), where it would otherwise
// make a shared array within two plies.
func TestRebaseNoAlloc(t *testing.T) {
	p := Start()
	var shuffle [4]game.Move
	var q Position
	for i, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		shuffle[i] = m
		p.Play(m, &q)
		*p = q
	}
	for i := 4; i < 30; i++ {
		p.Play(shuffle[i%4], &q)
		*p = q
	}
	if p.nwin != 31 {
		t.Fatalf("window %d hashes, want 31", p.nwin)
	}
	var c Position
	search := func(root Position) float64 {
		return testing.AllocsPerRun(20, func() {
			c = root
			for i := 0; i < histWin-1; i++ {
				c.Play(shuffle[(30+i)%4], &q)
				c = q
			}
			if !c.Draw() {
				t.Fatal("the shuffle is a repetition")
			}
		})
	}
	if allocs := search(*p); allocs == 0 {
		t.Fatal("no allocation without Rebase: the test does not reach a full window")
	}
	p.Rebase()
	if allocs := search(*p); allocs != 0 {
		t.Fatalf("%v allocations per run after Rebase, want 0", allocs)
	}
}
