package examples

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// TestJudge: each kind of test gives reproduced, partly and not
// reproduced at its thresholds, and not measured on NaN.
func TestJudge(t *testing.T) {
	for _, tc := range []struct {
		test Test
		m    float64
		want Verdict
	}{
		{Test{Kind: Value, Want: 1.92, Tol: 0.1}, 1.85, Reproduced},
		{Test{Kind: Value, Want: 1.92, Tol: 0.1}, 2.1, Partly},
		{Test{Kind: Value, Want: 1.92, Tol: 0.1}, 3.6, NotReproduced},
		{Test{Kind: Direction, Want: -1, Tol: 0.05}, -0.2, Reproduced},
		{Test{Kind: Direction, Want: -1, Tol: 0.05}, -0.01, Partly},
		{Test{Kind: Direction, Want: -1, Tol: 0.05}, 0.3, NotReproduced},
		{Test{Kind: Direction, Want: 1}, 0, NotReproduced},
		{Test{Kind: Share, Want: 0.5}, 1, Reproduced},
		{Test{Kind: Share, Want: 0.5}, 0.5, Partly},
		{Test{Kind: Share, Want: 0.5}, 0.25, NotReproduced},
		{Test{Kind: Value, Want: 1, Tol: 1}, math.NaN(), NotMeasured},
	} {
		if got := tc.test.Judge(tc.m); got != tc.want {
			t.Errorf("%v on %g: %s, want %s", tc.test, tc.m, got, tc.want)
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
			if c.Paper == "" || !strings.Contains(c.Source, ":L") || c.Figure == "" || (c.Measure == nil) == (c.Query == "") || c.Measure == nil && !strings.HasPrefix(c.Query, "SELECT") {
				t.Errorf("%s: claim %+v lacks its paper, source line, figure, or one query or measure", r.Name, c)
			}
		}
	}
	var b bytes.Buffer
	n := WriteVerdicts(&b, []Outcome{{Claim: Claim{Paper: "P", Source: "§1, 000:L1", Figure: "x", Test: Test{Kind: Direction, Want: 1}}, Measure: -1, Verdict: NotReproduced}})
	if n[NotReproduced] != 1 || !strings.Contains(b.String(), "conjecture") {
		t.Errorf("verdict table:\n%s", b.String())
	}
}
