package reproductions

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"splitpoint/results"
)

// TestJudge: each kind's rule gives reproduced, partly and not
// reproduced at its thresholds, with the tolerance the paper's error and
// the run's spread combined; not measured on NaN.
func TestJudge(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		test         Test
		m, n, spread float64
		want         Verdict
	}{
		{Test{Kind: Level, Want: 1.92, Tol: 0.1}, 1.85, nan, nan, Reproduced},
		{Test{Kind: Level, Want: 1.92, Tol: 0.1}, 2.1, nan, nan, Partly},
		{Test{Kind: Level, Want: 1.92, Tol: 0.1}, 3.6, nan, nan, NotReproduced},
		{Test{Kind: Level, Want: 1.92, Tol: 0.03}, 1.96, nan, 0.04, Reproduced}, // τ = 0.05
		{Test{Kind: Ratio, Want: 0.2, Tol: 0.005}, 0.21, nan, nan, Partly},
		{Test{Kind: Band, Want: 0.1, Hi: 0.3, Tol: 0.01}, 0.25, nan, nan, Reproduced},
		{Test{Kind: Band, Want: 0.1, Hi: 0.3, Tol: 0.01}, 0.315, nan, nan, Partly},
		{Test{Kind: Band, Want: 0.1, Hi: 0.3, Tol: 0.01}, 0, nan, nan, NotReproduced},
		{Test{Kind: Trend, Want: -1}, -0.2, nan, 0.05, Reproduced},
		{Test{Kind: Trend, Want: -1, Size: 0.3}, -0.2, nan, 0.05, Partly},
		{Test{Kind: Trend, Want: -1}, -0.01, nan, 0.05, NotReproduced}, // within the run's spread
		{Test{Kind: Trend, Want: 1, Tol: 1}, 0.35, nan, nan, NotReproduced},
		{Test{Kind: Trend, Want: -1}, 0.3, nan, nan, NotReproduced},
		{Test{Kind: Crossover}, 0.9, nan, nan, Reproduced},
		{Test{Kind: Crossover}, math.Inf(1), nan, nan, NotReproduced},
		{Test{Kind: Order}, 4, 4, nan, Reproduced},
		{Test{Kind: Order}, 3, 4, nan, Partly},
		{Test{Kind: Order}, 2, 3, nan, Partly}, // 2 of 3 rising steps: a strict majority
		{Test{Kind: Order}, 2, 4, nan, NotReproduced},
		{Test{Kind: Order}, 1, 2, nan, NotReproduced},
		{Test{Kind: Order}, 1, nan, nan, NotMeasured},
		{Test{Kind: Level, Want: 1, Tol: 1}, nan, nan, nan, NotMeasured},
	} {
		if got := tc.test.Judge(tc.m, tc.n, tc.spread); got != tc.want {
			t.Errorf("%v on %g (n %g, spread %g): %s, want %s", tc.test, tc.m, tc.n, tc.spread, got, tc.want)
		}
	}
}

// TestClaimsWellFormed: every claim of every reproduction names its paper,
// its source with a line of the papers' text, the paper's figure and a
// query; the verdict table prints a cause or "conjecture" for each claim
// not reproduced.
func TestClaimsWellFormed(t *testing.T) {
	for _, r := range Reproductions {
		for _, c := range r.Claims {
			n := 0
			for _, has := range []bool{c.Measure != nil, c.Query != "", c.Cases != ""} {
				if has {
					n++
				}
			}
			if c.Paper == "" || !strings.Contains(c.Source, ":L") && !strings.Contains(c.Source, ".org/") && !strings.Contains(c.Source, ".com/") || c.Figure == "" || n != 1 && c.NotMeasured == "" || c.Query != "" && !strings.HasPrefix(c.Query, "SELECT") || c.Cases != "" && !strings.HasPrefix(c.Cases, "SELECT") {
				t.Errorf("%s: claim %+v lacks its paper, source line, figure, or one query or measure", r.Name, c)
			}
		}
	}
	var b bytes.Buffer
	n := WriteVerdicts(&b, []Outcome{{Claim: Claim{Paper: "P", Source: "§1, 000:L1", Figure: "x", Test: Test{Kind: Trend, Want: 1}}, Measure: -1, Verdict: NotReproduced}})
	if n[NotReproduced] != 1 || !strings.Contains(b.String(), "conjecture") {
		t.Errorf("verdict table:\n%s", b.String())
	}
}

// fakeDB answers each query from a table of queries and their rows.
type fakeDB map[string][][]any

func (f fakeDB) Query(_ context.Context, q string, _ ...any) (*results.Table, error) {
	rows, ok := f[q]
	if !ok {
		return nil, fmt.Errorf("no such query %q", q)
	}
	return &results.Table{Rows: rows}, nil
}

// TestExplain: a claim not reproduced takes as its cause the ablation
// that the test judges better than the run's configuration, compared on
// the ablation's own cases when it names them; with none better, the
// ablations' measures and the conjecture; a reproduced claim keeps its
// cause; a Reason overrides the ablations that close none of the gap, and
// stands beside those that do.
func TestExplain(t *testing.T) {
	db := fakeDB{"A": {{0.21}}, "B": {{-0.1}}, "RefB": {{-0.05}}, "C": {{int64(0)}}}
	c := Claim{Test: Test{Kind: Level, Want: 0.2, Tol: 0.05}, Cause: "conjecture: x",
		Ablations: []Ablation{{Setting: "ordering", Query: "A"}, {Setting: "costs", Query: "B", Ref: "RefB"}}}
	nan := math.NaN()
	o := Outcome{Claim: c, Measure: 0.0, N: nan, Spread: nan, Verdict: NotReproduced}
	got, k := Explain(context.Background(), db, o)
	if k != Measured || !strings.HasPrefix(got, "measured: the ablation ordering: 0 → 0.21 (reproduced, closing 100 % of the gap) accounts for the gap") || !strings.Contains(got, "costs: -0.05 → -0.1 (not reproduced)") {
		t.Errorf("Explain = %q, %s", got, k)
	}
	db["A"] = [][]any{{0.12}}
	got, k = Explain(context.Background(), db, o)
	if k != Measured || !strings.HasPrefix(got, "measured: the ablation ordering: 0 → 0.12 (partly, closing 80 % of the gap) accounts for part of the gap") {
		t.Errorf("Explain with a partial ablation = %q", got)
	}
	o.Claim.Ablations = c.Ablations[1:]
	got, k = Explain(context.Background(), db, o)
	if k != Conjecture || !strings.HasPrefix(got, "conjecture: x; no ablation accounts for the gap") || !strings.Contains(got, "costs: -0.05 → -0.1 (not reproduced)") {
		t.Errorf("Explain without a better ablation = %q, %s", got, k)
	}
	o.Measure, o.Verdict = 0.2, Reproduced
	if got, _ := Explain(context.Background(), db, o); got != "" {
		t.Errorf("Explain of a reproduced claim = %q", got)
	}
	o.Measure, o.Verdict = 0, Partly
	o.Claim.Reason = func(context.Context, Querier) (string, error) { return "W grew", nil }
	if got, k := Explain(context.Background(), db, o); got != "argued from the run: W grew" || k != Argued {
		t.Errorf("Explain with a Reason = %q, %s", got, k)
	}
	o.Claim.Ablations = c.Ablations // the ablation ordering closes the gap: measured, the Reason beside it
	if got, k := Explain(context.Background(), db, o); k != Measured || !strings.HasPrefix(got, "measured: the ablation ordering") || !strings.HasSuffix(got, "; beside it, argued from the run: W grew") {
		t.Errorf("Explain with a closing ablation and a Reason = %q, %s", got, k)
	}
}

// TestAblationOwnSpread: an ablation that names its cases is judged with
// the spread of its own cases, not the claim's: with the claim's wide
// spread a measure of 0.185 against 0.2 would reproduce; its own cases
// agree closely (τ = √(0.01² + 0.0029²) = 0.0104), so it is partly. An ablation without cases borrows the
// claim's spread, and its line says so.
func TestAblationOwnSpread(t *testing.T) {
	// Values 0.18, 0.185, 0.19: mean 0.185, standard error 0.0029.
	db := fakeDB{"Acases": {{"p1", 0.18}, {"p2", 0.185}, {"p3", 0.19}}, "A": {{0.185}}}
	c := Claim{Test: Test{Kind: Level, Want: 0.2, Tol: 0.01}, Cause: "conjecture: x",
		Ablations: []Ablation{{Setting: "ordering", Query: "A", Cases: "Acases"}}}
	o := Outcome{Claim: c, Measure: 0.0, N: 3, Spread: 0.05, Verdict: NotReproduced}
	got, _ := Explain(context.Background(), db, o)
	if !strings.Contains(got, "ordering: 0 → 0.185 (partly, closing") || strings.Contains(got, "claim's spread") {
		t.Errorf("Explain with the ablation's own cases = %q", got)
	}
	o.Claim.Ablations[0].Cases = ""
	got, _ = Explain(context.Background(), db, o)
	if !strings.Contains(got, "ordering: 0 → 0.185 (reproduced, with the claim's spread, closing 100 % of the gap)") {
		t.Errorf("Explain with the claim's spread = %q", got)
	}
	if s := sideOf(context.Background(), db, c, "A", "Acases"); math.Abs(s.sd-0.005/math.Sqrt(3)) > 1e-12 || math.Abs(s.m-0.185) > 1e-12 || s.n != 3 {
		t.Errorf("sideOf = %+v, want 0.185, n 3, sd 0.005/√3", s)
	}
}

// TestCrossover: the crossover P is the smallest P from which the variant
// stays slower, after being faster; 0 when it is never faster or not
// slower at the largest P; the reason gives the P predicted by W/P + C
// from the small machine's W and C, or why there is none.
func TestCrossover(t *testing.T) {
	q := "SELECT v.p, SUM(v.time), SUM(b.time), SUM(v.work), SUM(b.work), SUM(v.span), SUM(b.span) FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND b.role = 'parallel' AND b.variants = ? WHERE v.role = 'parallel' AND v.variants = ? GROUP BY v.p ORDER BY v.p"
	row := func(p int64, tv, tb, wv, wb, cv, cb float64) []any { return []any{p, tv, tb, wv, wb, cv, cb} }
	for _, tc := range []struct {
		name   string
		rows   [][]any
		want   float64
		reason string
	}{
		{"crosses", [][]any{row(8, 90, 100, 720, 800, 20, 10), row(32, 40, 30, 720, 800, 20, 10), row(512, 25, 12, 720, 800, 20, 10)}, 32, "puts the crossover at P ≈ 8"},
		{"never faster", [][]any{row(8, 110, 100, 900, 800, 20, 10), row(32, 40, 30, 900, 800, 20, 10)}, 0, "does no less work"},
		{"faster at the end", [][]any{row(8, 90, 100, 700, 800, 9, 10), row(32, 40, 30, 700, 800, 8, 10), row(512, 10, 12, 700, 800, 8, 10)}, 0, "critical path is no longer"},
	} {
		db := fakeDB{q: tc.rows}
		got, err := crossoverP("rid", "rid+x")(context.Background(), db)
		if err != nil || got != tc.want {
			t.Errorf("%s: crossover %g, %v; want %g", tc.name, got, err, tc.want)
		}
		r, err := crossoverReason("rid", "rid+x", 32)(context.Background(), db)
		if err != nil || !strings.Contains(r, tc.reason) {
			t.Errorf("%s: reason %q, %v; want it to say %q", tc.name, r, err, tc.reason)
		}
	}
}

// TestPredictedCrossover: fits from P ≤ 32 that follow T = W/P + C put
// the crossover where W/P + C does; log2 of predicted over measured.
func TestPredictedCrossover(t *testing.T) {
	q := "SELECT position_id, p, work, span, time FROM runs WHERE role = 'parallel' AND variants = ? ORDER BY p, position_id"
	qr := "SELECT v.p, SUM(v.time), SUM(b.time), SUM(v.work), SUM(b.work), SUM(v.span), SUM(b.span) FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND b.role = 'parallel' AND b.variants = ? WHERE v.role = 'parallel' AND v.variants = ? GROUP BY v.p ORDER BY v.p"
	var base, variant, rs [][]any
	for _, p := range []float64{1, 2, 4, 8, 16, 32, 64, 128} {
		base = append(base, []any{"k1", int64(p), 6400.0, 10.0, 6400/p + 10}, []any{"k2", int64(p), 3200.0, 20.0, 3200/p + 20})
		variant = append(variant, []any{"k1", int64(p), 4800.0, 60.0, 4800/p + 60}, []any{"k2", int64(p), 2400.0, 40.0, 2400/p + 40})
		rs = append(rs, []any{int64(p), 7200/p + 100, 9600/p + 30, 7200.0, 9600.0, 100.0, 30.0})
	}
	db := queryArgs{q: {"rid": base, "rid+x": variant}, qr: {"rid+x": rs}}
	if got, err := crossoverP("rid", "rid+x")(context.Background(), db); err != nil || got != 64 {
		t.Errorf("crossover %g, %v; want 64", got, err)
	}
	got, err := predictedCrossover("rid", "rid+x", 32)(context.Background(), db)
	if err != nil || math.Abs(got) > 1e-9 {
		t.Errorf("log2 predicted/measured crossover = %g, %v; want 0 (both at P = 64)", got, err)
	}
}

// queryArgs answers a query by its first argument.
type queryArgs map[string]map[string][][]any

func (f queryArgs) Query(_ context.Context, q string, args ...any) (*results.Table, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("no argument to %q", q)
	}
	return &results.Table{Rows: f[q][fmt.Sprint(args[len(args)-1])]}, nil
}
