package fits

import (
	"fmt"
	"math"
	"strings"
)

// Obs is one measured run: Time on P processors of a search whose total
// work is Work and whose critical path (span) is Span. P may be +Inf, for
// which W/P is 0 (an ideal machine: the time is the span alone). Work, Span
// and Time share one unit of time (seconds, or a count of nodes as a proxy);
// Label names the run in errors and tables.
type Obs struct {
	P     float64
	Work  float64
	Span  float64
	Time  float64
	Label string
}

// WorkPerProc returns W/P, the linear-speedup term: 0 when P is +Inf.
func (o Obs) WorkPerProc() float64 {
	if math.IsInf(o.P, 1) {
		return 0
	}
	return o.Work / o.P
}

// check returns an error when o cannot be fitted: P must be positive (or
// +Inf), Work and Span finite and non-negative, Time finite and positive
// (the relative error divides by it). i is o's index, used when o has no
// Label.
func (o Obs) check(i int) error {
	name := o.Label
	if name == "" {
		name = fmt.Sprintf("observation %d", i+1)
	}
	switch {
	case math.IsNaN(o.P) || o.P <= 0:
		return fmt.Errorf("%s: p = %v: want a positive number of processors or inf", name, o.P)
	case math.IsNaN(o.Work) || math.IsInf(o.Work, 0) || o.Work < 0:
		return fmt.Errorf("%s: work = %v: want a finite non-negative number", name, o.Work)
	case math.IsNaN(o.Span) || math.IsInf(o.Span, 0) || o.Span < 0:
		return fmt.Errorf("%s: span = %v: want a finite non-negative number", name, o.Span)
	case math.IsNaN(o.Time) || math.IsInf(o.Time, 0) || o.Time <= 0:
		return fmt.Errorf("%s: time = %v: want a finite positive number", name, o.Time)
	}
	return nil
}

// Model selects the terms of the fitted performance model.
type Model int

const (
	// Full is T = c1·W/P + c∞·C + c0, StarTech's model (Kuszmaul 1995,
	// equation 2) and the form *Socrates fitted (Joerg and Kuszmaul 1994,
	// section 2: T_predicted = c1·C + c2·W/P + c3).
	Full Model = iota
	// NoIntercept is T = c1·W/P + c∞·C: the form of *Socrates's published
	// result, whose constant is printed as 0 (equation 1; the paper does not
	// say whether it was estimated or held at 0), and of Brent's bound
	// W/P + C with free coefficients.
	NoIntercept
	// WorkOnly is T = c1·W/P + c0: linear speedup and a constant, no
	// critical-path term. It is the comparison that shows what the span
	// explains.
	WorkOnly
	// Bounds is T = cmax·max(W/P, C) + cmin·min(W/P, C): not a model of
	// the papers but the one their bounds suggest, a second model beside
	// the papers'. Any greedy schedule takes between
	// max(W/P, C) and W/P + C = max + min (Brent 1974; *Socrates §1), so
	// the time is the larger term plus some share of the smaller; the
	// papers' c1·W/P + c∞·C gives the span the same weight whether it
	// dominates the run (deep in the critical-path-bound regime, large P)
	// or hides behind the work (small P), and a fit on small machines,
	// where W/P dominates, cannot learn what C costs on big ones. With
	// cmax = 1 and cmin = 0 it is the lower bound, with both 1 Brent's
	// upper bound.
	Bounds
)

// Models lists the models in their order of declaration.
var Models = []Model{Full, NoIntercept, WorkOnly, Bounds}

// String returns the model's name as ParseModel reads it: "full",
// "nointercept" or "workonly".
func (m Model) String() string {
	switch m {
	case Full:
		return "full"
	case NoIntercept:
		return "nointercept"
	case WorkOnly:
		return "workonly"
	case Bounds:
		return "bounds"
	}
	return fmt.Sprintf("Model(%d)", int(m))
}

// Formula returns the model as an equation, e.g. "T = c1·W/P + c∞·C + c0".
func (m Model) Formula() string {
	switch m {
	case Full:
		return "T = c1·W/P + c∞·C + c0"
	case NoIntercept:
		return "T = c1·W/P + c∞·C"
	case WorkOnly:
		return "T = c1·W/P + c0"
	case Bounds:
		return "T = cmax·max(W/P, C) + cmin·min(W/P, C)"
	}
	panic(fmt.Sprintf("fits: unknown model %d", int(m)))
}

// ParseModel returns the model named s (case-insensitive; "brent" is not a
// fitted model: Brent's bound is reported with every fit).
func ParseModel(s string) (Model, error) {
	for _, m := range Models {
		if strings.EqualFold(s, m.String()) {
			return m, nil
		}
	}
	return 0, fmt.Errorf("unknown model %q (models: full, nointercept, workonly, bounds)", s)
}

// term indices into a Result's coefficients.
const (
	termWork = iota // c1, on W/P
	termSpan        // c∞, on C
	termOne         // c0, the constant
	termMax         // cmax, on max(W/P, C)
	termMin         // cmin, on min(W/P, C)
	numTerms
)

// terms returns which of W/P, C and 1 the model has, in that order. It
// panics on an unknown model.
func (m Model) terms() []int {
	switch m {
	case Full:
		return []int{termWork, termSpan, termOne}
	case NoIntercept:
		return []int{termWork, termSpan}
	case WorkOnly:
		return []int{termWork, termOne}
	case Bounds:
		return []int{termMax, termMin}
	}
	panic(fmt.Sprintf("fits: unknown model %d", int(m)))
}

// regressors returns the values of the terms ts for a run (p, w, c).
func regressors(ts []int, p, w, c float64) []float64 {
	x := make([]float64, len(ts))
	for j, t := range ts {
		switch t {
		case termWork:
			if math.IsInf(p, 1) {
				x[j] = 0
			} else {
				x[j] = w / p
			}
		case termSpan:
			x[j] = c
		case termOne:
			x[j] = 1
		case termMax, termMin:
			wp := 0.0
			if !math.IsInf(p, 1) {
				wp = w / p
			}
			if t == termMax {
				x[j] = math.Max(wp, c)
			} else {
				x[j] = math.Min(wp, c)
			}
		}
	}
	return x
}
