package workbench_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"splitpoint/algos"
	"splitpoint/experiment"
	"splitpoint/lab"
	"splitpoint/repl"
	"splitpoint/uci"
	"splitpoint/workbench"
)

// TestKnobRowReachesEveryFrontEnd: one row added to the knob table is a
// flag of search and solve, a sweep spec key and flag, a REPL setting and
// a UCI option, and its value reaches the settled options (the TUI's row:
// tui.TestKnobRow).
func TestKnobRowReachesEveryFrontEnd(t *testing.T) {
	defer lab.AddKnob(lab.Knob{Name: "test-knob", Spec: "test_knob", TUI: "test knob", Kind: lab.Int, Min: 0, Max: 9,
		UCI:  &lab.UCIOption{Name: "TestKnob", Type: "string", Unset: "auto"},
		Help: "a knob of the test: sets the memory bound",
		Apply: func(v string, s *lab.Settled) error {
			_, err := fmt.Sscan(v, &s.Opt.Memory)
			return err
		}})()
	for _, cmd := range []string{"search", "solve", "sweep"} {
		if c := workbench.Lookup(cmd); c == nil || !slices.Contains(c.FlagNames(), "test-knob") {
			t.Errorf("%s has no flag --test-knob", cmd)
		}
	}
	if !slices.Contains(experiment.Keys(), "test_knob") {
		t.Errorf("spec keys %v lack test_knob", experiment.Keys())
	}
	s := experiment.NewSpec()
	if err := s.Set("test_knob", "7"); err != nil || !s.Req.Given("test-knob") {
		t.Errorf("spec key: %v", err)
	}
	if !slices.Contains(repl.SettingNames(), "test-knob") {
		t.Errorf("REPL settings %v lack test-knob", repl.SettingNames())
	}
	if !slices.ContainsFunc(uci.Options(), func(o uci.Option) bool { return o.Name == "TestKnob" && o.Key == "testknob" }) {
		t.Error("no UCI option TestKnob")
	}
	c := uci.DefaultConfig()
	if err := c.Set("TestKnob", "3"); err != nil || c.Get("TestKnob") != "3" {
		t.Errorf("setoption TestKnob: %v, %q", err, c.Get("TestKnob"))
	}
	st, err := lab.Settle(lab.Shape{Tree: true}, s.Req)
	if err != nil || st.Opt.Memory != 7 {
		t.Errorf("settled: %v, memory %d", err, st.Opt.Memory)
	}
}

// run runs the command line and returns its output.
func run(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	env := &workbench.Env{Ctx: context.Background(), Out: &out}
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
			if !strings.Contains(out, pos.preset) {
				t.Errorf("%s: no %q note:\n%s", strings.Join(args, " "), pos.preset, out)
			}
			got := valueLine.FindStringSubmatch(out)
			if got == nil {
				t.Fatalf("%s: no value:\n%s", strings.Join(args, " "), out)
			}
			values[a.Name] = got[1]
			ref := a.Baseline
			if !a.Parallel || ref == "" {
				continue // pnegamax has no baseline: it calibrates a machine, without quiescence
			}
			if got[1] != values[ref] {
				t.Errorf("%s: value %s, serial %s's %s", strings.Join(args, " "), got[1], ref, values[ref])
			}
		}
	}
}
