package match

import (
	"math"
	"testing"
)

// TestElo checks the logistic Elo of a score against hand calculations
// of −400·log10(1/s − 1) (python3 math, to 1e-9).
func TestElo(t *testing.T) {
	for _, c := range []struct{ s, elo float64 }{
		{0.5, 0},
		{0.75, 190.848501887865},  // 400·log10(3)
		{0.25, -190.848501887865}, // symmetric
		{0.6, 70.43650362227247},  // 400·log10(1.5)
		{0.7, 147.19071411783776}, // 400·log10(7/3)
		{ScoreOf(35), 35},         // inverse
		{ScoreOf(-1.25), -1.25},   // inverse, small
	} {
		if got := Elo(c.s); math.Abs(got-c.elo) > 1e-9 {
			t.Errorf("Elo(%g) = %.12g, want %.12g", c.s, got, c.elo)
		}
	}
	if !math.IsInf(Elo(1), 1) || !math.IsInf(Elo(0), -1) {
		t.Errorf("Elo(1), Elo(0) = %g, %g; want ±Inf", Elo(1), Elo(0))
	}
}

// TestEloInterval checks the 95 % interval, mean ± 1.959964·√(var/n) in
// score turned into Elo, against hand calculations (python3 math):
// W30 D40 L30: mean ½, var 0.15 per game, se 0.03873; W60 D20 L20:
// mean 0.7, var 0.16 per game.
func TestEloInterval(t *testing.T) {
	for _, c := range []struct {
		name        string
		x           []float64
		counts      []int
		elo, lo, hi float64
	}{
		{"W30 D40 L30", Trinomial, []int{30, 40, 30}, 0, -53.157979780053225, 53.157979780053275},
		{"W60 D20 L20", Trinomial, []int{20, 20, 60}, 147.19071411783776, 86.22501520030423, 218.2517776410748},
		// The fishtest STC test of TestSPRTFishtest by its pairs: the
		// mean is that of its games (W 7606, L 7368, D 68154 of 83128:
		// score 0.501431), the interval a hand calculation with the
		// pentanomial variance per pair.
		{"fishtest STC pairs", Pentanomial, []int{292, 5905, 28939, 6129, 299}, 0.9947297576444919, 0.011835521180914462, 1.9776399164554246},
		{"fishtest STC games", Trinomial, []int{7368, 68154, 7606}, 0.9947297576444919, math.NaN(), math.NaN()},
	} {
		elo, lo, hi := EloInterval(c.x, c.counts)
		for _, v := range [][2]float64{{elo, c.elo}, {lo, c.lo}, {hi, c.hi}} {
			if !math.IsNaN(v[1]) && math.Abs(v[0]-v[1]) > 1e-6 { // NaN: not checked
				t.Errorf("%s: got %.9g, %.9g, %.9g; want %.9g, %.9g, %.9g", c.name, elo, lo, hi, c.elo, c.lo, c.hi)
				break
			}
		}
	}
	if e, _, _ := EloInterval(Trinomial, []int{0, 0, 0}); !math.IsNaN(e) {
		t.Errorf("no games: Elo %g, want NaN", e)
	}
}

// TestSPRTFishtest checks the pentanomial LLR against two published
// fishtest results (logistic Elo bounds, written {elo0,elo1} on fishtest),
// quoted in Stockfish's commit "LMR for captures" (Dec 2020):
//
//	STC tests/view/5fe50b9d3932f79192d3973c: LLR: 2.95 (-2.94,2.94) {-0.25,1.25}
//	    Ptnml(0-2): 292, 5905, 28939, 6129, 299
//	LTC tests/view/5fe552e43932f79192d39744: LLR: 2.92 (-2.94,2.94) {0.25,1.25}
//	    Ptnml(0-2): 5, 418, 6043, 506, 12
//
// fishtest prints the LLR to two decimals and the bounds ±2.94 for
// alpha = beta = 0.05 (ln 19 = 2.9444).
func TestSPRTFishtest(t *testing.T) {
	for _, c := range []struct {
		name       string
		penta      [5]int
		elo0, elo1 float64
		llr        float64
	}{
		{"STC", [5]int{292, 5905, 28939, 6129, 299}, -0.25, 1.25, 2.95},
		{"LTC", [5]int{5, 418, 6043, 506, 12}, 0.25, 1.25, 2.92},
	} {
		s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05}
		if got := s.LLR(c.penta); math.Abs(got-c.llr) > 0.005 {
			t.Errorf("%s: LLR %.4f, fishtest printed %.2f", c.name, got, c.llr)
		}
	}
	lo, hi := SPRT{Alpha: 0.05, Beta: 0.05}.Bounds()
	if math.Abs(lo+2.9444389791664403) > 1e-12 || math.Abs(hi-2.9444389791664403) > 1e-12 {
		t.Errorf("bounds %g, %g; want ∓ln 19 = ∓2.944439", lo, hi)
	}
}

// TestSPRTProperties: the LLR is 0 with one outcome only, positive when the mean is at elo1's
// score, negative at elo0's, and antisymmetric when the bounds swap.
func TestSPRTProperties(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if got := s.LLR([5]int{0, 0, 7, 0, 0}); got != 0 {
		t.Errorf("one outcome: LLR %g, want 0", got)
	}
	good := [5]int{10, 200, 500, 260, 30} // mean above ½
	bad := [5]int{30, 260, 500, 200, 10}
	if s.LLR(good) <= 0 || s.LLR(bad) >= 0 {
		t.Errorf("LLR(good) %g, LLR(bad) %g: want positive, negative", s.LLR(good), s.LLR(bad))
	}
	swapped := SPRT{Elo0: 10, Elo1: 0, Alpha: 0.05, Beta: 0.05}
	if a, b := s.LLR(good), swapped.LLR(good); math.Abs(a+b) > 1e-9 {
		t.Errorf("swapped bounds: %g and %g, want opposite", a, b)
	}
}

func TestParseSPRT(t *testing.T) {
	for _, c := range []struct {
		in   string
		want SPRT
		bad  bool
	}{
		{"elo0=0,elo1=5", SPRT{0, 5, 0.05, 0.05}, false},
		{"elo0=-1.5, elo1=2.5, alpha=0.1, beta=0.2", SPRT{-1.5, 2.5, 0.1, 0.2}, false},
		{"elo0=5,elo1=0", SPRT{}, true},
		{"elo0=0", SPRT{}, true},
		{"elo0=0,elo1=5,alpha=0.7", SPRT{}, true},
		{"elo0=0,elo1=x", SPRT{}, true},
		{"gamma=1,elo0=0,elo1=5", SPRT{}, true},
		{"elo0", SPRT{}, true},
	} {
		got, err := ParseSPRT(c.in)
		if (err != nil) != c.bad || (!c.bad && got != c.want) {
			t.Errorf("ParseSPRT(%q) = %+v, %v", c.in, got, err)
		}
	}
}
