package repl

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"splitpoint/atomicfile"
	"splitpoint/cluster"
	"splitpoint/lab"
	"splitpoint/reproductions"
	"splitpoint/results"
	"splitpoint/sessions"
)

// The reproduction documents are generated from the runs, so that their
// text, figures and verdicts cannot drift from what was measured:
//
//	DIR/reproductions/NAME.md    one reproduction: its configuration, the
//	                             paper's figures, the verdicts and the run
//	DIR/reproductions/NAME.json  its verdicts as data (the index reads them)
//	DIR/reproductions/NAME.csv   the cases behind each verdict, from which
//	                             a verdict is recomputed by its rule
//	DIR/reproductions/NAME.runs.csv  the runs of the session (without the
//	                             result JSON), with the command that
//	                             regenerates them in NAME.json
//	DIR/reproductions.md         the index and the counts per paper
//
// "splitpoint reproduce --docs DIR [NAME...]" writes them from the latest
// full-form session of each reproduction under the sessions home; a
// reproduction with no such session keeps the files it has.

// verdictFile is a reproduction's verdicts as data, written beside its
// document.
type verdictFile struct {
	Name     string         `json:"name"`
	Paper    string         `json:"paper"`
	Session  string         `json:"session"`
	Saved    time.Time      `json:"saved"`
	Host     string         `json:"host,omitempty"`
	Command  string         `json:"command,omitempty"` // regenerates the run and the data files
	Data     string         `json:"data,omitempty"`    // NAME.csv: the cases of every verdict
	Runs     string         `json:"runs,omitempty"`    // NAME.runs.csv: the session's runs
	Verdicts []verdictEntry `json:"verdicts"`
}

// verdictEntry is one verdict as data: the claim, the rule of its kind and
// the test's figures, the tolerance and its parts, the scales, and the
// cause with its kind; with the cases in the data file (its claim column
// is the entry's 1-based index) it is enough to recompute the verdict.
type verdictEntry struct {
	Paper      string    `json:"paper"`
	Source     string    `json:"source"`
	Figure     string    `json:"figure"`
	Measure    *float64  `json:"measure"` // null: not measured
	N          *float64  `json:"n,omitempty"`
	Verdict    string    `json:"verdict"`
	Rule       string    `json:"rule,omitempty"`
	Test       *testData `json:"test,omitempty"`
	Tolerance  *tolData  `json:"tolerance,omitempty"`
	PaperScale string    `json:"paper_scale,omitempty"`
	RunScale   string    `json:"run_scale,omitempty"`
	Smaller    bool      `json:"at_smaller_scale,omitempty"`
	Reading    string    `json:"reading,omitempty"`
	Override   string    `json:"override,omitempty"`
	Cases      int       `json:"cases,omitempty"` // rows of the data file
	Cause      string    `json:"cause,omitempty"`
	CauseKind  string    `json:"cause_kind,omitempty"`
}

// testData is a claim's test as data.
type testData struct {
	Kind   string  `json:"kind"`
	Want   float64 `json:"want"`
	Hi     float64 `json:"hi,omitempty"`
	Size   float64 `json:"size,omitempty"`
	Shift  float64 `json:"shift,omitempty"`
	PaperN int     `json:"paper_n,omitempty"`
}

// tolData is a verdict's tolerance: the paper's error, the run's spread
// and their combination, the τ of the rule.
type tolData struct {
	Paper    float64  `json:"paper"`
	Run      *float64 `json:"run"` // null: no spread computed
	Combined float64  `json:"combined"`
}

// entryOf is o as data.
func entryOf(o reproductions.Outcome) verdictEntry {
	c := o.Claim
	e := verdictEntry{Paper: c.Paper, Source: c.Source, Figure: c.Figure, Verdict: string(o.Verdict), Cause: causeOf(o),
		Rule: reproductions.RuleOf(c.Test.Kind).Name, PaperScale: c.PaperScale.String(), RunScale: c.RunScale.String(),
		Smaller: o.Smaller, Reading: c.Reading, Override: c.Override, Cases: len(o.Cases),
		Test:      &testData{Kind: c.Test.Kind.String(), Want: c.Test.Want, Hi: c.Test.Hi, Size: c.Test.Size, Shift: c.Shift, PaperN: c.PaperN},
		Tolerance: &tolData{Paper: c.Test.Tol, Combined: o.Tol}}
	if e.Cause != "" {
		e.CauseKind = string(o.CauseKind)
	}
	if !math.IsNaN(o.Spread) {
		s := o.Spread
		e.Tolerance.Run = &s
	}
	if !math.IsNaN(o.Measure) {
		m := o.Measure
		e.Measure = &m
	}
	if !math.IsNaN(o.N) {
		n := o.N
		e.N = &n
	}
	return e
}

// writeReproductionDocs writes the documents of the reproductions named
// (all when names is empty) and then the index, under dir.
func writeReproductionDocs(ctx context.Context, home, dir string, names []string, stdout, stderr io.Writer) error {
	var todo []reproductions.Reproduction
	if len(names) == 0 {
		todo = reproductions.Reproductions
	}
	for _, n := range names {
		r, err := reproductions.Find(n)
		if err != nil {
			return err
		}
		todo = append(todo, r)
	}
	sub := filepath.Join(dir, "reproductions")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return err
	}
	for _, r := range todo {
		name, err := fullFormSession(home, r)
		if err != nil {
			return err
		}
		if name == "" {
			fmt.Fprintf(stderr, "reproduce --docs: %s: no full-form run under %s (splitpoint reproduce %s); its document is kept as it is\n", r.Name, home, r.Name)
			continue
		}
		if err := writeReproductionDoc(ctx, home, sub, r, name); err != nil {
			return fmt.Errorf("%s: %w", r.Name, err)
		}
		fmt.Fprintf(stdout, "wrote %s from session %s\n", filepath.Join(sub, r.Name+".md"), name)
	}
	if err := writeReproductionIndex(dir); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(dir, "reproductions.md"))
	return nil
}

// writeReproductionDoc writes sub/NAME.md and sub/NAME.json from the
// session name, r's latest full-form run.
func writeReproductionDoc(ctx context.Context, home, sub string, r reproductions.Reproduction, name string) error {
	sdir := sessions.Dir(home, name)
	s, err := sessions.Load(sdir)
	if err != nil {
		return err
	}
	outs, err := judgeClaims(ctx, filepath.Join(sdir, sessions.DBName), r.Claims)
	if err != nil {
		return err
	}
	vf := verdictFile{Name: r.Name, Paper: r.Paper, Session: name, Saved: s.Saved.UTC(), Host: s.Host,
		Command: "splitpoint reproduce " + r.Name + " && splitpoint reproduce --docs docs " + r.Name,
		Data:    r.Name + ".csv", Runs: r.Name + ".runs.csv"}
	for _, o := range outs {
		vf.Verdicts = append(vf.Verdicts, entryOf(o))
	}
	if err := atomicfile.WriteBytes(filepath.Join(sub, r.Name+".csv"), casesCSV(outs)); err != nil {
		return err
	}
	runs, err := runsCSV(ctx, filepath.Join(sdir, sessions.DBName))
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(sub, r.Name+".runs.csv"), runs); err != nil {
		return err
	}
	js, err := json.MarshalIndent(vf, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(sub, r.Name+".json"), append(js, '\n')); err != nil {
		return err
	}
	noisy, pool := poolNoise(ctx, filepath.Join(sdir, sessions.DBName))

	var b bytes.Buffer
	w := &b
	fmt.Fprintf(w, "# %s: %s\n\n", r.Name, r.Paper)
	fmt.Fprintf(w, "Generated by `splitpoint reproduce --docs docs %s` from session `%s` (saved %s); do not edit by hand.\n\n",
		r.Name, name, s.Saved.UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(w, "%s.\n\n", sentence(r.What))
	fmt.Fprintf(w, "- Command: `splitpoint reproduce %s` (the full form; `--quick` runs the quick form). Notebook: [notebooks/%s](../../notebooks/%s).\n", r.Name, r.Notebook, r.Notebook)
	fmt.Fprintf(w, "- Data: [%s.csv](%s.csv) holds the cases behind every verdict (the claim column is the verdict's row in [%s.json](%s.json)), [%s.runs.csv](%s.runs.csv) the session's runs; `%s` regenerates both.\n", r.Name, r.Name, r.Name, r.Name, r.Name, r.Name, vf.Command)
	fmt.Fprintf(w, "- Run time here: %s of wall time over %d cells.\n", (time.Duration(cellSeconds(s)) * time.Second).String(), len(s.Cells))
	if s.Host != "" {
		fmt.Fprintf(w, "- Machine: %s. Simulated results do not depend on it: the simulator is deterministic, and the same command gives the same numbers anywhere.\n", s.Host)
	}
	if pool > 0 {
		fmt.Fprintf(w, "- Pool runs timed while other work competed for the cores (a noise warning): %d of %d.\n", noisy, pool)
	}
	fmt.Fprintf(w, "- The session's settings when the run ended (the cells below show what each set): %s.\n", settingsLine(s))
	if r.Published != "" {
		fmt.Fprintf(w, "\n## The paper's figures\n\n```text\n%s\n```\n", strings.TrimRight(r.Published, "\n"))
	}
	if len(r.Differs) > 0 {
		fmt.Fprintf(w, "\n## Where this run's configuration differs from the paper's\n\n| setting | the paper | this run | why |\n|---|---|---|---|\n")
		for _, d := range r.Differs {
			fmt.Fprintf(w, "| %s | %s | %s | %s |\n", md(d.Setting), md(d.Paper), md(d.Here), md(d.Why))
		}
	}
	if len(outs) > 0 {
		fmt.Fprintf(w, "\n## The papers' claims, judged from this run\n\n")
		writeVerdictTable(w, outs)
	}
	fmt.Fprintf(w, "\n## The run\n")
	for _, c := range s.Cells {
		fmt.Fprintf(w, "\n### [%d] `%s`\n\n", c.N, strings.ReplaceAll(c.Input, "`", "'"))
		if out := strings.TrimRight(c.Output, "\n"); out != "" {
			fmt.Fprintf(w, "```text\n%s\n```\n", out)
		}
		if c.Error != "" {
			fmt.Fprintf(w, "\nerror: %s\n", c.Error)
		}
	}
	return atomicfile.WriteBytes(filepath.Join(sub, r.Name+".md"), b.Bytes())
}

// writeVerdictTable writes outs as a Markdown table, then the cause of each
// claim not reproduced (or reproduced only in part, or not measured).
func writeVerdictTable(w io.Writer, outs []reproductions.Outcome) {
	readings := slices.ContainsFunc(outs, func(o reproductions.Outcome) bool { return o.Claim.Reading != "" })
	rd := ""
	if readings {
		rd = " reading |"
	}
	fmt.Fprintf(w, "| # | paper | source | condition | paper's figure |%s rule | τ | scale (paper / run) | measured | verdict |\n|---|---|---|---|---|%s---|---|---|---|---|\n", rd, strings.Repeat("---|", len(rd)/len(" reading |")))
	for i, o := range outs {
		c := o.Claim
		tau := fmt.Sprintf("%.3g", o.Tol)
		if !math.IsNaN(o.Spread) {
			tau += fmt.Sprintf(" (paper %.3g, run %.3g)", c.Test.Tol, o.Spread)
		}
		if c.Test.Kind == reproductions.Order {
			tau = "counts"
		}
		reading := ""
		if readings {
			reading = " " + md(c.Reading) + " |"
		}
		fmt.Fprintf(w, "| %d | %s | %s | %s | %s |%s %s | %s | %s / %s | %s | %s |\n", i+1, md(c.Paper), md(c.Source), md(c.Condition), md(c.Figure), reading, md(c.Test.String()), tau,
			md(c.PaperScale.String()), md(c.RunScale.String()), o.MeasureText(), o.VerdictText())
	}
	var ov []string
	for i, o := range outs {
		if o.Claim.Override != "" {
			ov = append(ov, fmt.Sprintf("- #%d %s: %s", i+1, md(o.Claim.Source), md(o.Claim.Override)))
		}
	}
	if len(ov) > 0 {
		fmt.Fprintf(w, "\nOverrides of the rules (docs/claims.md), each with its reason:\n\n%s\n", strings.Join(ov, "\n"))
	}
	first := true
	for _, o := range outs {
		cause := causeOf(o)
		if cause == "" {
			continue
		}
		if first {
			fmt.Fprintln(w)
			first = false
		}
		fmt.Fprintf(w, "- %s (%s; cause %s): %s\n", md(o.Claim.Source), o.Verdict, o.CauseKind, md(cause))
		if o.Err != nil {
			fmt.Fprintf(w, "  The query failed: %s\n", md(o.Err.Error()))
		}
	}
}

// causeOf is what the documents say of o's outcome: the claim's cause for
// a claim not reproduced in full, or not measured (a cause not measured
// is a conjecture).
func causeOf(o reproductions.Outcome) string {
	switch o.Verdict {
	case reproductions.NotReproduced, reproductions.Partly:
		if o.Claim.Cause == "" {
			return "conjecture: no cause measured yet"
		}
		return o.Claim.Cause
	case reproductions.NotMeasured:
		return o.Claim.Cause
	}
	return ""
}

// poolNoise counts the pool runs of the database at db and those that
// carry a noise warning.
func poolNoise(ctx context.Context, db string) (noisy, pool int) {
	st, err := results.Open(db)
	if err != nil {
		return 0, 0
	}
	defer st.Close()
	t, err := st.Query(ctx, "SELECT COUNT(*), COALESCE(SUM(noise IS NOT NULL AND noise <> ''), 0) FROM runs WHERE machine = 'pool'")
	if err != nil || len(t.Rows) == 0 || len(t.Rows[0]) < 2 {
		return 0, 0
	}
	p, _ := t.Rows[0][0].(int64)
	n, _ := t.Rows[0][1].(int64)
	return int(n), int(p)
}

func cellSeconds(s *sessions.Session) float64 {
	var t float64
	for _, c := range s.Cells {
		t += c.Seconds
	}
	return math.Round(t)
}

func settingsLine(s *sessions.Session) string {
	var parts []string
	for _, st := range allSettings(lab.DefaultTables()) {
		if v, ok := s.Settings[st.name]; ok {
			parts = append(parts, fmt.Sprintf("`%s=%s`", st.name, v))
		}
	}
	if len(parts) == 0 {
		return "the defaults"
	}
	return strings.Join(parts, " ")
}

// writeReproductionIndex writes dir/reproductions.md from the verdict
// files under dir/reproductions: one row per reproduction and the counts
// per paper.
func writeReproductionIndex(dir string) error {
	vfs := map[string]verdictFile{}
	for _, r := range reproductions.Reproductions {
		data, err := os.ReadFile(filepath.Join(dir, "reproductions", r.Name+".json"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		var vf verdictFile
		if err := json.Unmarshal(data, &vf); err != nil {
			return fmt.Errorf("%s: %w", filepath.Join(dir, "reproductions", r.Name+".json"), err)
		}
		vfs[r.Name] = vf
	}
	type tally [4]int // reproduced, partly, not reproduced, not measured
	kinds := []reproductions.Verdict{reproductions.Reproduced, reproductions.Partly, reproductions.NotReproduced, reproductions.NotMeasured}
	per := map[string]*tally{}
	var papers []string
	var b bytes.Buffer
	w := &b
	fmt.Fprintf(w, "# Reproductions of the papers' results\n\n")
	fmt.Fprintf(w, "Generated by `splitpoint reproduce --docs docs` from the latest full-form run of each reproduction; do not edit by hand.\n")
	fmt.Fprintf(w, "Each reproduction's page gives its command, machine, date and settings, where its configuration differs from the paper's and\n")
	fmt.Fprintf(w, "why, the paper's figures, the verdict of each of the paper's claims computed from the run (docs/claims.md says how), and\n")
	fmt.Fprintf(w, "everything the run printed. A claim not reproduced carries its cause and its kind: measured (an ablation of the same run\n")
	fmt.Fprintf(w, "produces it, with the share of the gap it closes), argued, or conjecture. Where the paper leaves a setting open, each\n")
	fmt.Fprintf(w, "reading is judged and counted on a row of its own.\n\n")
	fmt.Fprintf(w, "| reproduction | paper | run | reproduced | partly | not reproduced | not measured |\n|---|---|---|---|---|---|---|\n")
	for _, r := range reproductions.Reproductions {
		vf, ok := vfs[r.Name]
		if !ok {
			fmt.Fprintf(w, "| %s | %s | no full-form run recorded (%d claims wait for one): `splitpoint reproduce %s` | | | | |\n", r.Name, md(r.Paper), len(r.Claims), r.Name)
			continue
		}
		// A paper's open readings are counted apart: one row per reading.
		n := map[string]*tally{}
		var readings []string
		for _, v := range vf.Verdicts {
			i := slices.Index(kinds, reproductions.Verdict(v.Verdict))
			if i < 0 {
				i = 3
			}
			if n[v.Reading] == nil {
				n[v.Reading] = &tally{}
				readings = append(readings, v.Reading)
			}
			n[v.Reading][i]++
			key := v.Paper
			if v.Reading != "" {
				key += " (reading: " + v.Reading + ")"
			}
			t := per[key]
			if t == nil {
				t = &tally{}
				per[key] = t
				papers = append(papers, key)
			}
			t[i]++
		}
		run := fmt.Sprintf("[%s](reproductions/%s.md)", vf.Saved.Format("2006-01-02"), r.Name)
		if vf.Data == "" {
			// A page written before the verdicts carried their rule: its
			// verdicts are not the rule table's until it is regenerated.
			run += " (verdicts of the former per-claim tests; not yet regenerated)"
		}
		if len(vf.Verdicts) == 0 {
			fmt.Fprintf(w, "| [%s](reproductions/%s.md) | %s | %s | no claims | | | |\n", r.Name, r.Name, md(r.Paper), run)
			continue
		}
		for _, rd := range readings {
			name := fmt.Sprintf("[%s](reproductions/%s.md)", r.Name, r.Name)
			if rd != "" {
				name += ", reading: " + md(rd)
			}
			t := n[rd]
			fmt.Fprintf(w, "| %s | %s | %s | %d | %d | %d | %d |\n", name, md(r.Paper), run, t[0], t[1], t[2], t[3])
		}
	}
	fmt.Fprintf(w, "\n## Counts per paper\n\n| paper | reproduced | partly | not reproduced | not measured |\n|---|---|---|---|---|\n")
	slices.Sort(papers)
	for _, p := range papers {
		t := per[p]
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d |\n", md(p), t[0], t[1], t[2], t[3])
	}
	return atomicfile.WriteBytes(filepath.Join(dir, "reproductions.md"), b.Bytes())
}

// thisMachine names this machine for a reproduction's document: its
// processor and logical cores.
func thisMachine() string {
	h := cluster.ThisHost()
	return fmt.Sprintf("%s, %d logical cores", h.CPU, h.Cores)
}

// sentence is s with its first letter upper case and no final period.
func sentence(s string) string {
	s = strings.TrimSuffix(s, ".")
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// casesCSV is the data file of a page: per verdict (claim, its 1-based
// row) its cases, or for a measure without cases one row "measure" with
// the measure and, for an order, n as the denominator column.
func casesCSV(outs []reproductions.Outcome) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"claim", "case", "value", "denominator"})
	f := func(x float64) string {
		if math.IsNaN(x) {
			return ""
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	for i, o := range outs {
		id := strconv.Itoa(i + 1)
		if len(o.Cases) == 0 {
			den := ""
			if o.Claim.Test.Kind == reproductions.Order {
				den = f(o.N)
			}
			w.Write([]string{id, "measure", f(o.Measure), den})
			continue
		}
		for _, c := range o.Cases {
			w.Write([]string{id, c.Name, f(c.Num), f(c.Den)})
		}
	}
	w.Flush()
	return b.Bytes()
}

// runsCSV is the session's runs table as CSV, without the result JSON
// (the runs' counters are in the session's database; the cases file holds
// what the verdicts read from them).
func runsCSV(ctx context.Context, db string) ([]byte, error) {
	st, err := results.Open(db)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	t, err := st.Query(ctx, "SELECT * FROM runs ORDER BY id")
	if err != nil {
		return nil, err
	}
	var keep []int
	for i, c := range t.Columns {
		if c != "result" {
			keep = append(keep, i)
		}
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	var head []string
	for _, i := range keep {
		head = append(head, t.Columns[i])
	}
	w.Write(head)
	for _, r := range t.Rows {
		var rec []string
		for _, i := range keep {
			switch v := r[i].(type) {
			case nil:
				rec = append(rec, "")
			case []byte:
				rec = append(rec, string(v))
			case float64:
				rec = append(rec, strconv.FormatFloat(v, 'g', -1, 64))
			default:
				rec = append(rec, fmt.Sprint(v))
			}
		}
		w.Write(rec)
	}
	w.Flush()
	return b.Bytes(), w.Error()
}
