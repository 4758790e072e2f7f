package results

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"
)

// The hand-made rows (store_test.go) and their measures:
//
//	baseline a: nodes 1000, work 1200 units, 5 ms wall
//	sim P=4 on a: nodes 1500, W 1800, T 600 units, failed 90, cutoff 360, winner 700
//	  speedup 1200/600 = 2, efficiency 1200/1800 = 2/3, overhead 1500/1000−1 = 0.5,
//	  failed 90/1800 = 0.05, cutoff 360/1800 = 0.2, node saving 1−700/1000 = 0.3
//	pool P=2 on a: nodes 1100, W 1300, T 4 ms
//	  speedup 5/4 = 1.25, efficiency 1200/1300, overhead 0.1
//	baseline b: nodes 2000, work 2000, 8 ms
//	sim P=4 on b: nodes 2000, W 2500, T 500: speedup 4, efficiency 0.8, overhead 0
//	sim P=inf on b: T 125: speedup 16, efficiency 0.8, overhead 0
var wantMeasures = []Measures{
	{Speedup: 1, Efficiency: 1, SearchOverhead: 0, Parallelism: 1},
	{Speedup: 2, Efficiency: 2.0 / 3, SearchOverhead: 0.5, IdleFraction: 0.25, Parallelism: 18, FailedShare: 0.05, CutoffShare: 0.2, NodeSaving: 0.3},
	{Speedup: 1.25, Efficiency: 1200.0 / 1300, SearchOverhead: 0.1, IdleFraction: 0.1, Parallelism: 13},
	{Speedup: 1, Efficiency: 1, SearchOverhead: 0, Parallelism: 1},
	{Speedup: 4, Efficiency: 0.8, SearchOverhead: 0, IdleFraction: 0.15, Parallelism: 20},
	{Speedup: 16, Efficiency: 0.8, SearchOverhead: 0, IdleFraction: 0, Parallelism: 20},
}

func fill(m Measures) Measures {
	if m.NodeSaving == 0 && m.FailedShare == 0 {
		m.FailedShare, m.CutoffShare, m.NodeSaving = math.NaN(), math.NaN(), math.NaN()
	}
	return m
}

func sameMeasures(a, b Measures) bool {
	return near(a.Speedup, b.Speedup) && near(a.Efficiency, b.Efficiency) && near(a.SearchOverhead, b.SearchOverhead) &&
		near(a.IdleFraction, b.IdleFraction) && near(a.Parallelism, b.Parallelism) && near(a.FailedShare, b.FailedShare) &&
		near(a.CutoffShare, b.CutoffShare) && near(a.NodeSaving, b.NodeSaving)
}

func TestDerive(t *testing.T) {
	rows := handRows()
	base := map[int64]Run{1: rows[0], 4: rows[3]}
	for i := range rows {
		rows[i].ID = int64(i + 1)
		got := Derive(&rows[i], BaselineOf(&rows[i], base))
		if want := fill(wantMeasures[i]); !sameMeasures(got, want) {
			t.Errorf("row %d: %+v, want %+v", i+1, got, want)
		}
	}
	// Without a baseline only the run's own measures are known.
	m := Derive(&rows[1], nil)
	if !math.IsNaN(m.Speedup) || !math.IsNaN(m.SearchOverhead) || m.FailedShare != 0.05 {
		t.Errorf("no baseline: %+v", m)
	}
}

// TestDerivedView checks that the SQL view computes what Derive does.
func TestDerivedView(t *testing.T) {
	s := openTemp(t)
	insertAll(t, s, handRows())
	tab, err := s.Query(context.Background(), "SELECT speedup, efficiency, search_overhead, idle_fraction, parallelism, failed_share, cutoff_share, node_saving FROM derived ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	f := func(v any) float64 {
		if v == nil {
			return math.NaN()
		}
		return v.(float64)
	}
	for i, row := range tab.Rows {
		got := Measures{f(row[0]), f(row[1]), f(row[2]), f(row[3]), f(row[4]), f(row[5]), f(row[6]), f(row[7])}
		if want := fill(wantMeasures[i]); !sameMeasures(got, want) {
			t.Errorf("view row %d: %+v, want %+v", i+1, got, want)
		}
	}
}

// TestSummarize: sim P=4 holds speedups 2 and 4 (mean 3, sd √2),
// efficiencies 2/3 and 0.8 (mean 11/15), overheads 0.5 and 0 (mean 0.25,
// sd √(2·0.25²) = 0.3536), idle 0.25 and 0.15 (mean 0.2).
func TestSummarize(t *testing.T) {
	rows := handRows()
	for i := range rows {
		rows[i].ID = int64(i + 1)
	}
	sum := Summarize(rows)
	var labels []string
	for _, r := range sum {
		labels = append(labels, r.Label()+" "+r.Machine+" "+r.ProcsLabel())
	}
	if got, want := strings.Join(labels, ", "), "scout serial -, pnegamax pool 2, pnegamax sim 4, pnegamax sim inf"; got != want {
		t.Fatalf("groups %s, want %s", got, want)
	}
	r := sum[2]
	if r.Runs != 2 || !near(r.Speedup.Mean, 3) || !near(r.Speedup.SD, math.Sqrt2) ||
		!near(r.Efficiency.Mean, 11.0/15) || !near(r.SearchOverhead.Mean, 0.25) ||
		!near(r.SearchOverhead.SD, math.Sqrt(2*0.25*0.25)) || !near(r.IdleFraction.Mean, 0.2) ||
		r.NodeSaving.N != 1 || !near(r.NodeSaving.Mean, 0.3) {
		t.Fatalf("sim 4: %+v", r)
	}
	if b := sum[0]; b.Runs != 2 || b.Speedup.Mean != 1 || b.Speedup.SD != 0 {
		t.Fatalf("baselines: %+v", b)
	}
	var buf bytes.Buffer
	WriteSummary(&buf, sum)
	out := buf.String()
	for _, want := range []string{"speedup", "% overhead", "% node saving", "3.00", "1.41", "0.733", "25.0"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}

func TestObservations(t *testing.T) {
	rows := handRows()
	groups := Observations(rows)
	if len(groups) != 2 || groups[0].Machine != "sim" || groups[1].Machine != "pool" {
		t.Fatalf("groups %+v", groups)
	}
	sim := groups[0]
	if len(sim.Obs) != 3 || sim.Obs[0].P != 4 || sim.Obs[0].Work != 1800 || sim.Obs[0].Span != 100 || sim.Obs[0].Time != 600 ||
		!math.IsInf(sim.Obs[2].P, 1) {
		t.Fatalf("sim obs %+v", sim.Obs)
	}
}
