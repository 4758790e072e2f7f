package tui

import (
	"slices"
	"strings"
	"testing"

	"splitpoint/algos"
	"splitpoint/lab"
)

// TestMachineRows: the machine pane's workers and P rows are the knob
// table's machine rows that choose the machine: their labels and choices
// are the rows', a value typed is checked by the row's parser and must
// name a machine (P: each of a list, a sweep), ←/→ never leave a machine
// without a size, and the session's setting is the starting value.
func TestMachineRows(t *testing.T) {
	mc := newMachineModel(nil, 4, machineKnobs())
	for _, r := range []row{mc.workers, mc.simP} {
		k, _ := lab.FindKnob(r.k.Name)
		if r.label() != k.TUI || k.TUI == "" {
			t.Errorf("%s: label %q, the row's %q", r.k.Name, r.label(), k.TUI)
		}
		if !slices.Equal(r.k.TUIChoices()[:len(k.TUIChoices())], k.TUIChoices()) {
			t.Errorf("%s: choices %v, the row's %v", r.k.Name, r.k.TUIChoices(), k.TUIChoices())
		}
	}
	if slices.ContainsFunc(mc.knobs, func(r row) bool { return r.k.On != nil }) {
		t.Errorf("a row that chooses the machine among the knob rows")
	}
	if mc.workerCount() != 2 || mc.pList() != "4" {
		t.Errorf("defaults: %d workers, P %s", mc.workerCount(), mc.pList())
	}

	mc.cursor = rowWorkers
	for _, bad := range []string{"0", "x", "1,2", "5000"} {
		if set := mc.set.set(mc.workers, bad); set.err == "" {
			t.Errorf("workers %q accepted", bad)
		}
	}
	mc = mc.change(-1).change(-1).change(-1)
	if mc.workerCount() != 1 {
		t.Errorf("workers stepped down to %d, want 1", mc.workerCount())
	}
	if mc = mc.change(+1).change(+1); mc.workerCount() != 4 {
		t.Errorf("workers stepped up to %d, want 4 (the row's choices)", mc.workerCount())
	}

	mc.cursor, mc.kind = rowSimP, machSim
	for _, bad := range []string{"0", "1,x", "1,,2", "70000"} {
		if set := mc.set.set(mc.simP, bad); set.err == "" {
			t.Errorf("P %q accepted", bad)
		}
	}
	if mc.set = mc.set.set(mc.simP, "1, 3,inf"); mc.set.err != "" || mc.pList() != "1,3,inf" {
		t.Errorf("P 1,3,inf: %q, error %q", mc.pList(), mc.set.err)
	}
	if f := strings.Join(mc.flags(mc.pList(), algos.Algorithm{Parallel: true}), " "); f != "--sim=1,3,inf" {
		t.Errorf("flags %s", f)
	}
	choices := mc.simP.k.TUIChoices()
	mc.set = mc.set.set(mc.simP, choices[0])
	if mc = mc.change(-1); mc.pList() != choices[len(choices)-1] {
		t.Errorf("P before the first choice: %q, want the last %q", mc.pList(), choices[len(choices)-1])
	}
	if mc = mc.change(+1); mc.pList() != choices[0] {
		t.Errorf("P after the last choice: %q, want the first %q", mc.pList(), choices[0])
	}

	s := newMachineModel(map[string]string{"sim": "2,8", "workers": "3"}, 4, machineKnobs())
	if s.kind != machSim || s.pList() != "2,8" || s.workerCount() != 3 {
		t.Errorf("from the session: kind %d, P %q, %d workers", s.kind, s.pList(), s.workerCount())
	}
}
