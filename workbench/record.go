package workbench

import (
	"context"
	"time"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/sched"
)

// SearchesSweep is the sweep id under which searches run outside a sweep
// are recorded (search --db; in a session, always), so that runs, fit,
// chart and report see them together.
const SearchesSweep = "searches"

// recordParallel stores a parallel search in the results database at db
// (nothing when db is ""), as a row of the "searches" sweep. A cancelled
// run is not a finished run: it is not recorded.
func recordParallel(ctx context.Context, db string, it *lab.Item, opt algos.Options, cfg sched.Config, rep *lab.ParallelReport) error {
	if db == "" || rep.Cancelled {
		return nil
	}
	row := lab.NewRow(lab.SettingsOf(results.RoleParallel, it, opt, &cfg), cfg.Costs)
	row.Sweep, row.Created, row.Version = SearchesSweep, time.Now().UTC().Format(time.RFC3339Nano), results.Version()
	if err := lab.FillParallel(&row, rep); err != nil {
		return err
	}
	if b := rep.Serial; b != nil && b.RowID != 0 {
		row.BaselineID = results.Int(b.RowID) // derived measures against the cached baseline
	}
	store, err := results.Open(db)
	if err != nil {
		return err
	}
	defer store.Close()
	return store.Insert(ctx, &row)
}
