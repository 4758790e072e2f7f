package reproductions

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat"

	"splitpoint/results"
)

// TestKind is the kind of measure a claim judges. Each kind has one rule
// (Rules), written once here and in docs/claims.md; a claim chooses its
// kind, gives the paper's figure and the paper's own error, and may depart
// from its kind's rule only with a cited Override.
type TestKind int

const (
	// Level: a figure the paper prints (a mean, a count, a coefficient).
	Level TestKind = iota
	// Ratio: a ratio or relative change between two configurations
	// (X/Y − 1), judged as a level of the ratio.
	Ratio
	// Trend: the direction of a change over P, over depth or between two
	// configurations: Want is its sign (+1 or −1) and Size the least size
	// the paper states (0: none).
	Trend
	// Order: k of n cases hold (pairs of an order, steps of a curve,
	// positions); the measure is k, compared with n exactly as counts.
	Order
	// Crossover: log2 of the crossover P over the one it is set against
	// (0: they agree); a factor of 2, the machine sizes' step, is one unit.
	Crossover
	// Band: the paper's range [Want, Hi].
	Band
)

// Rule is one kind's rule as the documents print it.
type Rule struct {
	Kind       TestKind
	Name       string
	Reproduced string
	Partly     string
}

// Rules is the rule table: one rule per kind of measure. τ is the claim's
// tolerance (Tolerance): the paper's own error combined with the run's
// spread.
var Rules = []Rule{
	{Level, "level", "|m − paper| ≤ τ", "|m − paper| ≤ 2τ"},
	{Ratio, "ratio", "|m − paper| ≤ τ", "|m − paper| ≤ 2τ"},
	{Trend, "trend", "right sign, s·m > τ and s·m ≥ the paper's least size", "right sign and s·m > τ, short of the paper's least size"},
	{Order, "order", "all n cases hold (k = n)", "a strict majority holds (2k > n)"},
	{Crossover, "crossover", "|log2 ratio| ≤ τ (τ ≥ 1: the step of P)", "|log2 ratio| ≤ 2τ"},
	{Band, "band", "lo − τ ≤ m ≤ hi + τ", "within 2τ of the band"},
}

// PartlyDefinition is the one definition of "partly" for every claim.
const PartlyDefinition = "partly: the claim holds in a weaker form that the run still tells from noise: a figure within twice its tolerance, a strict majority of its cases (counted exactly), or a change of the right sign beyond the run's spread but short of the size the paper states"

// RuleOf returns the rule of kind k.
func RuleOf(k TestKind) Rule {
	for _, r := range Rules {
		if r.Kind == k {
			return r
		}
	}
	return Rule{Kind: k, Name: "?"}
}

// String is the kind's name.
func (k TestKind) String() string { return RuleOf(k).Name }

// Test is a claim's criterion: its kind, the paper's figure and the
// paper's own error.
type Test struct {
	Kind TestKind
	Want float64 // level, ratio, crossover: the paper's figure; trend: the sign; band: the low end
	Hi   float64 // band: the high end
	Size float64 // trend: the least size the paper states (0: none)
	// Tol is the paper's own error: its stated standard error or error,
	// else half a unit of the last digit it prints (Printed).
	Tol float64
}

// Printed is the error of a figure as printed: half a unit of its last
// digit ("1.5" → 0.05, "290" → 0.5).
func Printed(figure string) float64 {
	f := strings.TrimLeft(figure, "+-−")
	if _, err := strconv.ParseFloat(f, 64); err != nil {
		return 0
	}
	d := 0
	if i := strings.IndexByte(f, '.'); i >= 0 {
		d = len(f) - i - 1
	}
	return 0.5 * math.Pow(10, -float64(d))
}

// Tolerance is τ, the paper's error and the run's spread combined as
// independent errors: √(paper² + run²).
func Tolerance(paper, run float64) float64 {
	if math.IsNaN(run) {
		run = 0
	}
	return math.Hypot(paper, run)
}

// Judge is the verdict of t on the measure m with the run's spread
// (NaN or 0: none); for an order, m is k and n the number of cases.
func (t Test) Judge(m, n, spread float64) Verdict {
	if math.IsNaN(m) {
		return NotMeasured
	}
	tau := Tolerance(t.Tol, spread)
	within := func(d float64) Verdict {
		switch {
		case d <= tau:
			return Reproduced
		case d <= 2*tau:
			return Partly
		}
		return NotReproduced
	}
	switch t.Kind {
	case Level, Ratio:
		return within(math.Abs(m - t.Want))
	case Crossover:
		if math.IsInf(m, 0) {
			return NotReproduced
		}
		tau = math.Max(tau, 1)
		return within(math.Abs(m - t.Want))
	case Band:
		d := 0.0
		if m < t.Want {
			d = t.Want - m
		} else if m > t.Hi {
			d = m - t.Hi
		}
		if d == 0 {
			return Reproduced
		}
		return within(d)
	case Trend:
		s := math.Copysign(1, t.Want)
		x := s * m
		switch {
		case x > tau && x >= t.Size:
			return Reproduced
		case x > tau:
			return Partly
		}
		return NotReproduced
	case Order:
		k, nn := int(math.Round(m)), int(math.Round(n))
		switch {
		case math.IsNaN(n) || nn <= 0:
			return NotMeasured
		case k == nn:
			return Reproduced
		case 2*k > nn:
			return Partly
		}
		return NotReproduced
	}
	return NotReproduced
}

// gap is how far m lies from what reproduces t, in the measure's units (0
// when reproduced): the quantity an ablation's share of the gap is taken
// of.
func (t Test) gap(m, n, spread float64) float64 {
	if math.IsNaN(m) {
		return math.NaN()
	}
	tau := Tolerance(t.Tol, spread)
	switch t.Kind {
	case Level, Ratio:
		return math.Max(0, math.Abs(m-t.Want)-tau)
	case Crossover:
		if math.IsInf(m, 0) {
			return math.Inf(1)
		}
		return math.Max(0, math.Abs(m-t.Want)-math.Max(tau, 1))
	case Band:
		switch {
		case m < t.Want-tau:
			return t.Want - tau - m
		case m > t.Hi+tau:
			return m - t.Hi - tau
		}
		return 0
	case Trend:
		x := math.Copysign(1, t.Want) * m
		return math.Max(0, math.Max(tau, t.Size)-x)
	case Order:
		return math.Max(0, n-m)
	}
	return math.NaN()
}

// String is the test as the verdict table prints it (the paper's error;
// the tolerance the verdict used is printed beside it).
func (t Test) String() string {
	switch t.Kind {
	case Level, Ratio:
		return fmt.Sprintf("%s %g ± %g", t.Kind, t.Want, t.Tol)
	case Crossover:
		return fmt.Sprintf("crossover log2 ratio %g (τ ≥ 1)", t.Want)
	case Band:
		return fmt.Sprintf("band %g…%g ± %g", t.Want, t.Hi, t.Tol)
	case Trend:
		s := "> 0"
		if t.Want < 0 {
			s = "< 0"
		}
		if t.Size > 0 {
			return fmt.Sprintf("trend %s, |·| ≥ %g", s, t.Size)
		}
		return "trend " + s
	case Order:
		return "order: all hold (partly: a strict majority)"
	}
	return "?"
}

// Scale is the size of a run or of the paper's experiment: positions (or
// trees), depth or nodes per search, and the machine sizes. Zero fields
// are not stated.
type Scale struct {
	Positions int
	Depth     int
	// MinDepth, when not 0, is the shallowest of several depths read
	// together (a fit over depths), Depth the deepest.
	MinDepth int
	Nodes    float64 // nodes per serial search (typical)
	P        []int   // the machine sizes a claim is judged over
	Note     string  // what the numbers leave out ("tournament depth")
}

// String prints s; "not stated" when empty.
func (s Scale) String() string {
	var parts []string
	switch {
	case s.Positions == 1:
		parts = append(parts, "1 position")
	case s.Positions > 1:
		parts = append(parts, fmt.Sprintf("%d positions", s.Positions))
	}
	switch {
	case s.MinDepth > 0 && s.MinDepth < s.Depth:
		parts = append(parts, fmt.Sprintf("depths %d–%d", s.MinDepth, s.Depth))
	case s.Depth > 0:
		parts = append(parts, fmt.Sprintf("depth %d", s.Depth))
	}
	if s.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%.3g nodes", s.Nodes))
	}
	if len(s.P) == 1 {
		parts = append(parts, fmt.Sprintf("P = %d", s.P[0]))
	} else if len(s.P) > 1 {
		parts = append(parts, fmt.Sprintf("P = %d…%d", s.P[0], s.P[len(s.P)-1]))
	}
	if s.Note != "" {
		parts = append(parts, s.Note)
	}
	if len(parts) == 0 {
		return "not stated"
	}
	return strings.Join(parts, ", ")
}

// scaled sets the scales paper and run on each claim of cs that has none.
func scaled(paper, run Scale, cs []Claim) []Claim {
	for i := range cs {
		if cs[i].PaperScale.String() == "not stated" {
			cs[i].PaperScale = paper
		}
		if cs[i].RunScale.String() == "not stated" {
			cs[i].RunScale = run
		}
	}
	return cs
}

// Smaller reports whether the run's scale run falls short of the paper's
// scale paper in any size both state (positions, depth, the shallowest
// of several depths, nodes, the largest P), or the paper's is only
// described (a Note, such as tournament depth, and no depth or nodes),
// which a run with a depth does not reach.
func Smaller(paper, run Scale) bool {
	shallowest := func(s Scale) float64 {
		if s.MinDepth > 0 {
			return float64(s.MinDepth)
		}
		return float64(s.Depth)
	}
	lt := func(r, p float64) bool { return r > 0 && p > 0 && r < p }
	maxP := func(ps []int) float64 {
		m := 0
		for _, p := range ps {
			m = max(m, p)
		}
		return float64(m)
	}
	return lt(float64(run.Positions), float64(paper.Positions)) || lt(float64(run.Depth), float64(paper.Depth)) ||
		lt(shallowest(run), shallowest(paper)) ||
		lt(run.Nodes, paper.Nodes) || lt(maxP(run.P), maxP(paper.P)) ||
		paper.Depth == 0 && paper.Nodes == 0 && strings.Contains(paper.Note, "tournament")
}

// CauseKind is what backs a claim's cause.
type CauseKind string

// The kinds of cause: measured only where an ablation in the same run
// produces the figure (with the share of the gap it closes); argued where
// the cause is reasoned from the run's or the paper's figures without an
// ablation; conjecture otherwise.
const (
	Measured   CauseKind = "measured"
	Argued     CauseKind = "argued"
	Conjecture CauseKind = "conjecture"
)

// kindOfText is the kind of a written cause: conjecture when it says so,
// argued otherwise (a written cause is never measured: its numbers are not
// kept in step with the run).
func kindOfText(s string) CauseKind {
	if s == "" || strings.HasPrefix(s, "conjecture") {
		return Conjecture
	}
	return Argued
}

// Case is one case of a claim's measure: a position, a tree or a pair,
// with its value, or the numerator and denominator of a ratio of sums.
type Case struct {
	Name     string
	Num, Den float64 // Den is NaN for a mean of values
}

// bootstrapSeed seeds every resampling, so that a verdict recomputed from
// the exported data is the page's.
const bootstrapSeed = 20261128

// bootstrapRounds is the number of resamples of a bootstrap.
const bootstrapRounds = 2000

// FromCases is a claim's measure, its spread and the number of cases from
// the cases: the mean and its standard error for values (a paper's figure
// of paperN instances adds its own sampling error sd/√paperN, estimated
// from the run's spread); Σnum/Σden + shift and its seeded bootstrap
// standard error for ratios (with the same sampling error of the
// paper's figure); for an order, k (the cases that hold, value
// 1) of n.
func FromCases(cs []Case, kind TestKind, shift float64, paperN int) (m, spread, n float64) {
	n = float64(len(cs))
	if len(cs) == 0 {
		return math.NaN(), math.NaN(), 0
	}
	ratio := !math.IsNaN(cs[0].Den)
	if kind == Order {
		k := 0.0
		for _, c := range cs {
			if c.Num != 0 && !math.IsNaN(c.Num) {
				k++
			}
		}
		return k, 0, n
	}
	if !ratio {
		xs := make([]float64, len(cs))
		for i, c := range cs {
			xs[i] = c.Num
		}
		mean, sd := stat.MeanStdDev(xs, nil)
		if len(xs) < 2 {
			return mean + shift, math.NaN(), n
		}
		v := 1 / n
		if paperN > 0 {
			v += 1 / float64(paperN)
		}
		return mean + shift, sd * math.Sqrt(v), n
	}
	sum := func(idx []int) float64 {
		var a, b float64
		for _, i := range idx {
			a += cs[i].Num
			b += cs[i].Den
		}
		return a/b + shift
	}
	m, se := bootstrap(len(cs), sum)
	if len(cs) < 2 {
		return m, se, n
	}
	if paperN > 0 {
		// The bootstrap's standard error is sd/√n; the paper's figure of
		// paperN instances adds sd/√paperN.
		se *= math.Sqrt(1 + n/float64(paperN))
	}
	return m, se, n
}

// LargestOfCases is the measure of a claim the paper states as a bound
// reached ("as much as 50 %"): the largest of the cases' values plus
// shift, its spread the standard deviation of the largest over a seeded
// bootstrap of the cases (a bootstrap of a maximum understates its
// spread when the cases are few; it is the run's spread nonetheless,
// and no formula covers it), and n the number of cases.
func LargestOfCases(cs []Case, shift float64) (m, spread, n float64) {
	n = float64(len(cs))
	if len(cs) == 0 {
		return math.NaN(), math.NaN(), 0
	}
	largest := func(idx []int) float64 {
		x := math.Inf(-1)
		for _, i := range idx {
			x = math.Max(x, cs[i].value())
		}
		return x + shift
	}
	m, spread = bootstrap(len(cs), largest)
	return m, spread, n
}

// bootstrap is the statistic f of all n cases and the standard deviation
// of f over bootstrapRounds resamples of them, seeded by bootstrapSeed and
// n, so that a verdict recomputed from the exported cases is the page's
// (NaN for fewer than two cases).
func bootstrap(n int, f func(idx []int) float64) (all, sd float64) {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	all = f(idx)
	if n < 2 {
		return all, math.NaN()
	}
	rng := rand.New(rand.NewPCG(bootstrapSeed, uint64(n)))
	est := make([]float64, bootstrapRounds)
	for b := range est {
		for i := range idx {
			idx[i] = rng.IntN(n)
		}
		est[b] = f(idx)
	}
	return all, stat.StdDev(est, nil)
}

// value is a case's value: Num, or Num/Den for a ratio.
func (c Case) value() float64 {
	if math.IsNaN(c.Den) {
		return c.Num
	}
	return c.Num / c.Den
}

// fromCases is c's measure, spread and n from its cases: the largest
// (LargestOfCases) where the paper states a bound reached, else
// FromCases.
func (c Claim) fromCases(cs []Case) (m, spread, n float64) {
	if c.Largest {
		return LargestOfCases(cs, c.Shift)
	}
	return FromCases(cs, c.Test.Kind, c.Shift, c.PaperN)
}

// readCases reads the rows of a Cases query: the case's name, then its
// value, or the numerator and denominator of a ratio of sums.
func readCases(ctx context.Context, db Querier, q string) ([]Case, error) {
	t, err := db.Query(ctx, q)
	if err != nil {
		return nil, err
	}
	var cs []Case
	for _, r := range t.Rows {
		if len(r) < 2 {
			return nil, fmt.Errorf("cases query: %d columns, want the case and its value", len(r))
		}
		c := Case{Name: fmt.Sprint(r[0]), Num: num(r[1]), Den: math.NaN()}
		if len(r) > 2 {
			c.Den = num(r[2])
		}
		if math.IsNaN(c.Num) || len(r) > 2 && math.IsNaN(c.Den) {
			continue // a case not measured
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// measureOf is c's measure on db (from Cases, Measure or Query), the
// spread its cases give, its n and cases, and the query's error.
func measureOf(ctx context.Context, db Querier, c Claim) (m, spread, n float64, cases []Case, err error) {
	m, spread, n = math.NaN(), math.NaN(), math.NaN()
	switch {
	case c.Cases != "":
		cases, err = readCases(ctx, db, c.Cases)
		m, spread, n = c.fromCases(cases)
	case c.Measure != nil:
		m, err = c.Measure(ctx, db)
	default:
		var t *results.Table
		t, err = db.Query(ctx, c.Query)
		if err == nil && len(t.Rows) > 0 && len(t.Rows[0]) > 0 {
			m = num(t.Rows[0][0])
			if len(t.Rows[0]) > 1 {
				n = num(t.Rows[0][1])
			}
		}
	}
	if c.Measure != nil && c.Test.Kind == Order && !math.IsNaN(m) {
		n = 1 // a measure function's order is one case, held (1) or not (0)
	}
	if c.Test.Kind == Order && math.IsNaN(n) && !math.IsNaN(m) {
		err = fmt.Errorf("an order claim's query gives k and n; it gave no n")
		m = math.NaN()
	}
	return m, spread, n, cases, err
}

// JudgeClaim judges c on the run's results db: the run's scale closest to
// the paper's that the claim's queries name (settleScale), its measure
// (from Cases, Measure or Query), the run's spread, the verdict by its
// kind's rule, and the cause of an outcome not reproduced with its kind.
func JudgeClaim(ctx context.Context, db Querier, c Claim) Outcome {
	o := Outcome{Claim: c, Measure: math.NaN(), N: math.NaN(), Spread: math.NaN(), RunScale: c.RunScale}
	if c.NotMeasured != "" {
		o.Verdict, o.Claim.Cause, o.CauseKind = NotMeasured, c.NotMeasured, Argued
		o.Tol = Tolerance(c.Test.Tol, math.NaN())
		o.Smaller = Smaller(c.PaperScale, c.RunScale)
		return o
	}
	o.declared = c
	o.Claim, o.choice = settleScale(ctx, db, c)
	c = o.Claim
	o.RunScale = c.RunScale
	o.Measure, o.Spread, o.N, o.Cases, o.Err = measureOf(ctx, db, c)
	if c.Spread != nil && !math.IsNaN(o.Measure) {
		s, err := c.Spread(ctx, db)
		if err == nil {
			o.Spread = s
		}
	}
	o.Verdict = c.Test.Judge(o.Measure, o.N, o.Spread)
	o.Tol = Tolerance(c.Test.Tol, o.Spread)
	o.Smaller = Smaller(c.PaperScale, o.RunScale)
	o.CauseKind = kindOfText(c.Cause)
	if e, k := Explain(ctx, db, o); e != "" {
		o.Claim.Cause, o.CauseKind = e, k
	}
	return o
}

// KindNamed is the kind whose rule is named name (false when none is).
func KindNamed(name string) (TestKind, bool) {
	for _, r := range Rules {
		if r.Name == name {
			return r.Kind, true
		}
	}
	return 0, false
}
