package workbench

import (
	"flag"
	"strings"

	"splitpoint/lab"
	"splitpoint/results"
)

// sqlLong is the help of the sql command.
const sqlLong = `Runs one SQL statement on the results database (--db, default
splitpoint.db) and prints its rows as a table, CSV or JSON. Table runs has
one row per run (settings, counters, the result's JSON; p is NULL for serial
runs and -1 for the simulator's infinite machine); view derived adds speedup,
efficiency, search_overhead, failed_share, cutoff_share and node_saving
against each run's serial baseline. For example:

  splitpoint sql "SELECT algo, p, avg(speedup) FROM derived WHERE role = 'parallel' GROUP BY algo, p"`

// sqlCommand declares the sql command's flags on fs and returns the
// function that runs it.
func sqlCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	db := fs.String("db", results.DefaultPath, "results database")
	asCSV := fs.Bool("csv", false, "write CSV")
	asJSON := fs.Bool("json", false, "write JSON")
	return func(env *Env, args []string) error {
		if len(args) == 0 {
			return usageErr(`want a query, e.g. "SELECT count(*) FROM runs"`)
		}
		if *asCSV && *asJSON {
			return usageErr("--csv and --json exclude each other")
		}
		store, err := results.OpenExisting(*db)
		if err != nil {
			return err
		}
		defer store.Close()
		t, err := store.Query(env.Ctx, strings.Join(args, " "))
		if err != nil {
			return err
		}
		switch {
		case *asCSV:
			return results.WriteTableCSV(env.Out, t)
		case *asJSON:
			return results.WriteTableJSON(env.Out, t)
		}
		return results.WriteTable(env.Out, t)
	}
}
