package fits

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Validation is a model fitted on the runs of small machines and judged on
// the runs of big ones: "development of the program on a small, readily
// accessable, machine while predicting the performance on a big,
// tournament-sized, machine" (Kuszmaul 1995, abstract; see also the section
// "Critical Path and Work of StarTech", where the tuned code's performance
// on a big machine "matched the prediction").
type Validation struct {
	// MaxP is the largest P fitted; Fit is the model fitted on the runs
	// with P ≤ MaxP.
	MaxP float64
	Fit  *Result
	// Points are the runs with P > MaxP, in the order given, with their
	// predictions.
	Points []ValidationPoint
	// MeanError, MeanRelativeError and MaxRelativeError are those of the
	// predictions of Points, defined as in Result.
	MeanError, MeanRelativeError, MaxRelativeError float64
	// BrentMeanRelativeError is that of Brent's bound W/P + C on Points.
	BrentMeanRelativeError float64
	// Coverage is the fraction of Points whose time lies in its 95 %
	// prediction interval.
	Coverage float64
}

// ValidationPoint is one predicted run.
type ValidationPoint struct {
	Obs        Obs
	Prediction Prediction
	// RelativeError is (predicted − measured)/measured: positive when the
	// model is pessimistic.
	RelativeError float64
	// Inside reports whether the measured time is in the prediction interval.
	Inside bool
}

// ErrNothingToValidate is wrapped by the error Validate returns when maxP
// leaves no run to fit or none to predict.
var ErrNothingToValidate = errors.New("nothing to validate")

// Validate fits m to the observations with P ≤ maxP and predicts those with
// P > maxP. It returns Fit's errors for the fitted part, and an error when
// no observation has P > maxP. It panics if maxP is NaN or not positive.
func Validate(obs []Obs, maxP float64, m Model) (*Validation, error) {
	return ValidateWeighted(obs, maxP, m, Absolute)
}

// ValidateWeighted is Validate with the fit's residuals weighted as wt
// says (FitWeighted).
func ValidateWeighted(obs []Obs, maxP float64, m Model, wt Weighting) (*Validation, error) {
	if !(maxP > 0) {
		panic(fmt.Sprintf("fits: Validate: maxP = %v, want positive", maxP))
	}
	var train, test []Obs
	for i, o := range obs {
		if err := o.check(i); err != nil {
			return nil, err
		}
		if o.P <= maxP {
			train = append(train, o)
		} else {
			test = append(test, o)
		}
	}
	if len(test) == 0 {
		return nil, fmt.Errorf("%w: no run has P > %g to predict", ErrNothingToValidate, maxP)
	}
	if len(train) == 0 {
		return nil, fmt.Errorf("%w: no run has P ≤ %g to fit the model on", ErrNothingToValidate, maxP)
	}
	fit, err := FitWeighted(train, m, wt)
	if err != nil {
		return nil, fmt.Errorf("fitting the %d runs with P ≤ %g: %w", len(train), maxP, err)
	}
	v := &Validation{MaxP: maxP, Fit: fit}
	pred := make([]float64, len(test))
	brent := make([]float64, len(test))
	inside := 0
	for i, o := range test {
		p := fit.Predict(o.P, o.Work, o.Span)
		pred[i] = p.Value
		brent[i] = o.WorkPerProc() + o.Span
		in := p.PredLo <= o.Time && o.Time <= p.PredHi
		if in {
			inside++
		}
		v.Points = append(v.Points, ValidationPoint{Obs: o, Prediction: p, RelativeError: (p.Value - o.Time) / o.Time, Inside: in})
	}
	v.MeanError, v.MeanRelativeError, v.MaxRelativeError = errorStats(test, pred)
	_, v.BrentMeanRelativeError, _ = errorStats(test, brent)
	v.Coverage = float64(inside) / float64(len(test))
	return v, nil
}

// PError is the accuracy of a validation's predictions at one P.
type PError struct {
	P float64
	N int
	// MeanRelativeError and MaxRelativeError are over the runs at P.
	MeanRelativeError, MaxRelativeError float64
	// Time and Predicted are the sums of the measured and predicted times
	// at P (a suite's total, as Kaufman's t20 sums them).
	Time, Predicted float64
}

// ByP returns the accuracy of the predictions at each predicted P, in
// increasing P: how far from the fitted machines the model still holds.
func (v *Validation) ByP() []PError {
	var out []PError
	at := map[float64]int{}
	for _, pt := range v.Points {
		i, ok := at[pt.Obs.P]
		if !ok {
			i = len(out)
			at[pt.Obs.P] = i
			out = append(out, PError{P: pt.Obs.P})
		}
		e := &out[i]
		r := math.Abs(pt.RelativeError)
		e.N++
		e.MeanRelativeError += r
		e.MaxRelativeError = math.Max(e.MaxRelativeError, r)
		e.Time += pt.Obs.Time
		e.Predicted += pt.Prediction.Value
	}
	for i := range out {
		out[i].MeanRelativeError /= float64(out[i].N)
	}
	slices.SortFunc(out, func(a, b PError) int { return cmp.Compare(a.P, b.P) })
	return out
}
