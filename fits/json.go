package fits

import (
	"encoding/json"
	"math"
)

// jnum is a float64 that marshals NaN and ±Inf (an undefined statistic,
// P = inf) as JSON null.
type jnum float64

func (f jnum) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(f))
}

func jnums(xs []float64) []jnum {
	out := make([]jnum, len(xs))
	for i, x := range xs {
		out[i] = jnum(x)
	}
	return out
}

type coefJSON struct {
	Value jnum    `json:"value"`
	SE    jnum    `json:"se"`
	CI95  [2]jnum `json:"ci95"`
	Fixed bool    `json:"fixed,omitempty"`
}

func (c Coef) MarshalJSON() ([]byte, error) {
	return json.Marshal(coefJSON{jnum(c.Value), jnum(c.SE), [2]jnum{jnum(c.CI95[0]), jnum(c.CI95[1])}, c.Fixed})
}

type publishedJSON struct {
	Name              string `json:"name"`
	Cite              string `json:"cite"`
	C1                jnum   `json:"c1"`
	Cinf              jnum   `json:"cinf"`
	C0                jnum   `json:"c0"`
	MeanError         jnum   `json:"mean_error"`
	MeanRelativeError jnum   `json:"mean_relative_error"`
	RatioC1           jnum   `json:"ratio_c1"`
	RatioCinf         jnum   `json:"ratio_cinf"`
}

// MarshalJSON writes the result as an object with the keys model, formula,
// n, dof, c1, cinf, c0 (each {"value", "se", "ci95": [low, high]}, with
// "fixed": true when the model holds it at 0), sigma, r2, correlation,
// mean_error, mean_relative_error, max_relative_error, brent_mean_error,
// brent_mean_relative_error, published, labels, predicted and residuals.
// Undefined figures are null.
func (r *Result) MarshalJSON() ([]byte, error) {
	pub := make([]publishedJSON, len(r.Published))
	for i, c := range r.Published {
		pub[i] = publishedJSON{c.Name, c.Cite, jnum(c.C1), jnum(c.Cinf), jnum(c.C0),
			jnum(c.MeanError), jnum(c.MeanRelativeError), jnum(c.RatioC1), jnum(c.RatioCinf)}
	}
	labels := make([]string, len(r.Obs))
	for i, o := range r.Obs {
		labels[i] = o.Label
	}
	return json.Marshal(struct {
		Model                  string          `json:"model"`
		Formula                string          `json:"formula"`
		N                      int             `json:"n"`
		DoF                    int             `json:"dof"`
		C1                     Coef            `json:"c1"`
		Cinf                   Coef            `json:"cinf"`
		C0                     Coef            `json:"c0"`
		Cmax                   *Coef           `json:"cmax,omitempty"`
		Cmin                   *Coef           `json:"cmin,omitempty"`
		Weighting              string          `json:"weighting"`
		Sigma                  jnum            `json:"sigma"`
		R2                     jnum            `json:"r2"`
		Correlation            jnum            `json:"correlation"`
		MeanError              jnum            `json:"mean_error"`
		MeanRelativeError      jnum            `json:"mean_relative_error"`
		MaxRelativeError       jnum            `json:"max_relative_error"`
		BrentMeanError         jnum            `json:"brent_mean_error"`
		BrentMeanRelativeError jnum            `json:"brent_mean_relative_error"`
		Published              []publishedJSON `json:"published"`
		Labels                 []string        `json:"labels"`
		Predicted              []jnum          `json:"predicted"`
		Residuals              []jnum          `json:"residuals"`
	}{
		r.Model.String(), r.Model.Formula(), r.N, r.DoF, r.C1, r.Cinf, r.C0, unlessFixed(r.Cmax), unlessFixed(r.Cmin), r.Weighting.String(),
		jnum(r.Sigma), jnum(r.R2), jnum(r.Correlation), jnum(r.MeanError), jnum(r.MeanRelativeError),
		jnum(r.MaxRelativeError), jnum(r.BrentMeanError), jnum(r.BrentMeanRelativeError),
		pub, labels, jnums(r.Predicted), jnums(r.Residuals),
	})
}

type pointJSON struct {
	Label         string  `json:"label"`
	P             jnum    `json:"p"`
	Work          jnum    `json:"work"`
	Span          jnum    `json:"span"`
	Time          jnum    `json:"time"`
	Predicted     jnum    `json:"predicted"`
	Conf95        [2]jnum `json:"conf95"`
	Pred95        [2]jnum `json:"pred95"`
	RelativeError jnum    `json:"relative_error"`
	Inside        bool    `json:"inside"`
}

// MarshalJSON writes the validation as an object with the keys max_p, fit
// (the Result of the small runs), points (each with label, p — null for
// inf —, work, span, time, predicted, conf95, pred95, relative_error and
// inside), mean_error, mean_relative_error, max_relative_error,
// brent_mean_relative_error and coverage.
func (v *Validation) MarshalJSON() ([]byte, error) {
	pts := make([]pointJSON, len(v.Points))
	for i, p := range v.Points {
		pr := p.Prediction
		pts[i] = pointJSON{p.Obs.Label, jnum(p.Obs.P), jnum(p.Obs.Work), jnum(p.Obs.Span), jnum(p.Obs.Time),
			jnum(pr.Value), [2]jnum{jnum(pr.ConfLo), jnum(pr.ConfHi)}, [2]jnum{jnum(pr.PredLo), jnum(pr.PredHi)},
			jnum(p.RelativeError), p.Inside}
	}
	return json.Marshal(struct {
		MaxP                   jnum        `json:"max_p"`
		Fit                    *Result     `json:"fit"`
		Points                 []pointJSON `json:"points"`
		MeanError              jnum        `json:"mean_error"`
		MeanRelativeError      jnum        `json:"mean_relative_error"`
		MaxRelativeError       jnum        `json:"max_relative_error"`
		BrentMeanRelativeError jnum        `json:"brent_mean_relative_error"`
		Coverage               jnum        `json:"coverage"`
	}{jnum(v.MaxP), v.Fit, pts, jnum(v.MeanError), jnum(v.MeanRelativeError), jnum(v.MaxRelativeError),
		jnum(v.BrentMeanRelativeError), jnum(v.Coverage)})
}

// unlessFixed is c, or nil when the model does not have it (Cmax and Cmin
// appear in JSON only for the Bounds model).
func unlessFixed(c Coef) *Coef {
	if c.Fixed {
		return nil
	}
	return &c
}
