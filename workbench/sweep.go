package workbench

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"splitpoint/algos"
	"splitpoint/experiment"
	"splitpoint/fits"
	"splitpoint/results"
	"splitpoint/sched"
)

func init() {
	register(&Command{
		Name:  "sweep",
		Args:  "[<position>…] --positions P,… --algos A,… [--workers P,…] [--sim P,…|inf] --depth D [--spec FILE.yaml] [--db FILE] …",
		Short: "run an experiment: positions × algorithms × machines, stored run by run in the results database",
		Long: `Runs every algorithm on every position, on every pool size (--workers)
and every simulated machine (--sim, inf for infinitely many processors), for
every seed and repetition, after one serial baseline search per position
(--baseline, default serial Scout, same depth and table) that speedup,
efficiency and search overhead are measured against. Algorithms take
variants with '+': jamboree+serialize2+deferred.

Every run is stored in the database (--db, default splitpoint.db) as soon as
it finishes; Ctrl-C stops the sweep and keeps every finished run. The sweep
ends with its id and a summary per algorithm, machine and P (mean and
standard deviation over the positions of the speedup, efficiency, search
overhead and idle time); --fit fits T_P ≈ c1·W/P + c∞·C + c0 to its
parallel runs. "splitpoint runs" and "splitpoint sql" read the database.

--spec FILE.yaml gives the same settings as a file (keys: positions, algos,
depth, time, workers, sim, reps, seeds, tt, costs, levels, levelwait,
baseline); flags given with it override the file. Positions given as
arguments are added to the list.`,
		Flags: func(fs *flag.FlagSet) func(*Env, []string) error {
			specFile := fs.String("spec", "", "experiment spec (YAML); flags override it")
			fs.String("positions", "", "positions, comma-separated (suite:kaufman#1,uniform:b=4,d=6,seed=1,…)")
			fs.String("algos", "", "algorithms with +variants, comma-separated: "+strings.Join(algos.Algorithms(), ", ")+", "+strings.Join(parallelNames(), ", "))
			fs.String("workers", "", "goroutine-pool sizes, comma-separated")
			fs.String("sim", "", "simulated processor counts, comma-separated, inf for infinitely many")
			fs.String("depth", "", "search depth in plies")
			fs.String("time", "", "time limit of the serial searches (with depth 0)")
			fs.String("reps", "", "repetitions of every run (default 1)")
			fs.String("seed", "", "machine seeds, comma-separated (default 1)")
			fs.String("tt", "", "transposition table of 2^BITS entries (default: the preset's; plain: 0, off)")
			fs.String("preset", "", "search options every run starts from: "+strings.Join(algos.PresetNames(), ", ")+" (default plain)")
			fs.String("grain", "", "parallel searches run serial Scout at this remaining depth and below (default 0)")
			fs.String("costs", "", "simulator cost model, e.g. node=1,steal=20 (keys: "+strings.Join(costKeys(), ", ")+")")
			fs.Bool("levels", false, "steal ordering by levels")
			fs.Bool("levelwait", false, "level waiting")
			fs.String("baseline", "", "serial algorithm of the baseline (default scout)")
			db := fs.String("db", results.DefaultPath, "results database")
			fit := fs.Bool("fit", false, "fit T_P ≈ c1·W/P + c∞·C + c0 to the parallel runs, per algorithm and machine")
			return func(env *Env, args []string) error {
				spec, err := sweepSpec(fs, *specFile, args)
				if err != nil {
					return err
				}
				return SweepCmd(env, spec, *db, *fit)
			}
		},
	})
}

// sweepSpec builds the spec: the file's, then every flag set, then the
// positions given as arguments.
func sweepSpec(fs *flag.FlagSet, file string, args []string) (*experiment.Spec, error) {
	spec := experiment.NewSpec()
	if file != "" {
		var err error
		if spec, err = experiment.Load(file); err != nil {
			return nil, err
		}
	}
	var err error
	fs.Visit(func(f *flag.Flag) {
		key := f.Name
		switch key {
		case "spec", "db", "fit":
			return
		case "seed":
			key = "seeds"
		}
		if e := spec.Set(key, f.Value.String()); e != nil && err == nil {
			err = fmt.Errorf("%w: %v", ErrUsage, e)
		}
	})
	if err != nil {
		return nil, err
	}
	spec.Positions = append(spec.Positions, args...)
	if err := spec.Check(); err != nil {
		if file == "" {
			return nil, fmt.Errorf("%w: %v", ErrUsage, err)
		}
		return nil, err
	}
	return spec, nil
}

// SweepCmd plans and runs a sweep, stores it in the database at db and
// prints its id, the number of runs and the summary (and the fits when
// fit is set).
func SweepCmd(env *Env, spec *experiment.Spec, db string, fit bool) error {
	jobs, err := experiment.Plan(spec, SweepEngine{})
	if err != nil {
		return err
	}
	store, err := results.Open(db)
	if err != nil {
		return err
	}
	defer store.Close()
	r := &experiment.Runner{Store: store, Engine: SweepEngine{}, Out: env.Out, TTY: isTerminal(env.Out)}
	out, err := r.Run(env.Ctx, jobs)
	if err != nil {
		if out != nil {
			what := "stopped by an error"
			if out.Cancelled {
				what = "interrupted"
			}
			fmt.Fprintf(env.Out, "sweep %s %s: kept %d finished runs of %d in %s\n", out.Sweep, what, len(out.Rows), out.Total, db)
		}
		return err
	}
	fmt.Fprintf(env.Out, "sweep %s: %d runs stored in %s\n", out.Sweep, len(out.Rows), db)
	if err := results.WriteSummary(env.Out, results.Summarize(out.Rows)); err != nil {
		return err
	}
	if fit {
		return sweepFits(env, out.Rows)
	}
	return nil
}

// sweepFits fits the model to each algorithm's parallel runs on each
// machine; a group that cannot be fitted says why and the others go on.
func sweepFits(env *Env, rows []results.Run) error {
	groups := results.Observations(rows)
	if len(groups) == 0 {
		fmt.Fprintln(env.Out, "fit: no parallel runs to fit")
	}
	for _, g := range groups {
		fmt.Fprintf(env.Out, "\nfit %s on %s (%d runs; T_P in %s, W and C in cost units)\n", g.Algo, g.Machine, len(g.Obs), g.Unit)
		if err := FitCmd(env, g.Obs, fits.Full, 0, false); err != nil {
			fmt.Fprintf(env.Out, "  not fitted: %v\n", err)
		}
	}
	return nil
}

// isTerminal reports whether w is a terminal (the progress line is then
// rewritten in place).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// SweepEngine runs a sweep's searches: the serial algorithms with
// searchItem, the parallel ones with parallelItem on the job's machine.
type SweepEngine struct{}

// Resolve loads the positions a name gives.
func (SweepEngine) Resolve(name string) ([]experiment.Position, error) {
	items, err := Resolve(name)
	if err != nil {
		return nil, err
	}
	out := make([]experiment.Position, len(items))
	for i, it := range items {
		out[i] = experiment.Position{Name: it.Name, ID: it.ID, Domain: it.Domain(), Handle: it}
	}
	return out, nil
}

// sweepVariants lists the variants each parallel algorithm accepts. A
// variant is the JSON name of a boolean field of algos.Options that the
// sweep sets (jamboree+serialize2 sets Options.Serialize2).
var sweepVariants = map[string][]string{
	"jamboree": {"serialize2", "deferred", "rid", "dist_tt"},
}

// Algo says whether a runs on a machine, or why it cannot run.
func (SweepEngine) Algo(a experiment.Algo) (bool, error) {
	if _, ok := parallelAlgos[a.Name]; ok {
		var opt algos.Options
		return true, setVariants(&opt, a)
	}
	if slices.Contains(algos.Algorithms(), a.Name) {
		if len(a.Variants) > 0 {
			return false, fmt.Errorf("%s is a serial algorithm: it has no variants (got %s)", a.Name, a.VariantString())
		}
		return false, nil
	}
	return false, fmt.Errorf("unknown algorithm %q (serial: %s; parallel: %s)", a.Name,
		strings.Join(algos.Algorithms(), ", "), strings.Join(parallelNames(), ", "))
}

// setVariants turns a's variants on in opt.
func setVariants(opt *algos.Options, a experiment.Algo) error {
	if len(a.Variants) == 0 {
		return nil
	}
	allowed := sweepVariants[a.Name]
	if len(allowed) == 0 {
		return fmt.Errorf("%s has no variants (got %s)", a.Name, a.VariantString())
	}
	b, _ := json.Marshal(opt)
	var m map[string]any
	json.Unmarshal(b, &m)
	for _, v := range a.Variants {
		if !slices.Contains(allowed, v) {
			return fmt.Errorf("%s has no variant %q (variants: %s)", a.Name, v, strings.Join(allowed, ", "))
		}
		m[v] = true
	}
	b, _ = json.Marshal(m)
	var set algos.Options
	if err := json.Unmarshal(b, &set); err != nil {
		return fmt.Errorf("%s: variants %s: %v", a.Name, a.VariantString(), err)
	}
	b, _ = json.Marshal(set)
	var back map[string]any
	json.Unmarshal(b, &back)
	for _, v := range a.Variants {
		if back[v] != true {
			return fmt.Errorf("%s: variant %q is not an option of this build", a.Name, v)
		}
	}
	*opt = set
	return nil
}

// Costs parses a cost model written key=value,….
func (SweepEngine) Costs(s string) (sched.CostModel, error) {
	c := sched.DefaultCosts()
	if err := parseCosts(s, &c); err != nil {
		msg := strings.TrimPrefix(err.Error(), ErrUsage.Error()+": ")
		return c, fmt.Errorf("%s", strings.TrimPrefix(msg, "--costs "))
	}
	return c, nil
}

// Run runs one job and fills row's counters and result.
func (SweepEngine) Run(ctx context.Context, job *experiment.Job, row *results.Run) error {
	it, ok := job.Position.Handle.(*Item)
	if !ok {
		return fmt.Errorf("position %s was not resolved by SweepEngine", job.Position.Name)
	}
	opt := algos.Presets()[job.Preset]
	opt.Algo, opt.Depth, opt.TTBits, opt.Time, opt.Seed, opt.Grain = job.Algo.Name, job.Depth, job.TTBits, job.Time, job.Seed, job.Grain
	if job.Machine == "serial" {
		if err := opt.Validate(); err != nil {
			return err
		}
		rep, err := searchItem(ctx, it, opt)
		if err != nil {
			return err
		}
		c := rep.Counters
		row.Value, row.BestMove, row.Nodes, row.Leaves = int64(rep.Value), rep.BestMoveText, int64(c.Nodes), int64(c.Leaves)
		row.Work = experiment.SerialWork(job.Costs, c.Nodes, c.Interior, c.Leaves)
		row.Span, row.Parallelism = row.Work, 1
		row.Time, row.TimeUnit, row.Seconds = int64(rep.Seconds*1e9), "ns", rep.Seconds
		if row.Time <= 0 {
			row.Time = 1
		}
		return row.SetResult(rep)
	}
	opt.Time = 0
	if err := setVariants(&opt, job.Algo); err != nil {
		return err
	}
	rep, err := parallelItem(ctx, it, opt, job.Config())
	if err != nil {
		return err
	}
	return fillParallelRow(row, rep)
}

// fillParallelRow fills the counters of a parallel run's row from its
// report (a sweep's runs and recorded searches alike).
func fillParallelRow(row *results.Run, rep *ParallelReport) error {
	s := rep.Stats
	row.Value, row.BestMove = int64(rep.Value), rep.BestMove
	row.Nodes, row.Leaves = s.Counts["node"], s.Counts["eval"]
	row.Work, row.Span, row.Parallelism, row.Time, row.TimeUnit = s.Work, s.Span, s.Parallelism, s.Time, s.TimeUnit
	if s.TimeUnit == "ns" {
		row.Seconds = float64(s.Time) / 1e9
	}
	row.Tasks, row.Steals, row.StealTries, row.Aborts, row.AbortedTask = s.Tasks, s.Steals, s.StealAttempts, s.Aborts, s.AbortedTasks
	row.IdleFrac, row.Overhead = s.IdleFraction, s.Overhead
	row.BlockedKids, row.BlockedShr, row.BlockedPar = s.BlockedChildren, s.BlockedShared, s.BlockedParent
	return row.SetResult(rep)
}
