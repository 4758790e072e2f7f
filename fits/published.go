package fits

import "math"

// Published is a performance model fitted in one of the papers. Unknown
// figures (not stated in the paper) are NaN.
type Published struct {
	// Name is the program, Cite where the statement is.
	Name, Cite string
	// Quote is the statement as printed.
	Quote string
	// C1 multiplies W/P, Cinf multiplies C, C0 is the constant in seconds.
	C1, Cinf, C0 float64
	// C1SE and CinfSE are the stated uncertainties (the papers do not say
	// whether they are standard errors or confidence half-widths).
	C1SE, CinfSE float64
	// Correlation and MeanRelativeError are the stated goodness of fit.
	Correlation, MeanRelativeError float64
}

// StarTech is Kuszmaul's model of StarTech on the CM-5: B. C. Kuszmaul,
// "The StarTech Massively Parallel Chess Program" (1995), section
// "Critical Path and Work of StarTech", equation (2):
//
//	"I found that the run-time on P processors of StarTech is accurately
//	modeled as T_P ≈ 1.02 W/P + 1.5C + 4.3 seconds."
//
// The constant "comes from the time StarTech spends at the beginning of
// every search analyzing the board and initializing the evaluation tables".
// No uncertainties or goodness of fit are given (the abstract quotes the
// model without the constant: T ≈ 1.02W/P + 1.5C).
var StarTech = Published{
	Name:  "StarTech",
	Cite:  "Kuszmaul 1995, eq. 2",
	Quote: "T_P ≈ 1.02 W/P + 1.5C + 4.3 seconds",
	C1:    1.02, Cinf: 1.5, C0: 4.3,
	C1SE: math.NaN(), CinfSE: math.NaN(),
	Correlation: math.NaN(), MeanRelativeError: math.NaN(),
}

// Socrates is Joerg and Kuszmaul's model of *Socrates on the CM-5:
// C. F. Joerg and B. C. Kuszmaul, "Massively Parallel Chess" (1994),
// section 2, equation (1). They fitted "a performance model of the form
// T_predicted = c1·C + c2·W/P + c3" (with a constant) and found
//
//	"T ≈ (0.95 ± 0.04)C + (1.091 ± 0.001) W/P + 0 ... with a sample
//	correlation coefficient of 0.999947, and a mean error of 14.2% and a
//	mean relative error of 4.85%."
//
// So the constant was a term of the fitted form and is reported as 0 with no
// uncertainty; the text does not say whether it was estimated as 0 or held
// at 0. The abstract rounds the result to T ≈ 0.95C + 1.09W/P. Note that
// the paper's c1 multiplies C and its c2 multiplies W/P, the other way round
// from this package.
var Socrates = Published{
	Name:  "*Socrates",
	Cite:  "Joerg & Kuszmaul 1994, eq. 1",
	Quote: "T ≈ (0.95 ± 0.04)C + (1.091 ± 0.001) W/P + 0",
	C1:    1.091, Cinf: 0.95, C0: 0,
	C1SE: 0.001, CinfSE: 0.04,
	Correlation: 0.999947, MeanRelativeError: 0.0485,
}

// PublishedModels lists the published models a Result is compared with.
var PublishedModels = []Published{StarTech, Socrates}

// Predict returns the published model's time for a run of work w and span
// c on p processors (W/P = 0 for p = +Inf). It panics if p is not positive.
func (pm Published) Predict(p, w, c float64) float64 {
	if !(p > 0) {
		panic("fits: Published.Predict: p must be positive")
	}
	x := regressors([]int{termWork, termSpan}, p, w, c)
	return pm.C1*x[0] + pm.Cinf*x[1] + pm.C0
}

// Comparison is a published model judged on the fitted observations.
type Comparison struct {
	Published
	// MeanError and MeanRelativeError are those of the published
	// coefficients' predictions of the observed times, defined as in
	// Result. The constant is in seconds, so they mean something only when
	// Work, Span and Time are seconds too.
	MeanError, MeanRelativeError float64
	// RatioC1 and RatioCinf are fitted over published coefficient: with
	// work and span measured in another unit than time (nodes, say) the
	// ratios carry that unit's cost. RatioCinf is NaN for WorkOnly.
	RatioC1, RatioCinf float64
}

func compare(r *Result, obs []Obs) []Comparison {
	out := make([]Comparison, len(PublishedModels))
	pred := make([]float64, len(obs))
	for k, pm := range PublishedModels {
		for i, o := range obs {
			pred[i] = pm.Predict(o.P, o.Work, o.Span)
		}
		c := Comparison{Published: pm, RatioC1: math.NaN(), RatioCinf: math.NaN()}
		if !r.C1.Fixed {
			c.RatioC1 = r.C1.Value / pm.C1
		}
		if !r.Cinf.Fixed {
			c.RatioCinf = r.Cinf.Value / pm.Cinf
		}
		c.MeanError, c.MeanRelativeError, _ = errorStats(obs, pred)
		out[k] = c
	}
	return out
}
