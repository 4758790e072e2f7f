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
	// reproduced (e.g. from W and C): an argued cause whose figures come
	// from the run.
	Reason func(ctx context.Context, db Querier) (string, error)

	// Cases, when not empty, is the query of the claim's cases, one row
	// each: the case's name and its value (the measure is their mean, the
	// run's spread its standard error), or the numerator and denominator
	// of a ratio of sums (the measure is Σnum/Σden + Shift, the spread a
	// seeded bootstrap over the cases), or for an order 1 where the case
	// holds and 0 where not. The cases are exported beside the page.
	Cases string
	Shift float64
	// PaperN is the number of instances the paper's figure comes from
	// when it is one random instance or a mean of a few with no error
	// stated (1: one tree): their sampling error, sd/√PaperN with the
	// run's spread sd, is part of the tolerance.
	PaperN int
	// Largest makes the measure the largest of the cases' values (plus
	// Shift), for a bound the paper states as reached ("reduced the work
	// by as much as 50 %"): LargestOfCases.
	Largest bool
	// Spread, when not nil, is the run's spread of a measure no formula
	// covers (a fit: a seeded bootstrap over its positions).
	Spread func(ctx context.Context, db Querier) (float64, error)
	// PaperScale and RunScale are the sizes of the paper's experiment
	// and of the run the verdict is taken from; a run short of the
	// paper's scale says so beside its verdict. A claim whose queries
	// name the scale they read ({{depth}}, {{p}}, {{ps}}: closest.go), or
	// that names its Runs, is judged at the run's scale closest to the
	// paper's and its RunScale is read from the run's data; the declared
	// RunScale is then only what the data leave out (a note).
	PaperScale, RunScale Scale
	// Runs, when not empty, is the SQL condition on the runs table (alias
	// r) selecting the runs of the claim's configuration at every depth
	// and machine size, with no placeholder: the run's scale (the depths
	// held, the machine sizes and the positions at the depth judged) is
	// read from them.
	Runs string
	// Reading names the reading of a setting the paper leaves open under
	// which the claim is judged ("" when the paper leaves none open); each
	// reading is a claim of its own, and the index counts them apart.
	Reading string
	// Override, when not empty, is the cited reason for which the claim
	// departs from its kind's rule (a tolerance that is not the paper's
	// error, another rule); every page lists its overrides.
	Override string
	// NotMeasured, when not empty, says why the run cannot measure the
	// paper's own quantity: the claim is not measured rather than judged
	// on a proxy.
	NotMeasured string
}

// Ablation is a claim's measure with one difference moved: Setting names
// it ("ordering: killers and history (preset default)"), Query measures
// the claim under it, and Ref, when not empty, measures the claim in the
// run's own configuration on the ablation's cases (an ablation run on
// fewer positions is compared on those).
//
// Cases and RefCases, when not empty, are the cases of Query and of Ref,
// as a claim's Cases: the measure then comes from them, and so does its
// own spread, which the ablation's verdict and the gap it closes are
// judged with. Without them the ablation borrows the claim's spread, and
// its line says so.
type Ablation struct {
	Setting         string
	Query           string
	Ref             string
	Cases, RefCases string
}

// side is one side of an ablation's comparison: a measure, its n and the
// run's spread of it (NaN: none of its own).
type side struct{ m, n, sd float64 }

// sideOf is the measure of query, or of cases when given (its spread
// then its own), on db, by c's rule.
func sideOf(ctx context.Context, db Querier, c Claim, query, cases string) side {
	if cases != "" {
		cs, err := readCases(ctx, db, cases)
		if err != nil || len(cs) == 0 {
			return side{math.NaN(), math.NaN(), math.NaN()}
		}
		m, sd, n := c.fromCases(cs)
		return side{m, n, sd}
	}
	m, n := QueryValue2(ctx, db, query)
	return side{m, n, math.NaN()}
}

// ablationSides are a's measure and its reference (the claim's own
// configuration) on db, each with its spread: the claim's outcome o's
// where a side has none of its own. borrowed reports that.
func ablationSides(ctx context.Context, db Querier, o Outcome, a Ablation) (ab, ref side, borrowed bool) {
	ab = sideOf(ctx, db, o.Claim, a.Query, a.Cases)
	ref = side{o.Measure, o.N, o.Spread}
	if a.Ref != "" || a.RefCases != "" {
		ref = sideOf(ctx, db, o.Claim, a.Ref, a.RefCases)
	}
	return lend(ab, ref, o.Spread)
}

// lend gives the sides with no spread of their own the claim's, and
// reports whether it did.
func lend(ab, ref side, claim float64) (side, side, bool) {
	borrowed := false
	for _, s := range []*side{&ab, &ref} {
		if math.IsNaN(s.sd) && !math.IsNaN(claim) {
			s.sd, borrowed = claim, true
		}
	}
	return ab, ref, borrowed
}

// Querier is the results database a claim reads (results.Store).
type Querier interface {
	Query(ctx context.Context, query string, args ...any) (*results.Table, error)
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

// Explain returns the cause of an outcome not reproduced and its kind,
// computed from its claim's ablations and Reason on db ("" leaves
// Claim.Cause as it is): measured, naming the ablations that close some of
// the gap between the run's own configuration and what reproduces the
// claim (by the claim's rule), each with the share it closes, and the
// claim's Reason beside them when it has one; otherwise argued from the run's figures (Reason), or
// the ablations' measures followed by Claim.Cause (argued or conjecture).
func Explain(ctx context.Context, db Querier, o Outcome) (string, CauseKind) {
	c := o.Claim
	if o.Verdict != NotReproduced && o.Verdict != Partly {
		return "", ""
	}
	var seen, best []string
	fullGap := false
	for i, a := range c.Ablations {
		setting := a.Setting
		ab, ref, borrowed := ablationSides(ctx, db, o, a)
		if o.choice != nil && i < len(o.declared.Ablations) {
			// Where the claim names its scale, an ablation not run at the
			// scale judged is compared where it was run.
			if s, ab2, ref2, moved := ablationAt(ctx, db, o.declared, *o.choice, o.declared.Ablations[i]); moved {
				setting, ab, ref = s, ab2, ref2
				ab, ref, borrowed = lend(ab, ref, o.Spread)
			}
		}
		m, n := ab.m, ab.n
		v := c.Test.Judge(m, n, ab.sd)
		line := fmt.Sprintf("%s: %s → %s (%s", setting, fmtMeasure(ref.m), fmtMeasure(m), v)
		if borrowed && c.Test.Kind != Order && !math.IsNaN(m) {
			line += ", with the claim's spread"
		}
		g0, g1 := c.Test.gap(ref.m, ref.n, ref.sd), c.Test.gap(m, n, ab.sd)
		switch {
		case g0 > 0 && !math.IsInf(g0, 0) && g1 < g0:
			line += fmt.Sprintf(", closing %.0f %% of the gap)", 100*(g0-g1)/g0)
			best = append(best, line)
			fullGap = fullGap || v == Reproduced
		case math.IsInf(g0, 0) && !math.IsInf(g1, 0) && !math.IsNaN(g1):
			line += ", closing an infinite gap to a finite one)"
			best = append(best, line)
			fullGap = fullGap || v == Reproduced
		default:
			line += ")"
		}
		seen = append(seen, line)
	}
	if len(best) > 0 {
		what := "accounts for the gap"
		if !fullGap {
			what = "accounts for part of the gap"
		}
		all := ""
		if len(seen) > len(best) {
			all = " (every ablation, the run's configuration → the setting moved: " + strings.Join(seen, "; ") + ")"
		}
		out := "measured: the ablation " + strings.Join(best, "; ") + " " + what + all
		if r := reasonOf(ctx, db, c); r != "" {
			out += "; beside it, argued from the run: " + r
		}
		return out, Measured
	}
	if r := reasonOf(ctx, db, c); r != "" {
		return "argued from the run: " + r, Argued
	}
	if len(c.Ablations) == 0 {
		return "", ""
	}
	cause := c.Cause
	if cause == "" {
		cause = "conjecture: no cause measured yet"
	}
	return cause + "; no ablation accounts for the gap (the run's configuration → the setting moved: " + strings.Join(seen, "; ") + ")", kindOfText(cause)
}

// reasonOf is c's Reason on db ("" when it has none or it fails).
func reasonOf(ctx context.Context, db Querier, c Claim) string {
	if c.Reason == nil {
		return ""
	}
	r, err := c.Reason(ctx, db)
	if err != nil {
		return ""
	}
	return r
}

// QueryValue2 is the first two columns of the first row of query on db
// as float64s (NaN when absent): a measure and, for an order, its n.
func QueryValue2(ctx context.Context, db Querier, query string) (float64, float64) {
	t, err := db.Query(ctx, query)
	if err != nil || len(t.Rows) == 0 || len(t.Rows[0]) == 0 {
		return math.NaN(), math.NaN()
	}
	if len(t.Rows[0]) > 1 {
		return num(t.Rows[0][0]), num(t.Rows[0][1])
	}
	return num(t.Rows[0][0]), math.NaN()
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
	Claim     Claim
	Measure   float64 // NaN when not measured
	N         float64 // an order's number of cases (k of N), else the cases the measure averages; NaN when unknown
	Spread    float64 // the run's spread of the measure (NaN: none computed)
	Tol       float64 // the tolerance the verdict used (Tolerance)
	Cases     []Case  // the measure's cases, when the claim has a Cases query
	Verdict   Verdict
	Smaller   bool      // the run falls short of the paper's scale
	CauseKind CauseKind // of Claim.Cause, for an outcome not reproduced in full
	Err       error     // the query's error, if any
	// RunScale is the run's scale the verdict was taken at: read from the
	// run's data where the claim names its scale (closest.go), else the
	// claim's declared RunScale.
	RunScale Scale

	declared Claim        // the claim as declared, its placeholders not filled
	choice   *scaleChoice // the scale its placeholders were filled with (nil: none)
}

// VerdictText is the verdict with "at smaller scale" where the run falls
// short of the paper's scale.
func (o Outcome) VerdictText() string {
	if o.Smaller && o.Verdict != NotMeasured {
		return string(o.Verdict) + " (at smaller scale)"
	}
	return string(o.Verdict)
}

// MeasureText prints the measure: k of n for an order.
func (o Outcome) MeasureText() string {
	if math.IsNaN(o.Measure) {
		return "-"
	}
	if o.Claim.Test.Kind == Order && !math.IsNaN(o.N) {
		return fmt.Sprintf("%.0f of %.0f", o.Measure, o.N)
	}
	return fmt.Sprintf("%.4g", o.Measure)
}

// WriteVerdicts prints the verdict table of outcomes and the causes of
// those not reproduced, and returns the counts by verdict.
func WriteVerdicts(w io.Writer, outs []Outcome) map[Verdict]int {
	n := map[Verdict]int{}
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "paper\tsource\tcondition\tpaper's figure\ttest\tmeasured\tverdict")
	for _, o := range outs {
		c := o.Claim
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Paper, c.Source, c.Condition, c.Figure, c.Test, o.MeasureText(), o.VerdictText())
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
			fmt.Fprintf(w, "  %s %s (%s; cause %s): %s\n", o.Claim.Paper, o.Claim.Source, o.Verdict, kindOr(o.CauseKind, cause), cause)
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

// kindOr is k, or the kind of the written cause when k is not set.
func kindOr(k CauseKind, cause string) CauseKind {
	if k != "" {
		return k
	}
	return kindOfText(cause)
}
