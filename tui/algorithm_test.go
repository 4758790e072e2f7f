package tui

import (
	"slices"
	"strings"
	"testing"

	"splitpoint/algos"
	"splitpoint/lab"
)

// TestDepthTreesOwn: stepping the depth below 1 gives "tree's own": the
// command line then has no --depth, and the search takes a synthetic
// tree's own depth.
func TestDepthTreesOwn(t *testing.T) {
	a := newAlgorithmModel(map[string]string{"depth": "1"})
	a.cursor = rowDepth
	a = a.change(-1)
	if a.depth != 0 || slices.ContainsFunc(a.flags(), func(f string) bool { return strings.HasPrefix(f, "--depth") }) {
		t.Errorf("depth %d, flags %v", a.depth, a.flags())
	}
	if got := depthLabel(a.depth); !strings.Contains(got, "tree's own") {
		t.Errorf("label %q", got)
	}
}

// TestAutoSettings: the variants, levels, table and grain start as auto
// (no flag: the search chooses them for the position and says so, as
// lab.Settle does for every command), a change makes each explicit,
// and levels cycle auto → on → off → auto; a session's setting is
// explicit from the start. An explicit "no variants" reaches a cluster
// sweep as +none, not as the sweep's defaults.
func TestAutoSettings(t *testing.T) {
	has := func(a algorithmModel, prefix string) string {
		for _, f := range a.flags() {
			if strings.HasPrefix(f, prefix) {
				return f
			}
		}
		return ""
	}
	a := newAlgorithmModel(nil)
	for _, p := range []string{"--variants", "--levels=", "--tt", "--grain"} {
		if f := has(a, p); f != "" {
			t.Errorf("new pane gives %s", f)
		}
	}
	a.cursor = rowLevels
	for _, want := range []string{"--levels=true", "--levels=false", ""} {
		a = a.change(0)
		if got := has(a, "--levels="); got != want {
			t.Errorf("levels: %q, want %q", got, want)
		}
	}
	a.cursor = rowTT
	if a = a.change(+1); has(a, "--tt") != "--tt=0" {
		t.Errorf("table after auto: %v", a.flags())
	}
	a.cursor = rowGrain
	if a = a.change(+1); has(a, "--grain") != "--grain=0" {
		t.Errorf("grain after auto: %v", a.flags())
	}
	if a = a.change(-1); has(a, "--grain") != "" {
		t.Errorf("grain back to auto: %v", a.flags())
	}
	a.cursor = 1 // the first variant, on and off again: explicitly none
	a = a.change(0).change(0)
	if has(a, "--variants") != "--variants=none" {
		t.Errorf("variants: %v", a.flags())
	}
	var mc machineModel
	if line := buildClusterPlan("suite:bk#1", a, mc, "nats://x", "")[0].line; !strings.Contains(line, "--algos=jamboree+none") {
		t.Errorf("cluster line %q", line)
	}
	s := newAlgorithmModel(map[string]string{"levels": "false", "tt": "16", "grain": "2", "variants": "rid"})
	for _, want := range []string{"--levels=false", "--tt=16", "--grain=2", "--variants=rid"} {
		if has(s, strings.Split(want, "=")[0]) != want {
			t.Errorf("session settings: %v lack %s", s.flags(), want)
		}
	}
}

// TestKnobAndAlgorithmRows: a row added to the knob table with a TUI
// label is a row of the pane, and a row added to the algorithm table is
// one of its algorithms, with the rows of the knobs it takes enabled
// (the grain) and their flags given.
func TestKnobAndAlgorithmRows(t *testing.T) {
	defer lab.AddKnob(lab.Knob{Name: "test-knob", TUI: "test knob", Kind: lab.Int, Min: 0, Max: 9, Choices: []string{"1", "2"},
		Takes: func(a algos.Algorithm) bool { return a.Name == "test-ybwc" }, Help: "a knob of the test"})()
	defer algos.AddAlgorithm(algos.Algorithm{Name: "test-ybwc", Parallel: true, Baseline: algos.AlgoScout, Grain: true,
		Help: "Young Brothers Wait under the name of a test", Cite: "a test"}, algos.AlgoYBWC)()
	a := newAlgorithmModel(map[string]string{"algo": "test-ybwc"})
	if a.algo != "test-ybwc" {
		t.Fatalf("algorithm %q", a.algo)
	}
	a.cursor = a.numAlgoRows() - 1
	a = a.change(+1)
	a.cursor = rowGrain
	a = a.change(+1)
	flags := strings.Join(a.flags(), " ")
	if !strings.Contains(flags, "--test-knob=1") || !strings.Contains(flags, "--grain=0") {
		t.Errorf("flags %s", flags)
	}
	view := a.view(200, newStyles())
	if !strings.Contains(view, "test knob") || strings.Contains(view, "grain depth ◀ 0 ▶ (") {
		t.Errorf("pane:\n%s", view)
	}
}

// TestParamRows: an algorithm's own options (its row's Params) are rows
// of the pane, given together as --param.
func TestParamRows(t *testing.T) {
	a := newAlgorithmModel(map[string]string{"algo": algos.AlgoPVSplit})
	rows := a.paramRows()
	if len(rows) == 0 || rows[0].Name != "granularity" {
		t.Fatalf("pvsplit's rows %v", rows)
	}
	a.cursor = rowExtra + len(extraKnobs())
	a = a.change(+1).change(+1)
	if f := strings.Join(a.flags(), " "); !strings.Contains(f, "--param=granularity=1") {
		t.Errorf("flags %s", f)
	}
	if v := a.view(200, newStyles()); !strings.Contains(v, "granularity ◀ 1 ▶") {
		t.Errorf("pane:\n%s", v)
	}
}
