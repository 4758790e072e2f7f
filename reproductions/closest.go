package reproductions

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
)

// The placeholders of the scale a claim's queries read (Query, Cases and
// its ablations' Query and Ref). The judge fills them from what the run
// holds, closest to the paper's scale (settleScale), so that a verdict is
// taken from the run's data nearest the paper's experiment and not at a
// depth or P the claim's author picked.
const (
	// DepthPlaceholder is the depth judged: the paper's depth where the
	// run holds it, else the depth the run holds closest to it (the
	// deepest when the paper states none: every paper here searched
	// deeper than the workbench runs), among those at which the claim's
	// measure is measured.
	DepthPlaceholder = "{{depth}}"
	// PPlaceholder is the machine size judged: the paper's largest P
	// where the run holds it, else the P the run holds closest to it.
	PPlaceholder = "{{p}}"
	// PsPlaceholder is the machine sizes of the paper's range that the
	// run holds, as a SQL list "(1, 2, 4)": a claim stated over a range
	// of P reads every P of it.
	PsPlaceholder = "{{ps}}"
)

// placeholders are the placeholders a query may hold.
var placeholders = []string{DepthPlaceholder, PPlaceholder, PsPlaceholder}

// scaleChoice is the scale a claim is judged at: the depth, the machine
// size and the machine sizes of the range that fill its placeholders.
type scaleChoice struct {
	depth int
	p     int
	ps    []int
}

// fill is q with the placeholders of ch filled.
func (ch scaleChoice) fill(q string) string {
	if !strings.Contains(q, "{{") {
		return q
	}
	list := "(NULL)"
	if len(ch.ps) > 0 {
		var s []string
		for _, p := range ch.ps {
			s = append(s, fmt.Sprint(p))
		}
		list = "(" + strings.Join(s, ", ") + ")"
	}
	return strings.NewReplacer(DepthPlaceholder, fmt.Sprint(ch.depth), PPlaceholder, fmt.Sprint(ch.p), PsPlaceholder, list).Replace(q)
}

// filled is c with every query filled by ch.
func (ch scaleChoice) filled(c Claim) Claim {
	c.Query, c.Cases = ch.fill(c.Query), ch.fill(c.Cases)
	c.Ablations = slices.Clone(c.Ablations)
	for i := range c.Ablations {
		a := &c.Ablations[i]
		a.Query, a.Ref, a.Cases, a.RefCases = ch.fill(a.Query), ch.fill(a.Ref), ch.fill(a.Cases), ch.fill(a.RefCases)
	}
	return c
}

// queries are c's queries: its measure's and its ablations'.
func (c Claim) queries() []string {
	qs := []string{c.Query, c.Cases}
	for _, a := range c.Ablations {
		qs = append(qs, a.Query, a.Ref, a.Cases, a.RefCases)
	}
	return qs
}

// names reports whether any of c's queries holds placeholder ph.
func (c Claim) names(ph string) bool {
	return slices.ContainsFunc(c.queries(), func(q string) bool { return strings.Contains(q, ph) })
}

// scaleFromData reports whether c's run scale is read from the run's data
// (its queries name the scale they read, or it names its runs) rather
// than declared.
func (c Claim) scaleFromData() bool {
	return c.Runs != "" || slices.ContainsFunc(placeholders, c.names)
}

// closestDepths orders the depths held closest to the paper's depth
// first (the deeper of two as close); with no paper depth, deepest first.
func closestDepths(held []int, paper int) []int {
	ds := slices.Clone(held)
	slices.SortFunc(ds, func(a, b int) int {
		if paper > 0 {
			da, db := abs(a-paper), abs(b-paper)
			if da != db {
				return da - db
			}
		}
		return b - a
	})
	return ds
}

// closestP is the machine size held closest to the paper's largest (the
// largest held when the paper states none; the larger of two as close,
// on a log scale, since machine sizes step by factors of 2).
func closestP(held, paper []int) int {
	if len(held) == 0 {
		return 0
	}
	want := slices.Max(held)
	if len(paper) > 0 {
		want = slices.Max(paper)
	}
	best := held[0]
	for _, p := range held[1:] {
		d, bd := math.Abs(math.Log2(float64(p)/float64(want))), math.Abs(math.Log2(float64(best)/float64(want)))
		if d < bd || d == bd && p > best {
			best = p
		}
	}
	return best
}

// inRange is the machine sizes held within the paper's range (all held
// when the paper states none), in increasing order.
func inRange(held, paper []int) []int {
	var out []int
	for _, p := range held {
		if len(paper) == 0 || p >= slices.Min(paper) && p <= slices.Max(paper) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// runsWhere is the condition on runs r of c's configuration: c.Runs, or
// every parallel run when c names none.
func (c Claim) runsWhere() string {
	if c.Runs != "" {
		return "(" + c.Runs + ")"
	}
	return "r.role = 'parallel'"
}

// ints reads the first column of query's rows as ints.
func ints(ctx context.Context, db Querier, query string) ([]int, error) {
	t, err := db.Query(ctx, query)
	if err != nil {
		return nil, err
	}
	var out []int
	for _, r := range t.Rows {
		if len(r) > 0 {
			if x := num(r[0]); !math.IsNaN(x) {
				out = append(out, int(x))
			}
		}
	}
	return out, nil
}

// heldDepths is the depths at which the runs of c's configuration are
// held (every depth of the run's parallel runs when c names no runs).
func heldDepths(ctx context.Context, db Querier, c Claim) ([]int, error) {
	return ints(ctx, db, "SELECT DISTINCT r.depth FROM runs r WHERE "+c.runsWhere()+" AND r.depth > 0 ORDER BY r.depth")
}

// heldPs is the machine sizes (P > 0) of c's configuration's runs at
// depth d (at every depth when d is 0).
func heldPs(ctx context.Context, db Querier, c Claim, d int) ([]int, error) {
	q := "SELECT DISTINCT r.p FROM runs r WHERE " + c.runsWhere() + " AND r.p > 0"
	if d > 0 {
		q += fmt.Sprintf(" AND r.depth = %d", d)
	}
	return ints(ctx, db, q+" ORDER BY r.p")
}

// choiceAt is the scale choice at depth d: the machine sizes held there
// closest to the paper's.
func choiceAt(ctx context.Context, db Querier, c Claim, d int) scaleChoice {
	ps, _ := heldPs(ctx, db, c, d)
	return scaleChoice{depth: d, p: closestP(ps, c.PaperScale.P), ps: inRange(ps, c.PaperScale.P)}
}

// settleScale fills c's placeholders with the run's scale closest to the
// paper's and returns the claim to judge, with its RunScale the scale
// read, and the choice made (nil for a claim that names neither
// placeholders nor runs: its declared RunScale stands). The depth is the
// closest to the paper's (closestDepths) among those at which the
// claim's measure is measured; the machine sizes are those held at that
// depth.
func settleScale(ctx context.Context, db Querier, c Claim) (Claim, *scaleChoice) {
	if !c.scaleFromData() {
		return c, nil
	}
	held, _ := heldDepths(ctx, db, c)
	var ch scaleChoice
	switch {
	case c.names(DepthPlaceholder):
		order := closestDepths(held, c.PaperScale.Depth)
		if len(order) > 0 {
			ch = choiceAt(ctx, db, c, order[0])
		}
		for _, d := range order {
			try := choiceAt(ctx, db, c, d)
			if m, _, _, _, _ := measureOf(ctx, db, try.filled(c)); !math.IsNaN(m) {
				ch = try
				break
			}
		}
	default:
		ch = choiceAt(ctx, db, c, 0)
	}
	out := ch.filled(c)
	out.RunScale = c.runScale(ctx, db, ch, held)
	return out, &ch
}

// runScale is the scale c reads under choice ch: its positions and, where
// the paper states its searches' size, their mean nodes (from its runs
// where it names them), the depth judged (or the depths held, for a
// claim that reads them all), the machine sizes read (those its
// placeholders were filled with and those its declared scale names as
// its queries write them; with neither, every one its runs hold), and
// the declared scale's note.
func (c Claim) runScale(ctx context.Context, db Querier, ch scaleChoice, held []int) Scale {
	s := Scale{Positions: c.RunScale.Positions, Nodes: c.RunScale.Nodes, P: c.RunScale.P, Note: c.RunScale.Note}
	where := c.runsWhere()
	switch {
	case c.names(DepthPlaceholder):
		s.Depth = ch.depth
		where += fmt.Sprintf(" AND r.depth = %d", ch.depth)
	case len(held) > 0:
		s.Depth, s.MinDepth = slices.Max(held), slices.Min(held)
		if s.MinDepth == s.Depth {
			s.MinDepth = 0
		}
	}
	switch {
	case c.names(PsPlaceholder):
		s.P = ch.ps
	case c.names(PPlaceholder):
		// The declared machine sizes are those the queries name as
		// written (a small machine beside the big one judged).
		s.P = append(slices.Clone(c.RunScale.P), ch.p)
		slices.Sort(s.P)
		s.P = slices.Compact(s.P)
	case len(c.RunScale.P) > 0:
		// The queries name their machine sizes as written.
	case c.Runs != "":
		d := 0
		if c.names(DepthPlaceholder) {
			d = ch.depth
		}
		if ps, _ := heldPs(ctx, db, c, d); len(ps) > 0 {
			s.P = ps
		}
	}
	if c.Runs != "" {
		if n, _ := ints(ctx, db, "SELECT COUNT(DISTINCT r.position_id) FROM runs r WHERE "+where); len(n) == 1 && n[0] > 0 {
			s.Positions = n[0]
		}
		if c.PaperScale.Nodes > 0 {
			// The paper states its searches' size: the run's is the mean
			// nodes of a search of the runs read.
			if x := QueryValue(ctx, db, "SELECT AVG(r.nodes) FROM runs r WHERE "+where); x > 0 {
				s.Nodes = x
			}
		}
	}
	return s
}

// ablationAt is the ablation a of the claim raw (as declared, its
// placeholders not filled) judged at choice ch: measured at ch where its
// own configuration is held there, else at the depth closest to the
// paper's at which it is, and then compared with the claim's measure at
// that depth (or a's Ref there), the setting naming the depth. ok
// reports such a move, with the ablation's side and its reference.
func ablationAt(ctx context.Context, db Querier, raw Claim, ch scaleChoice, a Ablation) (setting string, ab, ref side, ok bool) {
	nan := side{math.NaN(), math.NaN(), math.NaN()}
	ab = sideOf(ctx, db, raw, ch.fill(a.Query), ch.fill(a.Cases))
	if !math.IsNaN(ab.m) || !strings.Contains(a.Query+a.Cases, DepthPlaceholder) {
		return a.Setting, ab, nan, false
	}
	all, _ := ints(ctx, db, "SELECT DISTINCT depth FROM runs WHERE role = 'parallel' AND depth > 0")
	for _, d := range closestDepths(all, raw.PaperScale.Depth) {
		if d == ch.depth {
			continue
		}
		at := ch
		at.depth = d
		if ab = sideOf(ctx, db, raw, at.fill(a.Query), at.fill(a.Cases)); math.IsNaN(ab.m) {
			continue
		}
		if a.Ref != "" || a.RefCases != "" {
			ref = sideOf(ctx, db, raw, at.fill(a.Ref), at.fill(a.RefCases))
		} else {
			m, sd, n, _, _ := measureOf(ctx, db, at.filled(raw))
			ref = side{m, n, sd}
		}
		return fmt.Sprintf("%s (at depth %d, where it was run)", a.Setting, d), ab, ref, true
	}
	return a.Setting, nan, nan, false
}
