package workbench

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/results"
	"splitpoint/sched"
)

// SearchesSweep is the sweep id under which searches run outside a sweep
// are recorded (search --db; in a session, always), so that runs, fit,
// chart and report see them together.
const SearchesSweep = "searches"

// recordParallel stores a parallel search in the results database at db
// (nothing when db is ""), as a row of the "searches" sweep.
func recordParallel(ctx context.Context, db string, it *Item, opt algos.Options, cfg sched.Config, rep *ParallelReport) error {
	if db == "" {
		return nil
	}
	costs, _ := json.Marshal(cfg.Costs)
	row := results.Run{Sweep: SearchesSweep, Created: time.Now().UTC().Format(time.RFC3339Nano), Version: results.Version(),
		Role: results.RoleParallel, Position: it.Name, PositionID: it.ID, Domain: it.Domain(), Algo: opt.Algo,
		Variants: strings.ReplaceAll(opt.VariantString(), ",", "+"), Depth: int64(opt.Depth), Machine: cfg.Machine,
		Seed: int64(cfg.Seed), Rep: 1, TTBits: int64(opt.TTBits), Costs: string(costs), Levels: cfg.Levels, LevelWait: cfg.LevelWait}
	if row.Variants == "none" {
		row.Variants = ""
	}
	switch {
	case cfg.Machine == "sim" && cfg.P == 0:
		row.P = results.Int(results.PInf)
	default:
		row.P = results.Int(int64(cfg.P))
	}
	if err := fillParallelRow(&row, rep); err != nil {
		return err
	}
	store, err := results.Open(db)
	if err != nil {
		return err
	}
	defer store.Close()
	return store.Insert(ctx, &row)
}
