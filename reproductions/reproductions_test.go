package reproductions

import (
	"io/fs"
	"regexp"
	"strings"
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

// TestCausesAndDifferences: no written cause calls itself measured (a
// cause is measured only when Explain computes it from an ablation of the
// run); the written causes of Bhattacharya & Bagchi and Vučković say
// whether they are argued or conjecture.
func TestCausesAndDifferences(t *testing.T) {
	for _, r := range Reproductions {
		for _, c := range r.Claims {
			if strings.HasPrefix(c.Cause, "measured") {
				t.Errorf("%s %s: a written cause calls itself measured: %q", r.Name, c.Source, c.Cause)
			}
			if (r.Name == "parsss" || r.Name == "vuckovic") && !strings.HasPrefix(c.Cause, "argued") && !strings.HasPrefix(c.Cause, "conjecture") {
				t.Errorf("%s %s: cause %q starts with neither \"argued\" nor \"conjecture\"", r.Name, c.Source, c.Cause)
			}
		}
	}
}

// TestVariantReproductions: startech-variants and small-machines-mislead
// give every claim a written cause that is a conjecture or a Reason
// computed from the run; every StarTech claim of
// startech-variants that an ablation can move carries ablations.
func TestVariantReproductions(t *testing.T) {
	for _, name := range []string{"startech-variants", "small-machines-mislead"} {
		r, err := Find(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range r.Claims {
			if c.NotMeasured != "" {
				continue
			}
			if c.Cause == "" && c.Reason == nil || c.Cause != "" && !strings.HasPrefix(c.Cause, "conjecture") {
				t.Errorf("%s %s: cause %q is neither a conjecture nor computed", name, c.Source, c.Cause)
			}
			if name == "startech-variants" && len(c.Ablations) == 0 {
				t.Errorf("%s %s: no ablation", name, c.Source)
			}
		}
	}
}

// TestEveryReproductionListsItsDifferences: every reproduction says where
// its run's configuration differs from the paper's, each difference with
// what the paper used, what the run uses and why.
func TestEveryReproductionListsItsDifferences(t *testing.T) {
	for _, r := range Reproductions {
		if len(r.Differs) == 0 {
			t.Errorf("%s: no Differs", r.Name)
		}
		for _, d := range r.Differs {
			if d.Setting == "" || d.Paper == "" || d.Here == "" || d.Why == "" {
				t.Errorf("%s: difference %+v has an empty field", r.Name, d)
			}
		}
	}
}
