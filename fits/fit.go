package fits

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// ErrTooFew is wrapped by the error Fit returns when there are not more
// observations than coefficients (n ≤ k leaves no degree of freedom for the
// standard errors).
var ErrTooFew = errors.New("too few observations")

// ErrSingular is wrapped by the error Fit returns when the design matrix is
// singular or nearly so: the data cannot tell the terms apart (for example
// every run on the same P with W proportional to C, or W/P or C zero in
// every run).
var ErrSingular = errors.New("degenerate observations")

// ErrTimeIsSpan is returned by FitWeighted when every run's time is its
// critical path (T_P = C): the algorithm runs one task per processor with
// no work shared among them (ABDADA, Lazy SMP, root splitting, PVSplit on
// the simulated machine), so C is the run's time by construction and any
// fit finds c∞ = 1, c1 = 0 exactly, which says nothing about W/P. The
// modern comparison's full run fits such sweeps to R² = 1.
var ErrTimeIsSpan = errors.New("the time of every run is its critical path (T_P = C)")

// maxCond is the largest condition number of the column-equilibrated design
// matrix that Fit accepts. Beyond it the coefficients carry fewer than about
// six correct digits.
const maxCond = 1e10

// Coef is one fitted coefficient.
type Coef struct {
	// Value is the least-squares estimate.
	Value float64
	// SE is its standard error, sqrt(s²·[(XᵀX)⁻¹]_jj) with
	// s² = Σ rᵢ²/(n−k).
	SE float64
	// CI95 is the 95 % confidence interval Value ± t(0.975, n−k)·SE,
	// t the Student t quantile.
	CI95 [2]float64
	// Fixed is true for a coefficient that the model holds at 0 (c0 in
	// NoIntercept, c∞ in WorkOnly); Value, SE and CI95 are then all 0.
	Fixed bool
}

// Result is a fitted performance model. Fit fills every field; the
// statistics over the observations are:
//
//	residual     rᵢ = Tᵢ − T̂ᵢ
//	R²           1 − Σ rᵢ² / Σ (Tᵢ − mean T)²   (centred, for every model)
//	correlation  Pearson's sample correlation of T̂ with T
//	mean error   (1/n) Σ |rᵢ|                    (in the unit of Time)
//	mean relative error  (1/n) Σ |rᵢ| / Tᵢ
//
// *Socrates (Joerg and Kuszmaul 1994, section 2) reports "a sample
// correlation coefficient of 0.999947, and a mean error of 14.2% and a mean
// relative error of 4.85%" and refers for the definitions to [HL93, page 51]
// without stating them; the definitions above are the usual ones for those
// names. The paper's "mean error" is a percentage, so its definition differs
// from MeanError here, which is absolute.
type Result struct {
	Model Model
	// Obs are the fitted observations, in the order given.
	Obs []Obs
	// C1 multiplies W/P, Cinf multiplies C, C0 is the constant; Cmax and
	// Cmin multiply max(W/P, C) and min(W/P, C) (model Bounds).
	C1, Cinf, C0, Cmax, Cmin Coef
	// Weighting is how the residuals were weighted.
	Weighting Weighting
	// N is the number of observations and DoF = N − k the residual degrees
	// of freedom, k the number of fitted coefficients.
	N, DoF int
	// Sigma is the residual standard error sqrt(Σ rᵢ²/(N−k)).
	Sigma float64
	// R2 is the coefficient of determination; NaN when every Time is equal.
	R2 float64
	// Correlation is the sample correlation of predicted with measured
	// times; NaN when either is constant.
	Correlation float64
	// MeanError, MeanRelativeError and MaxRelativeError summarise the
	// residuals as defined above (the maximum of |rᵢ|/Tᵢ).
	MeanError, MeanRelativeError, MaxRelativeError float64
	// Unit is the unit of Time ("ns", or "units" of the simulator's cost
	// model), printed with the absolute errors; "" when unknown. The
	// caller sets it.
	Unit string
	// Predicted are the fitted times T̂ᵢ and Residuals the Tᵢ − T̂ᵢ.
	Predicted, Residuals []float64
	// BrentMeanError and BrentMeanRelativeError are the mean error and mean
	// relative error of Brent's bound T ≈ W/P + C on the same observations
	// (Brent 1974, Lemma 2, as cited by Joerg and Kuszmaul 1994, section 1:
	// the run time with a perfect scheduler "can be brought down to no more
	// than C + W/P").
	BrentMeanError, BrentMeanRelativeError float64
	// Published compares the fit with the coefficients of the papers, in
	// the order of the Published variable.
	Published []Comparison

	terms []int         // the model's terms, indices termWork…
	beta  []float64     // coefficient per term
	cov   *mat.SymDense // covariance of beta: s²(XᵀX)⁻¹
	tcrit float64       // t(0.975, DoF)
}

// Fit fits the model m to obs by ordinary least squares,
//
//	minimise Σ (Tᵢ − x(Pᵢ, Wᵢ, Cᵢ)·β)²,  x = (W/P, C, 1) restricted to m's terms,
//
// solved by a QR factorization of the design matrix with its columns scaled
// to unit maximum (so that work counted in nodes and spans in seconds do not
// spoil the conditioning). Standard errors assume independent errors of equal
// variance; the confidence intervals further assume they are normal.
//
// Fit returns an error wrapping ErrTooFew when len(obs) ≤ k (k = 3 for Full,
// 2 otherwise), one wrapping ErrSingular when the terms cannot be separated,
// and an error naming the observation when one is invalid (P ≤ 0, negative
// or non-finite Work or Span, Time ≤ 0 or non-finite). Fit panics if m is not
// one of Full, NoIntercept, WorkOnly. A nil or empty obs is too few.
func Fit(obs []Obs, m Model) (*Result, error) { return FitWeighted(obs, m, Absolute) }

// Weighting says how Fit weighs the runs' residuals.
type Weighting int

const (
	// Absolute is ordinary least squares, Σ rᵢ² (the papers' fits, as far
	// as they say): the runs with the longest times dominate, so a fit
	// over P = 1 … 512 is a fit of the small machines.
	Absolute Weighting = iota
	// Relative is least squares on relative residuals, Σ (rᵢ/Tᵢ)²
	// (weights 1/Tᵢ): what the mean relative error, the figure *Socrates
	// reports, measures; every run counts alike whatever its length.
	Relative
)

// String is the weighting's name as ParseWeighting reads it.
func (w Weighting) String() string {
	if w == Relative {
		return "relative"
	}
	return "absolute"
}

// ParseWeighting reads "absolute" or "relative".
func ParseWeighting(s string) (Weighting, error) {
	switch s {
	case "absolute", "":
		return Absolute, nil
	case "relative":
		return Relative, nil
	}
	return 0, fmt.Errorf("unknown weighting %q (weightings: absolute, relative)", s)
}

// FitWeighted is Fit with the residuals weighted as wt says. With Relative
// the standard errors and Sigma are those of the weighted problem (Sigma
// is then a relative error, and Predict's intervals scale with the
// prediction).
func FitWeighted(obs []Obs, m Model, wt Weighting) (*Result, error) {
	ts := m.terms()
	k := len(ts)
	if err := checkObs(obs, m, k); err != nil {
		return nil, err
	}
	x, y, scale, err := design(obs, ts, wt)
	if err != nil {
		return nil, err
	}
	bs, rinv, err := solveQR(x, y, obs, m)
	if err != nil {
		return nil, err
	}
	n := len(obs)
	res := &Result{
		Model:     m,
		Obs:       append([]Obs(nil), obs...),
		N:         n,
		DoF:       n - k,
		terms:     ts,
		beta:      make([]float64, k),
		Weighting: wt,
	}
	for j := range k {
		res.beta[j] = bs.At(j, 0) / scale[j]
	}
	ssr, sswr := res.residuals(obs)
	res.covariance(rinv, scale, sswr)
	res.setCoefs()
	res.setAccuracy(obs, ssr)
	res.Published = compare(res, obs)
	if err := checkSigns(res); err != nil {
		return nil, err
	}
	return res, nil
}

// weight is the weight of o's residual.
func (w Weighting) weight(o Obs) float64 {
	if w == Relative {
		return 1 / o.Time
	}
	return 1
}

// checkObs checks the runs and that there are more of them than the k
// coefficients of m, and that their times are not their spans.
func checkObs(obs []Obs, m Model, k int) error {
	for i, o := range obs {
		if err := o.check(i); err != nil {
			return err
		}
	}
	if n := len(obs); n <= k {
		return fmt.Errorf("%w: model %s has %d coefficients and needs at least %d runs, got %d",
			ErrTooFew, m, k, k+1, n)
	}
	if timeIsSpan(obs) {
		return fmt.Errorf("%w on finite machines: the critical path is the whole run (each processor runs one search sharing no work, as in ABDADA, Lazy SMP and root splitting, or every P is past the parallelism), so a fit would find c∞ = 1, c1 = 0 whatever W is; compare W and C instead", ErrTimeIsSpan)
	}
	return nil
}

// design is the weighted design matrix with equilibrated columns,
// x[i][j] = regressor / scale[j], and the weighted times y.
func design(obs []Obs, ts []int, wt Weighting) (x, y *mat.Dense, scale []float64, err error) {
	n, k := len(obs), len(ts)
	x = mat.NewDense(n, k, nil)
	y = mat.NewDense(n, 1, nil)
	for i, o := range obs {
		row := regressors(ts, o.P, o.Work, o.Span)
		for j := range row {
			row[j] *= wt.weight(o)
		}
		x.SetRow(i, row)
		y.Set(i, 0, o.Time*wt.weight(o))
	}
	scale = make([]float64, k)
	for j := range k {
		for i := range n {
			scale[j] = math.Max(scale[j], math.Abs(x.At(i, j)))
		}
		if scale[j] == 0 {
			return nil, nil, nil, fmt.Errorf("%w: %s is 0 in every run, so c%s cannot be fitted",
				ErrSingular, termNames[ts[j]].of, termNames[ts[j]].name)
		}
		for i := range n {
			x.Set(i, j, x.At(i, j)/scale[j])
		}
	}
	return x, y, scale, nil
}

// solveQR solves the scaled least-squares problem x·b = y by QR and returns
// b and R⁻¹, for (XᵀX)⁻¹ = R⁻¹R⁻ᵀ.
func solveQR(x, y *mat.Dense, obs []Obs, m Model) (*mat.Dense, *mat.TriDense, error) {
	var qr mat.QR
	qr.Factorize(x)
	if c := qr.Cond(); !(c <= maxCond) {
		return nil, nil, fmt.Errorf("%w: the runs cannot tell the terms of %s apart (condition number %.3g; "+
			"vary P, or measure runs whose work and span are not proportional)", ErrSingular, m.Formula(), c)
	}
	if err := checkDesign(obs, m); err != nil {
		return nil, nil, err
	}
	var bs mat.Dense
	if err := qr.SolveTo(&bs, false, y); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrSingular, err)
	}
	var rfull mat.Dense
	qr.RTo(&rfull)
	_, k := x.Dims()
	r := mat.NewTriDense(k, mat.Upper, nil)
	for i := range k {
		for j := i; j < k; j++ {
			r.SetTri(i, j, rfull.At(i, j))
		}
	}
	var rinv mat.TriDense
	if err := rinv.InverseTri(r); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrSingular, err)
	}
	return &bs, &rinv, nil
}

// residuals sets the predictions and residuals of the fitted coefficients
// and returns the sums of the squared residuals, unweighted and weighted.
func (res *Result) residuals(obs []Obs) (ssr, sswr float64) {
	n := len(obs)
	res.Predicted = make([]float64, n)
	res.Residuals = make([]float64, n)
	for i, o := range obs {
		res.Predicted[i] = dot(res.beta, regressors(res.terms, o.P, o.Work, o.Span))
		res.Residuals[i] = o.Time - res.Predicted[i]
		ssr += res.Residuals[i] * res.Residuals[i]
		wr := res.Residuals[i] * res.Weighting.weight(o)
		sswr += wr * wr
	}
	return ssr, sswr
}

// covariance sets Sigma, the coefficients' covariance s²·(XᵀX)⁻¹ (unscaled)
// and the t quantile of their 95 % intervals.
func (res *Result) covariance(rinv *mat.TriDense, scale []float64, sswr float64) {
	k := len(res.terms)
	s2 := sswr / float64(res.DoF)
	res.Sigma = math.Sqrt(s2)
	res.cov = mat.NewSymDense(k, nil)
	for i := range k {
		for j := i; j < k; j++ {
			var v float64
			for l := max(i, j); l < k; l++ {
				v += rinv.At(i, l) * rinv.At(j, l)
			}
			res.cov.SetSym(i, j, s2*v/(scale[i]*scale[j]))
		}
	}
	res.tcrit = distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(res.DoF)}.Quantile(0.975)
}

// setCoefs sets each coefficient with its standard error and 95 %
// interval; those the model holds at 0 are Fixed.
func (res *Result) setCoefs() {
	res.C1 = Coef{Fixed: true}
	res.Cinf = Coef{Fixed: true}
	res.C0 = Coef{Fixed: true}
	res.Cmax = Coef{Fixed: true}
	res.Cmin = Coef{Fixed: true}
	for j, t := range res.terms {
		se := math.Sqrt(res.cov.At(j, j))
		c := Coef{Value: res.beta[j], SE: se, CI95: [2]float64{res.beta[j] - res.tcrit*se, res.beta[j] + res.tcrit*se}}
		switch t {
		case termWork:
			res.C1 = c
		case termSpan:
			res.Cinf = c
		case termOne:
			res.C0 = c
		case termMax:
			res.Cmax = c
		case termMin:
			res.Cmin = c
		}
	}
}

// setAccuracy sets how well the fit predicts the runs' times (R², the
// correlation, the mean and relative errors), and Brent's bound's errors
// beside it; ssr is the sum of the squared residuals.
func (res *Result) setAccuracy(obs []Obs, ssr float64) {
	n := len(obs)
	times := make([]float64, n)
	for i, o := range obs {
		times[i] = o.Time
	}
	mean := stat.Mean(times, nil)
	var sst float64
	for _, t := range times {
		sst += (t - mean) * (t - mean)
	}
	res.R2 = math.NaN()
	if sst > 0 {
		res.R2 = 1 - ssr/sst
	}
	res.Correlation = stat.Correlation(res.Predicted, times, nil)
	res.MeanError, res.MeanRelativeError, res.MaxRelativeError = errorStats(obs, res.Predicted)

	brent := make([]float64, n)
	for i, o := range obs {
		brent[i] = o.WorkPerProc() + o.Span
	}
	res.BrentMeanError, res.BrentMeanRelativeError, _ = errorStats(obs, brent)
}

// Coefs returns the model's fitted coefficients as (name, Coef) pairs in the
// order c1, c∞, c0, leaving out those the model holds at 0.
func (r *Result) Coefs() []NamedCoef {
	var out []NamedCoef
	for _, t := range r.terms {
		c := r.C1
		switch t {
		case termSpan:
			c = r.Cinf
		case termOne:
			c = r.C0
		case termMax:
			c = r.Cmax
		case termMin:
			c = r.Cmin
		}
		out = append(out, NamedCoef{Name: termNames[t].name, Term: termNames[t].of, Coef: c})
	}
	return out
}

// NamedCoef is a coefficient with its name ("1", "∞" or "0", as in c1, c∞,
// c0) and the term it multiplies ("W/P", "C" or "1").
type NamedCoef struct {
	Name, Term string
	Coef
}

var termNames = [numTerms]struct{ name, of string }{
	termWork: {"1", "W/P"},
	termSpan: {"∞", "C"},
	termOne:  {"0", "1"},
	termMax:  {"max", "max(W/P, C)"},
	termMin:  {"min", "min(W/P, C)"},
}

// errorStats returns the mean absolute error, mean relative error and
// largest relative error of the predictions pred of obs' times.
func errorStats(obs []Obs, pred []float64) (meanErr, meanRel, maxRel float64) {
	for i, o := range obs {
		e := math.Abs(o.Time - pred[i])
		meanErr += e
		meanRel += e / o.Time
		maxRel = math.Max(maxRel, e/o.Time)
	}
	n := float64(len(obs))
	return meanErr / n, meanRel / n, maxRel
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// timeIsSpan reports whether T_P = C (to a part in 10^9) in every run,
// some of them on finite machines (on the infinite one T = C always).
func timeIsSpan(obs []Obs) bool {
	finite := false
	for _, o := range obs {
		if math.Abs(o.Time-o.Span) > 1e-9*math.Max(o.Time, 1) {
			return false
		}
		finite = finite || !math.IsInf(o.P, 1)
	}
	return finite
}
