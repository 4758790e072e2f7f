package examples

import (
	"io/fs"
	"regexp"
	"testing"
)

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

// TestReportNames: every bundled notebook, full or quick, writes its report
// into a directory of its own, so that running one never overwrites
// another's.
func TestReportNames(t *testing.T) {
	out := regexp.MustCompile(`(?m)^\s*(?:report|chart)\b.*--out\s+(\S+)`)
	seen := map[string]string{}
	files, err := fs.Glob(Notebooks, "*.sp")
	if err != nil {
		t.Fatal(err)
	}
	quick, _ := fs.Glob(Notebooks, "quick/*.sp")
	for _, f := range append(files, quick...) {
		b, err := Notebooks.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range out.FindAllStringSubmatch(string(b), -1) {
			if other, ok := seen[m[1]]; ok && other != f {
				t.Errorf("%s and %s both write %s", other, f, m[1])
			}
			seen[m[1]] = f
		}
	}
	if len(seen) == 0 {
		t.Error("no notebook writes a report")
	}
}
