package workbench

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/results"
	"splitpoint/sched"
)

// solveMachine is one machine of a parallel solve: the pool with P
// workers, or the simulator with P processors (0 = infinitely many).
type solveMachine struct {
	machine string
	p       int
}

func (m solveMachine) label() string {
	if m.machine == "sim" && m.p == 0 {
		return "sim P=inf"
	}
	return fmt.Sprintf("%s P=%d", m.machine, m.p)
}

// parseSolveMachines reads --workers and --sim lists.
func parseSolveMachines(workers, sim string) ([]solveMachine, error) {
	var out []solveMachine
	for _, spec := range []struct{ machine, list string }{{"pool", workers}, {"sim", sim}} {
		if spec.list == "" {
			continue
		}
		for _, f := range strings.Split(spec.list, ",") {
			f = strings.TrimSpace(f)
			if spec.machine == "sim" && f == "inf" {
				out = append(out, solveMachine{"sim", 0})
				continue
			}
			n, err := strconv.Atoi(f)
			if err != nil || n < 1 || n > sched.MaxSimProcs {
				return nil, usageErr("--%s %q: want processor counts 1…%d, comma-separated", map[string]string{"pool": "workers", "sim": "sim"}[spec.machine], f, sched.MaxSimProcs)
			}
			out = append(out, solveMachine{spec.machine, n})
		}
	}
	return out, nil
}

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
	Seconds  float64 `json:"seconds"` // the same in seconds (sim: at this computer's serial speed per cost unit)
	SecUnit  float64 `json:"sec_per_unit,omitempty"`
}

// solveParallel solves every item with Jamboree (iterative deepening to
// opt.Depth) on every machine and prints t20 and Kaufman's rating per
// machine: StarTech Fig. 5, rating against P. On the simulator a time in
// cost units is converted to seconds at the serial Scout's measured speed
// on this computer (seconds per cost unit of the same position), i.e. as
// if every simulated processor ran as fast as this one.
func solveParallel(env *Env, items []*Item, opt algos.Options, machines []solveMachine, seed uint64, db string, asJSON bool, limit time.Duration) error {
	opt.Iterative = true
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
		fmt.Fprintf(env.Out, "solve %d positions with %s, iterative deepening to depth %d, limit %v, variants %s, grain %d, table 2^%d, seed %d\n",
			len(items), opt.Algo, opt.Depth, limit, opt.VariantString(), opt.Grain, opt.TTBits, seed)
	}
	for _, m := range machines {
		cfg := sched.Config{Machine: m.machine, P: m.p, Seed: seed, Costs: sched.DefaultCosts(), ProfileBuckets: -1}
		var res []algos.SolveResult
		for _, it := range items {
			if err := env.Ctx.Err(); err != nil {
				return err
			}
			if len(it.BM) == 0 && len(it.AM) == 0 {
				return fmt.Errorf("%s: no bm or am to solve for", it.Name)
			}
			rep, err := parallelItem(env.Ctx, it, opt, cfg)
			if err != nil {
				return err
			}
			row := solveRow(it, rep, m)
			if !row.Solved || row.Seconds > limit.Seconds() {
				row.Solved, row.Seconds = false, limit.Seconds()
			}
			rows = append(rows, row)
			res = append(res, algos.SolveResult{Solved: row.Solved, Seconds: row.Seconds, Depth: row.Depth})
			if store != nil {
				if err := recordSolve(env, store, sweep, it, opt, cfg, rep, row); err != nil {
					return err
				}
			}
		}
		s := algos.SolveSummary(res)
		sums = append(sums, summary{m.machine, m.p, s})
		if !asJSON {
			fmt.Fprintf(env.Out, "  %-12s solved %2d of %d   t%d = %9.3f s   rating %4.0f\n", m.label(), s.Solved, s.Positions, s.Counted, s.T20, s.Rating)
		}
	}
	if asJSON {
		return writeJSON(env.Out, struct {
			Options  algos.Options      `json:"options"`
			Rows     []ParallelSolveRow `json:"positions"`
			Machines []summary          `json:"machines"`
		}{opt, rows, sums})
	}
	fmt.Fprintf(env.Out, "rating = 2930 − 200·log10(t20) (StarTech §3); simulated times in seconds at this computer's serial speed\n")
	if store != nil {
		fmt.Fprintf(env.Out, "recorded as sweep %s in %s (report --sweep %s draws rating against P)\n", sweep, db, sweep)
	}
	return nil
}

// solveRow finds when the search settled on a right move: the first
// iteration of the final run of iterations that chose one.
func solveRow(it *Item, rep *ParallelReport, m solveMachine) ParallelSolveRow {
	row := ParallelSolveRow{Position: it.Name, ID: it.ID, Machine: m.machine, P: m.p, Chosen: rep.BestMove, Time: rep.Time}
	right := func(mv game.Move) bool {
		if mv == game.NoMove {
			return false
		}
		if len(it.BM) > 0 {
			return slices.Contains(it.BM, mv)
		}
		return !slices.Contains(it.AM, mv)
	}
	j := rep.Jamboree
	if j != nil {
		streak := false
		for _, x := range j.Iterations {
			switch ok := right(x.BestMove); {
			case ok && !streak:
				streak, row.Time, row.Depth = true, x.At, x.Depth
			case !ok:
				streak = false
			}
		}
		row.Solved = streak
		if !streak {
			row.Time = rep.Time
		}
	}
	row.Seconds = float64(row.Time) / 1e9
	if rep.TimeUnit != "ns" && j != nil && j.SerialWork > 0 {
		row.SecUnit = j.SerialSeconds / float64(j.SerialWork)
		row.Seconds = float64(row.Time) * row.SecUnit
	}
	return row
}

func recordSolve(env *Env, store *results.Store, sweep string, it *Item, opt algos.Options, cfg sched.Config, rep *ParallelReport, row ParallelSolveRow) error {
	costs, _ := json.Marshal(cfg.Costs)
	r := results.Run{Sweep: sweep, Created: time.Now().UTC().Format(time.RFC3339Nano), Version: results.Version(),
		Role: results.RoleSolve, Position: it.Name, PositionID: it.ID, Domain: it.Domain(), Algo: opt.Algo,
		Variants: strings.ReplaceAll(strings.TrimPrefix(opt.VariantString(), "none"), ",", "+"), Depth: int64(opt.Depth),
		Machine: cfg.Machine, Seed: int64(cfg.Seed), Rep: 1, TTBits: int64(opt.TTBits), Costs: string(costs),
		Levels: cfg.Levels, LevelWait: cfg.LevelWait}
	r.P = results.Int(int64(cfg.P))
	if cfg.Machine == "sim" && cfg.P == 0 {
		r.P = results.Int(results.PInf)
	}
	if err := fillParallelRow(&r, rep); err != nil {
		return err
	}
	r.Seconds = row.Seconds
	if err := r.SetResult(row); err != nil {
		return err
	}
	return store.Insert(env.Ctx, &r)
}
