package reproductions

import (
	"context"
	"math"
	"os"
	"strings"
	"testing"
)

// TestRulesDocumented: the rule table has one rule per kind of measure,
// and docs/claims.md gives each, and the one definition of partly.
func TestRulesDocumented(t *testing.T) {
	b, err := os.ReadFile("../docs/claims.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	seen := map[TestKind]bool{}
	for _, r := range Rules {
		if seen[r.Kind] {
			t.Errorf("two rules for %s", r.Name)
		}
		seen[r.Kind] = true
		if !strings.Contains(doc, "| "+r.Name+" |") {
			t.Errorf("docs/claims.md has no row for the %s rule", r.Name)
		}
	}
	for _, k := range []TestKind{Level, Ratio, Trend, Order, Crossover, Band} {
		if !seen[k] {
			t.Errorf("no rule for kind %d", k)
		}
	}
	if !strings.Contains(doc, "**Partly** has one definition for every claim") || !strings.Contains(doc, "2 of 3 rising steps is a strict majority") {
		t.Error("docs/claims.md does not define partly once")
	}
}

// TestOverridesCited: a claim departs from its kind's rule only with a
// reason that cites the paper.
func TestOverridesCited(t *testing.T) {
	n := 0
	for _, r := range Reproductions {
		for _, c := range r.Claims {
			if c.Override == "" {
				continue
			}
			n++
			if !strings.Contains(c.Override, ":L") {
				t.Errorf("%s %s: override %q cites no line of the paper", r.Name, c.Source, c.Override)
			}
			t.Logf("override: %s %s: %s", r.Name, c.Source, c.Override)
		}
	}
	t.Logf("%d overrides", n)
}

// TestTwoPapersTwoClaims: *Socrates's and StarTech's c∞ are two claims,
// each with its own paper's error, and no measure reproduces both (the
// tolerance is no longer the distance between the papers).
func TestTwoPapersTwoClaims(t *testing.T) {
	var tests []Test
	for _, c := range reproSocratesModel.Claims {
		if strings.HasPrefix(c.Condition, "c∞") {
			tests = append(tests, c.Test)
		}
	}
	if len(tests) != 2 || tests[0].Want == tests[1].Want {
		t.Fatalf("c∞ claims: %+v, want one per paper", tests)
	}
	for m := 0.0; m < 2.5; m += 0.001 {
		if tests[0].Judge(m, math.NaN(), 0) == Reproduced && tests[1].Judge(m, math.NaN(), 0) == Reproduced {
			t.Fatalf("c∞ = %g reproduces both %v and %v", m, tests[0], tests[1])
		}
	}
}

// TestFromCases: the mean's spread is its standard error (with the
// paper's sampling error for a figure of PaperN instances); a ratio's is
// a seeded bootstrap, the same on every call; an order counts k of n.
func TestFromCases(t *testing.T) {
	nan := math.NaN()
	cs := []Case{{"a", 1, nan}, {"b", 2, nan}, {"c", 3, nan}, {"d", 4, nan}}
	m, sp, n := FromCases(cs, Level, 0, 0)
	if m != 2.5 || n != 4 || math.Abs(sp-math.Sqrt(5.0/3/4)) > 1e-12 {
		t.Errorf("mean %g, spread %g, n %g", m, sp, n)
	}
	_, sp1, _ := FromCases(cs, Level, 0, 1)
	if math.Abs(sp1-math.Sqrt(5.0/3*(1.0/4+1))) > 1e-12 {
		t.Errorf("spread with one paper instance %g", sp1)
	}
	rs := []Case{{"a", 10, 8}, {"b", 12, 10}, {"c", 9, 8}, {"d", 30, 20}}
	m1, s1, _ := FromCases(rs, Ratio, -1, 0)
	m2, s2, _ := FromCases(rs, Ratio, -1, 0)
	if math.Abs(m1-(61.0/46-1)) > 1e-12 || s1 != s2 || !(s1 > 0) {
		t.Errorf("ratio %g ± %g, again %g ± %g", m1, s1, m2, s2)
	}
	k, _, n := FromCases([]Case{{"a", 1, nan}, {"b", 0, nan}, {"c", 1, nan}}, Order, 0, 0)
	if k != 2 || n != 3 || (Test{Kind: Order}).Judge(k, n, 0) != Partly {
		t.Errorf("order %g of %g", k, n)
	}
}

// TestPrinted: half a unit of the last printed digit.
func TestPrinted(t *testing.T) {
	for s, want := range map[string]float64{"1.5": 0.05, "290": 0.5, "0.999947": 5e-7, "−2.9": 0.05, "x": 0} {
		if got := Printed(s); math.Abs(got-want) > 1e-15 {
			t.Errorf("Printed(%q) = %g, want %g", s, got, want)
		}
	}
}

// TestSmaller: a run short of the paper's scale in any size both state,
// or against a tournament-depth search, is at smaller scale.
func TestSmaller(t *testing.T) {
	if Smaller(Scale{Positions: 20, P: []int{2, 16}}, Scale{Positions: 20, P: []int{2, 16}}) {
		t.Error("the same scale is smaller")
	}
	if !Smaller(Scale{Positions: 33, Depth: 7}, Scale{Positions: 24, Depth: 7}) {
		t.Error("24 positions for 33 is not smaller")
	}
	if !Smaller(Scale{P: []int{512}, Note: "tournament depth"}, Scale{Depth: 5, P: []int{512}}) {
		t.Error("depth 5 for tournament depth is not smaller")
	}
	lu := Scale{Positions: 20, MinDepth: 15, Depth: 19}
	if Smaller(lu, Scale{Positions: 20, MinDepth: 15, Depth: 19}) || !Smaller(lu, Scale{Positions: 20, Depth: 13}) || !Smaller(lu, Scale{Positions: 20, MinDepth: 13, Depth: 19}) {
		t.Error("depths 15–19 by position: the same depths are smaller, or a shallower one is not")
	}
}

// TestMeasuredCauseFromRun: a measured cause's numbers are the run's:
// judged on two runs that differ only in the ablation's figures, the
// cause quotes each run's own figures and the share of the gap each
// closes; with no ablation better, the cause is not measured.
func TestMeasuredCauseFromRun(t *testing.T) {
	c := vuckovicClaims()[0] // the fixed reading's headline, its ablation the re-ordered reading
	if c.Reading == "" || len(c.Ablations) != 1 {
		t.Fatalf("claim %+v", c)
	}
	rows := func(k, n int) [][]any {
		var r [][]any
		for i := 0; i < n; i++ {
			v := int64(0)
			if i < k {
				v = 1
			}
			r = append(r, []any{"BK." + string(rune('a'+i)), v})
		}
		return r
	}
	for _, tc := range []struct {
		ablK int
		want string
		kind CauseKind
	}{
		{24, "20 → 24 (reproduced, closing 100 % of the gap) accounts for the gap", Measured},
		{23, "20 → 23 (partly, closing 75 % of the gap) accounts for part of the gap", Measured},
		{19, "20 → 19 (partly)", Argued},
	} {
		db := fakeDB{c.Cases: rows(20, 24), c.Ablations[0].Query: {{int64(tc.ablK), int64(24)}}}
		o := JudgeClaim(context.Background(), db, c)
		if o.Verdict != Partly || o.Measure != 20 || o.N != 24 {
			t.Fatalf("outcome %s %g of %g (%v)", o.Verdict, o.Measure, o.N, o.Err)
		}
		if o.CauseKind != tc.kind || !strings.Contains(o.Claim.Cause, tc.want) {
			t.Errorf("ablation %d of 24: cause (%s) %q, want %s with %q", tc.ablK, o.CauseKind, o.Claim.Cause, tc.kind, tc.want)
		}
	}
}

// TestReadingsApart: Vučković's claims are judged under both readings of
// the searchers' root order, three each; StarTech's failed work by type
// under both readings of the accounting, the one the run cannot measure
// not measured.
func TestReadingsApart(t *testing.T) {
	per := map[string]int{}
	for _, c := range reproVuckovic.Claims {
		per[c.Reading]++
	}
	if len(per) != 2 {
		t.Errorf("vuckovic readings: %v", per)
	}
	for r, n := range per {
		if r == "" || n != 3 {
			t.Errorf("vuckovic reading %q: %d claims", r, n)
		}
	}
	nm := 0
	for _, c := range reproStartechVariants.Claims {
		if c.NotMeasured != "" {
			nm++
			if c.Reading == "" {
				t.Errorf("%s: not measured without its reading", c.Source)
			}
			if o := JudgeClaim(context.Background(), fakeDB{}, c); o.Verdict != NotMeasured {
				t.Errorf("%s: %s", c.Source, o.Verdict)
			}
		}
	}
	if nm != 2 {
		t.Errorf("%d failed-work claims not measured, want 2", nm)
	}
}

// TestModernClaims: modern-comparison judges the comparisons its sources
// state between YBWC, ABDADA and Lazy SMP, each with its source's
// address, over every machine size of the run.
func TestModernClaims(t *testing.T) {
	if len(reproModernComparison.Claims) == 0 {
		t.Fatal("modern-comparison makes no claim")
	}
	for _, c := range reproModernComparison.Claims {
		if !strings.Contains(c.Source, ".org/") && !strings.Contains(c.Source, ".com/") {
			t.Errorf("%s: no source address", c.Source)
		}
		if c.Test.Kind != Order || c.Cases == "" {
			t.Errorf("%s: not an order over the machine sizes", c.Source)
		}
	}
}

// TestLargestOfCases: a bound the paper states as reached ("by as much as
// 50 %") is judged on the largest case, not the mean: cases of 10 %, 30 %
// and 48 % reduction give 0.48, which a mean (0.29) would miss; its
// spread is a seeded bootstrap (the same on every call), zero when every
// case is equal.
func TestLargestOfCases(t *testing.T) {
	nan := math.NaN()
	cs := []Case{{"a P=32", 0.1, nan}, {"a P=64", 0.3, nan}, {"b P=32", 0.48, nan}}
	m, sd, n := LargestOfCases(cs, 0)
	if m != 0.48 || n != 3 || !(sd > 0) {
		t.Fatalf("LargestOfCases = %g ± %g of %g, want 0.48 of 3 with a spread", m, sd, n)
	}
	if _, sd2, _ := LargestOfCases(cs, 0); sd2 != sd {
		t.Errorf("bootstrap not seeded: %g then %g", sd, sd2)
	}
	if _, sd0, _ := LargestOfCases([]Case{{"a", 0.2, nan}, {"b", 0.2, nan}}, 0); sd0 != 0 {
		t.Errorf("equal cases: spread %g, want 0", sd0)
	}
	if m, _, _ := LargestOfCases([]Case{{"a", 3, 4}, {"b", 1, 4}}, -1); m != -0.25 {
		t.Errorf("ratio cases with shift −1: %g, want 3/4 − 1", m)
	}
	c := Claim{Test: Test{Kind: Level, Want: 0.5, Tol: Printed("50") / 100}, Largest: true, Cases: "cases"}
	db := fakeDB{"cases": {{"a P=32", 0.1}, {"a P=64", 0.3}, {"b P=32", 0.48}}}
	o := JudgeClaim(context.Background(), db, c)
	if o.Measure != 0.48 || o.Verdict == NotReproduced {
		t.Errorf("JudgeClaim of a largest: %g %s (τ %g), want 0.48 within tolerance", o.Measure, o.Verdict, o.Tol)
	}
}
