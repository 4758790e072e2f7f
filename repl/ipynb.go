package repl

import (
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"splitpoint/sessions"
)

// The notebook export writes a session as a Jupyter notebook (nbformat 4.5):
// a first code cell defines splitpoint(line), which runs one command with
// `splitpoint --session NAME run` in a session of the notebook's own, and
// each cell of the session becomes a code cell calling it, with the
// session's output and its SVG figures embedded as the cell's outputs.
// Running the notebook from a Python kernel re-runs the commands. The
// analysis cells of ipynb_analysis.py follow: they read the session's
// results database read-only into pandas and draw the report's figures and
// the fit with matplotlib.

// ipynb is the part of nbformat 4 the export writes.
type ipynb struct {
	Cells         []any          `json:"cells"`
	Metadata      map[string]any `json:"metadata"`
	NBFormat      int            `json:"nbformat"`
	NBFormatMinor int            `json:"nbformat_minor"`
}

type markdownCell struct {
	ID       string         `json:"id"`
	CellType string         `json:"cell_type"` // "markdown"
	Metadata map[string]any `json:"metadata"`
	Source   []string       `json:"source"`
}

type codeCell struct {
	ID             string         `json:"id"`
	CellType       string         `json:"cell_type"` // "code"
	Metadata       map[string]any `json:"metadata"`
	Source         []string       `json:"source"`
	ExecutionCount *int           `json:"execution_count"` // null: not run
	Outputs        []ipynbOutput  `json:"outputs"`
}

// ipynbOutput is one output of a code cell: a stream (output_type,
// name, text) or display data (output_type, data, metadata).
type ipynbOutput map[string]any

// ipynbHelper is the notebook's first code cell.
const ipynbHelper = `import os, subprocess, tempfile

# The session these cells run in: one of the notebook's own, so that
# re-running it changes neither the session it was exported from nor the
# one plain splitpoint opens. Set SPLITPOINT to the binary if it is not on
# PATH.
SESSION = %q
SPLITPOINT = os.environ.get("SPLITPOINT", "splitpoint")

def splitpoint(line):
    """Runs one splitpoint command in SESSION, as the REPL would, and prints its output."""
    with tempfile.NamedTemporaryFile("w", suffix=".sp", delete=False) as f:
        f.write(line + "\n")
    try:
        r = subprocess.run([SPLITPOINT, "--session", SESSION, "run", f.name], capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    print(r.stdout, end="")
    if r.returncode != 0:
        print(r.stderr, end="")
`

// lines splits s into nbformat's list of lines, each but the last ending
// in a newline.
func lines(s string) []string {
	if s == "" {
		return []string{}
	}
	out := strings.SplitAfter(s, "\n")
	if out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// writeIPynb writes s as a Jupyter notebook whose analysis cells read the
// results database db (the session's; another session's database
// nbDB is where the notebook's own cells store their runs).
func writeIPynb(w io.Writer, s *sessions.Session, db, nbDB string) error {
	nb := ipynb{NBFormat: 4, NBFormatMinor: 5, Metadata: map[string]any{
		"kernelspec":    map[string]any{"name": "python3", "display_name": "Python 3", "language": "python"},
		"language_info": map[string]any{"name": "python"},
		"splitpoint":    map[string]any{"session": s.Name, "saved": s.Saved.Format("2006-01-02T15:04:05Z07:00")},
	}}
	var head strings.Builder
	fmt.Fprintf(&head, "# splitpoint session %s\n\nSaved %s.", s.Name, s.Saved.Format("2006-01-02 15:04 MST"))
	if set := sessionSettings(s); len(set) > 0 {
		fmt.Fprintf(&head, " Settings at the end: %s.", strings.Join(set, " "))
	}
	head.WriteString("\n\nEach code cell runs one command of the session with `splitpoint` (on `PATH`, or set `SPLITPOINT`); " +
		"the outputs shown are those the session recorded, figures included. " +
		"The analysis cells at the end read the session's runs into pandas and draw its figures with matplotlib.")
	nb.Cells = append(nb.Cells, markdownCell{ID: "about", CellType: "markdown", Metadata: map[string]any{}, Source: lines(head.String())})
	nb.Cells = append(nb.Cells, codeCell{ID: "setup", CellType: "code", Metadata: map[string]any{}, Outputs: []ipynbOutput{},
		Source: lines(fmt.Sprintf(ipynbHelper, s.Name+"-notebook"))})
	for _, c := range s.Cells {
		n := c.N
		outs := []ipynbOutput{}
		if c.Output != "" {
			outs = append(outs, ipynbOutput{"output_type": "stream", "name": "stdout", "text": lines(c.Output)})
		}
		if c.Error != "" {
			outs = append(outs, ipynbOutput{"output_type": "stream", "name": "stderr", "text": lines("error: " + c.Error + "\n")})
		}
		for _, f := range c.Files {
			if !strings.HasSuffix(f, ".svg") {
				continue
			}
			data, err := os.ReadFile(f)
			if err != nil || !isSVG(data) {
				continue
			}
			outs = append(outs, ipynbOutput{"output_type": "display_data", "metadata": map[string]any{},
				"data": map[string]any{"image/svg+xml": lines(string(stripXMLDecl(data))), "text/plain": []string{filepath.Base(f)}}})
		}
		meta := map[string]any{"splitpoint": map[string]any{"cell": c.N, "source": c.Source,
			"started": c.Started.Format("2006-01-02T15:04:05Z07:00"), "seconds": c.Seconds, "files": c.Files}}
		nb.Cells = append(nb.Cells, codeCell{ID: fmt.Sprintf("cell-%d", c.N), CellType: "code", Metadata: meta,
			ExecutionCount: &n, Outputs: outs, Source: []string{fmt.Sprintf("splitpoint(%s)", pyString(c.Input))}})
	}
	cells, err := analysisCells(db, nbDB)
	if err != nil {
		return err
	}
	nb.Cells = append(nb.Cells, cells...)
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	enc.SetEscapeHTML(false)
	return enc.Encode(nb)
}

// analysisPy holds the analysis cells in the percent format of Jupytext
// and Spyder: a line "# %% ID" starts a code cell, "# %% [markdown] ID" a
// Markdown cell whose lines are comments. The lines that set DB and
// NOTEBOOK_DB are the only ones the export changes.
//
//go:embed ipynb_analysis.py
var analysisPy string

// analysisCells are the notebook cells of analysisPy, reading the results
// database at db (and naming nbDB, where the notebook's own runs go).
func analysisCells(db, nbDB string) ([]any, error) {
	set := map[string]string{
		`DB = pathlib.Path("results.db")`:                   "DB = pathlib.Path(" + pyString(db) + ")",
		`NOTEBOOK_DB = pathlib.Path("notebook/results.db")`: "NOTEBOOK_DB = pathlib.Path(" + pyString(nbDB) + ")",
	}
	var cells []any
	var id, kind string
	var body []string
	flush := func() {
		text := strings.Trim(strings.Join(body, "\n"), "\n")
		switch kind {
		case "markdown":
			cells = append(cells, markdownCell{ID: id, CellType: "markdown", Metadata: map[string]any{}, Source: lines(text)})
		case "code":
			cells = append(cells, codeCell{ID: id, CellType: "code", Metadata: map[string]any{}, Outputs: []ipynbOutput{}, Source: lines(text)})
		}
		body = nil
	}
	for _, l := range strings.Split(analysisPy, "\n") {
		if rest, ok := strings.CutPrefix(l, "# %% "); ok {
			flush()
			kind = "code"
			if id, ok = strings.CutPrefix(rest, "[markdown] "); ok {
				kind = "markdown"
			} else {
				id = rest
			}
			continue
		}
		if kind == "markdown" {
			l = strings.TrimPrefix(strings.TrimPrefix(l, "#"), " ")
		}
		if v, ok := set[l]; ok {
			delete(set, l)
			l = v
		}
		body = append(body, l)
	}
	flush()
	if len(set) > 0 {
		return nil, fmt.Errorf("the notebook's analysis cells lack the lines that set DB and NOTEBOOK_DB")
	}
	return cells, nil
}

// pyString quotes s as a Python string literal (JSON's string syntax is
// one, for the characters it escapes).
func pyString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// exportIPynb writes the session's notebook to path and says so.
func exportIPynb(sh *Shell, path string) error {
	var b strings.Builder
	db, err := filepath.Abs(sh.DB())
	if err != nil {
		return err
	}
	nbDB, err := filepath.Abs(filepath.Join(sessions.Dir(sh.Home, sh.S.Name+"-notebook"), sessions.DBName))
	if err != nil {
		return err
	}
	if err := writeIPynb(&b, sh.S, db, nbDB); err != nil {
		return err
	}
	if err := writeFile(path, []byte(b.String())); err != nil {
		return err
	}
	fmt.Fprintf(sh.Out, "wrote %s\n", path)
	return nil
}

// ipynbArgs lets --ipynb stand alone (the default file): "--ipynb" not
// followed by a value becomes "--ipynb=".
func ipynbArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if (a == "--ipynb" || a == "-ipynb") && (i+1 == len(args) || strings.HasPrefix(args[i+1], "-")) {
			a = "--ipynb="
		}
		out = append(out, a)
	}
	return out
}

// flagGiven reports whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
