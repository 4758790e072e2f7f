package workbench

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"splitpoint/experiment"
	"splitpoint/fits"
	"splitpoint/lab"
	"splitpoint/results"
)

// sweepLong is the help of the sweep command.
var sweepLong = `Runs every algorithm on every position, on every pool size (--workers)
and every simulated machine (--sim, inf for infinitely many processors), for
every seed and repetition, after one serial baseline search per position
(--baseline, default serial Scout, same depth and table) that speedup,
efficiency and search overhead are measured against. Algorithms take
variants with '+': jamboree+serialize2+deferred.

Simulated runs go --jobs at a time (default: one per core), each on a core
of its own, with the results of one at a time; pool and serial runs, whose
times are the measurement, run alone. Every run is stored in the database
(--db, default splitpoint.db), in the plan's order, as soon as it and the
runs before it finish; Ctrl-C stops the sweep and keeps every finished run. The sweep
ends with its id and a summary per algorithm, machine and P (mean and
standard deviation over the positions of the speedup, efficiency, search
overhead and idle time); --fit fits T_P ≈ c1·W/P + c∞·C + c0 to its
parallel runs. "splitpoint runs" and "splitpoint sql" read the database.

--nats URL spreads the runs over workers ("splitpoint worker --nats URL" on
any number of machines) through NATS JetStream; --nats embedded starts a
server here (on --nats-port, every interface or --nats-listen's) that lets
in only the holders of the sweep's keys, written beside the database with
mode 0600, and prints the command the workers run with theirs. Another
server takes --nats-creds, --nats-ca or NATS's environment variables (see
docs/cluster.md). Ctrl-C cancels the remaining jobs and keeps what
finished; --resume ID re-attaches to sweep ID (the same spec) and waits
only for what is not stored.

--spec FILE.yaml gives the same settings as a file; flags given with it
override the file. Positions given as arguments are added to the list.`

// sweepKeys lists the spec's keys, those of the knobs of tab included, for
// "help sweep".
func sweepKeys(tab lab.Tables) string {
	return "Spec keys: " + strings.Join(experiment.KeysIn(tab), ", ") + "."
}

// sweepCommand declares the sweep command's flags on fs and returns the
// function that runs it.
func sweepCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	specFile := fs.String("spec", "", "experiment spec (YAML); flags override it")
	for _, k := range experiment.KeyTableIn(tab) {
		if k.Bool {
			fs.Bool(k.FlagName(), false, k.Help)
		} else {
			fs.String(k.FlagName(), "", k.Help)
		}
	}
	db := fs.String("db", results.DefaultPath, "results database")
	jobs := jobsFlag(fs)
	fit := fs.Bool("fit", false, "fit T_P ≈ c1·W/P + c∞·C + c0 to the parallel runs, per algorithm and machine")
	var d DistFlags
	d.declare(fs)
	return func(env *Env, args []string) error {
		spec, err := sweepSpec(fs, tab, *specFile, args)
		if err != nil {
			return err
		}
		if d.NATS == "none" { // a session's "set nats none"
			d.NATS = ""
		}
		if d.NATS != "" {
			return DistSweepCmd(env, spec, *db, *fit, d)
		}
		if d.Resume != "" {
			return fmt.Errorf("%w: --resume re-attaches a sweep over NATS: give --nats URL too", ErrUsage)
		}
		return SweepCmd(env, spec, *db, *fit, *jobs)
	}
}

// sweepSpec builds the spec: the file's, then every flag set, then the
// positions given as arguments; its keys are those of the tables tab.
func sweepSpec(fs *flag.FlagSet, tab lab.Tables, file string, args []string) (*experiment.Spec, error) {
	spec := experiment.NewSpecIn(tab)
	if file != "" {
		var err error
		if spec, err = experiment.LoadIn(file, tab); err != nil {
			return nil, err
		}
	}
	var err error
	fs.Visit(func(f *flag.Flag) {
		key := f.Name
		if key == "spec" || key == "db" || key == "fit" || key == "jobs" || slices.Contains(distFlagNames, key) {
			return
		}
		for _, k := range experiment.KeyTableIn(tab) {
			if k.FlagName() == key {
				key = k.Name
			}
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

// labEngine is the lab's engine of the spec's tables.
func labEngine(spec *experiment.Spec) experiment.LabEngine {
	tab := spec.Req.Tables()
	return experiment.LabEngine{Tables: &tab}
}

// planAndOpen plans spec's jobs with the lab's engine and opens the
// results database at db, for a local or a distributed sweep, and prints
// to out the settings chosen for the positions (experiment.Notes).
func planAndOpen(spec *experiment.Spec, db string, out io.Writer) ([]experiment.Job, *results.Store, error) {
	jobs, err := experiment.Plan(spec, labEngine(spec))
	if err != nil {
		return nil, nil, err
	}
	store, err := results.Open(db)
	if err != nil {
		return nil, nil, err
	}
	if notes := experiment.Notes(jobs); len(notes) > 0 {
		fmt.Fprintln(out, "settings not given, chosen per position as search chooses them:")
		for _, n := range notes {
			fmt.Fprintln(out, "  "+n)
		}
	}
	return jobs, store, nil
}

// SweepCmd plans and runs a sweep, njobs simulated runs at once (0: one per
// core), stores it in the database at db and prints its id, the number of
// runs and the summary (and the fits when fit is set).
func SweepCmd(env *Env, spec *experiment.Spec, db string, fit bool, njobs int) error {
	jobs, store, err := planAndOpen(spec, db, env.Out)
	if err != nil {
		return err
	}
	defer store.Close()
	r := &experiment.Runner{Store: store, Engine: labEngine(spec), Out: env.Out, Term: env.Term, Jobs: njobs}
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
		if err := FitCmd(env, g.Obs, fits.Full, fits.Absolute, 0, false, g.Unit); err != nil {
			fmt.Fprintf(env.Out, "  not fitted: %v\n", err)
		}
	}
	return nil
}
