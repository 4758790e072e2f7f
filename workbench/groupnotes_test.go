package workbench

import (
	"strings"
	"testing"
)

// TestGroupNotes: groups that fail for the same reason share one line.
func TestGroupNotes(t *testing.T) {
	var n groupNotes
	for _, a := range []string{"jamboree", "jamboree+rid", "jamboree+deferred"} {
		n.add(a, "pool", "nothing to validate: no run has P ≤ 0.5 to fit the model on")
	}
	n.add("jamboree", "sim", "not fitted: too few observations")
	got := n.text()
	if strings.Count(got, "no run has P ≤ 0.5") != 1 || !strings.Contains(got, "jamboree, jamboree+rid and jamboree+deferred on the goroutine pool: nothing to validate") {
		t.Errorf("notes:\n%s", got)
	}
	if !strings.Contains(got, "jamboree on the simulated machine: not fitted") {
		t.Errorf("notes:\n%s", got)
	}
}
