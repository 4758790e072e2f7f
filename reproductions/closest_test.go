package reproductions

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"splitpoint/results"
)

// scaleRun is one parallel run of a test store: its configuration's
// variants, depth, P, position and W and C.
type scaleRun struct {
	variants   string
	depth, p   int64
	position   string
	work, span int64
}

// scaleStore is a results store holding runs (Jamboree in StarTech's
// configuration: moves ordered by the table alone, one unit per node).
func scaleStore(t *testing.T, runs []scaleRun) *results.Store {
	t.Helper()
	st, err := results.Open(filepath.Join(t.TempDir(), "results.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	for _, r := range runs {
		p := r.p
		pos := r.position
		if pos == "" {
			pos = "suite:kaufman#1"
		}
		row := &results.Run{Sweep: "s", Role: results.RoleParallel, Position: pos, PositionID: pos, Domain: "chess",
			Algo: "jamboree", Variants: r.variants, Depth: r.depth, Machine: "sim", P: &p, Costs: `{"node":1}`,
			Work: r.work, Span: r.span, Parallelism: float64(r.work) / float64(r.span), Time: r.work / max(1, r.p), TimeUnit: "units",
			Result: `{"options":{"killers":false,"iterative":true}}`}
		if err := st.Insert(context.Background(), row); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// TestClosestScale: a claim that names the depth it reads is judged at
// the run's depth closest to the paper's (the paper's own where the run
// holds it, else the deepest), among those at which its measure is
// measured, and its run scale is read from the data: the verdict is that
// depth's, and "at smaller scale" follows from it.
func TestClosestScale(t *testing.T) {
	// W is 200 at depth 4 and 300 at depth 5; a level claim of 300
	// reproduces at depth 5 only.
	level := Claim{Test: Test{Kind: Level, Want: 300, Tol: 1},
		Query: "SELECT SUM(r.work) FROM runs r WHERE r.role = 'parallel' AND r.variants = '' AND r.depth = {{depth}}",
		Runs:  "r.role = 'parallel' AND r.variants = ''", RunScale: Scale{Positions: 99, Depth: 3, Note: "declared"}}
	// A pair of configurations both run at depth 4, only one at 5: the
	// claim is judged where both were run.
	pair := Claim{Test: Test{Kind: Level, Want: 2, Tol: 0.1},
		Query: "SELECT 1.0 * SUM(v.work) / SUM(b.work) FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.depth = v.depth AND b.variants = '' WHERE v.variants = 'rid' AND v.depth = {{depth}}"}
	runs := []scaleRun{
		{depth: 4, p: 512, work: 200, span: 10}, {depth: 5, p: 512, work: 300, span: 10},
		{variants: "rid", depth: 4, p: 512, work: 400, span: 10},
	}
	for _, tc := range []struct {
		name       string
		claim      Claim
		paperDepth int
		runs       []scaleRun
		depth      int
		verdict    Verdict
		smaller    bool
	}{
		{"depths 4 and 5, no paper depth: the deepest", level, 0, runs, 5, Reproduced, false},
		{"depths 4 and 5, paper at 5: the paper's, not smaller", level, 5, runs, 5, Reproduced, false},
		{"depths 4 and 5, paper at 4: the paper's own depth", level, 4, runs, 4, NotReproduced, false},
		{"depth 4 only, paper at 5: one short, smaller", level, 5, runs[:1], 4, NotReproduced, true},
		{"paper at 6, run at 4 and 5: the closest, smaller", level, 6, runs, 5, Reproduced, true},
		{"a pair run together only at depth 4", pair, 0, runs, 4, Reproduced, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := scaleStore(t, tc.runs)
			c := tc.claim
			c.PaperScale = Scale{Depth: tc.paperDepth}
			o := JudgeClaim(context.Background(), st, c)
			if o.Err != nil {
				t.Fatal(o.Err)
			}
			if o.RunScale.Depth != tc.depth || o.Verdict != tc.verdict || o.Smaller != tc.smaller {
				t.Errorf("judged at depth %d: %s (measure %g), smaller %v; want depth %d: %s, smaller %v", o.RunScale.Depth, o.Verdict, o.Measure, o.Smaller, tc.depth, tc.verdict, tc.smaller)
			}
			if strings.Contains(o.Claim.Query, "{{") {
				t.Errorf("query not filled: %s", o.Claim.Query)
			}
			if c.Runs != "" && (o.RunScale.Positions != 1 || o.RunScale.Note != "declared" || !slices.Equal(o.RunScale.P, []int{512})) {
				t.Errorf("run scale %+v: want the data's positions and P with the declared note", o.RunScale)
			}
		})
	}
}

// TestDeclaredScaleStands: a claim that names no scale is judged by its
// query as written and keeps its declared run scale.
func TestDeclaredScaleStands(t *testing.T) {
	st := scaleStore(t, []scaleRun{{depth: 4, p: 512, work: 200, span: 10}, {depth: 5, p: 512, work: 300, span: 10}})
	c := Claim{Test: Test{Kind: Level, Want: 200, Tol: 1}, Query: "SELECT SUM(work) FROM runs WHERE depth = 4",
		PaperScale: Scale{Depth: 5}, RunScale: Scale{Depth: 4}}
	o := JudgeClaim(context.Background(), st, c)
	if o.Verdict != Reproduced || o.RunScale.Depth != 4 || !o.Smaller {
		t.Errorf("%s at %v (smaller %v), want reproduced at the declared depth 4, smaller", o.Verdict, o.RunScale, o.Smaller)
	}
}

// TestRangeOfP: a claim over a range of P reads every P of the range the
// run holds ({{ps}}), and its run scale lists them; one at a single P
// ({{p}}) reads the paper's P, or the run's closest.
func TestRangeOfP(t *testing.T) {
	var runs []scaleRun
	for _, p := range []int64{1, 2, 4, 8, 16, 32, 128, 512} {
		runs = append(runs, scaleRun{depth: 5, p: p, work: 1000 * p, span: 10})
	}
	st := scaleStore(t, runs)
	for _, tc := range []struct {
		name   string
		paperP []int
		query  string
		want   float64
		runP   []int
	}{
		{"1 … 128 reads every P held in it", []int{1, 128}, "SELECT COUNT(DISTINCT r.p) FROM runs r WHERE r.depth = {{depth}} AND r.p IN {{ps}}", 7, []int{1, 2, 4, 8, 16, 32, 128}},
		{"the paper's 512", []int{512}, "SELECT MAX(r.p) FROM runs r WHERE r.depth = {{depth}} AND r.p = {{p}}", 512, []int{512}},
		{"the paper's 64, not held: the closest (the larger of 32 and 128)", []int{64}, "SELECT MAX(r.p) FROM runs r WHERE r.p = {{p}}", 128, []int{128}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Claim{Test: Test{Kind: Level, Want: tc.want, Tol: 0.1}, Query: tc.query, PaperScale: Scale{P: tc.paperP}}
			o := JudgeClaim(context.Background(), st, c)
			if o.Verdict != Reproduced || !slices.Equal(o.RunScale.P, tc.runP) {
				t.Errorf("measure %g (%s) over P %v, want %g over %v (%s)", o.Measure, o.Verdict, o.RunScale.P, tc.want, tc.runP, o.Claim.Query)
			}
		})
	}
}

// TestWorkPathJudgedAtDeepestOverTheRange: the work-path claims read the
// deepest depth the run holds, not the depth the run's ablation holds
// beside it, and *Socrates's stable critical path reads every P of 1 …
// 512: a C three times the others at P = 8 alone is found, which the ends
// of the range (P = 1 and 512) do not show.
func TestWorkPathJudgedAtDeepestOverTheRange(t *testing.T) {
	var runs []scaleRun
	for _, p := range []int64{1, 2, 4, 8, 16, 32, 128, 512} {
		span := int64(100)
		if p == 8 {
			span = 300
		}
		runs = append(runs, scaleRun{depth: 6, p: p, work: 100_000, span: span})
		if p == 1 || p == 128 || p == 512 {
			runs = append(runs, scaleRun{depth: 5, p: p, work: 10_000, span: 100}) // the ablation: stable C
		}
	}
	st := scaleStore(t, runs)
	var stable Claim
	for _, c := range reproStartechWorkPath.Claims {
		if strings.Contains(c.Figure, "fairly stable") {
			stable = c
		}
	}
	o := JudgeClaim(context.Background(), st, stable)
	if o.Measure != 3 || o.RunScale.Depth != 6 || len(o.RunScale.P) != 8 || o.Verdict != NotReproduced {
		t.Errorf("stable C: %g (%s) at %v, want 3 (not reproduced) at depth 6 over 8 machine sizes", o.Measure, o.Verdict, o.RunScale)
	}
	if o.RunScale.String() != "1 position, depth 6, P = 1…512" {
		t.Errorf("run scale %q", o.RunScale)
	}
}

// TestAblationWhereRun: an ablation not run at the depth judged is
// compared where it was run, with the claim's measure at that depth.
func TestAblationWhereRun(t *testing.T) {
	st := scaleStore(t, []scaleRun{
		{depth: 4, p: 512, work: 200, span: 10}, {depth: 5, p: 512, work: 300, span: 10},
		{variants: "rid", depth: 4, p: 512, work: 380, span: 10},
	})
	c := Claim{Test: Test{Kind: Level, Want: 400, Tol: 1}, Cause: "conjecture: x",
		Query:     "SELECT SUM(work) FROM runs WHERE variants = '' AND depth = {{depth}}",
		Ablations: []Ablation{{Setting: "rid", Query: "SELECT SUM(work) FROM runs WHERE variants = 'rid' AND depth = {{depth}}"}}}
	o := JudgeClaim(context.Background(), st, c)
	if o.RunScale.Depth != 5 || o.Measure != 300 {
		t.Fatalf("judged %g at %v, want 300 at depth 5", o.Measure, o.RunScale)
	}
	if !strings.Contains(o.Claim.Cause, "rid (at depth 4, where it was run): 200 → 380 (not reproduced, closing 90 % of the gap)") {
		t.Errorf("cause %q", o.Claim.Cause)
	}
}

// TestVariantsJudgedAtTheDeepest: startech-variants's rid claim is judged
// at the deepest depth both its configurations ran (6, on one position),
// not at the depth the notebook runs every configuration at (5, on
// eight), and takes that depth's verdict.
func TestVariantsJudgedAtTheDeepest(t *testing.T) {
	var runs []scaleRun
	for i := 1; i <= 8; i++ {
		pos := "suite:kaufman#" + string(rune('0'+i))
		runs = append(runs, scaleRun{depth: 5, p: 512, position: pos, work: 51200, span: 100},
			scaleRun{variants: "rid", depth: 5, p: 512, position: pos, work: 51200, span: 100})
	}
	runs = append(runs, scaleRun{depth: 6, p: 512, work: 61440, span: 100}, scaleRun{variants: "rid", depth: 6, p: 512, work: 51200, span: 100})
	st := scaleStore(t, runs)
	c := reproStartechVariants.Claims[0]
	if !strings.Contains(c.Figure, "20% performance") {
		t.Fatalf("claim 1 is %q, want rid's +20 %%", c.Figure)
	}
	o := JudgeClaim(context.Background(), st, c)
	if o.RunScale.Depth != 6 || o.RunScale.Positions != 1 || o.Verdict != Reproduced {
		t.Errorf("rid: %g (%s) at %v, want +0.2 (reproduced) at depth 6 on 1 position", o.Measure, o.Verdict, o.RunScale)
	}
	st5 := scaleStore(t, runs[:16])
	if o := JudgeClaim(context.Background(), st5, c); o.RunScale.Depth != 5 || o.RunScale.Positions != 8 || o.Verdict != NotReproduced {
		t.Errorf("rid without depth 6: %g (%s) at %v, want 0 (not reproduced) at depth 5 on 8 positions", o.Measure, o.Verdict, o.RunScale)
	}
}

// TestTableRatioJudgedNearFig4: startech-tt's ratio of the positions
// visited without a table to those with the largest is judged at the
// deepest depth the run holds (the searches nearest Fig. 4's size), not at
// the depth with the most table sizes, and the run's nodes per search
// below Fig. 4's say "at smaller scale".
func TestTableRatioJudgedNearFig4(t *testing.T) {
	ctx := context.Background()
	st, err := results.Open(filepath.Join(t.TempDir(), "results.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, r := range []struct{ depth, bits, nodes int64 }{
		{6, 0, 396}, {6, 12, 150}, {6, 16, 110}, {6, 20, 100}, {6, 22, 100}, // 3.96 at depth 6
		{7, 0, 7180}, {7, 16, 1109}, {7, 22, 1000}, // 7.18 at depth 7
	} {
		if err := st.Insert(ctx, &results.Run{Sweep: "s", Role: results.RoleBaseline, Position: "suite:kaufman#1", PositionID: "suite:kaufman#1", Domain: "chess",
			Algo: "scout", Depth: r.depth, Machine: "serial", TTBits: r.bits, Nodes: r.nodes, Work: r.nodes, Span: r.nodes}); err != nil {
			t.Fatal(err)
		}
	}
	c := reproStartechTt.Claims[2]
	if c.Test.Want != 3.96 {
		t.Fatalf("claim 3 is %q", c.Figure)
	}
	o := JudgeClaim(ctx, st, c)
	if o.RunScale.Depth != 7 || o.Measure != 7.18 || o.Verdict != NotReproduced || o.RunScale.Nodes != 1000 || !o.Smaller {
		t.Errorf("no table over the largest: %g (%s) at %v (smaller %v), want 7.18 at depth 7, 1000 nodes, at smaller scale", o.Measure, o.Verdict, o.RunScale, o.Smaller)
	}
	if o := JudgeClaim(ctx, st, reproStartechTt.Claims[0]); o.RunScale.Depth != 6 || o.Verdict != Reproduced {
		t.Errorf("the order over the table sizes: %s at %v, want reproduced at depth 6, the most sizes", o.Verdict, o.RunScale)
	}
}

// TestWorkPathReasonsFromRun: the work-path causes are argued from the
// run's own figures, recomputed when the data change: C over W on 512
// processors and the mean W/C per depth, and W over the serial Scout's.
func TestWorkPathReasonsFromRun(t *testing.T) {
	ctx := context.Background()
	build := func(work6 int64) *results.Store {
		st, err := results.Open(filepath.Join(t.TempDir(), "results.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		for _, d := range []struct{ depth, serial, work, span int64 }{{5, 1000, 3640, 20}, {6, 10_000, work6, 40}} {
			b := &results.Run{Sweep: "s", Role: results.RoleBaseline, Position: "suite:kaufman#1", PositionID: "suite:kaufman#1", Domain: "chess",
				Algo: "scout", Depth: d.depth, Machine: "serial", Nodes: d.serial, Work: d.serial, Span: d.serial}
			if err := st.Insert(ctx, b); err != nil {
				t.Fatal(err)
			}
			p, id := int64(512), b.ID
			r := &results.Run{Sweep: "s", Role: results.RoleParallel, Position: "suite:kaufman#1", PositionID: "suite:kaufman#1", Domain: "chess",
				Algo: "jamboree", Depth: d.depth, Machine: "sim", P: &p, Costs: `{"node":1}`, BaselineID: &id,
				Work: d.work, Span: d.span, Parallelism: float64(d.work) / float64(d.span), Time: d.work / 512, TimeUnit: "units",
				Result: `{"options":{"killers":false,"iterative":true}}`}
			if err := st.Insert(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		return st
	}
	got, err := reasonPathShare(ctx, build(33_600))
	if err != nil || got != "C over W on 512 processors is 0.55 % at depth 5 and 0.12 % at depth 6 (mean W/C 182 at depth 5 and 840 at depth 6); StarTech's 0.1 % is a W/C over 1000" {
		t.Errorf("reasonPathShare = %q, %v", got, err)
	}
	got, _ = reasonWorkSize(ctx, build(40_000))
	if !strings.HasPrefix(got, "W over the serial Scout's on 512 processors is 3.64 at depth 5 and 4.00 at depth 6") {
		t.Errorf("reasonWorkSize = %q", got)
	}
	if got, err := reasonWorkSize(ctx, scaleStore(t, nil)); got != "" || err != nil {
		t.Errorf("no runs: %q, %v", got, err)
	}
}
