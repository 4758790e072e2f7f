package results

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestInsertJob: a job's row is stored once whatever the redeliveries, a
// parallel row that arrives before its baseline is linked when the
// baseline arrives, and a pool speedup across two hosts is noted.
func TestInsertJob(t *testing.T) {
	st, err := Open(filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	str := func(s string) *string { return &s }
	row := func(job, role, machine, host string, p int64, tm int64) Run {
		r := Run{Sweep: "d", Created: "2026-11-24T00:00:00Z", Version: "devel", Role: role, Position: "uniform:b=2,d=2,seed=1",
			Domain: "synth", Algo: "jamboree", Depth: 2, Machine: machine, Seed: 1, Rep: 1, Costs: "{}", Nodes: 7, Work: 7, Span: 3,
			Time: tm, TimeUnit: "ns", Job: str(job), Host: str(host), CPU: str("AMD EPYC"), Cores: Int(2)}
		if machine != "serial" {
			r.P = Int(p)
		} else {
			r.Algo = "scout"
		}
		return r
	}
	steps := []struct {
		r     Run
		fresh bool
	}{
		{row("1", RoleParallel, "pool", "b", 2, 50), true},  // before its baseline
		{row("1", RoleParallel, "pool", "b", 2, 50), false}, // redelivered
		{row("0", RoleBaseline, "serial", "a", 0, 100), true},
		{row("0", RoleBaseline, "serial", "a", 0, 100), false},
		{row("2", RoleParallel, "pool", "a", 1, 100), true},
	}
	for i, s := range steps {
		fresh, err := st.InsertJob(ctx, &s.r)
		if err != nil || fresh != s.fresh {
			t.Fatalf("step %d: fresh %v err %v, want %v", i, fresh, err, s.fresh)
		}
	}
	runs, _ := st.Runs("d")
	if len(runs) != 3 {
		t.Fatalf("%d rows, want 3", len(runs))
	}
	var base int64
	for _, r := range runs {
		if r.Role == RoleBaseline {
			base = r.ID
		}
	}
	for _, r := range runs {
		if r.Role != RoleBaseline && (r.BaselineID == nil || *r.BaselineID != base) {
			t.Errorf("job %s: baseline %v, want %d", *r.Job, r.BaselineID, base)
		}
	}
	jobs, _ := st.Jobs("d")
	if len(jobs) != 3 || !jobs["0"] || !jobs["1"] || !jobs["2"] {
		t.Errorf("jobs %v", jobs)
	}
	var buf bytes.Buffer
	if err := WriteSummary(&buf, Summarize(runs)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "note: jamboree pool p=2: 1 of 1 runs ran on another host than their baseline") ||
		strings.Contains(buf.String(), "pool p=1: ") {
		t.Errorf("summary:\n%s", buf.String())
	}
	tab, err := st.Query(ctx, "SELECT job, other_host FROM derived ORDER BY job")
	if err != nil {
		t.Fatal(err)
	}
	if got := Cell(tab.Rows[1][1]); got != "1" {
		t.Errorf("other_host of job 1 = %s, want 1", got)
	}
}
