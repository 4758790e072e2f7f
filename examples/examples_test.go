package examples

import "testing"

// TestReproductions: every row has its notebook and its quick form.
func TestReproductions(t *testing.T) {
	for _, r := range Reproductions {
		for _, quick := range []bool{false, true} {
			if _, b, err := r.Open(quick); err != nil || len(b) == 0 {
				t.Errorf("%s (quick %t): %v", r.Name, quick, err)
			}
		}
	}
	if _, err := Find("nope"); err == nil {
		t.Error("Find found nope")
	}
}
