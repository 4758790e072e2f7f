package match

import (
	"math"
)

// Elo is the logistic Elo difference of an expected score s in (0, 1):
// −400·log10(1/s − 1) (the logistic model E = 1/(1 + 10^(−D/400))).
// It is ±Inf at 0 and 1.
func Elo(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreOf is the expected score of a logistic Elo difference: the inverse
// of Elo.
func ScoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// z95 is the two-sided 95 % quantile of the normal distribution.
const z95 = 1.959963984540054

// MeanVar is the mean score and its variance per trial of counts over
// outcomes x (the trinomial 0, ½, 1 of games, or the pentanomial 0, ¼, ½,
// ¾, 1 of game pairs, scored per game), and the number of trials.
func MeanVar(x []float64, counts []int) (mean, variance float64, n int) {
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0, 0, 0
	}
	for i, c := range counts {
		mean += float64(c) * x[i]
	}
	mean /= float64(n)
	for i, c := range counts {
		d := x[i] - mean
		variance += float64(c) * d * d
	}
	return mean, variance / float64(n), n
}

// Trinomial and Pentanomial are the outcomes of a game (loss, draw, win)
// and of a game pair (0 … 2 points, per game) for MeanVar.
var (
	Trinomial   = []float64{0, 0.5, 1}
	Pentanomial = []float64{0, 0.25, 0.5, 0.75, 1}
)

// EloInterval is the Elo difference of the mean score of counts over
// outcomes x and its 95 % interval: the mean ± 1.96 standard errors
// (√(variance/n), the normal approximation fishtest and cutechess print),
// each end turned into Elo. With no trials all three are NaN.
func EloInterval(x []float64, counts []int) (elo, lo, hi float64) {
	m, v, n := MeanVar(x, counts)
	if n == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	se := math.Sqrt(v / float64(n))
	return Elo(m), Elo(m - z95*se), Elo(m + z95*se)
}
