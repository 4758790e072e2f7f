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
// whether they are argued or conjecture (or are computed by a Reason).
func TestCausesAndDifferences(t *testing.T) {
	for _, r := range Reproductions {
		for _, c := range r.Claims {
			if strings.HasPrefix(c.Cause, "measured") {
				t.Errorf("%s %s: a written cause calls itself measured: %q", r.Name, c.Source, c.Cause)
			}
			if (r.Name == "parsss" || r.Name == "vuckovic") && !(c.Cause == "" && c.Reason != nil) && !strings.HasPrefix(c.Cause, "argued") && !strings.HasPrefix(c.Cause, "conjecture") {
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

// TestWrittenCausesCarryNoRunFigures: a written cause is not kept in step
// with the run, so it never quotes the run's figures (they come from a
// Reason, which computes them from the session's results): no written
// cause says it quotes a run, and every number in one is a number the
// paper, the claim's condition or the reproduction's differences state
// (a figure of the paper, a setting of the run, a line of the paper's
// text), or a fact listed below that no run changes, not a result. Lu's
// written causes still quote its ablations' results and are left out of
// the second test until they are computed.
func TestWrittenCausesCarryNoRunFigures(t *testing.T) {
	number := regexp.MustCompile(`\d+(\.\d+)?`)
	lineKey := regexp.MustCompile(`(\d{3}:)?L\d+(-\d+)?`)
	facts := map[string]string{
		// the position's legal moves and the engine's one-ply order, the same in every run
		"vuckovic": "BK.01: Qd1+, 32nd of 40 by the one-ply order",
	}
	for _, r := range Reproductions {
		stated := r.Published + r.What + facts[r.Name]
		for _, d := range r.Differs {
			stated += d.Paper + d.Here + d.Why
		}
		for _, c := range r.Claims {
			for _, w := range []string{"quoted", "notebook's run", "not recomputed"} {
				if strings.Contains(c.Cause, w) {
					t.Errorf("%s %s: the written cause says %q: compute it (Claim.Reason): %.120s", r.Name, c.Source, w, c.Cause)
				}
			}
			for _, n := range number.FindAllString(lineKey.ReplaceAllString(c.Cause, ""), -1) {
				if !strings.Contains(stated+c.Figure+c.Condition+c.Source+c.Override, n) {
					t.Errorf("%s %s: the written cause states %s, which neither the paper nor the run's settings do: compute it (Claim.Reason): %.120s", r.Name, c.Source, n, c.Cause)
				}
			}
		}
	}
}

// TestModelAblationTable: the ablation table the socrates-model causes
// read is the one model.sp prints, so that the page's causes and the
// notebook's table agree.
func TestModelAblationTable(t *testing.T) {
	b, err := Notebooks.ReadFile("model.sp")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "sql \""+modelAblationTable+"\"") {
		t.Error("model.sp no longer prints modelAblationTable: keep the two in step")
	}
}
