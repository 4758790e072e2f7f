package fits_test

import (
	"fmt"

	"splitpoint/fits"
)

// ExampleFit fits StarTech's performance model T_P ≈ c1·W/P + c∞·C + c0
// (StarTech §3, 000:L206) to runs measured on machines of 4 to 256
// processors. Here the times are made from known coefficients, so the
// fit finds them again; a sweep's runs (fits.Obs from the results
// database, or "splitpoint fit --db runs.db") are fitted the same way.
func ExampleFit() {
	var obs []fits.Obs
	for _, p := range []float64{4, 16, 64, 256} {
		for _, w := range []float64{1e6, 4e6} {
			c := w / 900 // W/C about 900, as StarTech's tournament searches
			obs = append(obs, fits.Obs{P: p, Work: w, Span: c, Time: 1.02*w/p + 1.5*c + 4300})
		}
	}
	r, err := fits.Fit(obs, fits.Full)
	if err != nil {
		panic(err)
	}
	fmt.Printf("c1 = %.2f, c∞ = %.2f, c0 = %.0f over %d runs\n", r.C1.Value, r.Cinf.Value, r.C0.Value, r.N)
	// Output:
	// c1 = 1.02, c∞ = 1.50, c0 = 4300 over 8 runs
}
