package workbench

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"splitpoint/fits"
	"splitpoint/lab"
	"splitpoint/reports"
	"splitpoint/results"
)

// reportLong is the help of the report command.
const reportLong = `Reads the runs of a sweep (the last one by default; --sweep all: every run
of the database) and writes DIR/index.html with the papers' figures — speedup
against P with the linear reference, work and critical path against P per
position (StarTech Figs. 6 and 7), predicted against measured T_P with y = x
and the residuals, the parallelism profile, the utilization breakdown
(efficiency / idle / other overheads, Lu Fig. 4.5), search overhead and idle
time against P (Lu Figs. 5.10, 5.11), nodes against table size (StarTech
Fig. 4) when runs of several table sizes are present, node savings per
position (Vučković Fig. 6.1) when a split search reports them — the fit of
T_P = c1·W/P + c∞·C + c0 for each algorithm and machine with its
validation on large P, the summary table, and every run. Each figure is also
written as SVG, PDF and CSV, each table as CSV and LaTeX (booktabs). The
settings, seeds, version and machine are printed on the page.`

// reportCommand declares the report command's flags on fs and returns the
// function that runs it.
func reportCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	out := fs.String("out", "", "directory to write the report into (created if needed)")
	db := fs.String("db", results.DefaultPath, "results database")
	sweep := fs.String("sweep", "", "sweep id (default: the last sweep; all: every run)")
	title := fs.String("title", "", "report title (default: from the sweep)")
	maxP := fs.Float64("validate-maxp", 0, "fit on runs with P ≤ this and predict the rest (default: a quarter of the largest P)")
	return func(env *Env, args []string) error {
		if len(args) != 0 {
			return usageErr("report takes no positional arguments, got %q", args)
		}
		if *out == "" {
			return usageErr("--out DIR is required")
		}
		return reportCmd(env, *db, *sweep, *out, *title, *maxP)
	}
}

func reportCmd(env *Env, db, sweep, out, title string, maxP float64) error {
	runs, sweep, err := sweepRuns(db, sweep, "give --db")
	if err != nil {
		return err
	}
	if len(runs) == 0 {
		return fmt.Errorf("%s: no runs in sweep %q", db, sweep)
	}
	base := map[int64]results.Run{}
	for _, r := range runs {
		if r.Role == results.RoleBaseline {
			base[r.ID] = r
		}
	}
	rep := buildReport(runs, base, db, sweep, title, maxP)
	index, warnings, err := reports.Write(out, rep)
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintf(env.Out, "warning: %s\n", w)
	}
	env.Wrote(index)
	if ents, err := os.ReadDir(out); err == nil {
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".svg") {
				env.Wrote(filepath.Join(out, e.Name()))
			}
		}
	}
	where := index
	if abs, err := filepath.Abs(index); err == nil {
		where = abs
	}
	fmt.Fprintf(env.Out, "report of %d runs written to %s\n", len(runs), where)
	return nil
}

// buildReport lays out the page: settings, summary, figures, fits, runs.
func buildReport(runs []results.Run, base map[int64]results.Run, db, sweep, title string, maxP float64) *reports.Report {
	if title == "" {
		title = "splitpoint sweep " + sweep
		if sweep == "" {
			title = "splitpoint: every run of " + filepath.Base(db)
		}
	}
	rep := &reports.Report{Title: title, Meta: reportMeta(runs, db, sweep)}
	add := func(s reports.Section) { rep.Sections = append(rep.Sections, s) }
	summary := "Means and sample standard deviations over the positions, per algorithm, machine and P (the shape of Lu's Tables 4.1 and 5.1–5.3). Speedup is T_S/T_P and efficiency T_S/W (StarTech), with T_S the serial baseline's time (on the simulator its work in cost units); search overhead is nodes_P/nodes_serial − 1."
	if w := noiseWarning(runs); w != "" {
		summary += "\n\n" + w
	}
	add(reports.Section{Heading: "Summary", Text: summary, Table: summaryTable(runs)})
	for _, c := range reportCharts(runs, base) {
		add(c)
	}
	for _, s := range fitSections(runs, maxP) {
		add(s)
	}
	add(reports.Section{Heading: "Runs", Text: "Every run of the sweep, as stored in the results database.", Table: runsTable(runs)})
	return rep
}

func reportMeta(runs []results.Run, db, sweep string) []reports.KV {
	seen := func(f func(r *results.Run) string) string {
		set := map[string]bool{}
		var out []string
		for i := range runs {
			v := f(&runs[i])
			if v != "" && !set[v] {
				set[v] = true
				out = append(out, v)
			}
		}
		sort.Strings(out)
		return strings.Join(out, ", ")
	}
	host, _ := os.Hostname()
	kv := []reports.KV{
		{Key: "date", Value: time.Now().Format("2006-01-02 15:04 MST")},
		{Key: "version", Value: seen(func(r *results.Run) string { return r.Version })},
		{Key: "sweep", Value: sweepLabel(sweep)},
		{Key: "database", Value: db},
		{Key: "runs", Value: fmt.Sprint(len(runs))},
		{Key: "positions", Value: seen(func(r *results.Run) string { return r.Position })},
		{Key: "algorithms", Value: seen(func(r *results.Run) string { return r.AlgoLabel() })},
		{Key: "depths", Value: seen(func(r *results.Run) string { return fmt.Sprint(r.Depth) })},
		{Key: "table bits", Value: seen(func(r *results.Run) string { return fmt.Sprint(r.TTBits) })},
		{Key: "seeds", Value: seen(func(r *results.Run) string { return fmt.Sprint(r.Seed) })},
		{Key: "cost models", Value: seen(func(r *results.Run) string { return r.Costs })},
		{Key: "levels / level waiting", Value: seen(func(r *results.Run) string { return fmt.Sprintf("%t / %t", r.Levels, r.LevelWait) })},
		{Key: "machine", Value: fmt.Sprintf("%s, %d cores (%s/%s, %s); pool runs above %d workers oversubscribe it", host, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, cpuModel(), runtime.NumCPU())},
	}
	return kv
}

// noiseWarning is one line on the runs timed while other processes
// competed for the cores (column noise), or "" when there are none.
func noiseWarning(runs []results.Run) string {
	noisy, timed := 0, 0
	for i := range runs {
		r := &runs[i]
		if r.OtherCores != nil {
			timed++
		}
		if r.Noise != nil {
			noisy++
		}
	}
	if noisy == 0 {
		return ""
	}
	return fmt.Sprintf("Warning: %d of the %d timed runs (pool runs and serial baselines) were measured while other processes kept the cores busy (column noise of the results database): their times and speedups are not those of a quiet machine.", noisy, timed)
}

func sweepLabel(s string) string {
	if s == "" {
		return "all"
	}
	return s
}

// cpuModel reads the processor's name on Linux.
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown processor"
	}
	for _, l := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown processor"
}

func summaryTable(runs []results.Run) *reports.Table {
	t := &reports.Table{ID: "summary", Title: "Summary by algorithm, machine and P",
		Columns: []string{"algorithm", "machine", "P", "runs", "speedup", "sd", "efficiency", "sd", "overhead %", "idle %", "W/C", "failed %", "cutoff %", "node saving %"}}
	for _, s := range results.Summarize(runs) {
		t.Rows = append(t.Rows, []string{s.Label(), s.Machine, s.ProcsLabel(), fmt.Sprint(s.Runs),
			num(s.Speedup.Mean, 2), num(s.Speedup.SD, 2), num(s.Efficiency.Mean, 3), num(s.Efficiency.SD, 3),
			num(100*s.SearchOverhead.Mean, 1), num(100*s.IdleFraction.Mean, 1), num(s.Parallelism.Mean, 1),
			num(100*s.FailedShare.Mean, 1), num(100*s.CutoffShare.Mean, 1), num(100*s.NodeSaving.Mean, 1)})
	}
	return t
}

func runsTable(runs []results.Run) *reports.Table {
	t := &reports.Table{ID: "runs", Title: "Runs",
		Columns: []string{"id", "role", "position", "id in suite", "algorithm", "machine", "P", "depth", "seed", "tt bits", "value", "best move", "nodes", "work", "span", "time", "unit", "other cores busy"}}
	for i := range runs {
		r := &runs[i]
		t.Rows = append(t.Rows, []string{fmt.Sprint(r.ID), r.Role, r.Position, r.PositionID, r.AlgoLabel(), r.Machine, r.ProcsLabel(),
			fmt.Sprint(r.Depth), fmt.Sprint(r.Seed), fmt.Sprint(r.TTBits), fmt.Sprint(r.Value), r.BestMove,
			fmt.Sprint(r.Nodes), fmt.Sprint(r.Work), fmt.Sprint(r.Span), fmt.Sprint(r.Time), r.TimeUnit, otherCores(r)})
	}
	return t
}

// num formats x with d decimals, or "–" when it is not a number.
func num(x float64, d int) string {
	if x != x {
		return "–"
	}
	return fmt.Sprintf("%.*f", d, x)
}

// fitSections fits T_P = c1·W/P + c∞·C + c0 per algorithm and machine, and
// validates it: fit on small P, predict large P. A group the runs cannot
// fit (too few runs or values of P, a negative cost) is named in one line
// of text and neither tabled nor drawn; groups that fail for the same
// reason share that line.
func fitSections(runs []results.Run, maxP float64) []reports.Section {
	groups := results.Observations(runs)
	if len(groups) == 0 {
		return nil
	}
	coef := &reports.Table{ID: "fits", Title: "Fits of T_P = c1·W/P + c∞·C + c0 (± standard error)",
		Columns: []string{"algorithm", "machine", "runs", "c1", "c∞", "c0", "R²", "correlation", "rel. error %", "Brent rel. error %"}}
	val := &reports.Table{ID: "validation", Title: "Validation: fit on small P, predict large P",
		Columns: []string{"algorithm", "machine", "fit on P ≤", "predicted runs", "mean rel. error %", "max rel. error %", "inside 95% prediction interval %", "Brent mean rel. error %"}}
	var out []reports.Section
	var fitNotes, valNotes groupNotes
	for _, g := range groups {
		f, err := fits.Fit(g.Obs, fits.Full)
		if err != nil {
			fitNotes.add(g.Algo, g.Machine, "not fitted: "+err.Error())
			continue
		}
		pm := func(c fits.Coef, d int) string { return num(c.Value, d) + " ± " + num(c.SE, d) }
		coef.Rows = append(coef.Rows, []string{g.Algo, g.Machine, fmt.Sprint(f.N),
			pm(f.C1, 4), pm(f.Cinf, 4), pm(f.C0, 2), num(f.R2, 5), num(f.Correlation, 6),
			num(100*f.MeanRelativeError, 2), num(100*f.BrentMeanRelativeError, 2)})
		out = append(out, fitCharts(g, f)...)
		mp := maxP
		if mp <= 0 {
			mp = largestFinite(g.Obs) / 4
		}
		if v, err := fits.Validate(g.Obs, mp, fits.Full); err == nil {
			val.Rows = append(val.Rows, []string{g.Algo, g.Machine, num(mp, 0), fmt.Sprint(len(v.Points)),
				num(100*v.MeanRelativeError, 2), num(100*v.MaxRelativeError, 2), num(100*v.Coverage, 0), num(100*v.BrentMeanRelativeError, 2)})
		} else {
			valNotes.add(g.Algo, g.Machine, "nothing to validate: "+strings.TrimPrefix(err.Error(), fits.ErrNothingToValidate.Error()+": "))
		}
	}
	text := "Least squares with gonum; standard errors and 95 % intervals from Student's t; rel. error is the mean relative error |T − T̂|/T of the fit, Brent's that of the bound W/P + C. StarTech reports T_P ≈ 1.02·W/P + 1.5·C + 4.3 s; *Socrates (0.95 ± 0.04)·C + (1.091 ± 0.001)·W/P with correlation 0.999947 and mean relative error 4.85 %. On the pool T_P is in nanoseconds while W and C are in cost units, so c1 and c∞ there are nanoseconds per unit."
	if n := fitNotes.text(); n != "" {
		text += "\n\n" + n
	}
	head := []reports.Section{{Heading: "Performance model", Text: text}}
	if len(coef.Rows) > 0 {
		head[0].Table = coef
	}
	if len(val.Rows) > 0 || valNotes.text() != "" {
		vs := reports.Section{Heading: "Validation", Text: "Each model is fitted on the runs with small P only and predicts the others — how the papers develop on a small machine and predict a large one."}
		if n := valNotes.text(); n != "" {
			vs.Text += "\n\n" + n
		}
		if len(val.Rows) > 0 {
			vs.Table = val
		}
		head = append(head, vs)
	}
	return append(head, out...)
}

// groupNotes collects one-line notes on algorithm/machine groups, so that
// groups with the same note share one line.
type groupNotes struct {
	order []string
	who   map[string][]string
}

func (n *groupNotes) add(algo, machine, note string) {
	if n.who == nil {
		n.who = map[string][]string{}
	}
	key := machine + "\x00" + note
	if _, ok := n.who[key]; !ok {
		n.order = append(n.order, key)
	}
	n.who[key] = append(n.who[key], algo)
}

// text is one line a note: "a, b and c on pool: note".
func (n *groupNotes) text() string {
	var lines []string
	for _, key := range n.order {
		machine, note, _ := strings.Cut(key, "\x00")
		algos := n.who[key]
		who := algos[0]
		if k := len(algos); k > 1 {
			who = strings.Join(algos[:k-1], ", ") + " and " + algos[k-1]
		}
		lines = append(lines, fmt.Sprintf("%s on %s: %s", who, machinePhrase(machine), note))
	}
	return strings.Join(lines, "\n\n")
}

func largestFinite(obs []fits.Obs) float64 {
	m := 0.0
	for _, o := range obs {
		if o.P < 1e300 {
			m = max(m, o.P)
		}
	}
	return m
}

// otherCores is the runs table's cell for the cores other processes kept
// busy during a timed run, marked when the timing is noisy.
func otherCores(r *results.Run) string {
	if r.OtherCores == nil {
		return "–"
	}
	c := fmt.Sprintf("%.2f", *r.OtherCores)
	if r.Noise != nil {
		c += " (noisy)"
	}
	return c
}
