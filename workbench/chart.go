package workbench

import (
	"flag"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"splitpoint/lab"
	"splitpoint/reports"
	"splitpoint/results"
)

// chartLong is the help of the chart command.
const chartLong = `Writes the figures whose id starts with <figure> — the same figures the
report draws: speedup, overhead, idle, work, span, utilization, profile,
fit, residuals, nodes-vs-table, node-savings — into DIR as an HTML page and
SVG, PDF and CSV files. "chart list" lists the figures a sweep yields.`

// chartCommand declares the chart command's flags on fs and returns the
// function that runs it.
func chartCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	out := fs.String("out", "", "directory to write into")
	db := fs.String("db", results.DefaultPath, "results database")
	sweep := fs.String("sweep", "", "sweep id (default: the last sweep; all: every run)")
	return func(env *Env, args []string) error {
		if len(args) != 1 {
			return usageErr("want one <figure> (or list), got %d arguments", len(args))
		}
		runs, id, err := sweepRuns(*db, *sweep, "give --db")
		if err != nil {
			return err
		}
		base := map[int64]results.Run{}
		for _, r := range runs {
			if r.Role == results.RoleBaseline {
				base[r.ID] = r
			}
		}
		var secs []reports.Section
		for _, s := range append(reportCharts(runs, base), fitSections(runs, 0)...) {
			if s.Chart != nil {
				secs = append(secs, s)
			}
		}
		if args[0] == "list" {
			var ids []string
			for _, s := range secs {
				ids = append(ids, s.Chart.ID)
			}
			sort.Strings(ids)
			fmt.Fprintf(env.Out, "%s\n", strings.Join(ids, "\n"))
			return nil
		}
		if *out == "" {
			return usageErr("--out DIR is required")
		}
		var chosen []reports.Section
		for _, s := range secs {
			if strings.HasPrefix(s.Chart.ID, args[0]) {
				chosen = append(chosen, s)
			}
		}
		if len(chosen) == 0 {
			return fmt.Errorf("no figure %q in sweep %s (chart list shows them)", args[0], sweepLabel(id))
		}
		rep := &reports.Report{Title: "splitpoint: " + args[0], Meta: reportMeta(runs, *db, id), Sections: chosen}
		index, warnings, err := reports.Write(*out, rep)
		if err != nil {
			return err
		}
		for _, w := range warnings {
			fmt.Fprintf(env.Out, "warning: %s\n", w)
		}
		env.Wrote(index)
		for _, s := range chosen {
			svg := filepath.Join(*out, s.Chart.ID+".svg")
			env.Wrote(svg)
			fmt.Fprintf(env.Out, "wrote %s (.pdf, .csv beside it)\n", svg)
		}
		return nil
	}
}
