package reproductions

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"splitpoint/sched"
)

// Machine is the machine a paper's runs used and how the workbench models
// it: the cost preset (sched.ParseCosts) its notebook runs beside the free
// machine, or, when the free machine is already the paper's accounting or
// the paper describes too little of its hardware for a cost model, no
// preset and a note that says which.
type Machine struct {
	Name string // the paper's machine, e.g. "BBN TC2000 (NUMA shared memory)"
	// Costs is the cost preset that models it ("tc2000", "cm5"); "" when
	// the reproduction runs no paper machine beside the free one (Note
	// says why).
	Costs  string
	Source string // where the paper describes it
	Note   string // what the model takes from it and what it leaves out
	// Unfiltered says the claims' queries do not select the run's costs:
	// the free machine's verdicts then read the results without the runs
	// on the paper's machine that twin the free ones (FreeMachineCopy).
	// Claims that select the costs read the results as they are, runs on
	// the paper's machine among them (an ablation on it, say).
	Unfiltered bool
}

// PaperCosts is m's cost model (ok false when m has no preset).
func (m Machine) PaperCosts() (sched.CostModel, bool) {
	if m.Costs == "" {
		return sched.CostModel{}, false
	}
	c, err := sched.ParseCosts(m.Costs)
	return c, err == nil
}

// CostsJSON is the costs column of a run on c (lab.NewRow's encoding).
func CostsJSON(c sched.CostModel) string {
	b, _ := json.Marshal(c)
	return string(b)
}

// twinKey is what makes a run on the paper's machine the twin of a run on
// the free machine: every setting of the request but the costs (the grain,
// which a run chooses for its machine, aside).
const twinKey = `f.role = q.role AND f.position = q.position AND f.algo = q.algo AND f.variants = q.variants
  AND f.depth = q.depth AND f.time_limit_ns = q.time_limit_ns AND f.machine = q.machine AND f.p IS q.p
  AND f.seed = q.seed AND f.rep = q.rep AND f.tt_bits = q.tt_bits AND f.levels = q.levels AND f.levelwait = q.levelwait
  AND json_remove(json_extract(f.result, '$.options'), '$.grain') IS json_remove(json_extract(q.result, '$.options'), '$.grain')`

// PaperMachineCopy writes to dst a copy of the results database src in
// which the runs on the paper's machine stand in for their twins on the
// free machine (sched.DefaultCosts): each free run that has a twin on the
// paper's costs (the same request on the paper's machine, twinKey) is
// deleted, and its twins' costs are written as the free machine's. Every
// claim's query, which selects the run's own configuration, then reads the
// paper's machine; runs with no twin (ablations, runs already on the
// paper's machine) stay as they are. It returns how many runs moved.
func PaperMachineCopy(ctx context.Context, src *sql.DB, dst string, paper sched.CostModel) (int64, error) {
	return machineCopy(ctx, src, dst, paper, true)
}

// FreeMachineCopy writes to dst a copy of src without the twins on the
// paper's machine of its runs on the free machine: the run as if the
// paper's machine had not run beside it, so that a claim's query need not
// tell the two apart. It returns how many runs it left out.
func FreeMachineCopy(ctx context.Context, src *sql.DB, dst string, paper sched.CostModel) (int64, error) {
	return machineCopy(ctx, src, dst, paper, false)
}

func machineCopy(ctx context.Context, src *sql.DB, dst string, paper sched.CostModel, onPaper bool) (int64, error) {
	if _, err := src.ExecContext(ctx, "VACUUM INTO ?", dst); err != nil {
		return 0, fmt.Errorf("copying the results: %w", err)
	}
	db, err := sql.Open("sqlite", dst)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	conn, err := db.Conn(ctx) // the temporary table lives on one connection
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	free, onP := CostsJSON(sched.DefaultCosts()), CostsJSON(paper)
	if _, err := conn.ExecContext(ctx, "CREATE TEMP TABLE twins AS SELECT f.id AS free_id, q.id AS paper_id FROM runs f JOIN runs q ON "+twinKey+" WHERE f.costs = ?1 AND q.costs = ?2", free, onP); err != nil {
		return 0, fmt.Errorf("the paper's machine's runs: %w", err)
	}
	if !onPaper {
		res, err := conn.ExecContext(ctx, "DELETE FROM runs WHERE id IN (SELECT paper_id FROM twins)")
		if err != nil {
			return 0, err
		}
		return res.RowsAffected()
	}
	if _, err := conn.ExecContext(ctx, "DELETE FROM runs WHERE id IN (SELECT free_id FROM twins)"); err != nil {
		return 0, err
	}
	res, err := conn.ExecContext(ctx, "UPDATE runs SET costs = ?1 WHERE id IN (SELECT paper_id FROM twins)", free)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// VerdictCount is how many outcomes have each verdict, in the order
// reproduced, partly, not reproduced, not measured.
func VerdictCount(outs []Outcome) string {
	n := map[Verdict]int{}
	for _, o := range outs {
		n[o.Verdict]++
	}
	var parts []string
	for _, v := range []Verdict{Reproduced, Partly, NotReproduced, NotMeasured} {
		parts = append(parts, fmt.Sprintf("%d %s", n[v], v))
	}
	return strings.Join(parts, ", ")
}

// MachineChange is a claim whose verdict differs between the free machine
// and the paper's.
type MachineChange struct {
	Claim       Claim
	Free, Paper Outcome
}

// MachineChanges are the claims of free (judged on the free machine's
// runs) whose verdict differs in paper (the same claims judged on the
// paper's machine's runs), in the claims' order.
func MachineChanges(free, paper []Outcome) []MachineChange {
	var out []MachineChange
	for i := range min(len(free), len(paper)) {
		if free[i].Verdict != paper[i].Verdict {
			out = append(out, MachineChange{Claim: free[i].Claim, Free: free[i], Paper: paper[i]})
		}
	}
	return out
}

// MachineRun is what a run holds on the paper's machine: Runs on its
// costs in all, Moved of them the twins of runs on the free machine.
type MachineRun struct{ Runs, Moved int64 }

// noTwins says what a run without twins on the paper's machine measured.
func (mr MachineRun) noTwins(costs string) string {
	if mr.Runs > 0 {
		return fmt.Sprintf("this run's %d runs on --costs %s have no twin on the free machine: they are the paper's machine alone, and its claims read them as they are", mr.Runs, costs)
	}
	return fmt.Sprintf("this run made no run on --costs %s beside the free machine's", costs)
}

// WriteMachineVerdicts prints the verdict counts on the free machine and
// on the paper's (mr: the runs on the paper's machine and those that stood
// in for their twins), then each claim whose verdict the machine changes,
// with its measures.
func WriteMachineVerdicts(w io.Writer, m Machine, mr MachineRun, free, paper []Outcome) {
	fmt.Fprintf(w, "\nThe paper's machine: %s (--costs %s, %s).\n", m.Name, m.Costs, m.Source)
	moved := mr.Moved
	if moved == 0 {
		fmt.Fprintf(w, "  %s\n", mr.noTwins(m.Costs))
		return
	}
	fmt.Fprintf(w, "  claims on the free machine:     %s\n", VerdictCount(free))
	fmt.Fprintf(w, "  claims on the paper's machine:  %s (%d runs on it stand in for their twins)\n", VerdictCount(paper), moved)
	ch := MachineChanges(free, paper)
	if len(ch) == 0 {
		fmt.Fprintf(w, "  the machine changes no verdict\n")
		return
	}
	fmt.Fprintf(w, "  the machine changes %d verdicts:\n", len(ch))
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "  source\tcondition\tpaper's figure\tfree machine\tpaper's machine")
	for _, c := range ch {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s (%s)\t%s (%s)\n", c.Claim.Source, c.Claim.Condition, c.Claim.Figure,
			fmtMeasure(c.Free.Measure), c.Free.Verdict, fmtMeasure(c.Paper.Measure), c.Paper.Verdict)
	}
	tw.Flush()
}

// measureOrDash prints a measure for a Markdown table.
func measureOrDash(m float64) string {
	if math.IsNaN(m) {
		return "–"
	}
	return fmt.Sprintf("%.4g", m)
}

// WriteMachineMarkdown is WriteMachineVerdicts for a reproduction's page.
func WriteMachineMarkdown(w io.Writer, m Machine, mr MachineRun, free, paper []Outcome) {
	moved := mr.Moved
	fmt.Fprintf(w, "\n## The paper's machine\n\n%s (%s).", m.Name, m.Source)
	if m.Costs == "" {
		fmt.Fprintf(w, " %s\n", m.Note)
		return
	}
	fmt.Fprintf(w, " Modelled by the cost preset `%s`: %s\n\n", m.Costs, m.Note)
	if moved == 0 {
		fmt.Fprintf(w, "%s.\n", sentence(mr.noTwins(m.Costs)))
		return
	}
	fmt.Fprintf(w, "- Claims on the free machine: %s.\n- Claims on the paper's machine: %s (%d runs on it stand in for their twins on the free machine).\n",
		VerdictCount(free), VerdictCount(paper), moved)
	ch := MachineChanges(free, paper)
	if len(ch) == 0 {
		fmt.Fprintf(w, "\nThe machine changes no verdict.\n")
		return
	}
	fmt.Fprintf(w, "\nThe verdicts the machine changes:\n\n| source | condition | paper's figure | free machine | paper's machine |\n|---|---|---|---|---|\n")
	for _, c := range ch {
		fmt.Fprintf(w, "| %s | %s | %s | %s (%s) | %s (%s) |\n", mdCell(c.Claim.Source), mdCell(c.Claim.Condition), mdCell(c.Claim.Figure),
			measureOrDash(c.Free.Measure), c.Free.Verdict, measureOrDash(c.Paper.Measure), c.Paper.Verdict)
	}
}

func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// sentence capitalises s's first letter.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
