package workbench

import (
	"flag"
	"fmt"

	"splitpoint/lab"
	"splitpoint/results"
)

// runsLong is the help of the runs command.
const runsLong = `Lists the last runs (--last N, of one sweep with --sweep ID; "last" is the
sweep stored last). --summary prints a sweep's summary (the last sweep's
unless --sweep says which): per algorithm, machine and P the number of runs
and the mean and standard deviation of the speedup, the efficiency, the
search overhead and the idle time, in the shape of Lu's tables 4.1 and
5.1–5.3. --csv FILE and --json FILE export every column of the runs (of
--sweep, or all), written atomically.`

// runsCommand declares the runs command's flags on fs and returns the
// function that runs it.
func runsCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	db := fs.String("db", results.DefaultPath, "results database")
	last := fs.Int("last", 20, "how many recent runs to list")
	sweep := fs.String("sweep", "", `sweep id, "last", or "all" (every run)`)
	summary := fs.Bool("summary", false, "print the summary of a sweep (default: the last)")
	csvPath := fs.String("csv", "", "export the runs to this CSV file")
	jsonPath := fs.String("json", "", "export the runs to this JSON file")
	return func(env *Env, args []string) error {
		if len(args) != 0 {
			return usageErr("runs takes no positional arguments, got %q", args)
		}
		if *last < 1 {
			return usageErr("--last %d: want at least 1", *last)
		}
		store, err := results.OpenExisting(*db)
		if err != nil {
			return err
		}
		defer store.Close()
		id := *sweep
		all := id == "all"
		if all {
			id = ""
		}
		if id == "last" || (id == "" && *summary && !all) {
			if id, err = store.LastSweep(); err != nil {
				return err
			}
			if id == "" {
				return fmt.Errorf("%s holds no runs", *db)
			}
		}
		if *csvPath != "" || *jsonPath != "" {
			runs, err := store.Runs(id)
			if err != nil {
				return err
			}
			for _, e := range []struct {
				path  string
				write func(string, []results.Run) error
			}{{*csvPath, results.ExportCSV}, {*jsonPath, results.ExportJSON}} {
				if e.path == "" {
					continue
				}
				if err := e.write(e.path, runs); err != nil {
					return err
				}
				fmt.Fprintf(env.Out, "wrote %d runs to %s\n", len(runs), e.path)
			}
			if !*summary {
				return nil
			}
		}
		if *summary {
			runs, err := store.Runs(id)
			if err == nil {
				runs, err = store.WithBaselines(runs)
			}
			if err != nil {
				return err
			}
			if len(runs) == 0 {
				return fmt.Errorf("sweep %q: no runs in %s", id, *db)
			}
			label := id
			if all {
				label = "all sweeps"
			}
			fmt.Fprintf(env.Out, "%s: %d runs\n", label, len(runs))
			return results.WriteSummary(env.Out, results.Summarize(runs))
		}
		runs, err := store.Recent(*last, id)
		if err != nil {
			return err
		}
		return results.WriteRuns(env.Out, runs)
	}
}
