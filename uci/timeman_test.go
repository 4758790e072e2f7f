package uci

import (
	"testing"
	"time"
)

// TestBudgetNeverFlags plays whole games on a simulated clock: every move
// takes its Hard limit plus a latency (the stop reaching the search, the
// GUI, the pipe), the worst a move can do, and the clock must never fall
// below zero. The controls are a common 10+0.1, a faster 1+0.01, a
// repeating 40 moves in 60 s and sudden death with an increment only.
func TestBudgetNeverFlags(t *testing.T) {
	for _, c := range []struct {
		name      string
		base, inc time.Duration
		mtg       int // moves per control; 0 = sudden death
		latency   time.Duration
	}{
		{"10+0.1", 10 * time.Second, 100 * time.Millisecond, 0, 25 * time.Millisecond},
		{"1+0.01", time.Second, 10 * time.Millisecond, 0, 5 * time.Millisecond},
		{"40/60", 60 * time.Second, 0, 40, 25 * time.Millisecond},
		{"0.2+0.1", 200 * time.Millisecond, 100 * time.Millisecond, 0, 25 * time.Millisecond},
	} {
		left := c.base
		for move := 1; move <= 400; move++ {
			l := Limits{WTime: left, BTime: left, WInc: c.inc, BInc: c.inc, Clock: true}
			if c.mtg > 0 {
				l.MovesToGo = c.mtg - (move-1)%c.mtg
			}
			p := Budget(l, true)
			if p.Soft > p.Hard || p.Hard <= 0 {
				t.Fatalf("%s move %d: soft %v, hard %v", c.name, move, p.Soft, p.Hard)
			}
			left -= p.Hard + c.latency
			if left < 0 {
				t.Fatalf("%s: lost on time at move %d (hard %v)", c.name, move, p.Hard)
			}
			left += c.inc
			if c.mtg > 0 && move%c.mtg == 0 {
				left += c.base
			}
		}
	}
}

// TestBudgetShapes checks the plan of each kind of go.
func TestBudgetShapes(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name       string
		l          Limits
		white      bool
		soft, hard time.Duration
	}{
		{"movetime", Limits{MoveTime: 1000 * ms}, true, 970 * ms, 970 * ms},
		{"depth only", Limits{Depth: 5}, true, 0, 0},
		{"infinite", Limits{Infinite: true, WTime: 1000 * ms, Clock: true}, true, 0, 0},
		// 10 s + 0.1: base 10/25 + 0.075 = 0.475 s; hard min(1.425, 9.97/5).
		{"10+0.1 white", Limits{WTime: 10 * time.Second, BTime: time.Second, WInc: 100 * ms, Clock: true}, true, 332500 * time.Microsecond, 1425 * ms},
		// black's clock is read for black: base 1/25 = 40 ms.
		{"black", Limits{WTime: 10 * time.Second, BTime: time.Second, Clock: true}, false, 28 * ms, 120 * ms},
	} {
		p := Budget(c.l, c.white)
		if p.Soft != c.soft || p.Hard != c.hard {
			t.Errorf("%s: soft %v hard %v, want %v %v", c.name, p.Soft, p.Hard, c.soft, c.hard)
		}
	}
}
