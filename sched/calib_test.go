package sched

import (
	"context"
	"fmt"
	"testing"

	"splitpoint/game"
	"splitpoint/games/synth"
)

// serialNegamax is the serial negamax of *Socrates Fig. 1, the reference.
func serialNegamax(tr *synth.Tree) game.Value {
	s := game.NewStack[synth.Position](tr.Depth() + 1)
	s.Pos[0] = *tr.Root()
	var rec func(ply, depth int) game.Value
	rec = func(ply, depth int) game.Value {
		p := &s.Pos[ply]
		if depth == 0 {
			return p.Eval()
		}
		n := p.Moves(s.Moves[ply][:])
		if n == 0 {
			return p.Terminal()
		}
		best := -game.Inf
		for _, m := range s.Moves[ply][:n] {
			p.Play(m, &s.Pos[ply+1])
			best = max(best, -rec(ply+1, depth-1))
		}
		return best
	}
	return rec(0, tr.Depth())
}

func runT(t testing.TB, cfg Config, root func(Ctx) any) (any, *Stats) {
	t.Helper()
	r, s, err := Run(context.Background(), cfg, root)
	if err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	return r, s
}

func negamaxRoot(t testing.TB, name string) (func(Ctx) any, *synth.Tree) {
	t.Helper()
	tr, err := synth.Parse(name)
	if err != nil {
		t.Fatal(err)
	}
	return func(c Ctx) any {
		return PNegamax[synth.Position](c, tr.Root(), tr.Depth())
	}, tr
}

// simPs are the simulated machine sizes of the exact tests (0 = infinite).
var simPs = []int{1, 4, 64, 4096, 0}

func TestPNegamaxExactSim(t *testing.T) {
	for _, bd := range [][2]int{{2, 1}, {2, 6}, {3, 5}, {4, 4}, {7, 3}} {
		b, d := bd[0], bd[1]
		name := fmt.Sprintf("uniform:b=%d,d=%d,seed=1", b, d)
		root, tr := negamaxRoot(t, name)
		want := serialNegamax(tr)
		for _, p := range simPs {
			for _, lv := range []bool{false, true} {
				cfg := Config{Machine: "sim", P: p, Seed: 7, Levels: lv, LevelWait: lv}
				v, s := runT(t, cfg, root)
				if v.(int32) != want {
					t.Errorf("%s P=%d: value %d, want %d", name, p, v, want)
				}
				W, C := NegamaxWork(b, d), NegamaxSpan(d)
				if s.Work != W || s.Span != C {
					t.Errorf("%s P=%d levels=%v: W=%d C=%d, want %d %d", name, p, lv, s.Work, s.Span, W, C)
				}
				checkBounds(t, name, s)
			}
		}
	}
}

// checkBounds checks T_P ≥ max(W/P, C), T_1 = W and T_inf = C.
func checkBounds(t *testing.T, name string, s *Stats) {
	t.Helper()
	switch s.P {
	case 0:
		if s.Time != s.Span {
			t.Errorf("%s: T_inf = %d, C = %d", name, s.Time, s.Span)
		}
	case 1:
		if s.Time != s.Work {
			t.Errorf("%s: T_1 = %d, W = %d", name, s.Time, s.Work)
		}
	default:
		if s.Time*int64(s.P) < s.Work || s.Time < s.Span {
			t.Errorf("%s P=%d: T = %d < max(W/P = %d/%d, C = %d)", name, s.P, s.Time, s.Work, s.P, s.Span)
		}
	}
}
