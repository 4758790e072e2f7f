package experiment

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"splitpoint/results"
	"splitpoint/results/resultstest"
)

// fakeEngine knows scout and alphabeta (serial) and pnegamax (parallel, no
// variants); every position name resolves to itself, "two:X" to X#1 and
// X#2. A run's nodes are 100 serially and 100 + P in parallel.
type fakeEngine struct {
	mu  sync.Mutex
	ran []string
	// run, when set, is called as each job starts (concurrency tests).
	run func(j *Job)
}

func (f *fakeEngine) Resolve(name string) ([]Position, error) {
	if strings.HasPrefix(name, "bad") {
		return nil, fmt.Errorf("bad position name %q", name)
	}
	if x, ok := strings.CutPrefix(name, "two:"); ok {
		return []Position{{Name: x + "#1", Domain: "synth"}, {Name: x + "#2", Domain: "synth"}}, nil
	}
	return []Position{{Name: name, Domain: "synth"}}, nil
}

func (f *fakeEngine) Algo(a Algo) (bool, error) {
	switch {
	case a.Name == "pnegamax" && len(a.Variants) == 0:
		return true, nil
	case a.Name == "pnegamax":
		return false, fmt.Errorf("pnegamax has no variants (got %s)", a.VariantString())
	case a.Name == "scout" || a.Name == "alphabeta":
		return false, nil
	}
	return false, fmt.Errorf("unknown algorithm %q", a.Name)
}

func (f *fakeEngine) Run(ctx context.Context, j *Job, row *results.Run) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	f.mu.Lock()
	f.ran = append(f.ran, row.Short())
	f.mu.Unlock()
	if f.run != nil {
		f.run(j)
	}
	row.Nodes, row.Work, row.Span, row.Time, row.TimeUnit = 100, 100, 100, 1000, "ns"
	if j.Parallel() {
		row.Nodes, row.Work, row.Span, row.Time, row.TimeUnit = int64(100+j.Machine.P), int64(100+j.Machine.P), 10, 50, "units"
	}
	return nil
}

func planOf(t *testing.T, src string) []Job {
	t.Helper()
	s, err := Parse("p.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := Plan(s, &fakeEngine{})
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}

func TestPlan(t *testing.T) {
	jobs := planOf(t, "positions: [two:a, b]\nalgos: [scout, alphabeta, pnegamax]\ndepth: 3\nworkers: [2]\nsim: [4, inf]\nreps: 2\ncosts: node=2\n")
	// Per position: the baseline, alphabeta × 2 reps, pnegamax × 3 machines × 2 reps.
	if len(jobs) != 3*(1+2+6) {
		t.Fatalf("%d jobs", len(jobs))
	}
	var got []string
	for _, j := range jobs[:9] {
		r := j.Row()
		got = append(got, fmt.Sprintf("%s %s %s p=%s rep %d", r.Role, r.AlgoLabel(), r.Machine, r.ProcsLabel(), r.Rep))
	}
	want := []string{
		"baseline scout serial p=- rep 1",
		"serial alphabeta serial p=- rep 1", "serial alphabeta serial p=- rep 2",
		"parallel pnegamax pool p=2 rep 1", "parallel pnegamax pool p=2 rep 2",
		"parallel pnegamax sim p=4 rep 1", "parallel pnegamax sim p=4 rep 2",
		"parallel pnegamax sim p=inf rep 1", "parallel pnegamax sim p=inf rep 2",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("jobs:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if jobs[9].Position.Name != "a#2" || jobs[18].Position.Name != "b" || jobs[5].Costs.Node != 2 || jobs[5].Row().Costs != `{"node":2,"eval":0,"gen":0,"tt_local":0,"tt_remote":0,"spawn":0,"user":0,"steal":0,"migrate":0,"abort":0,"wake":0}` {
		t.Fatalf("jobs[9] %+v, jobs[18] %+v, costs %+v", jobs[9].Position, jobs[18].Position, jobs[5].Costs)
	}
}

func TestPlanErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"positions: [a]\nalgos:\n  - scout\n  - pnegamax+deferred\ndepth: 3\nsim: [4]\n", "p.yaml:4: algos: pnegamax has no variants (got deferred)"},
		{"positions: [a]\nalgos: [scout, jamboree]\ndepth: 3\nsim: [4]\n", `p.yaml:2: algos: unknown algorithm "jamboree"`},
		{"positions:\n  - a\n  - bad1\nalgos: [scout]\ndepth: 3\n", `p.yaml:3: positions: bad position name "bad1"`},
		{"positions: [a]\nalgos: [pnegamax]\ndepth: 3\n", "p.yaml:2: algos: pnegamax run on a machine: give workers"},
		{"positions: [a]\nalgos: [pnegamax]\ntime: 1s\nsim: [2]\n", "p.yaml:1: depth: pnegamax need a depth"},
		{"positions: [a]\nalgos: [scout]\n", "p.yaml:1: depth: a needs a depth (give depth, or a time limit for serial algorithms; a synthetic tree without one is searched whole, a suite position that carries a depth is searched to it)"},
		{"positions: [a]\nalgos: [scout]\ndepth: 3\ncosts: warp=9\n", `p.yaml:4: costs: "warp=9": want a preset`},
		{"positions: [a]\nalgos: [scout]\ndepth: 3\nbaseline: pnegamax\n", "p.yaml:4: baseline: pnegamax is parallel"},
	} {
		s, err := Parse("p.yaml", []byte(c.src))
		if err == nil {
			_, err = Plan(s, &fakeEngine{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err = %v, want %q", c.src, err, c.want)
		}
	}
}

func newStore(t *testing.T) *results.Store { return resultstest.Open(t) }

func TestRunnerStoresEveryRun(t *testing.T) {
	jobs := planOf(t, "positions: [two:a]\nalgos: [pnegamax]\ndepth: 3\nworkers: [64]\nsim: [4]\n")
	st := newStore(t)
	var out bytes.Buffer
	r := &Runner{Store: st, Engine: &fakeEngine{}, Out: &out, ID: "sw1", NumCPU: 2}
	o, err := r.Run(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	if o.Sweep != "sw1" || o.Total != 6 || len(o.Rows) != 6 || o.Cancelled {
		t.Fatalf("outcome %+v", o)
	}
	rows, _ := st.Runs("sw1")
	if len(rows) != 6 || rows[1].BaselineID == nil || *rows[1].BaselineID != rows[0].ID || *rows[4].BaselineID != rows[3].ID ||
		rows[0].BaselineID != nil || rows[2].Version == "" || rows[2].Created == "" {
		t.Fatalf("rows %+v", rows)
	}
	text := out.String()
	if n := strings.Count(text, "oversubscribe"); n != 1 {
		t.Errorf("oversubscription note %d times:\n%s", n, text)
	}
	if strings.Contains(text, "[1/") || strings.Contains(text, "eta") {
		t.Errorf("progress lines in a sweep's output that is not a terminal:\n%s", text)
	}
}

// TestRunnerCancel cancels the sweep after its k-th run and finds exactly
// the k finished runs in the database.
func TestRunnerCancel(t *testing.T) {
	jobs := planOf(t, "positions: [two:a, b]\nalgos: [pnegamax]\ndepth: 3\nsim: [1, 2, 4]\n")
	for _, k := range []int{1, 3, 6} {
		st := newStore(t)
		ctx, cancel := context.WithCancel(context.Background())
		eng := &fakeEngine{}
		r := &Runner{Store: st, Engine: eng, ID: fmt.Sprint("k", k), Jobs: 1, AfterRun: func(done int, _ *results.Run) {
			if done == k {
				cancel()
			}
		}}
		o, err := r.Run(ctx, jobs)
		cancel()
		if !errors.Is(err, context.Canceled) || !IsCancel(err) || !o.Cancelled || len(o.Rows) != k || len(eng.ran) != k {
			t.Fatalf("k=%d: err %v, outcome %+v, ran %d", k, err, o, len(eng.ran))
		}
		rows, _ := st.Runs("")
		if len(rows) != k {
			t.Fatalf("k=%d: %d rows in the db", k, len(rows))
		}
		for i, row := range rows {
			if row.Short() != eng.ran[i] {
				t.Errorf("k=%d: row %d is %s, ran %s", k, i, row.Short(), eng.ran[i])
			}
		}
	}
}

// TestRunnerTerm: with a terminal the sweep draws its live line there and
// writes no per-run log lines to Out; a note still reaches Out.
func TestRunnerTerm(t *testing.T) {
	jobs := planOf(t, "positions: [two:a]\nalgos: [pnegamax]\ndepth: 3\nworkers: [64]\nsim: [4]\n")
	var out, term bytes.Buffer
	r := &Runner{Store: newStore(t), Engine: &fakeEngine{}, Out: &out, Term: &term, ID: "sw", NumCPU: 1}
	if _, err := r.Run(context.Background(), jobs); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "[1/") {
		t.Errorf("per-run log lines with a terminal: %q", out.String())
	}
	if !strings.Contains(out.String(), "note: pool runs with P > 1 cores oversubscribe them") {
		t.Errorf("the oversubscription note did not reach Out: %q", out.String())
	}
}

// TestRunnerJobsOverlap runs simulated jobs two at a time and pool and
// serial jobs alone: the engine sees two simulated runs at once (the
// first waits for the second to start), and never a pool or serial run
// beside another (counted by the engine and by the Runner's OnStart
// hook). The rows are stored in plan order.
func TestRunnerJobsOverlap(t *testing.T) {
	jobs := planOf(t, "positions: [two:a]\nalgos: [pnegamax]\ndepth: 3\nworkers: [1, 2]\nsim: [1, 2, 4]\n")
	var active, maxSim atomic.Int32
	var alone atomic.Bool
	alone.Store(true)
	second := make(chan struct{})
	var once sync.Once
	sims := atomic.Int32{}
	eng := &fakeEngine{run: func(j *Job) {
		n := active.Add(1)
		defer active.Add(-1)
		if j.Exclusive() && n != 1 {
			alone.Store(false)
		}
		if j.Machine.IsSim() {
			maxSim.Store(max(maxSim.Load(), n))
			switch sims.Add(1) {
			case 1:
				<-second // runs until the second simulated job has started
			case 2:
				once.Do(func() { close(second) })
			}
		}
	}}
	var starts []string
	r := &Runner{Store: newStore(t), Engine: eng, ID: "ov", Jobs: 2, OnStart: func(running int, exclusive bool) {
		starts = append(starts, fmt.Sprint(running, exclusive))
		if exclusive && running != 1 {
			t.Errorf("an exclusive job started beside %d others", running-1)
		}
	}}
	o, err := r.Run(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	if !alone.Load() {
		t.Error("a pool or serial run ran beside another")
	}
	if maxSim.Load() < 2 {
		t.Errorf("simulated runs never overlapped (at most %d at once)", maxSim.Load())
	}
	for i, row := range o.Rows {
		want := jobs[i].Row()
		if row.Short() != want.Short() || row.ID != int64(i+1) {
			t.Errorf("row %d: %s (id %d), planned %s", i, row.Short(), row.ID, want.Short())
		}
	}
	if len(o.Rows) != len(jobs) {
		t.Errorf("%d rows of %d; starts %v", len(o.Rows), len(jobs), starts)
	}
}

// TestSlots: an exclusive job waits for an empty machine and keeps it.
func TestSlots(t *testing.T) {
	s := NewSlots(2)
	if !s.CanStart(false) || !s.CanStart(true) {
		t.Fatal("empty slots refuse a job")
	}
	s.Start(false)
	if !s.CanStart(false) || s.CanStart(true) {
		t.Fatal("one job running: want another, not an exclusive one")
	}
	s.Start(false)
	if s.CanStart(false) {
		t.Fatal("full slots take a job")
	}
	s.Ended()
	s.Ended()
	s.Start(true)
	if s.CanStart(false) || s.CanStart(true) {
		t.Fatal("a job may start beside an exclusive one")
	}
	s.Ended()
	if !s.CanStart(false) || s.Running() != 0 {
		t.Fatal("slots not free after the exclusive job")
	}
}

// TestRunnerLongestFirst: with jobs side by side, the simulated runs
// start the longest first (by their position's baseline time, times a
// factor growing with P), the exclusive runs before them, and the rows are
// stored in plan order all the same.
func TestRunnerLongestFirst(t *testing.T) {
	jobs := planOf(t, "positions: [two:a]\nalgos: [pnegamax]\ndepth: 3\nsim: [1, 16, 256]\n")
	name := func(i int) string { return fmt.Sprintf("%s/%d", jobs[i].Position.Name, jobs[i].Machine.P) }
	d := (&Runner{Jobs: 2}).dispatcher(context.Background(), jobs)
	if !d.startOrder() {
		t.Fatal(d.stopErr)
	}
	var got []string
	for _, i := range d.order {
		got = append(got, name(i))
	}
	if want := "a#1/0 a#2/0 a#1/1 a#1/16 a#1/256 a#2/1 a#2/16 a#2/256"; strings.Join(got, " ") != want {
		t.Errorf("start order %v, want %s (sorted once the baselines have run)", got, want)
	}
	// The baselines ran: a#2's took 5 s, a#1's 1 s.
	for i, j := range jobs {
		if j.Role == results.RoleBaseline {
			secs := 1.0
			if j.Position.Name == "a#2" {
				secs = 5
			}
			d.fin[i] = &endedJob{i: i, row: results.Run{Seconds: secs}}
		}
	}
	d.sortLongestFirst(d.order[2:])
	got = got[:0]
	for _, i := range d.order {
		got = append(got, name(i))
	}
	if want := "a#1/0 a#2/0 a#2/256 a#2/16 a#2/1 a#1/256 a#1/16 a#1/1"; strings.Join(got, " ") != want {
		t.Errorf("start order %v, want %s", got, want)
	}
	// A real run stores the rows in plan order.
	r := &Runner{Store: newStore(t), Engine: &fakeEngine{}, ID: "lf", Jobs: 2}
	o, err := r.Run(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range o.Rows {
		if w := jobs[i].Row(); row.Short() != w.Short() {
			t.Errorf("row %d: %s, planned %s", i, row.Short(), w.Short())
		}
	}
}
