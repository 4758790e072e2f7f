package workbench

import (
	"fmt"
	"strconv"
	"time"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/sched"
)

// ParallelSolveRow is one position solved by Jamboree on one machine.
type ParallelSolveRow struct {
	Position string  `json:"position"`
	ID       string  `json:"id"`
	Machine  string  `json:"machine"`
	P        int     `json:"p"`
	Solved   bool    `json:"solved"`
	Depth    int     `json:"depth"`
	Chosen   string  `json:"chosen"`
	Time     int64   `json:"time"`    // to the right move: units (sim) or ns (pool); the whole run when unsolved
	Seconds  float64 `json:"seconds"` // the same in seconds (sim: at this computer's serial speed per cost unit, or the machine's clock)
	SecUnit  float64 `json:"sec_per_unit,omitempty"`
	// The settings chosen for the position (lab.Settle).
	Variants string `json:"variants"`
	Grain    int    `json:"grain"`
	Levels   bool   `json:"levels"`
}

// solveParallel solves every item with a parallel algorithm (iterative
// deepening to the depth requested) on every machine and prints t20 and
// Kaufman's rating per machine: StarTech Fig. 5, rating against P. Each
// position's settings are settled as search settles them (lab.Settle).
// On the simulator a time in cost units is converted to seconds at the
// serial Scout's measured speed on this computer (seconds per cost unit
// of the same position), i.e. as if every simulated processor ran as fast
// as this one, or, when clock is not 0, at clock seconds a unit: the
// paper's machine's own seconds (sched.PresetClock).
func solveParallel(env *Env, items []*lab.Item, req lab.Request, machines []sched.Machine, db string, asJSON bool, limit time.Duration, clock float64) error {
	if len(items) == 0 {
		return fmt.Errorf("no positions to solve")
	}
	head, err := lab.Settle(items[0].Shape(), req)
	if err != nil {
		return usageErr("%v", err)
	}
	opt := head.Opt
	sweep := "solve-" + time.Now().UTC().Format("20060102-150405")
	var store *results.Store
	if db != "" {
		var err error
		if store, err = results.Open(db); err != nil {
			return err
		}
		defer store.Close()
	}
	type summary struct {
		Machine string        `json:"machine"`
		P       int           `json:"p"`
		Summary algos.Summary `json:"summary"`
	}
	var rows []ParallelSolveRow
	var sums []summary
	if !asJSON {
		variants, grain := opt.VariantString(), strconv.Itoa(opt.Grain)
		if !req.Given("variants") {
			variants = "as search chooses"
		}
		if head.AutoGrain {
			grain = "as search chooses"
		}
		fmt.Fprintf(env.Out, "solve %d positions with %s, iterative deepening to depth %d, limit %v, variants %s, grain %s, table 2^%d, seed %d\n",
			len(items), opt.Algo, opt.Depth, limit, variants, grain, opt.TTBits, opt.Seed)
		for _, n := range head.Notes {
			fmt.Fprintln(env.Out, "  "+n)
		}
		if head.AutoGrain {
			fmt.Fprintln(env.Out, "  grain: chosen per position for the pool as search chooses it (lab.AutoGrain), 0 on the simulator (no --grain given)")
		}
	}
	line := env.progressLine("solve", len(machines)*len(items), asJSON)
	defer line.Stop()
	for mi, m := range machines {
		mcfg := sched.Config{Machine: m, Costs: sched.DefaultCosts(), ProfileBuckets: -1}
		var res []algos.SolveResult
		for ii, it := range items {
			line.Item(mi*len(items)+ii, it.Title()+" "+m.String())
			if err := env.Ctx.Err(); err != nil {
				return err
			}
			if len(it.BM) == 0 && len(it.AM) == 0 {
				return fmt.Errorf("%s: no bm or am to solve for", it.Name)
			}
			s, err := lab.SettleOn(line.Context(env.Ctx), it, req, m)
			if err != nil {
				return usageErr("%v", err)
			}
			o, cfg := s.Opt, s.Config(mcfg)
			o.Iterative = true
			rep, err := lab.Parallel(line.Context(env.Ctx), it, o, cfg, lab.BaselineMode{})
			if err != nil {
				return err
			}
			row := solveRow(it, rep, m, clock)
			row.Variants, row.Grain, row.Levels = o.VariantString(), o.Grain, cfg.Levels
			if !row.Solved || row.Seconds > limit.Seconds() {
				row.Solved, row.Seconds = false, limit.Seconds()
			}
			rows = append(rows, row)
			res = append(res, algos.SolveResult{Solved: row.Solved, Seconds: row.Seconds, Depth: row.Depth})
			if store != nil {
				if err := recordSolve(env, store, sweep, it, o, cfg, rep, row); err != nil {
					return err
				}
			}
		}
		s := algos.SolveSummary(res)
		sums = append(sums, summary{m.Kind, m.P, s})
		if !asJSON {
			line.Print(func() {
				fmt.Fprintf(env.Out, "  %-12s solved %2d of %d   t%d = %9.3f s   rating %4.0f\n", m, s.Solved, s.Positions, s.Counted, s.T20, s.Rating)
			})
		}
	}
	if asJSON {
		opt.Iterative = true
		return writeJSON(env.Out, struct {
			Options  algos.Options      `json:"options"`
			Rows     []ParallelSolveRow `json:"positions"`
			Machines []summary          `json:"machines"`
		}{opt, rows, sums})
	}
	unit := "at this computer's serial speed"
	if clock > 0 {
		unit = fmt.Sprintf("of the machine's clock (one cost unit %.3g µs)", clock*1e6)
	}
	fmt.Fprintf(env.Out, "rating = 2930 − 200·log10(t20) (StarTech §3); simulated times in seconds %s\n", unit)
	if store != nil {
		fmt.Fprintf(env.Out, "recorded as sweep %s in %s (report --sweep %s draws rating against P)\n", sweep, db, sweep)
	}
	return nil
}

// solveRow finds when the search settled on a right move: the first
// iteration of the final run of iterations that chose one (the one rule,
// algos.SolveWatch). An algorithm that does not iterate is judged on its
// final move, at the time of the whole run.
func solveRow(it *lab.Item, rep *lab.ParallelReport, m sched.Machine, clock float64) ParallelSolveRow {
	row := ParallelSolveRow{Position: it.Name, ID: it.ID, Machine: m.Kind, P: m.P, Chosen: rep.BestMove, Time: rep.Time}
	w := algos.SolveWatch{BM: it.BM, AM: it.AM}
	iters := rep.Iterations
	if len(iters) == 0 {
		iters = []algos.JamIteration{{Depth: rep.Depth, BestMove: rep.Best, At: rep.Time}}
	}
	for _, x := range iters {
		if w.Iteration(x.BestMove) {
			row.Time, row.Depth = x.At, x.Depth
		}
	}
	row.Solved = w.Solved()
	if !row.Solved {
		row.Time, row.Depth = rep.Time, 0
	}
	row.Seconds = float64(row.Time) / 1e9
	if rep.TimeUnit != "ns" && clock > 0 {
		row.SecUnit = clock
		row.Seconds = float64(row.Time) * clock
	} else if b := rep.Serial; rep.TimeUnit != "ns" && b != nil && b.Work > 0 {
		row.SecUnit = b.Seconds / float64(b.Work)
		row.Seconds = float64(row.Time) * row.SecUnit
	}
	return row
}

func recordSolve(env *Env, store *results.Store, sweep string, it *lab.Item, opt algos.Options, cfg sched.Config, rep *lab.ParallelReport, row ParallelSolveRow) error {
	r := lab.NewRow(lab.SettingsOf(results.RoleSolve, it, opt, &cfg), cfg.Costs)
	r.Sweep, r.Created, r.Version = sweep, time.Now().UTC().Format(time.RFC3339Nano), results.Version()
	if err := lab.FillParallel(&r, rep); err != nil {
		return err
	}
	r.Seconds = row.Seconds
	if err := r.SetResult(row); err != nil {
		return err
	}
	return store.Insert(env.Ctx, &r)
}
