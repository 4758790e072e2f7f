package fits

import (
	"fmt"
	"math"
)

// Prediction is a fitted model's time for one run with its 95 % intervals.
type Prediction struct {
	// Value is x·β, x = (W/P, C, 1) restricted to the model's terms.
	Value float64
	// ConfLo and ConfHi bound the mean time of such runs:
	// Value ± t(0.975, n−k)·sqrt(xᵀ·Cov(β)·x).
	ConfLo, ConfHi float64
	// PredLo and PredHi bound the time of one new run:
	// Value ± t(0.975, n−k)·sqrt(s² + xᵀ·Cov(β)·x).
	PredLo, PredHi float64
}

// Predict returns the model's time for a run of work w and span c on p
// processors (p = +Inf gives W/P = 0), with the confidence interval of the
// mean and the prediction interval of a single run. Both assume the model
// holds at (p, w, c); far outside the fitted range they are optimistic.
//
// r must be a Result returned by Fit. Predict panics if p is not positive
// or w or c is negative or not finite.
func (r *Result) Predict(p, w, c float64) Prediction {
	if r.cov == nil {
		panic("fits: Predict on a Result not made by Fit")
	}
	if !(p > 0) {
		panic(fmt.Sprintf("fits: Predict: p = %v, want positive", p))
	}
	if !(w >= 0) || math.IsInf(w, 1) || !(c >= 0) || math.IsInf(c, 1) {
		panic(fmt.Sprintf("fits: Predict: w = %v, c = %v, want finite and non-negative", w, c))
	}
	x := regressors(r.terms, p, w, c)
	v := dot(r.beta, x)
	var q float64 // xᵀ Cov x
	for i := range x {
		for j := range x {
			q += x[i] * r.cov.At(i, j) * x[j]
		}
	}
	conf := r.tcrit * math.Sqrt(q)
	sigma := r.Sigma
	if r.Weighting == Relative {
		sigma *= math.Abs(v) // Sigma is relative: a run's error scales with its time
	}
	pred := r.tcrit * math.Sqrt(sigma*sigma+q)
	return Prediction{Value: v, ConfLo: v - conf, ConfHi: v + conf, PredLo: v - pred, PredHi: v + pred}
}
