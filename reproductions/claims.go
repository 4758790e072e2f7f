package reproductions

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"splitpoint/results"
)

// Claim is one of a paper's claims as data: where the paper makes it, under
// which condition, the paper's figure as it prints it, and what counts as
// reproducing it, measured by a query over the reproduction's own results
// (the session's results.db, its runs and derived tables). A verdict is
// computed from the run, never written by hand.
type Claim struct {
	Paper     string // e.g. "StarTech"
	Source    string // section, table or figure, and line of the text in the papers directory, e.g. "§4, 000:L397" (the paper's name is the claim's Paper)
	Condition string // what the paper measured under
	Figure    string // the paper's figure, as printed
	Test      Test
	// Query returns one row whose first column is the measure the test
	// judges (NULL: not measured).
	Query string
	// Measure, when not nil, computes the measure instead of Query, for a
	// measure SQL cannot express (a model fitted to the runs).
	Measure func(ctx context.Context, db Querier) (float64, error)
	// Cause says, for a claim that does not reproduce, why: a measured
	// cause (naming the ablation that shows it) or a sentence that starts
	// with "conjecture".
	Cause string
	// Ablations are the claim's measure with one setting of the run moved
	// toward the paper's (or the workbench's engine configuration beside
	// the paper's). For a claim not reproduced the cause is computed from
	// them (Explain): the ablation whose measure the test judges better
	// is the measured cause; when none is, the ablations' measures are
	// listed before Cause, which then starts with "conjecture".
	Ablations []Ablation
	// Reason, when not nil, computes from the run why a claim is not
	// reproduced (e.g. from W and C), as a measured cause.
	Reason func(ctx context.Context, db Querier) (string, error)
}

// Ablation is a claim's measure with one difference moved: Setting names
// it ("ordering: killers and history (preset default)"), Query measures
// the claim under it, and Ref, when not empty, measures the claim in the
// run's own configuration on the ablation's cases (an ablation run on
// fewer positions is compared on those).
type Ablation struct {
	Setting string
	Query   string
	Ref     string
}

// Querier is the results database a claim reads (results.Store).
type Querier interface {
	Query(ctx context.Context, query string, args ...any) (*results.Table, error)
}

// TestKind is what a claim's test compares.
type TestKind int

const (
	// Value: the measure is the paper's figure Want within Tol
	// (reproduced), within 2·Tol (partly), or not.
	Value TestKind = iota
	// Direction: the measure's sign is Want's (+1 or −1) and its size at
	// least Tol (reproduced); the right sign but smaller (partly); else not.
	Direction
	// Share: the measure is the fraction of the paper's cases (points of a
	// curve, pairs of an order, positions) that hold: 1 reproduced, at
	// least Want partly, else not.
	Share
)

// Test is a claim's criterion.
type Test struct {
	Kind TestKind
	Want float64
	Tol  float64
}

// Verdict is the outcome of a claim's test on a run.
type Verdict string

// The verdicts.
const (
	Reproduced    Verdict = "reproduced"
	Partly        Verdict = "partly"
	NotReproduced Verdict = "not reproduced"
	NotMeasured   Verdict = "not measured"
)

// Judge is the verdict of t on the measure m (NaN: not measured).
func (t Test) Judge(m float64) Verdict {
	if math.IsNaN(m) {
		return NotMeasured
	}
	switch t.Kind {
	case Value:
		d := math.Abs(m - t.Want)
		switch {
		case d <= t.Tol:
			return Reproduced
		case d <= 2*t.Tol:
			return Partly
		}
	case Direction:
		if m*t.Want > 0 {
			if math.Abs(m) >= t.Tol {
				return Reproduced
			}
			return Partly
		}
	case Share:
		switch {
		case m >= 1:
			return Reproduced
		case m >= t.Want:
			return Partly
		}
	}
	return NotReproduced
}

// String is the test as the verdict table prints it.
func (t Test) String() string {
	switch t.Kind {
	case Value:
		return fmt.Sprintf("%g ± %g", t.Want, t.Tol)
	case Direction:
		s := "> 0"
		if t.Want < 0 {
			s = "< 0"
		}
		if t.Tol > 0 {
			return fmt.Sprintf("%s, |·| ≥ %g", s, t.Tol)
		}
		return s
	case Share:
		return fmt.Sprintf("all hold (partly: ≥ %g)", t.Want)
	}
	return "?"
}

// Explain returns the cause of an outcome not reproduced, computed from
// its claim's ablations and Reason on db ("" leaves Claim.Cause as it
// is): "measured: " and the ablation the test judges better than the
// run's own configuration (accounting for the gap when it reproduces the
// claim, for part of it when partly), or the reason; otherwise the
// ablations' measures followed by Claim.Cause.
func Explain(ctx context.Context, db Querier, o Outcome) string {
	c := o.Claim
	if o.Verdict != NotReproduced && o.Verdict != Partly {
		return ""
	}
	if c.Reason != nil {
		r, err := c.Reason(ctx, db)
		if err == nil && r != "" {
			return "measured: " + r
		}
	}
	if len(c.Ablations) == 0 {
		return ""
	}
	rank := map[Verdict]int{Reproduced: 3, Partly: 2, NotReproduced: 1, NotMeasured: 0}
	var seen []string
	var best []string
	fullGap := false
	for _, a := range c.Ablations {
		m := QueryValue(ctx, db, a.Query)
		ref := o.Measure
		if a.Ref != "" {
			ref = QueryValue(ctx, db, a.Ref)
		}
		v := c.Test.Judge(m)
		line := fmt.Sprintf("%s: %s → %s (%s)", a.Setting, fmtMeasure(ref), fmtMeasure(m), v)
		seen = append(seen, line)
		if rank[v] > rank[c.Test.Judge(ref)] {
			best = append(best, line)
			fullGap = fullGap || v == Reproduced
		}
	}
	if len(best) > 0 {
		what := "accounts for the gap"
		if !fullGap {
			what = "accounts for part of the gap"
		}
		return "measured: the ablation " + strings.Join(best, "; ") + " " + what + " (every ablation, the paper's configuration → the setting moved: " + strings.Join(seen, "; ") + ")"
	}
	cause := c.Cause
	if cause == "" {
		cause = "conjecture: no cause measured yet"
	}
	if !strings.HasPrefix(cause, "conjecture") {
		cause = "conjecture: " + cause
	}
	return cause + "; no ablation accounts for the gap (the paper's configuration → the setting moved: " + strings.Join(seen, "; ") + ")"
}

// QueryValue is the first column of the first row of query on db as a
// float64 (NaN when the query fails, returns nothing or NULL).
func QueryValue(ctx context.Context, db Querier, query string) float64 {
	t, err := db.Query(ctx, query)
	if err != nil || len(t.Rows) == 0 || len(t.Rows[0]) == 0 {
		return math.NaN()
	}
	return num(t.Rows[0][0])
}

// fmtMeasure prints a measure as the verdict table does.
func fmtMeasure(m float64) string {
	if math.IsNaN(m) {
		return "-"
	}
	return fmt.Sprintf("%.4g", m)
}

// Outcome is a claim judged on a run.
type Outcome struct {
	Claim   Claim
	Measure float64 // NaN when not measured
	Verdict Verdict
	Err     error // the query's error, if any
}

// WriteVerdicts prints the verdict table of outcomes and the causes of
// those not reproduced, and returns the counts by verdict.
func WriteVerdicts(w io.Writer, outs []Outcome) map[Verdict]int {
	n := map[Verdict]int{}
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "paper\tsource\tcondition\tpaper's figure\ttest\tmeasured\tverdict")
	for _, o := range outs {
		m := "-"
		if !math.IsNaN(o.Measure) {
			m = fmt.Sprintf("%.4g", o.Measure)
		}
		c := o.Claim
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Paper, c.Source, c.Condition, c.Figure, c.Test, m, o.Verdict)
		n[o.Verdict]++
	}
	tw.Flush()
	for _, o := range outs {
		if o.Err != nil {
			fmt.Fprintf(w, "  %s %s: the query failed: %v\n", o.Claim.Paper, o.Claim.Source, o.Err)
		}
		if o.Verdict == NotMeasured && o.Claim.Cause != "" {
			fmt.Fprintf(w, "  %s %s (%s): %s\n", o.Claim.Paper, o.Claim.Source, o.Verdict, o.Claim.Cause)
		}
		if o.Verdict == NotReproduced || o.Verdict == Partly {
			cause := o.Claim.Cause
			if cause == "" {
				cause = "conjecture: no cause measured yet"
			}
			fmt.Fprintf(w, "  %s %s (%s): %s\n", o.Claim.Paper, o.Claim.Source, o.Verdict, cause)
		}
	}
	var parts []string
	for _, v := range []Verdict{Reproduced, Partly, NotReproduced, NotMeasured} {
		parts = append(parts, fmt.Sprintf("%d %s", n[v], v))
	}
	fmt.Fprintf(w, "claims: %s\n", strings.Join(parts, ", "))
	return n
}

// WriteDifferences prints the settings in which a run differs from the
// paper's configuration, one per line with the reason (nothing when none
// is listed).
func WriteDifferences(w io.Writer, ds []Difference) {
	if len(ds) == 0 {
		return
	}
	fmt.Fprintf(w, "\nWhere this run's configuration differs from the paper's:\n")
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "  setting\tthe paper\tthis run\twhy")
	for _, d := range ds {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", d.Setting, d.Paper, d.Here, d.Why)
	}
	tw.Flush()
}
