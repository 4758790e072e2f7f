package examples

import (
	"context"
	"fmt"
	"math"

	"splitpoint/fits"
)

// predictsCrossover is the measure of the claim that W and C measured on a
// small machine predict a big machine (StarTech §5, 000:L405; *Socrates
// §2.5, 001:L776-780): T_P ≈ c1·W/P + c∞·C + c0 is fitted to the runs of
// the configurations base and variant (role parallel, summed over the
// positions per P) with P ≤ smallP, and each configuration's T at bigP is
// predicted from its W and C at the largest P ≤ smallP. The measure is 1
// when the prediction puts the variant on the same side of base at bigP as
// the run does (slower or not), 0 when not; NaN when a fit is impossible.
func predictsCrossover(base, variant string, smallP, bigP int) func(context.Context, Querier) (float64, error) {
	return func(ctx context.Context, db Querier) (float64, error) {
		type side struct{ predicted, measured float64 }
		var s [2]side
		for i, v := range []string{base, variant} {
			t, err := db.Query(ctx, "SELECT p, SUM(work), SUM(span), SUM(time) FROM runs WHERE role = 'parallel' AND variants = ? GROUP BY p ORDER BY p", v)
			if err != nil {
				return math.NaN(), err
			}
			var train []fits.Obs
			var last fits.Obs
			s[i].measured = math.NaN()
			for _, r := range t.Rows {
				o := fits.Obs{P: num(r[0]), Work: num(r[1]), Span: num(r[2]), Time: num(r[3])}
				if o.P <= float64(smallP) {
					train = append(train, o)
					last = o
				}
				if o.P == float64(bigP) {
					s[i].measured = o.Time
				}
			}
			res, err := fits.Fit(train, fits.Full)
			if err != nil {
				return math.NaN(), fmt.Errorf("%s: fitting P ≤ %d: %w", v, smallP, err)
			}
			s[i].predicted = res.C1.Value*last.Work/float64(bigP) + res.Cinf.Value*last.Span + res.C0.Value
		}
		if math.IsNaN(s[0].measured) || math.IsNaN(s[1].measured) {
			return math.NaN(), nil
		}
		if (s[1].predicted > s[0].predicted) == (s[1].measured > s[0].measured) {
			return 1, nil
		}
		return 0, nil
	}
}

// num is a results value as a float64.
func num(v any) float64 {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	}
	return math.NaN()
}
