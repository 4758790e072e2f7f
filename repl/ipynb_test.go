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

	"splitpoint/results"
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
			ID       string   `json:"id"`
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
	analysis, err := analysisCells("db", "nbdb")
	if err != nil {
		t.Fatal(err)
	}
	if nb.NBFormat != 4 || len(nb.Cells) != 5+len(analysis) {
		t.Fatalf("nbformat %d, %d cells; want 4 and %d (about, setup, three commands, the analysis)", nb.NBFormat, len(nb.Cells), 5+len(analysis))
	}
	db, _ := filepath.Abs(filepath.Join(sh.Dir, sessions.DBName))
	if nb.Cells[5].ID != "analysis" || !strings.Contains(strings.Join(nb.Cells[6].Source, ""), "DB = pathlib.Path("+pyString(db)+")") {
		t.Errorf("the analysis cells do not follow the commands or do not read %s:\n%s", db, strings.Join(nb.Cells[6].Source, ""))
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

// analysisPython returns a python3 that can run notebooks headless with
// the analysis cells' libraries: Debian's python3-nbclient,
// python3-ipykernel, python3-pandas and python3-matplotlib, installed by
// .ci/run. Outside CI a missing one skips the test; in CI it fails it.
func analysisPython(t *testing.T) string {
	t.Helper()
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		if p, err := exec.LookPath(py); err == nil && exec.Command(p, "-c", "import nbclient, ipykernel, numpy, pandas, matplotlib").Run() == nil {
			return p
		}
	}
	const need = "python3 with nbclient, ipykernel, pandas and matplotlib is not installed (apt-get install python3-nbclient python3-ipykernel python3-pandas python3-matplotlib"
	if os.Getenv("CI") != "" {
		t.Fatal(need + "; .ci/run installs them)")
	}
	t.Skip(need + ")")
	return ""
}

// executeNotebooks runs each notebook top to bottom in a fresh kernel and
// prints, per notebook and code cell, its errors and how many PNG figures
// and other outputs it showed, as JSON.
const executeNotebooks = `import json, sys, nbformat, nbclient
out = {}
for path in sys.argv[1:]:
    nb = nbformat.read(path, 4)
    nbclient.NotebookClient(nb, kernel_name="python3", timeout=600, allow_errors=True).execute()
    cells = out[path] = []
    for c in nb.cells:
        if c.cell_type != "code":
            continue
        errors = [o.ename + ": " + o.evalue for o in c.outputs if o.output_type == "error"]
        errors += [o.text for o in c.outputs if o.output_type == "stream" and o.name == "stderr" and "Warning" in o.text]
        text = "".join(o.text for o in c.outputs if o.output_type == "stream")
        pngs = sum("image/png" in o.get("data", {}) for o in c.outputs)
        tables = sum("text/html" in o.get("data", {}) for o in c.outputs)
        cells.append({"id": c.id, "errors": errors, "text": text, "pngs": pngs, "tables": tables})
json.dump(out, sys.stdout)
`

// TestIPynbAnalysisRuns exports three sessions — a short sweep on the
// simulator, the quick theorems notebook (infinite machine only, no
// baselines) and an empty one — and runs each notebook top to bottom in
// a fresh Python kernel: every cell must run without error or warning,
// the sweep's figure cells must draw their figures, and the others must
// say why there is nothing to draw.
func TestIPynbAnalysisRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds splitpoint and starts Python kernels")
	}
	py := analysisPython(t)
	bin := buildBinary(t)
	home := t.TempDir()
	env := append(os.Environ(), "SPLITPOINT_HOME="+home, "SPLITPOINT="+bin, "MPLCONFIGDIR="+t.TempDir())
	sweep := filepath.Join(home, "sweep.sp")
	script := "sweep --positions ordered:b=4,d=4,seed=1,order=p0.8,uniform:b=3,d=5,seed=2 --algos jamboree,pnegamax --sim 1,2,4,8,inf --depth 5\n"
	if err := os.WriteFile(sweep, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	theorems, _ := filepath.Abs("../notebooks/quick/theorems.sp")
	var books []string
	for _, s := range []struct{ name, script string }{{"sweep", sweep}, {"theorems", theorems}, {"empty", ""}} {
		if s.script != "" {
			cmd := exec.Command(bin, "--session", s.name, "run", s.script)
			cmd.Env = env
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", s.script, err, out)
			}
		}
		nb := filepath.Join(home, s.name+".ipynb")
		cmd := exec.Command(bin, "--session", s.name, "export", "--ipynb", nb)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("export of session %s: %v\n%s", s.name, err, out)
		}
		books = append(books, nb)
	}
	cmd := exec.Command(py, append([]string{"-c", executeNotebooks}, books...)...)
	cmd.Env = env
	cmd.Stderr = new(bytes.Buffer)
	data, err := cmd.Output()
	if err != nil {
		t.Fatalf("executing the notebooks: %v\n%s", err, cmd.Stderr)
	}
	var ran map[string][]struct {
		ID           string
		Errors       []string
		Text         string
		PNGs, Tables int
	}
	if err := json.Unmarshal(data, &ran); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	figures := map[string]int{"speedup": 1, "work-span": 2, "overheads": 2, "residuals": 2}
	for _, nb := range books {
		cells := map[string]string{}
		for _, c := range ran[nb] {
			cells[c.ID] = c.Text
			if len(c.Errors) > 0 {
				t.Errorf("%s: cell %s failed: %s", filepath.Base(nb), c.ID, strings.Join(c.Errors, "; "))
			}
			if want, ok := figures[c.ID]; ok && strings.HasPrefix(filepath.Base(nb), "sweep") && c.PNGs < want {
				t.Errorf("%s: cell %s drew %d figures, want %d or more", filepath.Base(nb), c.ID, c.PNGs, want)
			}
			if c.ID == "fit" && strings.HasPrefix(filepath.Base(nb), "sweep") && (c.Tables != 1 || strings.Contains(c.Text, "not fitted")) {
				t.Errorf("%s: the fit cell shows %d tables and says %q", filepath.Base(nb), c.Tables, c.Text)
			}
		}
		if _, ok := cells["residuals"]; !ok {
			t.Errorf("%s: no residuals cell ran; cells %v", filepath.Base(nb), cells)
		}
	}
	want := map[string][2]string{
		"sweep.ipynb":    {"cell-1", "runs stored in " + filepath.Join(home, "sessions", "sweep-notebook")},
		"theorems.ipynb": {"speedup", "No speedup of a run on a finite machine"},
		"empty.ipynb":    {"load", "This session has no parallel runs"},
	}
	for _, nb := range books {
		w := want[filepath.Base(nb)]
		for _, c := range ran[nb] {
			if c.ID == w[0] && !strings.Contains(c.Text, w[1]) {
				t.Errorf("%s: cell %s printed %q, want %q", filepath.Base(nb), c.ID, c.Text, w[1])
			}
		}
	}
}

// TestIPynbAnalysisQuotesPath runs the analysis's load cell on a results
// database whose path holds quotes, a backslash and spaces: the cell must
// open it, read-only, and find its runs.
func TestIPynbAnalysisQuotesPath(t *testing.T) {
	py := analysisPython(t)
	// (Not "?", "#" or "%": the store's own file: URI would cut or decode
	// the path there.)
	dir := filepath.Join(t.TempDir(), `a "b" 'c' \d e`)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, sessions.DBName)
	store, err := results.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	p := int64(2)
	if err := store.Insert(t.Context(), &results.Run{Sweep: "s", Role: results.RoleParallel, Algo: "jamboree", Machine: "sim", P: &p,
		Work: 10, Span: 4, Time: 7, TimeUnit: "units"}); err != nil {
		t.Fatal(err)
	}
	store.Close()
	cells, err := analysisCells(db, filepath.Join(dir, "nb.db"))
	if err != nil {
		t.Fatal(err)
	}
	var load string
	for _, c := range cells {
		if cc, ok := c.(codeCell); ok && cc.ID == "load" {
			load = strings.Join(cc.Source, "")
		}
	}
	cmd := exec.Command(py, "-c", load+"\nprint(repr(str(DB)), len(par))")
	cmd.Env = append(os.Environ(), "MPLCONFIGDIR="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the load cell fails: %v\n%s", err, out)
	}
	if want := "1 runs in " + db + ": 1 parallel"; !strings.Contains(string(out), want) {
		t.Errorf("the load cell printed\n%s\nwant %q", out, want)
	}
}
