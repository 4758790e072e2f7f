package reproductions

import (
	"context"
	"encoding/json"
	"math"
	"path/filepath"
	"testing"

	"splitpoint/fits"
	"splitpoint/results"
	"splitpoint/sched"
)

// TestSocratesModelMeasures: on runs whose times follow *Socrates's
// equation 1 exactly, the measures of socrates-model find its coefficients
// and a perfect prediction of P = 512 from P ≤ 32, and leave out the runs
// of the notebook's ablations (another suite, unit costs), whose times
// here follow another law.
func TestSocratesModelMeasures(t *testing.T) {
	ctx := context.Background()
	st, err := results.Open(filepath.Join(t.TempDir(), "results.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	costs := func(c sched.CostModel) string {
		b, err := json.Marshal(c) // as a sweep stores it (lab.NewRow)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	cm5, unit := costs(sched.CM5Costs()), costs(sched.DefaultCosts())
	add := func(position, costs string, p, w, c, time int64) {
		t.Helper()
		r := &results.Run{Sweep: "s", Role: results.RoleParallel, Position: position, PositionID: position, Domain: "chess",
			Algo: "jamboree", Variants: "dist-tt", Depth: 5, Machine: "sim", P: &p, Costs: costs, Levels: true, LevelWait: true,
			Work: w, Span: c, Time: time, TimeUnit: "units"}
		if err := st.Insert(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	for i, pos := range []string{"suite:socrates#1", "suite:socrates#2", "suite:socrates#3"} {
		for _, p := range []int64{1, 2, 4, 8, 16, 32, 64, 128, 256, 512} {
			w := int64(1_000_000*(i+1)) + 20_000*p
			c := int64(30_000*(i+1)) + 100*p
			add(pos, cm5, p, w, c, int64(math.Round(1.091*float64(w)/float64(p)+0.95*float64(c))))
			add("suite:kaufman#1", cm5, p, w, c, 3*w)
			add(pos, unit, p, w, c, 5*c)
		}
	}
	for _, tc := range []struct {
		name    string
		measure func(context.Context, Querier) (float64, error)
		want    float64
	}{
		{"c1", fitted(socratesRuns, func(r *fits.Result) float64 { return r.C1.Value }), 1.091},
		{"c∞", fitted(socratesRuns, func(r *fits.Result) float64 { return r.Cinf.Value }), 0.95},
		{"c0 (times rounded to units)", fitted(socratesRuns, func(r *fits.Result) float64 { return math.Round(r.C0.Value) }), 0},
		{"mean relative error", fitted(socratesRuns, func(r *fits.Result) float64 { return r.MeanRelativeError }), 0},
		{"prediction of the total at 512", predicted(socratesRuns, 32, 512, func(e fits.PError) float64 { return (e.Predicted - e.Time) / e.Time }), 0},
		{"prediction run by run at 512", predicted(socratesRuns, 32, 512, func(e fits.PError) float64 { return e.MeanRelativeError }), 0},
	} {
		got, err := tc.measure(ctx, st)
		if err != nil || math.Abs(got-tc.want) > 1e-3 {
			t.Errorf("%s = %v (%v), want %v", tc.name, got, err, tc.want)
		}
	}
	got, err := fitted("role = 'none'", func(r *fits.Result) float64 { return r.C1.Value })(ctx, st)
	if err != nil || !math.IsNaN(got) {
		t.Errorf("a measure over no runs = %v (%v), want NaN", got, err)
	}
}
