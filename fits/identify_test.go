package fits

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestUnidentified(t *testing.T) {
	// Six positions on P = 1 and 2: W and C vary, so least squares
	// returns numbers, but two machine sizes cannot separate c1 from c0.
	var twoP, negative []Obs
	for i := range 6 {
		w, c := 1000.0*float64(i+1), 50+7*float64(i*i)
		for _, p := range []float64{1, 2} {
			twoP = append(twoP, Obs{P: p, Work: w, Span: c, Time: w/p + c + 3 + float64(i%2)})
		}
		for _, p := range []float64{1, 2, 4, 8} {
			// Times fall as the critical path grows: c∞ < 0.
			negative = append(negative, Obs{P: p, Work: w, Span: c, Time: w/p - 2*c + 5000 + 0.01*float64((i*7+int(p))%5)})
		}
	}
	for _, tc := range []struct {
		name string
		obs  []Obs
		want string
	}{
		{"two values of P", twoP, "only 2 machine size(s) (P = 1, 2)"},
		{"negative critical-path coefficient", negative, "c∞ = "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Fit(tc.obs, Full)
			if !errors.Is(err, ErrUnidentified) {
				t.Fatalf("err = %v, want ErrUnidentified", err)
			}
			if msg := err.Error(); !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
				t.Errorf("error %q: want one line with %q", msg, tc.want)
			}
		})
	}
	// The same design on four values of P with positive costs fits.
	var ok []Obs
	for i := range 6 {
		w, c := 1000.0*float64(i+1), 50+7*float64(i*i)
		for _, p := range []float64{1, 2, 4, math.Inf(1)} {
			ok = append(ok, Obs{P: p, Work: w, Span: c, Time: w/p + 1.5*c + 3 + float64(i%2)})
		}
	}
	if _, err := Fit(ok, Full); err != nil {
		t.Errorf("four values of P: %v", err)
	}
}

func TestValidateNothingToFit(t *testing.T) {
	obs := []Obs{{P: 1, Work: 10, Span: 2, Time: 11}, {P: 2, Work: 10, Span: 2, Time: 7}}
	for _, maxP := range []float64{0.5, 2} {
		if _, err := Validate(obs, maxP, Full); !errors.Is(err, ErrNothingToValidate) {
			t.Errorf("maxP %g: err = %v, want ErrNothingToValidate", maxP, err)
		}
	}
}
