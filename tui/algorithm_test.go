package tui

import (
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/sched"
)

// at puts the cursor of the pane on the row of the knob named name.
func at(t *testing.T, a algorithmModel, name string) algorithmModel {
	t.Helper()
	i := slices.IndexFunc(a.rows(), func(r row) bool { return r.k.Name == name })
	if i < 0 {
		t.Fatalf("no row %q in the pane", name)
	}
	a.cursor = rowKnobs + i
	return a
}

// flagOf is the flag of the pane that starts with prefix, or "".
func flagOf(a algorithmModel, prefix string) string {
	for _, f := range a.flags() {
		if strings.HasPrefix(f, prefix) {
			return f
		}
	}
	return ""
}

// TestDepthRow: the depth row is the knob table's: it starts as auto
// (no --depth: the position's own), steps through the row's choices and
// stops at its Max (algos.MaxDepth), and below its Min is auto again.
func TestDepthRow(t *testing.T) {
	a := at(t, newAlgorithmModel(nil, algorithmKnobs()), "depth")
	if f := flagOf(a, "--depth"); f != "" {
		t.Errorf("new pane gives %s", f)
	}
	a = a.change(+1)
	if f := flagOf(a, "--depth"); f != "--depth=1" {
		t.Errorf("first step: %q", f)
	}
	for range 2 * algos.MaxDepth {
		a = a.change(+1)
	}
	if f := flagOf(a, "--depth"); f != fmt.Sprintf("--depth=%d", algos.MaxDepth) {
		t.Errorf("past the top: %q", f)
	}
	for range 2 * algos.MaxDepth {
		a = a.change(-1)
	}
	if f := flagOf(a, "--depth"); f != "" {
		t.Errorf("below the least: %q", f)
	}
}

// TestTypedValues: a value typed is checked by the row's own parser
// (lab.Knob.Parse): a refused one leaves the row as it was and the pane
// says why; an empty one is auto.
func TestTypedValues(t *testing.T) {
	a := at(t, newAlgorithmModel(nil, algorithmKnobs()), "depth")
	a.set = a.set.set(a.rows()[a.cursor-rowKnobs], "1000")
	if f := flagOf(a, "--depth"); f != "" || !strings.Contains(a.set.err, "not a whole number in 0…100") {
		t.Errorf("depth 1000: flag %q, error %q", f, a.set.err)
	}
	if v := a.view(200, newStyles()); !strings.Contains(v, "not a whole number in 0…100") {
		t.Errorf("the pane does not say why:\n%s", v)
	}
	a.set = a.set.set(a.rows()[a.cursor-rowKnobs], " 12 ")
	if f := flagOf(a, "--depth"); f != "--depth=12" || a.set.err != "" {
		t.Errorf("depth 12: flag %q, error %q", f, a.set.err)
	}
	mc := newMachineModel(nil, 4, machineKnobs())
	mc.kind, mc.cursor = machSim, rowMachineKnobs+slices.IndexFunc(mc.knobs, func(r row) bool { return r.k.Name == costsKnob })
	r, _ := mc.current()
	if !r.typed() {
		t.Fatalf("costs is not a typed row")
	}
	if mc.set = mc.set.set(r, "steal=nope"); mc.set.err == "" {
		t.Errorf("costs steal=nope accepted")
	}
	mc.set = mc.set.set(r, "steal=20")
	if f := strings.Join(mc.flags("4", algos.Algorithm{Parallel: true}), " "); f != "--sim=4 --costs=steal=20" {
		t.Errorf("flags %s", f)
	}
	mc.kind = machPool // the pool has no costs
	if f := strings.Join(mc.flags("2", algos.Algorithm{Parallel: true}), " "); f != "--workers=2" {
		t.Errorf("pool flags %s", f)
	}
}

// TestAutoSettings: the variants and every row start as auto (no flag:
// the search chooses them for the position and says so, as lab.Settle
// does for every command), a change makes each explicit, and a switch
// cycles auto → on → off → auto; a session's setting is explicit from
// the start. An explicit "no variants" reaches a cluster sweep as +none,
// not as the sweep's defaults.
func TestAutoSettings(t *testing.T) {
	a := newAlgorithmModel(nil, algorithmKnobs())
	if f := a.flags(); len(f) != 1 {
		t.Errorf("new pane gives %v", f)
	}
	mc := newMachineModel(nil, 4, machineKnobs())
	mc.cursor = rowMachineKnobs // levels
	for _, want := range []string{"--levels=true", "--levels=false", ""} {
		mc = mc.change(+1)
		got := ""
		if f := mc.flags("2", a.row()); len(f) > 1 {
			got = f[1]
		}
		if got != want {
			t.Errorf("levels: %q, want %q", got, want)
		}
	}
	if a = at(t, a, "tt").change(+1); flagOf(a, "--tt") != "--tt=0" {
		t.Errorf("table after auto: %v", a.flags())
	}
	if a = at(t, a, "grain").change(+1); flagOf(a, "--grain") != "--grain=0" {
		t.Errorf("grain after auto: %v", a.flags())
	}
	if a = a.change(-1); flagOf(a, "--grain") != "" {
		t.Errorf("grain back to auto: %v", a.flags())
	}
	a.cursor = 1 // the first variant, on and off again: explicitly none
	a = a.change(0).change(0)
	if flagOf(a, "--variants") != "--variants=none" {
		t.Errorf("variants: %v", a.flags())
	}
	if line := buildClusterPlan("suite:bk#1", a, mc, "nats://x", "")[0].line; !strings.Contains(line, "--algos=jamboree+none") {
		t.Errorf("cluster line %q", line)
	}
	session := map[string]string{"levels": "false", "tt": "16", "grain": "2", "variants": "rid"}
	s := newAlgorithmModel(session, algorithmKnobs())
	for _, want := range []string{"--tt=16", "--grain=2", "--variants=rid"} {
		if flagOf(s, strings.Split(want, "=")[0]) != want {
			t.Errorf("session settings: %v lack %s", s.flags(), want)
		}
	}
	if f := newMachineModel(session, 4, machineKnobs()).flags("2", s.row()); !slices.Contains(f, "--levels=false") {
		t.Errorf("session's levels: %v", f)
	}
}

// testDetail is an algorithm's own account, as a test algorithm returns it.
type testDetail struct{ probes int }

func (d *testDetail) WriteText(w io.Writer, _ algos.MoveNamer, st *sched.Stats) {
	fmt.Fprintf(w, "  test-ybwc: probes %d over W %d\n", d.probes, st.Work)
}

// TestKnobAndAlgorithmRows: the UI made from the test's tables (the
// default ones with a knob row, a machine row and an algorithm row of
// their own) shows them: the knob row with a TUI label is a row of the
// algorithm pane, with its label, choices, limits and auto; the machine
// row one of the machine pane; the algorithm row is one of the pane's
// algorithms, with the rows of the knobs it takes enabled (the grain) and
// their flags given; and the run view shows the test algorithm's own
// counters through its Detail. The default tables have none of them.
func TestKnobAndAlgorithmRows(t *testing.T) {
	tab := lab.NewTables(algos.DefaultTable().With(algos.Algorithm{Name: "test-ybwc", Parallel: true, Baseline: algos.AlgoScout, Grain: true,
		Help: "Young Brothers Wait under the name of a test", Cite: "a test"}, algos.AlgoYBWC))
	knob := lab.Knob{Name: "test-knob", TUI: "test knob", Kind: lab.Int, Min: 0, Max: 9, Choices: []string{"1", "2"},
		Takes: func(a algos.Algorithm) bool { return a.Name == "test-ybwc" }, Help: "a knob of the test", Default: "none"}
	machine := lab.Knob{Name: "test-machine", TUI: "test machine", Kind: lab.Int, Min: 1, Max: 64, Machine: true, Help: "a machine setting of the test"}
	tab.Knobs = append(tab.Knobs, knob, machine)
	knobs := algorithmKnobsOf(tab)
	if slices.ContainsFunc(algorithmKnobs(), func(k lab.Knob) bool { return k.Name == "test-knob" }) {
		t.Error("the default tables have the test's knob row")
	}
	if d := newAlgorithmModel(map[string]string{"algo": "test-ybwc"}, algorithmKnobs()); d.algo == "test-ybwc" {
		t.Error("the default algorithm table has test-ybwc")
	}
	a := newAlgorithmModelIn(map[string]string{"algo": "test-ybwc"}, knobs, tab.Algos)
	if a.algo != "test-ybwc" {
		t.Fatalf("algorithm %q", a.algo)
	}
	a = at(t, a, "test-knob")
	for _, want := range []string{"test knob   ◀ auto ▶", "auto: none"} {
		if v := a.view(200, newStyles()); !strings.Contains(v, want) {
			t.Errorf("pane lacks %q:\n%s", want, v)
		}
	}
	steps := []string{"1", "2", "3", "9", "9"} // the choices, then by one to Max
	for i, want := range steps {
		for range map[bool]int{true: 1, false: 6}[i != 3] {
			a = a.change(+1)
		}
		if f := flagOf(a, "--test-knob"); f != "--test-knob="+want {
			t.Errorf("step %d: %q, want %s", i, f, want)
		}
	}
	a = at(t, a, "grain").change(+1)
	if f := strings.Join(a.flags(), " "); !strings.Contains(f, "--test-knob=9") || !strings.Contains(f, "--grain=0") {
		t.Errorf("flags %s", f)
	}
	if v := a.view(200, newStyles()); !strings.Contains(v, "test knob   ◀ 9 ▶") || strings.Contains(v, "test knob   ◀ 9 ▶ (") {
		t.Errorf("pane:\n%s", v)
	}
	b := newAlgorithmModelIn(map[string]string{"algo": algos.AlgoYBWC}, knobs, tab.Algos)
	if v := b.view(200, newStyles()); !strings.Contains(v, "test knob   ◀ auto ▶ (test-ybwc)") {
		t.Errorf("a knob ybwc does not take is not dimmed with its takers:\n%s", v)
	}
	if f := strings.Join(at(t, b, "test-knob").change(+1).flags(), " "); strings.Contains(f, "test-knob") {
		t.Errorf("a knob ybwc does not take is given: %s", f)
	}
	noReport := false // the UI's constructor takes the tables: tui.Options.Tables
	m := New(nil, Session{Name: "test", Settings: map[string]string{"algo": "test-ybwc"}}, Options{Tables: &tab, HasReport: &noReport})
	if v := m.View(); !strings.Contains(v, "test knob   ◀ auto ▶") || m.algorithm.algo != "test-ybwc" {
		t.Errorf("the UI made with the tables lacks the knob row or test-ybwc (%s):\n%s", m.algorithm.algo, v)
	}
	if !slices.ContainsFunc(m.machine.knobs, func(r row) bool { return r.k.Name == "test-machine" }) {
		t.Error("the machine pane of the UI made with the tables lacks test-machine")
	}
	rep := &lab.ParallelReport{Algo: "test-ybwc", Stats: &sched.Stats{Machine: sched.Machine{Kind: sched.Sim, P: 4}, Work: 1234, Span: 56, TimeUnit: "units", Time: 400},
		Detail: &testDetail{probes: 7}}
	r := newRunModel().start(1, []step{{line: "search", search: true, procs: "4"}}, time.Time{}, 4)
	r.report = rep
	if v := r.view(200, newStyles()); !strings.Contains(v, "test-ybwc counters\ntest-ybwc: probes 7 over W 1234") || !strings.Contains(v, "T_P 400 units") {
		t.Errorf("run view:\n%s", v)
	}
}

// TestParamRows: an algorithm's own options (its row's Params) are rows
// of the pane, checked by algos.SetParams and given together as --param.
func TestParamRows(t *testing.T) {
	a := newAlgorithmModel(map[string]string{"algo": algos.AlgoPVSplit}, algorithmKnobs())
	rows := a.paramRows()
	if len(rows) == 0 || rows[0].k.Name != "granularity" {
		t.Fatalf("pvsplit's rows %v", rows)
	}
	a = at(t, a, "granularity")
	a = a.change(+1).change(+1)
	if f := strings.Join(a.flags(), " "); !strings.Contains(f, "--param=granularity=1") {
		t.Errorf("flags %s", f)
	}
	if v := a.view(200, newStyles()); !regexp.MustCompile(`granularity +◀ 1 ▶`).MatchString(v) {
		t.Errorf("pane:\n%s", v)
	}
}
