package experiment_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"splitpoint/experiment"
	"splitpoint/results"
	"splitpoint/results/resultstest"
)

func plan(t *testing.T, flags map[string]string) []experiment.Job {
	t.Helper()
	s := experiment.NewSpec()
	for _, k := range []string{"positions", "algos", "depth", "sim", "workers", "preset", "grain"} {
		if v, ok := flags[k]; ok {
			if err := s.Set(k, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	jobs, err := experiment.Plan(s, experiment.LabEngine{})
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}

// sweep runs jobs with the lab's engine into a fresh database and returns
// the sweep's rows.
func sweep(t *testing.T, jobs []experiment.Job) []results.Run {
	t.Helper()
	st := resultstest.Open(t)
	o, err := (&experiment.Runner{Store: st, Engine: experiment.LabEngine{}}).Run(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := st.Runs(o.Sweep)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestSweepEngine runs pnegamax on uniform trees, whose W and C are known:
// on uniform:b=3,d=4, W = (3^5 − 1)/2 = 121 nodes and C = 5.
func TestSweepEngine(t *testing.T) {
	rows := sweep(t, plan(t, map[string]string{"positions": "uniform:b=3,d=4,seed=1", "algos": "scout,pnegamax", "depth": "4", "sim": "1,inf", "workers": "2"}))
	if len(rows) != 4 {
		t.Fatalf("%d rows", len(rows))
	}
	base, pool, sim1, inf := rows[0], rows[1], rows[2], rows[3]
	if base.Role != results.RoleBaseline || base.Algo != "scout" || base.Nodes == 0 || base.Work != base.Nodes || base.TimeUnit != "ns" {
		t.Errorf("baseline %+v", base)
	}
	if pool.Machine != "pool" || *pool.P != 2 || pool.Work != 121 || pool.Span != 5 || pool.TimeUnit != "ns" {
		t.Errorf("pool %+v", pool)
	}
	if sim1.Time != 121 || sim1.Nodes != 121 || sim1.Leaves != 81 || inf.Time != 5 || *inf.P != results.PInf {
		t.Errorf("sim rows %+v\n%+v", sim1, inf)
	}
	if sim1.Value != base.Value || !strings.Contains(sim1.Result, `"work":121`) {
		t.Errorf("value %d vs %d, result %s", sim1.Value, base.Value, sim1.Result)
	}
	m := results.Derive(&inf, &base)
	if want := float64(base.Work) / 5; m.Speedup != want {
		t.Errorf("speedup on the infinite machine %v, want %v", m.Speedup, want)
	}
}

// TestSweepTreeDepth: a sweep without a depth searches each synthetic
// tree whole: its jobs take the tree's own depth.
func TestSweepTreeDepth(t *testing.T) {
	jobs := plan(t, map[string]string{"positions": "uniform:b=2,d=3,seed=1,uniform:b=3,d=5,seed=1", "algos": "scout,pnegamax", "sim": "2"})
	for _, j := range jobs {
		if want := j.Position.Item.Tree.Depth(); j.Opt.Depth != want {
			t.Errorf("%s on %s: depth %d, want the tree's %d", j.Algo(), j.Position.Name, j.Opt.Depth, want)
		}
	}
}

// TestSweepEngineCancel cancels a real sweep after its third run: the
// database holds exactly those three.
func TestSweepEngineCancel(t *testing.T) {
	jobs := plan(t, map[string]string{"positions": "uniform:b=3,d=3,seed=1,uniform:b=3,d=3,seed=2", "algos": "pnegamax", "depth": "3", "sim": "1,2,4"})
	st := resultstest.Open(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &experiment.Runner{Store: st, Engine: experiment.LabEngine{}, Jobs: 1, AfterRun: func(done int, _ *results.Run) {
		if done == 3 {
			cancel()
		}
	}}
	o, err := r.Run(ctx, jobs)
	if !errors.Is(err, context.Canceled) || len(o.Rows) != 3 || o.Total != 8 {
		t.Fatalf("err %v, %d rows of %d", err, len(o.Rows), o.Total)
	}
	rows, _ := st.Runs("")
	if len(rows) != 3 || rows[2].ProcsLabel() != "2" {
		t.Fatalf("db rows %+v", rows)
	}
}

func TestSweepEngineVariants(t *testing.T) {
	eng := experiment.LabEngine{}
	for _, c := range [][2]string{
		{"pnegamax+deferred", "pnegamax has no variants"},
		{"scout+rid", "scout is a serial algorithm: it has no variants"},
		{"warp", `unknown algorithm "warp"`},
	} {
		a, _ := experiment.ParseAlgo(c[0])
		if _, err := eng.Algo(a); err == nil || !strings.Contains(err.Error(), c[1]) {
			t.Errorf("%s: err = %v, want %q", c[0], err, c[1])
		}
	}
}

// TestSweepAutoGrain: a sweep that gives no grain runs each pool search
// at the grain the search command would choose (lab.AutoGrain, the same
// for every P of a position) and records how it was chosen; the
// simulator keeps grain 0; a grain given is used as given.
func TestSweepAutoGrain(t *testing.T) {
	run := func(flags map[string]string) []results.Run { return sweep(t, plan(t, flags)) }
	flags := map[string]string{"positions": "suite:bk#1", "algos": "jamboree", "depth": "5", "workers": "1,2", "sim": "4", "preset": "default"}
	rows := run(flags)
	if len(rows) != 4 {
		t.Fatalf("%d rows", len(rows))
	}
	for _, r := range rows[1:3] { // the pool runs
		if !strings.Contains(r.Result, `"grain":2`) || !strings.Contains(r.Result, "chosen for the pool (no --grain given") {
			t.Errorf("pool P=%d: no automatic grain 2 recorded: %.300s", *r.P, r.Result)
		}
	}
	if sim := rows[3]; !strings.Contains(sim.Result, `"grain":0`) || !strings.Contains(sim.Result, "grain 0: every node above the leaves") {
		t.Errorf("simulated run: want grain 0, said: %.300s", sim.Result)
	}
	flags["grain"] = "0"
	for _, r := range run(flags)[1:3] {
		if !strings.Contains(r.Result, `"grain":0`) || strings.Contains(r.Result, "chosen for the pool") {
			t.Errorf("grain 0 given, the pool P=%d run chose one: %.300s", *r.P, r.Result)
		}
	}
}

// TestSweepDefaultsAsSearch: a sweep that gives no preset, variants or
// levels plans every position with the settings the search command
// chooses for it (lab.Settle): a chess position gets the
// default preset and its table, the restart variant for Jamboree given
// without variants (not for one given with them, nor for YBWC, which has
// no such variant) and steal ordering by levels; a synthetic tree the
// plain preset, no table and no levels. Settings given are kept.
func TestSweepDefaultsAsSearch(t *testing.T) {
	flags := map[string]string{"positions": "suite:bk#1,uniform:b=4,d=4,seed=1", "algos": "jamboree,jamboree+deferred,ybwc", "depth": "4", "sim": "2"}
	type want struct {
		preset, algo string
		tt           int
		levels       bool
	}
	check := func(jobs []experiment.Job, wants []want) {
		t.Helper()
		if len(jobs) != len(wants) {
			t.Fatalf("%d jobs, want %d", len(jobs), len(wants))
		}
		for i, j := range jobs {
			w := wants[i]
			if j.Preset != w.preset || j.Algo().String() != w.algo || j.Opt.TTBits != w.tt || (j.Parallel() && j.Levels != w.levels) {
				t.Errorf("job %d (%s on %s): preset %q, algo %s, tt %d, levels %v; want %+v", i, j.Algo(), j.Position.Name, j.Preset, j.Algo(), j.Opt.TTBits, j.Levels, w)
			}
		}
	}
	jobs := plan(t, flags)
	check(jobs, []want{
		{"default", "scout", 20, true},
		{"default", "jamboree+restart", 20, true},
		{"default", "jamboree+deferred", 20, true},
		{"default", "ybwc", 20, true},
		{"plain", "scout", 0, false},
		{"plain", "jamboree", 0, false},
		{"plain", "jamboree+deferred", 0, false},
		{"plain", "ybwc", 0, false},
	})
	notes := strings.Join(experiment.Notes(jobs), "\n")
	for _, n := range []string{"preset default: table, ordering", "variants restart:", "levels: a thief takes", "preset plain: the bare algorithm"} {
		if !strings.Contains(notes, n) {
			t.Errorf("notes lack %q:\n%s", n, notes)
		}
	}

	flags["preset"] = "plain"
	jobs = plan(t, flags)
	check(jobs[:4], []want{
		{"plain", "scout", 0, true},
		{"plain", "jamboree", 0, true},
		{"plain", "jamboree+deferred", 0, true},
		{"plain", "ybwc", 0, true},
	})

	s := experiment.NewSpec()
	for k, v := range map[string]string{"positions": "suite:bk#1", "algos": "jamboree", "depth": "4", "sim": "2", "levels": "false"} {
		if err := s.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	jobs, err := experiment.Plan(s, experiment.LabEngine{})
	if err != nil {
		t.Fatal(err)
	}
	check(jobs, []want{{"default", "scout", 20, false}, {"default", "jamboree+restart", 20, false}})
}

// TestSweepJobsSameRows runs a simulated sweep one job at a time and two
// at a time: the stored rows are the same, ids and baselines included,
// but for the wall-clock fields (Seconds, Created) and the sweep id.
func TestSweepJobsSameRows(t *testing.T) {
	jobs := plan(t, map[string]string{"positions": "uniform:b=3,d=4,seed=1,uniform:b=4,d=3,seed=2", "algos": "pnegamax,jamboree", "depth": "4", "sim": "1,2,8,inf"})
	var got [2][]results.Run
	for k, n := range []int{1, 2} {
		st := resultstest.Open(t)
		if _, err := (&experiment.Runner{Store: st, Engine: experiment.LabEngine{}, Jobs: n, ID: "s"}).Run(context.Background(), jobs); err != nil {
			t.Fatal(err)
		}
		rows, err := st.Runs("s")
		if err != nil {
			t.Fatal(err)
		}
		for i := range rows {
			// the host: wall clock, load
			rows[i].Seconds, rows[i].Created, rows[i].Noise, rows[i].OtherCores = 0, "", nil, nil
			if rows[i].TimeUnit == "ns" { // the serial baseline's time is wall time
				rows[i].Time = 0
			}
			rows[i].Result = hostFree(t, rows[i].Result)
		}
		got[k] = rows
	}
	if len(got[0]) != len(jobs) || !reflect.DeepEqual(got[0], got[1]) {
		for i := range min(len(got[0]), len(got[1])) {
			if !reflect.DeepEqual(got[0][i], got[1][i]) {
				a, b := reflect.ValueOf(got[0][i]), reflect.ValueOf(got[1][i])
				for f := 0; f < a.NumField(); f++ {
					if !reflect.DeepEqual(a.Field(f).Interface(), b.Field(f).Interface()) {
						t.Errorf("row %d (%s): %s differs: %v, %v", i, got[0][i].Short(), a.Type().Field(f).Name, a.Field(f), b.Field(f))
					}
				}
			}
		}
		t.Fatalf("%d and %d rows of %d jobs", len(got[0]), len(got[1]), len(jobs))
	}
}

// hostFree is a run's result without what measures the host (memory,
// wall time).
func hostFree(t *testing.T, raw string) string {
	if len(raw) == 0 {
		return raw
	}
	var v any
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		t.Fatal(err)
	}
	var strip func(v any)
	strip = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, k := range []string{"peak_mem_bytes", "bytes_per_live_proc", "max_mem_bytes", "serial_seconds", "seconds", "nps", "time_ns", "elapsed_ns", "noise"} {
				delete(x, k)
			}
			for _, e := range x {
				strip(e)
			}
		case []any:
			for _, e := range x {
				strip(e)
			}
		}
	}
	strip(v)
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
