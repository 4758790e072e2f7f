package fits

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"
)

// WriteFit writes r as a table readable by people: the model, each fitted
// coefficient with its standard error and 95 % confidence interval, the
// residual standard error, R², the correlation, the mean and mean relative
// errors, Brent's bound and the published models on the same runs. It
// returns the first write error.
func WriteFit(w io.Writer, r *Result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	dof := "degrees"
	if r.DoF == 1 {
		dof = "degree"
	}
	fmt.Fprintf(tw, "model %s: %s  (n = %d runs, %d %s of freedom)\n", r.Model, r.Model.Formula(), r.N, r.DoF, dof)
	if r.Weighting == Relative {
		fmt.Fprintf(tw, "least squares on relative residuals (T − T̂)/T; the residual standard error is relative\n")
	}
	fmt.Fprintf(tw, "\n")
	fmt.Fprintf(tw, "coef\tterm\tvalue\t± se\t95%% CI\n")
	for _, c := range r.Coefs() {
		fmt.Fprintf(tw, "c%s\t%s\t%s\t± %s\t[%s, %s]\n", c.Name, c.Term, num(c.Value), num(c.SE), num(c.CI95[0]), num(c.CI95[1]))
	}
	fmt.Fprintf(tw, "\n")
	if r.Weighting == Relative {
		fmt.Fprintf(tw, "residual standard error\t%s\t(relative)\n", pct(r.Sigma))
	} else {
		fmt.Fprintf(tw, "residual standard error\t%s\n", num(r.Sigma)+unitOf(r))
	}
	fmt.Fprintf(tw, "R²\t%s\n", num6(r.R2))
	fmt.Fprintf(tw, "correlation\t%s\t(predicted with measured)\n", num6(r.Correlation))
	fmt.Fprintf(tw, "mean error\t%s\t(mean |T − T̂|)\n", num(r.MeanError)+unitOf(r))
	fmt.Fprintf(tw, "mean relative error\t%s\t(mean |T − T̂|/T)\n", pct(r.MeanRelativeError))
	fmt.Fprintf(tw, "max relative error\t%s\t(largest |T − T̂|/T)\n", pct(r.MaxRelativeError))
	fmt.Fprintf(tw, "Brent's bound W/P + C\t%s\t(its mean relative error; mean error %s)\n",
		pct(r.BrentMeanRelativeError), num(r.BrentMeanError)+unitOf(r))
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(r.Published) > 0 {
		fmt.Fprintf(tw, "\npublished\tc1\tc∞\tc0\tmean rel. error here\tfitted/published c1\tc∞\n")
		for _, c := range r.Published {
			fmt.Fprintf(tw, "%s (%s)\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Name, c.Cite,
				withSE(c.C1, c.C1SE), withSE(c.Cinf, c.CinfSE), num(c.C0),
				pct(c.MeanRelativeError), num(c.RatioC1), num(c.RatioCinf))
		}
	}
	return tw.Flush()
}

// WriteValidation writes v as text: the fit on the small runs (as WriteFit
// does), then each predicted run with its prediction interval and relative
// error, and the mean relative error of the predictions and of Brent's
// bound. It returns the first write error.
func WriteValidation(w io.Writer, v *Validation) error {
	if _, err := fmt.Fprintf(w, "fitted on the runs with P ≤ %g\n\n", v.MaxP); err != nil {
		return err
	}
	if err := WriteFit(w, v.Fit); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "\npredicted runs with P > %g:\n", v.MaxP)
	fmt.Fprintf(tw, "run\tP\tmeasured\tpredicted\t95%% prediction interval\trelative error\n")
	for _, p := range v.Points {
		mark := ""
		if !p.Inside {
			mark = "  outside"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t[%s, %s]\t%+.2f %%%s\n", p.Obs.Label, procs(p.Obs.P), num(p.Obs.Time),
			num(p.Prediction.Value), num(p.Prediction.PredLo), num(p.Prediction.PredHi), 100*p.RelativeError, mark)
	}
	fmt.Fprintf(tw, "\nprediction mean relative error\t%s\t(max %s, mean error %s)\n",
		pct(v.MeanRelativeError), pct(v.MaxRelativeError), num(v.MeanError))
	fmt.Fprintf(tw, "Brent's bound mean relative error\t%s\n", pct(v.BrentMeanRelativeError))
	for _, b := range v.ByP() {
		fmt.Fprintf(tw, "at P = %s\t%s\t(mean relative error of %d runs, max %s; total time measured %s, predicted %s: %+.2f %%)\n",
			procs(b.P), pct(b.MeanRelativeError), b.N, pct(b.MaxRelativeError), num(b.Time), num(b.Predicted), 100*(b.Predicted/b.Time-1))
	}
	fmt.Fprintf(tw, "inside 95%% prediction interval\t%d of %d\n", int(math.Round(v.Coverage*float64(len(v.Points)))), len(v.Points))
	return tw.Flush()
}

func procs(p float64) string {
	if math.IsInf(p, 1) {
		return "inf"
	}
	return fmt.Sprintf("%g", p)
}

func num(x float64) string {
	if math.IsNaN(x) {
		return "—"
	}
	return fmt.Sprintf("%.4g", x)
}

func num6(x float64) string {
	if math.IsNaN(x) {
		return "—"
	}
	return fmt.Sprintf("%.6g", x)
}

func pct(x float64) string {
	if math.IsNaN(x) {
		return "—"
	}
	return fmt.Sprintf("%.2f %%", 100*x)
}

func withSE(v, se float64) string {
	if math.IsNaN(se) {
		return num(v)
	}
	return num(v) + "±" + num(se)
}

// unitOf is " " and the unit of r's times, or "" when it is unknown.
func unitOf(r *Result) string {
	if r.Unit == "" {
		return ""
	}
	return " " + r.Unit
}
