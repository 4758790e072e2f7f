package workbench_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"splitpoint/algos"
	"splitpoint/cluster"
	"splitpoint/experiment"
	"splitpoint/lab"
	"splitpoint/match"
	"splitpoint/repl"
	"splitpoint/results"
	"splitpoint/sched"
	"splitpoint/sessions"
	"splitpoint/uci"
	"splitpoint/workbench"
)

// testTables are the default tables with a test knob row (test-knob), a
// test machine row (test-machine) and a test algorithm row (test-ybwc:
// YBWC's code under another name): the tables a test hands to the front
// ends it checks.
func testTables() lab.Tables {
	tab := lab.NewTables(algos.DefaultTable().With(algos.Algorithm{Name: "test-ybwc", Parallel: true, Baseline: algos.AlgoScout, Grain: true,
		Help: "Young Brothers Wait under the name of a test", Cite: "a test"}, algos.AlgoYBWC))
	tab.Knobs = append(tab.Knobs, lab.Knob{Name: "test-knob", Spec: "test_knob", TUI: "test knob", Kind: lab.Int, Min: 0, Max: 9,
		UCI:  &lab.UCIOption{Name: "TestKnob", Type: "string", Unset: "auto"},
		Help: "a knob of the test: sets the memory bound",
		Apply: func(v string, s *lab.Settled) error {
			_, err := fmt.Sscan(v, &s.Opt.Memory)
			return err
		}}, lab.Knob{Name: "test-machine", Spec: "test_machine", TUI: "test machine", Kind: lab.Int, Min: 1, Max: 64, Machine: true,
		UCI:  &lab.UCIOption{Name: "TestMachine", Type: "spin", Min: 1, Max: 64, Unset: "auto"},
		Help: "a machine setting of the test: the memory budget in MiB",
		Apply: func(v string, s *lab.Settled) error {
			_, err := fmt.Sscan(v, &s.MaxMem)
			s.MaxMem <<= 20
			return err
		}})
	return tab
}

// TestKnobRowReachesEveryFrontEnd: the test's tables (testTables), with
// one row of the knob table and one of the machine's rows of their own,
// handed to each front end: each row is a flag of search (the knob of
// solve too), a sweep spec key and flag, a REPL setting and a UCI option;
// the machine's row is among the machine's rows (the TUI's machine pane:
// tui.TestKnobAndAlgorithmRows for the TUI's rows); and their values
// reach the settled run, a sweep's jobs and the cluster's job message,
// which carries the same settled run through JSON (sameOnTheWire). The
// default tables have neither row.
func TestKnobRowReachesEveryFrontEnd(t *testing.T) {
	tab := testTables()
	for cmd, flags := range map[string][]string{"search": {"test-knob", "test-machine"}, "solve": {"test-knob"}, "sweep": {"test-knob", "test-machine"}} {
		for _, f := range flags {
			if c := workbench.Lookup(cmd); c == nil || !slices.Contains(c.In(tab).FlagNames(), f) {
				t.Errorf("%s has no flag --%s", cmd, f)
			}
			if slices.Contains(workbench.Lookup(cmd).FlagNames(), f) {
				t.Errorf("%s of the default tables has the test's flag --%s", cmd, f)
			}
		}
	}
	if !slices.ContainsFunc(tab.MachineKnobs(), func(k lab.Knob) bool { return k.Name == "test-machine" && k.TUI == "test machine" }) {
		t.Error("the machine's rows lack test-machine")
	}
	s := experiment.NewSpecIn(tab)
	for key, v := range map[string]string{"test_knob": "7", "test_machine": "48"} {
		if !slices.Contains(experiment.KeysIn(tab), key) || slices.Contains(experiment.Keys(), key) {
			t.Errorf("spec keys %v lack %s, or the default's have it", experiment.KeysIn(tab), key)
		}
		if err := s.Set(key, v); err != nil {
			t.Errorf("spec key %s: %v", key, err)
		}
	}
	for _, name := range []string{"test-knob", "test-machine"} {
		if !slices.Contains(repl.SettingNamesIn(tab), name) || slices.Contains(repl.SettingNames(), name) {
			t.Errorf("REPL settings %v lack %s, or the default's have it", repl.SettingNamesIn(tab), name)
		}
	}
	c := uci.DefaultConfigIn(tab)
	for name, v := range map[string]string{"TestKnob": "3", "TestMachine": "12"} {
		if !slices.ContainsFunc(uci.OptionsIn(tab), func(o uci.Option) bool { return o.Name == name && o.Key == strings.ToLower(name) }) {
			t.Errorf("no UCI option %s", name)
		}
		if err := c.Set(name, v); err != nil || c.Get(name) != v {
			t.Errorf("setoption %s: %v, %q", name, err, c.Get(name))
		}
	}
	for cmd, key := range map[string]string{"sweep": "test_knob", "match": "testknob"} {
		if out := runIn(t, &tab, "help", cmd); !strings.Contains(out, key) || strings.Contains(run(t, "help", cmd), key) {
			t.Errorf("help %s of the test's tables lacks %s, or the default's has it", cmd, key)
		}
	}
	if _, err := match.ParseSpecIn(tab, "testknob=3,testmachine=12,depth=1", ""); err != nil {
		t.Errorf("a match player's test keys: %v", err)
	}
	if _, err := match.ParseSpec("testknob=3,depth=1", ""); err == nil {
		t.Error("a match player of the default tables takes testknob")
	}
	st, err := lab.Settle(lab.Shape{Tree: true}, s.Req)
	if err != nil || st.Opt.Memory != 7 || st.MaxMem != 48<<20 {
		t.Errorf("settled: %v, memory %d, budget %d", err, st.Opt.Memory, st.MaxMem)
	}
	s.Set("positions", "uniform:b=3,d=3,seed=1")
	s.Set("algos", "jamboree")
	s.Set("sim", "2")
	eng := experiment.LabEngine{Tables: &tab}
	jobs, err := experiment.Plan(s, eng)
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		if j.Opt.Memory != 7 || j.MaxMem != 48<<20 {
			t.Errorf("sweep job %s: memory %d, budget %d", j.Algo(), j.Opt.Memory, j.MaxMem)
		}
	}
	sameOnTheWire(t, eng, jobs)
}

// sameOnTheWire checks that each job, sent as the cluster's job message
// (JSON) and loaded again by a worker of the engine eng, is the same
// settled run.
func sameOnTheWire(t *testing.T, eng experiment.LabEngine, jobs []experiment.Job) {
	t.Helper()
	for i := range jobs {
		data, err := json.Marshal(cluster.NewJobMsg("s", "e", i, len(jobs), &jobs[i]))
		if err != nil {
			t.Fatal(err)
		}
		m, err := cluster.DecodeJob(cluster.JobSubject("s", i), data)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Check(eng); err != nil {
			t.Errorf("job %d refused: %v", i, err)
		}
		back, err := m.Load(eng)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back.Settled, jobs[i].Settled) || back.Role != jobs[i].Role || back.Rep != jobs[i].Rep {
			t.Errorf("job %d on the wire:\n%+v\nwant\n%+v", i, back.Settled, jobs[i].Settled)
		}
	}
}

// run runs the command line and returns its output.
func run(t *testing.T, args ...string) string {
	t.Helper()
	return runIn(t, nil, args...)
}

// runIn runs the command line with the tables tab (nil: the default) and
// returns its output.
func runIn(t *testing.T, tab *lab.Tables, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	env := &workbench.Env{Ctx: context.Background(), Out: &out, Tables: tab}
	if err := workbench.Run(env, args); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return out.String()
}

var valueLine = regexp.MustCompile(`(?m)^  value (-?\d+)`)

// TestEveryAlgorithmAgreesWithSerial: every algorithm of the table, run
// with no flags but a depth on a chess, a checkers and a synthetic
// position, prints the preset the position gets (default on a game, plain
// on a tree: serial and parallel alike) and, with the table off, a
// parallel one returns the value of the serial search of its row (its
// baseline) run with the same flags.
func TestEveryAlgorithmAgreesWithSerial(t *testing.T) {
	for _, pos := range []struct{ name, depth, preset string }{
		{"chess:start", "2", "preset default"},
		{"checkers:start", "3", "preset default"},
		{"uniform:b=4,d=4,seed=7", "4", "preset plain"},
	} {
		values := map[string]string{}
		for _, a := range algos.Table() {
			args := []string{"search", pos.name, "--depth", pos.depth, "--tt", "0", "--algo", a.Name}
			if a.Parallel {
				args = append(args, "--sim", "3")
			}
			out := run(t, args...)
			note := pos.preset
			if a.Bare && !strings.HasPrefix(pos.preset, "preset plain") {
				note = "preset plain: " + a.Name + " searches the bare tree"
			}
			if !strings.Contains(out, note) {
				t.Errorf("%s: no %q note:\n%s", strings.Join(args, " "), note, out)
			}
			got := valueLine.FindStringSubmatch(out)
			if got == nil {
				t.Fatalf("%s: no value:\n%s", strings.Join(args, " "), out)
			}
			values[a.Name] = got[1]
			ref := a.Baseline
			if !a.Parallel {
				continue
			}
			if ref == "" && !a.Bare {
				t.Errorf("%s has no baseline to agree with", a.Name)
				continue
			}
			want := values[ref]
			if a.Bare { // it searches the bare tree: its counterpart is the serial negamax of that tree
				bare := []string{"search", pos.name, "--depth", pos.depth, "--tt", "0", "--algo", algos.AlgoNegamax, "--preset", "plain"}
				m := valueLine.FindStringSubmatch(run(t, bare...))
				if m == nil {
					t.Fatalf("%s: no value", strings.Join(bare, " "))
				}
				want = m[1]
			}
			if got[1] != want {
				t.Errorf("%s: value %s, serial %s's %s", strings.Join(args, " "), got[1], ref, want)
			}
		}
	}
}

// TestRerunFromRow: a parallel run recorded in the results database is
// run again from its row alone (the options and the machine its result
// stores) and gives the same value, W, C and T_P, for a row of every
// parallel algorithm of the table, with settings off their defaults
// (variants, grain, parameters).
func TestRerunFromRow(t *testing.T) {
	db := filepath.Join(t.TempDir(), "runs.db")
	extra := map[string][]string{
		algos.AlgoJamboree: {"--variants", "serialize2,deferred", "--grain", "1"},
		algos.AlgoYBWC:     {"--grain", "1", "--param", "killer_handover=false"},
		algos.AlgoABDADA:   {"--grain", "1"},
		algos.AlgoPVSplit:  {"--param", "granularity=2,split_root=true"},
		algos.AlgoPARSSS:   {"--param", "spawn_height=1"},
	}
	var names []string
	for _, a := range algos.Table() {
		if !a.Parallel {
			continue
		}
		names = append(names, a.Name)
		args := append([]string{"search", "chess:start", "--depth", "3", "--algo", a.Name, "--sim", "3", "--costs", "node=1,eval=2,steal=5", "--db", db, "--compare", "none"}, extra[a.Name]...)
		run(t, args...)
	}
	store, err := results.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx := context.Background()
	tab, err := store.Query(ctx, "SELECT algo, position, value, work, span, time, result FROM runs WHERE role = 'parallel' ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) != len(names) {
		t.Fatalf("%d rows, want one per parallel algorithm (%d)", len(tab.Rows), len(names))
	}
	for _, r := range tab.Rows {
		stored, err := lab.RowSettled(fmt.Sprint(r[6]))
		if err != nil {
			t.Fatal(err)
		}
		its, err := lab.Resolve(fmt.Sprint(r[1]))
		if err != nil {
			t.Fatal(err)
		}
		rep, err := lab.Parallel(ctx, its[0], stored.Opt, stored.Config(sched.Config{}), lab.BaselineMode{Skip: true})
		if err != nil {
			t.Fatal(err)
		}
		got := fmt.Sprint(int64(rep.Value), rep.Work, rep.Span, rep.Time)
		if want := fmt.Sprint(r[2], r[3], r[4], r[5]); got != want {
			t.Errorf("%s again from its row (%s): value W C T_P %s, recorded %s", r[0], stored.Opt, got, want)
		}
	}
}

// TestAlgorithmRowReachesEveryFrontEnd: a row of the test's algorithm
// table (testTables: YBWC's code under another name), handed to each
// front end, is an algorithm of the command line with its knobs (the
// grain, chosen when not given, and given), run by name, of help, of
// sweeps, of the REPL's settings and of UCI (the TUI's pane:
// tui.TestKnobAndAlgorithmRows); the default tables do not have it.
func TestAlgorithmRowReachesEveryFrontEnd(t *testing.T) {
	tab := testTables()
	tree := "uniform:b=4,d=4,seed=7"
	serial := valueLine.FindStringSubmatch(run(t, "search", tree, "--algo", "scout"))
	run := func(t *testing.T, args ...string) string { t.Helper(); return runIn(t, &tab, args...) }
	out := run(t, "search", tree, "--algo", "test-ybwc", "--sim", "2")
	if got := valueLine.FindStringSubmatch(out); got == nil || got[1] != serial[1] || !strings.Contains(out, "grain 0:") {
		t.Errorf("search --algo test-ybwc: want value %s and the grain's note:\n%s", serial[1], out)
	}
	if out := run(t, "search", tree, "--algo", "test-ybwc", "--sim", "2", "--grain", "1"); !strings.Contains(out, "grain=1") {
		t.Errorf("--grain 1 not in the options line:\n%s", out)
	}
	if out := run(t, "help", "search"); !strings.Contains(out, "test-ybwc") {
		t.Error("help search does not list test-ybwc")
	}
	var def bytes.Buffer
	if err := workbench.Run(&workbench.Env{Ctx: context.Background(), Out: &def}, []string{"search", tree, "--algo", "test-ybwc", "--sim", "2"}); err == nil || !strings.Contains(err.Error(), "test-ybwc") {
		t.Errorf("the default tables run test-ybwc: %v", err)
	}
	db := filepath.Join(t.TempDir(), "sweep.db")
	if out := run(t, "sweep", "--positions", tree, "--algos", "test-ybwc", "--sim", "2", "--grain", "1", "--db", db); !strings.Contains(out, "test-ybwc") {
		t.Errorf("sweep:\n%s", out)
	}
	req := tab.Request()
	if err := req.Set("algo", "test-ybwc"); err != nil {
		t.Errorf("a request's algo: %v", err)
	}
	sh := &repl.Shell{Home: t.TempDir(), Dir: t.TempDir(), S: sessions.New("tables", time.Now()), Out: &bytes.Buffer{}, Now: time.Now, Tables: &tab}
	if err := sh.Eval(context.Background(), "set algo test-ybwc", "test"); err != nil || sh.S.Settings["algo"] != "test-ybwc" {
		t.Errorf("REPL's set algo: %v", err)
	}
	if got := repl.CompleteIn(tab, "search x --algo test-"); !slices.Contains(got, "test-ybwc") || slices.Contains(repl.Complete("search x --algo test-"), "test-ybwc") {
		t.Errorf("REPL's completion of --algo test-: %v", got)
	}
	if _, err := match.ParseSpecIn(tab, "algo=test-ybwc,workers=2,depth=2", ""); err != nil {
		t.Errorf("a match player of test-ybwc: %v", err)
	}
	if _, err := match.ParseSpec("algo=test-ybwc,workers=2,depth=2", ""); err == nil {
		t.Error("a match player of the default tables runs test-ybwc")
	}
	c := uci.DefaultConfigIn(tab)
	if err := c.Set("Algo", "test-ybwc"); err != nil {
		t.Fatal(err)
	}
	if st, err := c.Search(); err != nil || !st.Parallel || !st.AutoGrain {
		t.Errorf("UCI Algo test-ybwc: %v, parallel %t, grain chosen %t", err, st.Parallel, st.AutoGrain)
	}
	s := experiment.NewSpecIn(tab)
	for key, v := range map[string]string{"positions": tree, "algos": "test-ybwc", "sim": "2,inf", "grain": "1"} {
		if err := s.Set(key, v); err != nil {
			t.Fatal(err)
		}
	}
	eng := experiment.LabEngine{Tables: &tab}
	jobs, err := experiment.Plan(s, eng)
	if err != nil {
		t.Fatal(err)
	}
	if j := jobs[len(jobs)-1]; j.Opt.Algo != "test-ybwc" || j.Opt.Grain != 1 || !j.Machine.Infinite() {
		t.Errorf("the sweep's last job: %+v", j.Settled)
	}
	sameOnTheWire(t, eng, jobs)
}
