package reports

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needTool returns the path of a program a test drives. Outside CI a
// missing program skips the test; in CI (CI=true) it fails it, so that
// the check always runs there.
func needTool(t *testing.T, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not installed (apt-get install %s; .ci/run installs it)", name, pkg)
	}
	t.Skipf("%s is not installed (apt-get install %s)", name, pkg)
	return ""
}

// TestLaTeXCompiles compiles the tables a report writes, among them one
// as wide as the fits table with the symbols reports print (·, ∞, ², ±,
// ≤, −), with a stock pdflatex on an A4 page, and checks that none is
// wider than the text (no "Overfull \hbox").
func TestLaTeXCompiles(t *testing.T) {
	pdflatex := needTool(t, "pdflatex", "texlive-latex-base texlive-latex-recommended")
	dir := t.TempDir()
	fits := &Table{ID: "fits", Title: "Fits of T_P = c1·W/P + c∞·C + c0 (± standard error)",
		Columns: []string{"algorithm", "machine", "runs", "c1", "c∞", "c0", "R²", "correlation", "mean rel. error %", "Brent W/P+C mean rel. error %"},
		Rows: [][]string{
			{"jamboree+serialize2", "sim", "60", "1.0213 ± 0.0042", "1.4987 ± 0.0311", "4.30 ± 0.21", "0.99994", "0.999947", "4.85", "12.30"},
			{"jamboree+deferred+rid", "pool", "24", "–", "−227 ± 54", "2·10^7", "0.83", "—", "P ≤ 0.5", "∞"},
		}}
	runs := &Table{ID: "runs", Title: "Runs (Vučković, Kuszmaul & Leiserson)",
		Columns: []string{"id", "role", "position", "id in suite", "algorithm", "machine", "P", "depth", "seed", "tt bits", "value", "best move", "nodes", "work", "span", "time", "unit", "noise"},
		Rows:    [][]string{{"1", "parallel", "L.Kaufman CCR Test No.1", "kaufman#1", "jamboree+serialize2+deferred", "pool", "2", "6", "1", "18", "-35", "Nf6+", "1234567", "2345678", "123456", "987654321", "ns", "noisy timing: 1.3 of 2 cores busy"}}}
	var inputs []string
	for _, tb := range []*Table{fits, runs} {
		if err := writeTableFiles(dir, tb); err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, `\input{`+tb.ID+`.tex}`)
	}
	doc := "\\documentclass[a4paper]{article}\n\\usepackage{booktabs}\n\\usepackage{graphicx}\n\\begin{document}\n" +
		strings.Join(inputs, "\n") + "\n\\end{document}\n"
	if err := os.WriteFile(filepath.Join(dir, "paper.tex"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pdflatex, "-interaction=nonstopmode", "-halt-on-error", "paper.tex")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pdflatex: %v\n%s", err, out)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "paper.log"))
	if strings.Contains(string(log), "Overfull \\hbox") {
		t.Errorf("a table is wider than the text:\n%s", log)
	}
	if _, err := os.Stat(filepath.Join(dir, "paper.pdf")); err != nil {
		t.Error(err)
	}
}
