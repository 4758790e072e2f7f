package reproductions

import (
	"context"
	"path/filepath"
	"testing"

	"splitpoint/results"
	"splitpoint/sched"
)

// TestPaperMachineCopy: in the copy, a run on the paper's machine stands
// in for its twin on the free machine (same request, other costs), so a
// query that selects the free machine's runs reads the paper's; a free run
// with no twin (an ablation with another option) and a run on other costs
// stay; the source is unchanged.
func TestPaperMachineCopy(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := results.Open(filepath.Join(dir, "results.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	free, tc := CostsJSON(sched.DefaultCosts()), CostsJSON(sched.TC2000Costs())
	row := func(costs, opts string, p, tm int64) *results.Run {
		return &results.Run{Sweep: "s", Created: "2026-01-01T00:00:00Z", Version: "devel", Role: results.RoleParallel, Position: "suite:tinsley#1",
			Domain: "checkers", Algo: "pvsplit", Depth: 9, Machine: "sim", P: results.Int(p), Seed: 1, Rep: 1, TTBits: 23, Costs: costs,
			Nodes: 100, Work: 100, Span: 50, Parallelism: 2, Time: tm, TimeUnit: "units", Result: `{"options":` + opts + `}`}
	}
	for _, r := range []*results.Run{
		row(free, `{"depth":9}`, 2, 60),                  // the free run: replaced
		row(tc, `{"depth":9,"grain":3}`, 2, 9000),        // its twin (the grain is the machine's)
		row(free, `{"depth":9,"lb":7}`, 2, 70),           // an ablation: no twin, stays
		row(free, `{"depth":9}`, 4, 40),                  // no twin at p = 4: stays
		row(`{"node":1,"wake":7}`, `{"depth":9}`, 2, 65), // other costs: stay
	} {
		if err := st.Insert(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	cp := filepath.Join(dir, "copy.db")
	moved, err := PaperMachineCopy(ctx, st.DB(), cp, sched.TC2000Costs())
	if err != nil || moved != 1 {
		t.Fatalf("moved %d, %v; want 1", moved, err)
	}
	c, err := results.Open(cp)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	q := "SELECT group_concat(time, ',') FROM (SELECT time FROM runs WHERE json_extract(costs, '$.wake') = 0 ORDER BY id)"
	got, err := c.Query(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if s := got.Rows[0][0]; s != "9000,70,40" {
		t.Errorf("the free machine's runs in the copy: %v, want 9000,70,40", s)
	}
	src, _ := st.Query(ctx, q)
	if s := src.Rows[0][0]; s != "60,70,40" {
		t.Errorf("the source changed: %v", s)
	}
	// The free machine's copy: the paper's twin left out, the rest kept.
	fc := filepath.Join(dir, "free.db")
	if n, err := FreeMachineCopy(ctx, st.DB(), fc, sched.TC2000Costs()); err != nil || n != 1 {
		t.Fatalf("left out %d, %v; want 1", n, err)
	}
	f, err := results.Open(fc)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	all, _ := f.Query(ctx, "SELECT group_concat(time, ',') FROM (SELECT time FROM runs ORDER BY id)")
	if s := all.Rows[0][0]; s != "60,70,40,65" {
		t.Errorf("the free machine's copy: %v, want 60,70,40,65", s)
	}
}

// TestMachineChanges: the claims whose verdict differs, in order, and the
// counts.
func TestMachineChanges(t *testing.T) {
	a := []Outcome{{Verdict: Reproduced}, {Verdict: Partly}, {Verdict: NotReproduced}}
	b := []Outcome{{Verdict: Reproduced}, {Verdict: NotReproduced}, {Verdict: Partly}}
	if ch := MachineChanges(a, b); len(ch) != 2 || ch[0].Free.Verdict != Partly || ch[1].Paper.Verdict != Partly {
		t.Errorf("%+v", ch)
	}
	if s := VerdictCount(b); s != "1 reproduced, 1 partly, 1 not reproduced, 0 not measured" {
		t.Error(s)
	}
}

// TestMachines: every reproduction names its machine; a preset named
// parses; the ones without say why.
func TestMachines(t *testing.T) {
	for _, r := range Reproductions {
		m := r.Machine
		if m.Name == "" || m.Source == "" || m.Note == "" {
			t.Errorf("%s: machine %+v: want its name, source and note", r.Name, m)
		}
		if _, ok := m.PaperCosts(); m.Costs != "" && !ok {
			t.Errorf("%s: preset %q does not parse", r.Name, m.Costs)
		}
	}
}
