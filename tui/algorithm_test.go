package tui

import (
	"slices"
	"strings"
	"testing"
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
// lab.DefaultsFor does for every command), a change makes each explicit,
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
