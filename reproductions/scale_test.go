package reproductions

import (
	"bytes"
	"strings"
	"testing"

	"splitpoint/lab"
	"splitpoint/notebooks"
)

// TestScales: every reproduction has a scale plan or says why not; every
// spec of a plan parses and plans as a sweep would (positions, algorithms,
// a machine and a depth), has its paper-machine twin on the reproduction's
// machine, and every file under notebooks/scale belongs to a plan.
func TestScales(t *testing.T) {
	tab := lab.DefaultTables()
	used := map[string]bool{}
	for _, r := range Reproductions {
		s, ok := Scales[r.Name]
		if !ok {
			if ScaleNote[r.Name] == "" {
				t.Errorf("%s: no scale plan and no note", r.Name)
			}
			continue
		}
		plans, err := s.Plan(tab)
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		twin := false
		for i, p := range plans {
			used[p.Spec] = true
			if p.Parallel == 0 || p.Baseline == 0 || p.Nodes <= 0 || p.CPUHours <= 0 {
				t.Errorf("%s %s: %+v", r.Name, p.Spec, p)
			}
			if i > 0 && p.Parallel != plans[0].Parallel {
				t.Errorf("%s: %s plans %d runs, %s %d: the twins differ", r.Name, p.Spec, p.Parallel, plans[0].Spec, plans[0].Parallel)
			}
			data, _ := ScaleSpec(p.Spec)
			if r.Machine.Costs != "" && strings.Contains(string(data), "costs: "+r.Machine.Costs) {
				twin = true
			}
		}
		if r.Machine.Costs != "" && !twin {
			t.Errorf("%s: no spec on the paper's machine (costs: %s)", r.Name, r.Machine.Costs)
		}
		var b bytes.Buffer
		if err := WriteScale(&b, r, tab); err != nil || !strings.Contains(b.String(), "--resume") {
			t.Errorf("%s: %v\n%s", r.Name, err, b.String())
		}
	}
	files, _ := notebooks.FS.ReadDir("scale")
	for _, f := range files {
		if !used[f.Name()] {
			t.Errorf("notebooks/scale/%s: in no plan", f.Name())
		}
	}
}
