package fits

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestValidate fits the runs with P ≤ 8 and predicts those with P > 8:
// exactly on noise-free data, and within the prediction interval for most
// runs with noise.
func TestValidate(t *testing.T) {
	exact := synth(1.02, 1.5, 4.3, 0, nil)
	v, err := Validate(exact, 8, Full)
	if err != nil {
		t.Fatal(err)
	}
	// synth uses P = 1…64 and inf, 3 runs each: 4 of 8 values are > 8.
	if len(v.Points) != 12 || v.Fit.N != 12 {
		t.Fatalf("%d predicted, %d fitted, want 12 and 12", len(v.Points), v.Fit.N)
	}
	if v.MeanRelativeError > 1e-9 {
		t.Errorf("noise-free mean relative error %v, want 0", v.MeanRelativeError)
	}
	for _, p := range v.Points {
		if !(p.Obs.P > 8) {
			t.Errorf("predicted run with P = %v", p.Obs.P)
		}
	}

	noisy := synth(1.02, 1.5, 4.3, 1, rand.New(rand.NewPCG(3, 3)))
	v, err = Validate(noisy, 8, Full)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for _, p := range v.Points {
		sum += math.Abs(p.RelativeError)
		if !close(p.RelativeError, (p.Prediction.Value-p.Obs.Time)/p.Obs.Time, 1e-12) {
			t.Errorf("%+v: relative error inconsistent", p)
		}
	}
	if !close(v.MeanRelativeError, sum/float64(len(v.Points)), 1e-12) {
		t.Errorf("mean relative error %v, want %v", v.MeanRelativeError, sum/float64(len(v.Points)))
	}
	if v.Coverage < 0.75 {
		t.Errorf("only %v of the big runs inside their 95 %% prediction intervals", v.Coverage)
	}
	t.Logf("noisy: mean relative error %.4f, Brent %.4f, coverage %.2f", v.MeanRelativeError, v.BrentMeanRelativeError, v.Coverage)

	if _, err := Validate(exact, math.Inf(1), Full); err == nil {
		t.Error("no error with nothing to predict")
	}
	if _, err := Validate(exact, 1, Full); err == nil {
		t.Error("no error with only the 3 runs on P = 1 to fit 3 coefficients")
	}
}
