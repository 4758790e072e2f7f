package workbench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/lab"
	"splitpoint/sched"
)

// solveLong is the help of the solve command.
const solveLong = `Searches each position by iterative deepening under the time or depth
limit and records the time and nodes until a right move (one of bm, or a
move not in am) was chosen and kept to the end. The summary gives t20, the
sum of the 20 fastest times (an unsolved position counts as the limit), and
Kaufman's estimate 2930 − 200·log10(t20) (StarTech §3).

With --algo jamboree and --sim and/or --workers lists it solves on each
machine (iterative deepening to --depth; a position not solved by then,
or solved after --time, counts as --time) and prints t20 and the rating per
machine — StarTech Fig. 5, rating against P. Simulated times are converted
to seconds at this computer's serial speed (--seconds serial: every
simulated processor as fast as this one), or with --seconds clock at the
clock of the paper's machine that --costs names (cm5: one unit 160 cycles
of the CM-5's 33 MHz SPARC, so a node about 145 µs; tc2000: one unit 1 µs);
the limit is then in that machine's seconds. With --db (in a session,
always) the solves are recorded and "report --sweep ID" draws the figure.

Options start from
--preset (default "default", as every search of a chess or checkers
position: Scout with a 2^20 table, aspiration, quiescence and every ordering
heuristic). Ctrl-C stops at once and summarises the
positions finished so far.`

// solveCommand declares the solve command's flags on fs and returns the
// function that runs it.
func solveCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	sf := declareSearchFlags(fs, tab, true)
	workers := declareMachineList(fs, tab, "workers", false, nil, "parallel algorithms: pool sizes to solve on, comma-separated")
	sim := declareMachineList(fs, tab, "sim", false, nil, "parallel algorithms: simulated processor counts, comma-separated (inf allowed)")
	db := fs.String("db", "", "parallel algorithms: record the solves in this results database (a session records into its own)")
	seconds := fs.String("seconds", "serial", "simulated machines: seconds at this computer's serial speed (serial) or at the clock of the machine --costs names (clock: cm5, tc2000)")
	return func(env *Env, args []string) error {
		if len(args) != 1 {
			return usageErr("want one <suite or position>, got %d arguments", len(args))
		}
		if row, _ := sf.req.Tables().Algos.Lookup(sf.algo()); row.Parallel {
			return solveOnMachines(env, args[0], sf, append(workers.machines(), sim.machines()...), *db, *seconds)
		}
		if !sf.req.Given("time") && !sf.req.Given("depth") {
			return usageErr("solve needs --time or --depth")
		}
		items, err := lab.Resolve(args[0])
		if err != nil {
			return err
		}
		return solveCmd(env, items, sf, *sf.asJSON)
	}
}

// SolveRow is one position's line of a solve report.
type SolveRow struct {
	Position string `json:"position"`
	ID       string `json:"id"`
	Expected string `json:"expected"`
	Chosen   string `json:"chosen"`
	algos.SolveResult
}

// SolveReport is the JSON of a solve run.
type SolveReport struct {
	Options   algos.Options `json:"options"`
	Rows      []SolveRow    `json:"positions"`
	Summary   algos.Summary `json:"summary"`
	Cancelled bool          `json:"cancelled"`
}

func solveCmd(env *Env, items []*lab.Item, sf *searchFlags, asJSON bool) error {
	var settled lab.Settled
	if len(items) > 0 {
		var err error
		if settled, err = sf.settle(items[0].Shape()); err != nil {
			return err
		}
	}
	opt := settled.Opt
	if opt.Time <= 0 && opt.Depth <= 0 {
		return usageErr("solve needs --time or --depth")
	}
	rep := SolveReport{Options: opt}
	var results []algos.SolveResult
	if !asJSON {
		fmt.Fprintf(env.Out, "solve %d positions, %s\n", len(items), opt)
		for _, n := range settled.Notes {
			fmt.Fprintln(env.Out, "  "+n)
		}
		fmt.Fprintf(env.Out, "%4s  %-28s %-14s %-8s %6s %9s %13s %5s\n", "#", "id", "expected", "chosen", "solved", "seconds", "nodes", "depth")
	}
	line := env.progressLine("solve", len(items), asJSON)
	defer line.Stop()
	for i, it := range items {
		if len(it.BM) == 0 && len(it.AM) == 0 {
			return fmt.Errorf("%s: no bm or am to solve for", it.Name)
		}
		if it.IsTree() {
			return fmt.Errorf("%s: synthetic trees have no expected moves", it.Name)
		}
		line.Item(i, it.Title())
		r := it.Solve(line.Context(env.Ctx), opt)
		if r.Err != nil && errors.Is(r.Err, context.Canceled) {
			rep.Cancelled = true
			break
		}
		if r.Err != nil {
			return r.Err
		}
		row := SolveRow{Position: it.Name, ID: it.ID, Expected: it.Expected(), SolveResult: r}
		if r.Move != game.NoMove {
			row.Chosen = it.Describer().MoveString(r.Move)
		}
		rep.Rows = append(rep.Rows, row)
		results = append(results, r)
		if !asJSON {
			mark := "no"
			if r.Solved {
				mark = "yes"
			}
			line.Print(func() {
				fmt.Fprintf(env.Out, "%4d  %-28s %-14s %-8s %6s %9.3f %13d %5d\n", it.Index, trunc(it.ID, 28),
					trunc(row.Expected, 14), row.Chosen, mark, r.Seconds, r.Nodes, r.Depth)
			})
		}
	}
	rep.Summary = algos.SolveSummary(results)
	if asJSON {
		return writeJSON(env.Out, rep)
	}
	s := rep.Summary
	if rep.Cancelled {
		fmt.Fprintf(env.Out, "cancelled: summary of the %d positions finished\n", len(results))
	}
	fmt.Fprintf(env.Out, "solved %d of %d; t%d = %.3f s; Kaufman's estimate 2930 − 200·log10(t20) = %.0f\n",
		s.Solved, s.Positions, s.Counted, s.T20, s.Rating)
	if s.Positions != 25 {
		fmt.Fprintf(env.Out, "note: Kaufman's estimate is calibrated on his 25-position suite (suite:kaufman); here it is only indicative\n")
	}
	if rep.Cancelled {
		return context.Canceled
	}
	return nil
}

// solveOnMachines is solve with a parallel algorithm on machines. Each
// position's settings are settled as search settles them (lab.Settle).
// The machines are --workers's pools, then --sim's simulated machines.
func solveOnMachines(env *Env, name string, sf *searchFlags, machines []sched.Machine, db, seconds string) error {
	algo := sf.algo()
	depth, _ := sf.req.Int("depth")
	limitText, _ := sf.req.Get("time")
	limit, _ := time.ParseDuration(limitText)
	if depth < 1 || limit <= 0 {
		return usageErr("solve with %s needs --depth (iterative deepening to that depth) and --time (the limit an unsolved position counts as, StarTech §3)", algo)
	}
	if len(machines) == 0 {
		return usageErr("solve with %s needs --sim and/or --workers lists", algo)
	}
	items, err := lab.Resolve(name)
	if err != nil {
		return err
	}
	clock, err := solveClock(sf.req, seconds)
	if err != nil {
		return err
	}
	req := sf.req.Clone()
	req.Unset("time") // the limit an unsolved position counts as, not the search's
	return solveParallel(env, items, req, machines, db, *sf.asJSON, limit, clock)
}

// solveClock reads --seconds: 0 for seconds at this computer's serial
// speed, or the length in seconds of one cost unit of the paper's machine
// the request's --costs names (sched.PresetClock).
func solveClock(req lab.Request, seconds string) (float64, error) {
	switch seconds {
	case "serial":
		return 0, nil
	case "clock":
		spec, _ := req.Get("costs")
		if c, ok := sched.PresetClock(spec); ok {
			return c, nil
		}
		return 0, usageErr("--seconds clock needs --costs naming a machine with a clock (cm5, tc2000), got %q", spec)
	}
	return 0, usageErr("--seconds %q: want serial (this computer's serial speed) or clock (the clock of the machine --costs names)", seconds)
}
