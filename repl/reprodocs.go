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
	// Machine is the paper's machine; PaperMachine the same claims judged
	// on the runs on it (absent when the run has none beside the free
	// machine's).
	Machine      string         `json:"machine,omitempty"`
	PaperMachine []verdictEntry `json:"paper_machine_verdicts,omitempty"`
	// PaperMachineRuns counts the run's runs on the paper's machine (with
	// no PaperMachine verdicts: its claims read them as they are).
	PaperMachineRuns int64 `json:"paper_machine_runs,omitempty"`
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
	// Scales are the paper's and the run's scale as data, the run's the
	// one the verdict was taken at (read from the run where the claim
	// names its scale): at_smaller_scale is recomputed from them.
	Scales    *scalesData `json:"scales,omitempty"`
	Reading   string      `json:"reading,omitempty"`
	Override  string      `json:"override,omitempty"`
	Cases     int         `json:"cases,omitempty"` // rows of the data file
	Cause     string      `json:"cause,omitempty"`
	CauseKind string      `json:"cause_kind,omitempty"`
}

// scalesData is a verdict's scales as data.
type scalesData struct {
	Paper scaleData `json:"paper"`
	Run   scaleData `json:"run"`
}

// scaleData is one reproductions.Scale as data.
type scaleData struct {
	Positions int     `json:"positions,omitempty"`
	Depth     int     `json:"depth,omitempty"`
	MinDepth  int     `json:"min_depth,omitempty"`
	Nodes     float64 `json:"nodes,omitempty"`
	P         []int   `json:"p,omitempty"`
	Note      string  `json:"note,omitempty"`
}

func scaleDataOf(s reproductions.Scale) scaleData {
	return scaleData{Positions: s.Positions, Depth: s.Depth, MinDepth: s.MinDepth, Nodes: s.Nodes, P: s.P, Note: s.Note}
}

// scale is d as a reproductions.Scale.
func (d scaleData) scale() reproductions.Scale {
	return reproductions.Scale{Positions: d.Positions, Depth: d.Depth, MinDepth: d.MinDepth, Nodes: d.Nodes, P: d.P, Note: d.Note}
}

// testData is a claim's test as data.
type testData struct {
	Kind   string  `json:"kind"`
	Want   float64 `json:"want"`
	Hi     float64 `json:"hi,omitempty"`
	Size   float64 `json:"size,omitempty"`
	Shift  float64 `json:"shift,omitempty"`
	PaperN int     `json:"paper_n,omitempty"`
	// Largest: the measure is the largest of the cases (a bound the
	// paper states as reached), reproductions.LargestOfCases.
	Largest bool `json:"largest,omitempty"`
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
		Rule: reproductions.RuleOf(c.Test.Kind).Name, PaperScale: c.PaperScale.String(), RunScale: o.RunScale.String(),
		Smaller: o.Smaller, Scales: &scalesData{Paper: scaleDataOf(c.PaperScale), Run: scaleDataOf(o.RunScale)}, Reading: c.Reading, Override: c.Override, Cases: len(o.Cases),
		Test:      &testData{Kind: c.Test.Kind.String(), Want: c.Test.Want, Hi: c.Test.Hi, Size: c.Test.Size, Shift: c.Shift, PaperN: c.PaperN, Largest: c.Largest},
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
	outs, mr, pouts, err := machineVerdicts(ctx, filepath.Join(sdir, sessions.DBName), r)
	if err != nil {
		return err
	}
	vf := verdictFile{Name: r.Name, Paper: r.Paper, Session: name, Saved: s.Saved.UTC(), Host: s.Host,
		Command: "splitpoint reproduce " + r.Name + " && splitpoint reproduce --docs docs " + r.Name,
		Data:    r.Name + ".csv", Runs: r.Name + ".runs.csv", Machine: r.Machine.Name,
		Verdicts: verdictEntries(outs), PaperMachine: verdictEntries(pouts), PaperMachineRuns: mr.Runs}
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
	reproductions.WriteMachineMarkdown(w, r.Machine, mr, outs, pouts)
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

// verdictEntries are outs as the verdict file holds them.
func verdictEntries(outs []reproductions.Outcome) []verdictEntry {
	var es []verdictEntry
	for _, o := range outs {
		es = append(es, entryOf(o))
	}
	return es
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
			md(c.PaperScale.String()), md(o.RunScale.String()), o.MeasureText(), o.VerdictText())
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
	parts := sessionSettings(s)
	if len(parts) == 0 {
		return "the defaults"
	}
	return strings.Join(parts, " ")
}

// writeReproductionIndex writes dir/reproductions.md from the verdict
// files under dir/reproductions: one row per reproduction (per reading
// where the paper leaves a setting open) and the counts per paper, on the
// free machine and on the papers' machines.
func writeReproductionIndex(dir string) error {
	vfs, err := readVerdictFiles(dir)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	w := &b
	fmt.Fprintf(w, "# Reproductions of the papers' results\n\n")
	fmt.Fprintf(w, "Generated by `splitpoint reproduce --docs docs` from the latest full-form run of each reproduction; do not edit by hand.\n")
	fmt.Fprintf(w, "Each reproduction's page gives its command, machine, date and settings, where its configuration differs from the paper's and\n")
	fmt.Fprintf(w, "why, the paper's figures, the verdict of each of the paper's claims computed from the run (docs/claims.md says how), and\n")
	fmt.Fprintf(w, "everything the run printed. A claim not reproduced carries its cause and its kind: measured (an ablation of the same run\n")
	fmt.Fprintf(w, "produces it, with the share of the gap it closes), argued, or conjecture. Where the paper leaves a setting open, each\n")
	fmt.Fprintf(w, "reading is judged and counted on a row of its own.\n\n")
	fmt.Fprintf(w, "| reproduction | paper | run | reproduced | partly | not reproduced | not measured | on the paper's machine |\n|---|---|---|---|---|---|---|---|\n")
	c := newIndexCounts()
	for _, r := range reproductions.Reproductions {
		vf, ok := vfs[r.Name]
		if !ok {
			fmt.Fprintf(w, "| %s | %s | no full-form run recorded (%d claims wait for one): `splitpoint reproduce %s` | | | | | |\n", r.Name, md(r.Paper), len(r.Claims), r.Name)
			continue
		}
		c.writeRows(w, r, vf)
	}
	c.writePapers(w)
	if err := writeMachinesAndScale(w); err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(dir, "reproductions.md"), b.Bytes())
}

// readVerdictFiles reads the verdict file of every reproduction that has
// one under dir/reproductions.
func readVerdictFiles(dir string) (map[string]verdictFile, error) {
	vfs := map[string]verdictFile{}
	for _, r := range reproductions.Reproductions {
		path := filepath.Join(dir, "reproductions", r.Name+".json")
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		var vf verdictFile
		if err := json.Unmarshal(data, &vf); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		vfs[r.Name] = vf
	}
	return vfs, nil
}

// tally counts verdicts: reproduced, partly, not reproduced, not measured.
type tally [4]int

// verdictKinds are the columns of a tally.
var verdictKinds = []reproductions.Verdict{reproductions.Reproduced, reproductions.Partly, reproductions.NotReproduced, reproductions.NotMeasured}

// indexCounts are the index's counts per paper (and reading), on the
// free machine and on the papers' machines, and the reproductions whose
// runs have none on their paper's machine.
type indexCounts struct {
	per, perMachine map[string]*tally
	papers, notRun  []string
}

func newIndexCounts() *indexCounts {
	return &indexCounts{per: map[string]*tally{}, perMachine: map[string]*tally{}}
}

// paperKey is the row of the counts per paper a verdict adds to: its
// paper, and its reading where it has one.
func paperKey(v verdictEntry) string {
	if v.Reading != "" {
		return v.Paper + " (reading: " + v.Reading + ")"
	}
	return v.Paper
}

// add counts the verdicts vs into m, by paper and reading, and returns
// the tallies by reading.
func (c *indexCounts) add(m map[string]*tally, vs []verdictEntry, newPapers bool) (map[string]*tally, []string) {
	byReading := map[string]*tally{}
	var readings []string
	for _, v := range vs {
		i := verdictIndex(verdictKinds, v.Verdict)
		if byReading[v.Reading] == nil {
			byReading[v.Reading] = &tally{}
			readings = append(readings, v.Reading)
		}
		byReading[v.Reading][i]++
		key := paperKey(v)
		if m[key] == nil {
			m[key] = &tally{}
			if newPapers {
				c.papers = append(c.papers, key)
			}
		}
		m[key][i]++
	}
	return byReading, readings
}

// writeRows writes r's rows of the index from its verdict file vf: one per
// reading, with the verdicts on the paper's machine beside them.
func (c *indexCounts) writeRows(w io.Writer, r reproductions.Reproduction, vf verdictFile) {
	run := fmt.Sprintf("[%s](reproductions/%s.md)", vf.Saved.Format("2006-01-02"), r.Name)
	if vf.Data == "" {
		// A page written before the verdicts carried their rule: its
		// verdicts are not the rule table's until it is regenerated.
		run += " (verdicts of the former per-claim tests; not yet regenerated)"
	}
	if len(vf.Verdicts) == 0 {
		fmt.Fprintf(w, "| [%s](reproductions/%s.md) | %s | %s | no claims | | | | |\n", r.Name, r.Name, md(r.Paper), run)
		return
	}
	n, readings := c.add(c.per, vf.Verdicts, true)
	// On the papers' machines: the paper-machine verdicts where the run
	// has them; the free machine's where the free machine is the paper's
	// (no preset: its page says why); none where the paper's machine has
	// a preset the run did not run.
	var onMachine map[string]*tally
	same := ""
	switch {
	case len(vf.PaperMachine) > 0:
		onMachine, _ = c.add(c.perMachine, vf.PaperMachine, false)
	case r.Machine.Costs == "":
		c.add(c.perMachine, vf.Verdicts, false)
		same = "the same (no preset)"
	case vf.PaperMachineRuns > 0:
		c.add(c.perMachine, vf.Verdicts, false)
		same = "the same (its runs are on it)"
	default:
		same = fmt.Sprintf("not run (`--costs %s`)", r.Machine.Costs)
		c.notRun = append(c.notRun, r.Name)
	}
	for _, rd := range readings {
		name := fmt.Sprintf("[%s](reproductions/%s.md)", r.Name, r.Name)
		if rd != "" {
			name += ", reading: " + md(rd)
		}
		m := same
		if t := onMachine[rd]; t != nil {
			m = fmt.Sprintf("%d / %d / %d / %d", t[0], t[1], t[2], t[3])
		}
		t := n[rd]
		fmt.Fprintf(w, "| %s | %s | %s | %d | %d | %d | %d | %s |\n", name, md(r.Paper), run, t[0], t[1], t[2], t[3], m)
	}
}

// writePapers writes the counts per paper, on the free machine and on
// the papers' machines.
func (c *indexCounts) writePapers(w io.Writer) {
	fmt.Fprintf(w, "\n## Counts per paper\n\n| paper | reproduced | partly | not reproduced | not measured |\n|---|---|---|---|---|\n")
	slices.Sort(c.papers)
	for _, p := range c.papers {
		t := c.per[p]
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d |\n", md(p), t[0], t[1], t[2], t[3])
	}
	fmt.Fprintf(w, "\n## Counts per paper on the papers' machines\n\nThe same claims judged on the runs on each paper's machine (its cost preset: the TC2000 for Lu, the CM-5 for StarTech and \\*Socrates) where the run has them beside the free machine's; where no preset models the paper's machine the free machine's verdicts stand (its page says why: the paper's accounting is the free machine's, or the paper describes too little of its hardware).")
	if len(c.notRun) > 0 {
		fmt.Fprintf(w, " Not counted, their recorded runs having none on the paper's machine: %s.", strings.Join(c.notRun, ", "))
	}
	fmt.Fprintf(w, "\n\n| paper | reproduced | partly | not reproduced | not measured |\n|---|---|---|---|---|\n")
	for _, p := range c.papers {
		t := c.perMachine[p]
		if t == nil {
			t = &tally{}
		}
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d |\n", md(p), t[0], t[1], t[2], t[3])
	}
}

// writeMachinesAndScale writes the index's table of the papers' machines
// and scales: each reproduction's machine and preset, and the runs and
// estimated cost of its paper's scale (reproductions.Scales).
func writeMachinesAndScale(w io.Writer) error {
	fmt.Fprintf(w, "\n## The papers' machines and scale\n\n")
	fmt.Fprintf(w, "Each reproduction runs its paper's machine beside the free one where a cost preset models it (`--costs tc2000`, `--costs cm5`; docs/simulator.md gives each cost and its source) and judges every claim on both (its page lists the verdicts the machine changes). ")
	fmt.Fprintf(w, "`splitpoint reproduce NAME --scale paper` prints what the paper's scale costs and the commands that run it over a cluster (NATS or Slurm), resumably; `--emit-spec DIR` writes its sweep specs (notebooks/scale: the free machine's and the paper's). ")
	fmt.Fprintf(w, "The estimates come from a measured sample with the model each plan states (one CPU of the project's 2-core machine, user time, while other work loaded it).\n\n")
	fmt.Fprintf(w, "| reproduction | the paper's machine | preset | the paper's scale | runs | simulated nodes (est.) | CPU-hours (est.) |\n|---|---|---|---|---|---|---|\n")
	for _, r := range reproductions.Reproductions {
		preset := "–"
		if r.Machine.Costs != "" {
			preset = "`" + r.Machine.Costs + "`"
		}
		s, ok := reproductions.Scales[r.Name]
		if !ok {
			fmt.Fprintf(w, "| %s | %s | %s | %s | | | |\n", r.Name, md(r.Machine.Name), preset, md(reproductions.ScaleNote[r.Name]))
			continue
		}
		plans, err := s.Plan(lab.DefaultTables())
		if err != nil {
			return fmt.Errorf("%s: %w", r.Name, err)
		}
		var runs int
		var nodes, hours float64
		for _, p := range plans {
			runs += p.Parallel + p.Baseline
			nodes += p.Nodes
			hours += p.CPUHours
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %d | %.2g | %.2g |\n", r.Name, md(r.Machine.Name), preset, md(s.Paper), runs, nodes, hours)
	}
	return nil
}

// verdictIndex is v's column among kinds (not measured when unknown).
func verdictIndex(kinds []reproductions.Verdict, v string) int {
	if i := slices.Index(kinds, reproductions.Verdict(v)); i >= 0 {
		return i
	}
	return len(kinds) - 1
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
