package repl

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"splitpoint/sessions"
)

// nbformatPython returns a python3 that can import nbformat (Debian's
// python3-nbformat, installed by .ci/run). Outside CI a missing one skips
// the test; in CI (CI=true) it fails it.
func nbformatPython(t *testing.T) string {
	t.Helper()
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		if p, err := exec.LookPath(py); err == nil && exec.Command(p, "-c", "import nbformat").Run() == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("python3 with nbformat is not installed (apt-get install python3-nbformat; .ci/run installs it)")
	}
	t.Skip("python3 with nbformat is not installed (apt-get install python3-nbformat)")
	return ""
}

func TestExportIPynb(t *testing.T) {
	home := t.TempDir()
	var out bytes.Buffer
	sh, err := Open(home, "nb", &out)
	if err != nil {
		t.Fatal(err)
	}
	svg := filepath.Join(home, "speedup.svg")
	figure := `<?xml version="1.0"?>` + "\n" + `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text x="1" y="9">P &amp; T_P</text></svg>`
	if err := os.WriteFile(svg, []byte(figure), 0o644); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	sh.S.Settings["depth"] = "6"
	sh.S.Cells = []sessions.Cell{
		{N: 1, Input: `load suite:kaufman#1-6`, Source: "repl", Started: at, Output: "loaded 6 positions\n"},
		{N: 2, Input: `chart --title "a \"quoted\" title"`, Source: "repl", Started: at, Seconds: 1.5, Output: "wrote speedup.svg", Files: []string{svg}},
		{N: 3, Input: "search --depth abc", Source: "repl", Started: at, Error: "bad depth"},
	}
	path := filepath.Join(home, "out", "nb.ipynb")
	if err := cmdExport(t.Context(), sh, []string{"--ipynb", path}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(sh.Dir, "notebook.md")); err == nil {
		t.Error("export --ipynb FILE also wrote the Markdown notebook")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		NBFormat int `json:"nbformat"`
		Cells    []struct {
			CellType string   `json:"cell_type"`
			Source   []string `json:"source"`
			Outputs  []struct {
				OutputType string         `json:"output_type"`
				Text       []string       `json:"text"`
				Data       map[string]any `json:"data"`
			} `json:"outputs"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		t.Fatal(err)
	}
	if nb.NBFormat != 4 || len(nb.Cells) != 5 {
		t.Fatalf("nbformat %d, %d cells; want 4 and 5 (about, setup, three commands)", nb.NBFormat, len(nb.Cells))
	}
	if got := strings.Join(nb.Cells[3].Source, ""); got != `splitpoint("chart --title \"a \\\"quoted\\\" title\"")` {
		t.Errorf("cell source %s", got)
	}
	if o := nb.Cells[3].Outputs; len(o) != 2 || o[1].OutputType != "display_data" || o[1].Data["image/svg+xml"] == nil {
		t.Errorf("the chart cell's outputs lack its SVG figure: %+v", o)
	}
	if o := nb.Cells[4].Outputs; len(o) != 1 || !strings.Contains(strings.Join(o[0].Text, ""), "bad depth") {
		t.Errorf("the failing cell's outputs lack its error: %+v", o)
	}
	if !strings.Contains(strings.Join(nb.Cells[1].Source, ""), `"run"`) {
		t.Errorf("the setup cell does not run commands with splitpoint run:\n%s", strings.Join(nb.Cells[1].Source, ""))
	}
	py := nbformatPython(t)
	check := `import sys, nbformat; nb = nbformat.read(sys.argv[1], 4); nbformat.validate(nb); compile(chr(10).join(c.source for c in nb.cells if c.cell_type == "code"), "nb", "exec"); print("valid")`
	if msg, err := exec.Command(py, "-c", check, path).CombinedOutput(); err != nil || !strings.Contains(string(msg), "valid") {
		t.Fatalf("nbformat rejects the notebook: %v\n%s", err, msg)
	}
}
