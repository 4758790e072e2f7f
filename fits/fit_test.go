package fits

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// close reports whether got is within tol of want, relatively for |want| > 1
// and absolutely otherwise.
func close(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
}

// factorial is a 2×2 factorial design in (W/P, C) whose least-squares fit is
// derived by hand below. Runs (W/P, C, T): (0,0,1), (1,0,2), (0,1,3),
// (1,1,5). W/P = 0 is reached with P = inf, W/P = 1 with P = 2, W = 2 and
// with P = 1, W = 1.
var factorial = []Obs{
	{P: math.Inf(1), Work: 5, Span: 0, Time: 1, Label: "a"},
	{P: 2, Work: 2, Span: 0, Time: 2, Label: "b"},
	{P: math.Inf(1), Work: 7, Span: 1, Time: 3, Label: "c"},
	{P: 1, Work: 1, Span: 1, Time: 5, Label: "d"},
}

// TestFitFactorial checks every statistic of the Full model against values
// derived by hand. With the columns centred (x̄ = 1/2 for both terms) the
// design is orthogonal, so the normal equations decouple:
//
//	c1 = ((2+5) − (1+3))/2 = 3/2       (main effect of W/P)
//	c∞ = ((3+5) − (1+2))/2 = 5/2       (main effect of C)
//	c0 = mean T − c1/2 − c∞/2 = 11/4 − 2 = 3/4
//
// Fitted 3/4, 9/4, 13/4, 19/4; residuals +1/4, −1/4, −1/4, +1/4; SSres = 1/4,
// s² = SSres/(4−3) = 1/4. Σ(x−x̄)² = 1 for each term, so var c1 = var c∞ =
// s²/1 and var c0 = s²(1/4 + (1/2)²/1 + (1/2)²/1) = 3/16. SStot = 35/4, so
// R² = 1 − 1/35 = 34/35 and, with an intercept, correlation = √R². Mean
// relative error = (1/4)(1/4)(1 + 1/2 + 1/3 + 1/5) = 61/480; Brent's W/P + C
// predicts 0, 1, 1, 2: (1 + 1/2 + 2/3 + 3/5)/4 = 83/120. The t quantile with
// one degree of freedom has the closed form tan(π(0.975 − 1/2)). A new run
// at W/P = 2, C = 3 is predicted 3/4 + 3 + 15/2 = 45/4 with mean variance
// s²(1/4 + (3/2)² + (5/2)²) = 35/16 and single-run variance s² + 35/16.
func TestFitFactorial(t *testing.T) {
	r, err := Fit(factorial, Full)
	if err != nil {
		t.Fatal(err)
	}
	t1 := math.Tan(math.Pi * 0.475)
	const tol = 1e-12
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"c1", r.C1.Value, 1.5},
		{"c∞", r.Cinf.Value, 2.5},
		{"c0", r.C0.Value, 0.75},
		{"se c1", r.C1.SE, 0.5},
		{"se c∞", r.Cinf.SE, 0.5},
		{"se c0", r.C0.SE, math.Sqrt(3.0 / 16)},
		{"ci c1 low", r.C1.CI95[0], 1.5 - t1*0.5},
		{"ci c0 high", r.C0.CI95[1], 0.75 + t1*math.Sqrt(3.0/16)},
		{"sigma", r.Sigma, 0.5},
		{"R²", r.R2, 34.0 / 35},
		{"correlation", r.Correlation, math.Sqrt(34.0 / 35)},
		{"mean error", r.MeanError, 0.25},
		{"mean relative error", r.MeanRelativeError, 61.0 / 480},
		{"max relative error", r.MaxRelativeError, 0.25},
		{"Brent mean relative error", r.BrentMeanRelativeError, 83.0 / 120},
		{"residual a", r.Residuals[0], 0.25},
		{"residual b", r.Residuals[1], -0.25},
		{"residual c", r.Residuals[2], -0.25},
		{"residual d", r.Residuals[3], 0.25},
	} {
		if !close(c.got, c.want, tol) {
			t.Errorf("%s = %.15g, want %.15g", c.name, c.got, c.want)
		}
	}
	if r.N != 4 || r.DoF != 1 {
		t.Errorf("n, dof = %d, %d, want 4, 1", r.N, r.DoF)
	}
	p := r.Predict(1, 2, 3) // W/P = 2, C = 3
	conf, pred := t1*math.Sqrt(35.0/16), t1*math.Sqrt(0.25+35.0/16)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"value", p.Value, 45.0 / 4},
		{"conf low", p.ConfLo, 45.0/4 - conf},
		{"conf high", p.ConfHi, 45.0/4 + conf},
		{"pred low", p.PredLo, 45.0/4 - pred},
		{"pred high", p.PredHi, 45.0/4 + pred},
	} {
		if !close(c.got, c.want, tol) {
			t.Errorf("Predict %s = %.15g, want %.15g", c.name, c.got, c.want)
		}
	}
}

// TestFitNoInterceptClosedForm checks the NoIntercept model on a design
// whose columns are orthogonal without centring: runs (W/P, C, T) =
// (1,0,2), (0,1,3), (2,0,5), (0,2,5). Then c1 = Σx₁T/Σx₁² = 12/5 and
// c∞ = 13/5, residuals −2/5, 2/5, 1/5, −1/5, s² = (10/25)/2 = 1/5,
// se c1 = se c∞ = √(s²/5) = 1/5; the Student t quantile with 2 degrees of
// freedom has the closed form (2p−1)/√(2p(1−p)), 4.3027 at p = 0.975.
func TestFitNoInterceptClosedForm(t *testing.T) {
	obs := []Obs{
		{P: 1, Work: 1, Span: 0, Time: 2},
		{P: math.Inf(1), Work: 9, Span: 1, Time: 3},
		{P: 1, Work: 2, Span: 0, Time: 5},
		{P: math.Inf(1), Work: 0, Span: 2, Time: 5},
	}
	r, err := Fit(obs, NoIntercept)
	if err != nil {
		t.Fatal(err)
	}
	// Student t with ν = 2: F⁻¹(p) = (2p−1)/√(2p(1−p)).
	t2 := (2*0.975 - 1) / math.Sqrt(2*0.975*0.025)
	const tol = 1e-12
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"c1", r.C1.Value, 12.0 / 5},
		{"c∞", r.Cinf.Value, 13.0 / 5},
		{"c0", r.C0.Value, 0},
		{"se c1", r.C1.SE, 0.2},
		{"se c∞", r.Cinf.SE, 0.2},
		{"ci c∞ high", r.Cinf.CI95[1], 2.6 + t2*0.2},
		{"residual 1", r.Residuals[0], -0.4},
		{"residual 2", r.Residuals[1], 0.4},
		{"residual 3", r.Residuals[2], 0.2},
		{"residual 4", r.Residuals[3], -0.2},
		{"mean relative error", r.MeanRelativeError, (0.4/2 + 0.4/3 + 0.2/5 + 0.2/5) / 4},
	} {
		if !close(c.got, c.want, tol) {
			t.Errorf("%s = %.15g, want %.15g", c.name, c.got, c.want)
		}
	}
	if !r.C0.Fixed || r.C1.Fixed || r.Cinf.Fixed {
		t.Errorf("Fixed = %v %v %v, want only c0", r.C1.Fixed, r.Cinf.Fixed, r.C0.Fixed)
	}
}

// synth returns runs of the model T = c1·W/P + c∞·C + c0 (+ noise of
// standard deviation sd) on a fixed design: P = 1…64 and inf, works and
// spans spread over two decades, drawn once from seed 1.
func synth(c1, cinf, c0, sd float64, noise *rand.Rand) []Obs {
	design := rand.New(rand.NewPCG(1, 1))
	ps := []float64{1, 2, 4, 8, 16, 32, 64, math.Inf(1)}
	var obs []Obs
	for i := range 24 {
		p := ps[i%len(ps)]
		w := 1000 * math.Pow(10, design.Float64()*2)
		c := w / (50 + 500*design.Float64())
		o := Obs{P: p, Work: w, Span: c}
		o.Time = c1*o.WorkPerProc() + cinf*c + c0
		if noise != nil {
			o.Time += sd * noise.NormFloat64()
		}
		obs = append(obs, o)
	}
	return obs
}

// TestFitExact checks that noise-free data are recovered to rounding, for
// each model, with every statistic at its perfect-fit value.
func TestFitExact(t *testing.T) {
	for _, tc := range []struct {
		m            Model
		c1, cinf, c0 float64
	}{
		{Full, 1.02, 1.5, 4.3},        // StarTech's coefficients
		{NoIntercept, 1.091, 0.95, 0}, // *Socrates's
		{WorkOnly, 1.2, 0, 7},
	} {
		obs := synth(tc.c1, tc.cinf, tc.c0, 0, nil)
		r, err := Fit(obs, tc.m)
		if err != nil {
			t.Fatalf("%s: %v", tc.m, err)
		}
		const tol = 1e-9
		if !close(r.C1.Value, tc.c1, tol) || !close(r.Cinf.Value, tc.cinf, tol) || !close(r.C0.Value, tc.c0, tol) {
			t.Errorf("%s: got c1, c∞, c0 = %v, %v, %v, want %v, %v, %v", tc.m,
				r.C1.Value, r.Cinf.Value, r.C0.Value, tc.c1, tc.cinf, tc.c0)
		}
		if !close(r.R2, 1, tol) || !close(r.Correlation, 1, tol) || r.MeanRelativeError > tol {
			t.Errorf("%s: R² %v, correlation %v, mean relative error %v, want 1, 1, 0", tc.m, r.R2, r.Correlation, r.MeanRelativeError)
		}
		if tc.m == Full {
			// The data are StarTech's model, so StarTech's prediction is exact.
			if r.Published[0].MeanRelativeError > tol || !close(r.Published[0].RatioC1, 1, tol) {
				t.Errorf("StarTech comparison %+v, want exact", r.Published[0])
			}
		}
	}
}

// TestFitMonteCarlo draws 2000 noisy data sets (24 runs each, normal noise
// of sd 2) from a known model, seeded, and checks the estimates over them:
//
//   - bias: the mean of each estimate is within 4 standard errors of the
//     mean (sd/√2000) of the truth;
//   - standard error: the root mean square of the reported SE is within
//     10 % of the standard deviation of the estimates (E[SE²] is the true
//     variance; with 2000 repetitions the sample standard deviation has a
//     relative error of about 1/√4000 ≈ 1.6 %, so 10 % is over 6σ);
//   - coverage: the 95 % confidence interval holds the truth in 95 % ± 2.5
//     points of the repetitions (binomial sd √(0.95·0.05/2000) ≈ 0.49
//     points, so ±2.5 is about 5σ), and likewise the 95 % prediction
//     interval holds a fresh run at a point not in the design (P = 128)
//     and the confidence interval of the mean there holds the true mean.
//
// With 20000 repetitions (seed 99,3) the figures were: SE/sd ratios 0.995,
// 1.001, 0.997; coverages 0.949, 0.950, 0.948; prediction 0.946,
// confidence 0.950.
func TestFitMonteCarlo(t *testing.T) {
	const (
		reps             = 2000
		c1, cinf, c0, sd = 1.1, 0.9, 20.0, 2.0
	)
	noise := rand.New(rand.NewPCG(2024, 6))
	truth := [3]float64{c1, cinf, c0}
	var sum, sumsq, se2 [3]float64
	var covered [3]int
	predCovered, confCovered := 0, 0
	const newP, newW, newC = 128.0, 50000.0, 300.0
	newMean := c1*newW/newP + cinf*newC + c0
	for range reps {
		r, err := Fit(synth(c1, cinf, c0, sd, noise), Full)
		if err != nil {
			t.Fatal(err)
		}
		for j, c := range [3]Coef{r.C1, r.Cinf, r.C0} {
			sum[j] += c.Value
			sumsq[j] += c.Value * c.Value
			se2[j] += c.SE * c.SE
			if c.CI95[0] <= truth[j] && truth[j] <= c.CI95[1] {
				covered[j]++
			}
		}
		p := r.Predict(newP, newW, newC)
		fresh := newMean + sd*noise.NormFloat64()
		if p.PredLo <= fresh && fresh <= p.PredHi {
			predCovered++
		}
		if p.ConfLo <= newMean && newMean <= p.ConfHi {
			confCovered++
		}
	}
	for j, name := range []string{"c1", "c∞", "c0"} {
		mean := sum[j] / reps
		spread := math.Sqrt((sumsq[j] - reps*mean*mean) / (reps - 1))
		rmsSE := math.Sqrt(se2[j] / reps)
		cover := float64(covered[j]) / reps
		t.Logf("%s: mean %.5g (truth %g), sd of estimates %.4g, rms SE %.4g (ratio %.3f), coverage %.3f",
			name, mean, truth[j], spread, rmsSE, rmsSE/spread, cover)
		if math.Abs(mean-truth[j]) > 4*spread/math.Sqrt(reps) {
			t.Errorf("%s: mean estimate %v, truth %v: biased", name, mean, truth[j])
		}
		if math.Abs(rmsSE/spread-1) > 0.10 {
			t.Errorf("%s: rms SE %v vs spread %v: off by more than 10 %%", name, rmsSE, spread)
		}
		if math.Abs(cover-0.95) > 0.025 {
			t.Errorf("%s: 95 %% CI coverage %v", name, cover)
		}
	}
	t.Logf("prediction interval coverage %.3f, confidence interval coverage %.3f", float64(predCovered)/reps, float64(confCovered)/reps)
	for name, n := range map[string]int{"prediction": predCovered, "confidence": confCovered} {
		if c := float64(n) / reps; math.Abs(c-0.95) > 0.025 {
			t.Errorf("%s interval coverage %v", name, c)
		}
	}
}

// TestFitOneSample checks, on one seeded noisy data set, that each
// coefficient lies in its own 95 % interval and that R² and correlation
// agree with the residuals (R² = 1 − Σr²/Σ(T−T̄)², correlation² = R² with an
// intercept).
func TestFitOneSample(t *testing.T) {
	obs := synth(1.1, 0.9, 20, 2, rand.New(rand.NewPCG(7, 7)))
	r, err := Fit(obs, Full)
	if err != nil {
		t.Fatal(err)
	}
	for j, c := range []Coef{r.C1, r.Cinf, r.C0} {
		truth := []float64{1.1, 0.9, 20}[j]
		if !(c.CI95[0] <= truth && truth <= c.CI95[1]) {
			t.Errorf("coefficient %d: truth %v outside %v", j, truth, c.CI95)
		}
	}
	var mean, ssr, sst float64
	for _, o := range obs {
		mean += o.Time / float64(len(obs))
	}
	for i, o := range obs {
		ssr += r.Residuals[i] * r.Residuals[i]
		sst += (o.Time - mean) * (o.Time - mean)
		if !close(r.Residuals[i], o.Time-r.Predicted[i], 1e-12) {
			t.Errorf("residual %d = %v, want %v", i, r.Residuals[i], o.Time-r.Predicted[i])
		}
	}
	if !close(r.R2, 1-ssr/sst, 1e-12) || !close(r.Correlation*r.Correlation, r.R2, 1e-9) {
		t.Errorf("R² %v, correlation² %v, want %v", r.R2, r.Correlation*r.Correlation, 1-ssr/sst)
	}
}

// TestFitErrors checks that data that cannot be fitted give errors, and
// which.
func TestFitErrors(t *testing.T) {
	inf := math.Inf(1)
	proportional := []Obs{ // every P equal and W = 100·C: W/P and C are collinear
		{P: 4, Work: 100, Span: 1, Time: 30},
		{P: 4, Work: 200, Span: 2, Time: 61},
		{P: 4, Work: 400, Span: 4, Time: 119},
		{P: 4, Work: 800, Span: 8, Time: 242},
	}
	for _, tc := range []struct {
		name string
		obs  []Obs
		m    Model
		want error // nil: any error
	}{
		{"nil", nil, Full, ErrTooFew},
		{"three runs, three coefficients", factorial[:3], Full, ErrTooFew},
		{"two runs, two coefficients", factorial[:2], NoIntercept, ErrTooFew},
		{"W proportional to C at one P", proportional, Full, ErrSingular},
		{"W proportional to C at one P, no intercept", proportional, NoIntercept, ErrSingular},
		{"only inf: W/P always 0", []Obs{{P: inf, Work: 1, Span: 1, Time: 1}, {P: inf, Work: 1, Span: 2, Time: 2}, {P: inf, Work: 1, Span: 3, Time: 3}, {P: inf, Work: 1, Span: 4, Time: 4}}, Full, ErrSingular},
		{"C constant: C and 1 collinear", []Obs{{P: 1, Work: 1, Span: 2, Time: 1}, {P: 2, Work: 1, Span: 2, Time: 2}, {P: 4, Work: 1, Span: 2, Time: 3}, {P: 8, Work: 1, Span: 2, Time: 4}}, Full, ErrSingular},
		{"time zero", []Obs{{P: 1, Work: 1, Span: 1, Time: 0}, factorial[1], factorial[2], factorial[3]}, Full, nil},
		{"P zero", []Obs{{P: 0, Work: 1, Span: 1, Time: 1}, factorial[1], factorial[2], factorial[3]}, Full, nil},
		{"work NaN", []Obs{{P: 1, Work: math.NaN(), Span: 1, Time: 1}, factorial[1], factorial[2], factorial[3]}, Full, nil},
		{"span negative", []Obs{{P: 1, Work: 1, Span: -1, Time: 1}, factorial[1], factorial[2], factorial[3]}, Full, nil},
	} {
		_, err := Fit(tc.obs, tc.m)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: error %q, want %v", tc.name, err, tc.want)
		}
		t.Logf("%s: %v", tc.name, err)
	}
}

func TestPanics(t *testing.T) {
	r, err := Fit(factorial, Full)
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(){
		"unknown model":    func() { Fit(factorial, Model(9)) },
		"Predict p = 0":    func() { r.Predict(0, 1, 1) },
		"Predict w NaN":    func() { r.Predict(1, math.NaN(), 1) },
		"Predict zero Res": func() { (&Result{}).Predict(1, 1, 1) },
		"Validate maxP 0":  func() { Validate(factorial, 0, Full) },
	} {
		func() {
			defer func() {
				if e := recover(); e == nil {
					t.Errorf("%s: no panic", name)
				} else if s, ok := e.(string); !ok || s[:6] != "fits: " {
					t.Errorf("%s: panic %v, want a \"fits: \" message", name, e)
				}
			}()
			f()
		}()
	}
}

// TestBoundsAndRelative: data made exactly by T = 0.97·max(W/P, C) +
// 0.6·min(W/P, C) are fitted by the Bounds model to 1e-9 under either
// weighting. With multiplicative noise uniform in ±2 % (seeded), the
// relative weighting recovers cmax to 1 % and cmin to 5 %, and its Sigma
// is a relative error (the noise's standard deviation, 0.02/√3 ≈ 0.0115,
// to 0.004); the absolute weighting recovers cmax to 1 % (its cmin is
// left to the runs with the longest times, where min(W/P, C) is small).
func TestBoundsAndRelative(t *testing.T) {
	var exact, noisy []Obs
	rng := rand.New(rand.NewPCG(1, 2))
	for _, p := range []float64{1, 2, 4, 8, 16, 32, 64, 128, 256, 512} {
		for _, wc := range [][2]float64{{1e5, 900}, {4e5, 2500}, {2e6, 3000}, {6e5, 7000}} {
			wp := wc[0] / p
			tm := 0.97*math.Max(wp, wc[1]) + 0.6*math.Min(wp, wc[1])
			exact = append(exact, Obs{P: p, Work: wc[0], Span: wc[1], Time: tm})
			f := 1 + 0.02*(2*rng.Float64()-1)
			noisy = append(noisy, Obs{P: p, Work: wc[0], Span: wc[1], Time: tm * f})
		}
	}
	for _, wt := range []Weighting{Absolute, Relative} {
		r, err := FitWeighted(exact, Bounds, wt)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.Cmax.Value-0.97) > 1e-9 || math.Abs(r.Cmin.Value-0.6) > 1e-9 || !r.C1.Fixed || !r.Cinf.Fixed || !r.C0.Fixed {
			t.Errorf("%s, exact: cmax %v cmin %v, want 0.97, 0.6 and c1, c∞, c0 fixed", wt, r.Cmax.Value, r.Cmin.Value)
		}
		r, err = FitWeighted(noisy, Bounds, wt)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.Cmax.Value/0.97-1) > 0.01 {
			t.Errorf("%s, noisy: cmax %v, want within 1 %% of 0.97", wt, r.Cmax.Value)
		}
		if wt == Relative && math.Abs(r.Cmin.Value/0.6-1) > 0.05 {
			t.Errorf("relative, noisy: cmin %v, want within 5 %% of 0.6", r.Cmin.Value)
		}
		if wt == Relative && math.Abs(r.Sigma-0.0115) > 0.004 {
			t.Errorf("relative Sigma = %v, want about 0.0115", r.Sigma)
		}
		if p := r.Predict(1024, 2e6, 3000); !(p.PredLo < p.Value && p.Value < p.PredHi) {
			t.Errorf("%s: prediction interval %v", wt, p)
		}
	}
	if _, err := ParseWeighting("squared"); err == nil {
		t.Error("ParseWeighting accepted squared")
	}
	if m, err := ParseModel("bounds"); err != nil || m != Bounds {
		t.Errorf("ParseModel(bounds) = %v, %v", m, err)
	}
}

// TestFitTimeIsSpan: runs whose time is their critical path (one search
// per processor, no shared work: ABDADA, Lazy SMP, root splitting on the
// simulator) are not fitted, with the reason; one run that differs is
// enough to fit.
func TestFitTimeIsSpan(t *testing.T) {
	var obs []Obs
	for i, p := range []float64{1, 4, 16, 64, 256} {
		c := 1000 + 37*float64(i)
		obs = append(obs, Obs{P: p, Work: c * p * 0.9, Span: c, Time: c})
	}
	if _, err := FitWeighted(obs, Full, Absolute); !errors.Is(err, ErrTimeIsSpan) {
		t.Fatalf("T = C in every run: error %v, want ErrTimeIsSpan", err)
	}
	obs[2].Time += 50
	if _, err := FitWeighted(obs, Full, Absolute); errors.Is(err, ErrTimeIsSpan) {
		t.Fatalf("one run with T > C: %v", err)
	}
}
