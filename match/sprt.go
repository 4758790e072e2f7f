package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT is a sequential probability ratio test of H0: the Elo difference
// is Elo0 against H1: it is Elo1 (logistic Elo, fishtest's {elo0,elo1}
// bounds), with error rates Alpha (accepting H1 when H0 holds) and Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// ParseSPRT reads "elo0=0,elo1=5,alpha=0.05,beta=0.05" (alpha and beta
// default to 0.05).
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return t, fmt.Errorf("sprt: %q is not key=value (keys: elo0, elo1, alpha, beta)", kv)
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return t, fmt.Errorf("sprt: %s=%q is not a number", k, v)
		}
		switch strings.TrimSpace(k) {
		case "elo0":
			t.Elo0 = f
		case "elo1":
			t.Elo1 = f
		case "alpha":
			t.Alpha = f
		case "beta":
			t.Beta = f
		default:
			return t, fmt.Errorf("sprt: unknown key %q (keys: elo0, elo1, alpha, beta)", k)
		}
		seen[strings.TrimSpace(k)] = true
	}
	switch {
	case !seen["elo0"] || !seen["elo1"]:
		return t, fmt.Errorf("sprt: give elo0 and elo1")
	case t.Elo1 <= t.Elo0:
		return t, fmt.Errorf("sprt: elo1 (%g) must exceed elo0 (%g)", t.Elo1, t.Elo0)
	case t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5:
		return t, fmt.Errorf("sprt: alpha and beta must lie in (0, 0.5), got %g and %g", t.Alpha, t.Beta)
	case math.Abs(t.Elo0) > 1000 || math.Abs(t.Elo1) > 1000:
		return t, fmt.Errorf("sprt: elo bounds beyond ±1000")
	}
	return t, nil
}

// Bounds are Wald's stopping bounds on the log-likelihood ratio:
// ln(β/(1−α)) (accept H0 below) and ln((1−β)/α) (accept H1 above).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the generalized log-likelihood ratio of the pentanomial counts
// of game pairs (pairs scoring 0, ½, 1, 1½, 2 points), as Michel Van den
// Bergh describes it for fishtest ("Generalized SPRT", the
// "pentanomial" model): under each hypothesis the distribution of the
// five outcomes is the one of largest likelihood whose mean score per
// game is the hypothesis's (ScoreOf(Elo0), ScoreOf(Elo1)), and the LLR is
// Σ nᵢ·ln(p1ᵢ/p0ᵢ). That distribution is p̂ᵢ/(1 + λ(xᵢ − s)) with p̂ the
// observed frequencies and λ the root of Σ p̂ᵢ(xᵢ − s)/(1 + λ(xᵢ − s)) = 0
// (a Lagrange multiplier; the sum falls monotonically in λ, so bisection
// finds it). With fewer than two distinct outcomes observed it is 0.
func (t SPRT) LLR(penta [5]int) float64 {
	var xs, ps []float64
	var cs []int
	n := 0
	for _, c := range penta {
		n += c
	}
	for i, c := range penta {
		if c > 0 {
			xs = append(xs, Pentanomial[i])
			ps = append(ps, float64(c)/float64(n))
			cs = append(cs, c)
		}
	}
	if len(xs) < 2 {
		return 0
	}
	p0 := mleAtMean(xs, ps, ScoreOf(t.Elo0))
	p1 := mleAtMean(xs, ps, ScoreOf(t.Elo1))
	if p0 == nil || p1 == nil {
		return 0
	}
	llr := 0.0
	for i, c := range cs {
		llr += float64(c) * math.Log(p1[i]/p0[i])
	}
	return llr
}

// mleAtMean is the distribution on xs nearest the frequencies ps (largest
// likelihood) with mean s; nil when s lies outside the outcomes' range.
func mleAtMean(xs, ps []float64, s float64) []float64 {
	lo, hi := xs[0], xs[0]
	for _, x := range xs {
		lo, hi = min(lo, x), max(hi, x)
	}
	if s <= lo || s >= hi {
		return nil
	}
	// 1 + λ(x − s) > 0 for every x: λ in (−1/(hi−s), 1/(s−lo)).
	a, b := -1/(hi-s), 1/(s-lo)
	f := func(l float64) float64 {
		sum := 0.0
		for i, x := range xs {
			sum += ps[i] * (x - s) / (1 + l*(x-s))
		}
		return sum
	}
	for range 200 {
		m := (a + b) / 2
		if f(m) > 0 {
			a = m
		} else {
			b = m
		}
	}
	l := (a + b) / 2
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = ps[i] / (1 + l*(x-s))
	}
	return out
}

// Verdict is "H1 accepted", "H0 accepted" or "continue" for llr.
func (t SPRT) Verdict(llr float64) string {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return "H1 accepted"
	case llr <= lo:
		return "H0 accepted"
	}
	return "continue"
}

// String writes the test as fishtest does: {elo0,elo1} alpha beta.
func (t SPRT) String() string {
	return fmt.Sprintf("{%g,%g} alpha=%g beta=%g", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}
