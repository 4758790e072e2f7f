package sched

import (
	"context"
	"fmt"
	"testing"
)

func runT(t testing.TB, cfg Config, root func(Ctx) any) (any, *Stats) {
	t.Helper()
	r, s, err := Run(context.Background(), cfg, root)
	if err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	return r, s
}

// uniformRoot is the game-free calibration tree uniform:b=B,d=D as a root
// task (W and C as plain parallel negamax's on that tree).
func uniformRoot(b, d int) func(Ctx) any {
	return func(c Ctx) any { return Uniform(c, b, d) }
}

// ipow is b^d.
func ipow(b, d int) int64 {
	x := int64(1)
	for range d {
		x *= int64(b)
	}
	return x
}

// simPs are the simulated machine sizes of the exact tests (0 = infinite).
var simPs = []int{1, 4, 64, 4096, 0}

func TestUniformExactSim(t *testing.T) {
	for _, bd := range [][2]int{{2, 1}, {2, 6}, {3, 5}, {4, 4}, {7, 3}} {
		b, d := bd[0], bd[1]
		name := fmt.Sprintf("uniform:b=%d,d=%d", b, d)
		root, want := uniformRoot(b, d), ipow(b, d)
		for _, p := range simPs {
			for _, lv := range []bool{false, true} {
				cfg := Config{Machine: SimOf(p), Seed: 7, Levels: lv, LevelWait: lv}
				v, s := runT(t, cfg, root)
				if v.(int64) != want {
					t.Errorf("%s P=%d: value %d, want %d", name, p, v, want)
				}
				W, C := UniformWork(b, d), UniformSpan(d)
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
