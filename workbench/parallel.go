package workbench

import (
	"flag"
	"fmt"
	"sort"
	"strings"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/progress"
	"splitpoint/results"
	"splitpoint/sched"
)

func sortStrings(s []string) { sort.Strings(s) }

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// parallelCmd runs search on a machine.
func parallelCmd(env *Env, name string, sf *searchFlags, mf *machineFlags) error {
	mcfg, err := parallelMachine(env, sf, mf)
	if err != nil {
		return err
	}
	base, closeBase, err := mf.baselineMode()
	if err != nil {
		return err
	}
	defer closeBase()
	items, err := lab.Resolve(name)
	if err != nil {
		return err
	}
	var reps []*lab.ParallelReport
	line := env.progressLine("search", len(items), *sf.asJSON)
	defer line.Stop()
	for i, it := range items {
		s, cfg, err := settleParallel(env, line, i, it, sf, mcfg)
		if err != nil {
			return err
		}
		r, err, fatal := runParallel(env, line, it, s, cfg, mf, base)
		if fatal != nil {
			return fatal
		}
		if r != nil {
			reps = append(reps, r)
			if !*sf.asJSON {
				line.Print(func() { r.WriteText(env.Out) })
			}
			if obs := env.Observe; obs != nil && obs.Report != nil {
				obs.Report(r)
			}
		}
		if err != nil {
			if !*sf.asJSON {
				lab.Suite(reps).WriteText(env.Out)
			}
			return writeJSONAndErr(env, *sf.asJSON, reps, err)
		}
	}
	if !*sf.asJSON {
		lab.Suite(reps).WriteText(env.Out)
	}
	return writeJSONAndErr(env, *sf.asJSON, reps, nil)
}

// parallelMachine checks the machine flags against the algorithm and
// builds the machine's configuration.
func parallelMachine(env *Env, sf *searchFlags, mf *machineFlags) (sched.Config, error) {
	algo := sf.algo()
	algs := sf.req.Tables().Algos
	if row, ok := algs.Lookup(algo); !ok || !row.Parallel {
		return sched.Config{}, usageErr("--workers and --sim run the parallel algorithms (%s), not %q", strings.Join(algs.Names(algos.ParallelAlgos), ", "), algo)
	}
	if !mf.parallel() {
		if sf.req.Given("workers") {
			return sched.Config{}, usageErr("--workers %d: want 1…%d pool workers (or --sim P|inf: the simulated machine)", mf.workers(), sched.MaxPoolWorkers)
		}
		return sched.Config{}, usageErr("%s runs on a machine: give --workers P or --sim P|inf", algo)
	}
	mcfg, err := mf.config()
	if err != nil {
		return mcfg, err
	}
	if obs := env.Observe; obs != nil && obs.Snapshot != nil {
		mcfg.Observe = obs.Snapshot
	}
	switch {
	case sf.req.Given("costs") && !mcfg.IsSim():
		return mcfg, usageErr("--costs applies to the simulated machine (--sim)")
	case *mf.repeat < 1 || *mf.repeat > lab.MaxRepeat:
		return mcfg, usageErr("--repeat %d: want 1…%d", *mf.repeat, lab.MaxRepeat)
	case *mf.repeat > 1 && mcfg.IsSim():
		return mcfg, usageErr("--repeat repeats pool runs for their timing; a simulated run is reproducible bit for bit")
	case *mf.cycles && (!mcfg.IsSim() || mcfg.P <= 0):
		return mcfg, usageErr("--cycles accounts for a simulated machine's cycles: give --sim P with a finite P")
	}
	return mcfg, nil
}

// baselineMode is the serial baseline --compare asks for (or --baseline,
// its old name), and the function that closes its cache.
func (f *machineFlags) baselineMode() (lab.BaselineMode, func(), error) {
	base := lab.BaselineMode{}
	mode := *f.compare
	if *f.baseline != "" {
		mode = *f.baseline
	}
	switch mode {
	case "none":
		base.Skip = true
	case "fresh":
	case "", "run":
		if *f.db != "" {
			store, err := results.Open(*f.db)
			if err != nil {
				return base, func() {}, err
			}
			base.Cache = &lab.BaselineCache{Store: store}
			return base, func() { store.Close() }, nil
		}
	default:
		return base, func() {}, usageErr("--compare %q: want run (cached in --db when given), fresh or none", mode)
	}
	return base, func() {}, nil
}

// settleParallel settles the run of item i on the machine: the settings
// layer's rule (lab.Settle), the machine, then what needs both (Ready:
// the grain).
func settleParallel(env *Env, line *progress.Line, i int, it *lab.Item, sf *searchFlags, mcfg sched.Config) (lab.Settled, sched.Config, error) {
	s, err := sf.settle(it.Shape())
	if err != nil {
		return s, mcfg, err
	}
	if lab.NeedsDepth(s.Opt) && it.OwnDepth() == 0 {
		return s, mcfg, usageErr("%s needs --depth 1..%d for %s (a synthetic tree without one is searched whole, a suite position that carries a depth is searched to it)", s.Opt.Algo, algos.MaxDepth, it.Name)
	}
	s.Machine = mcfg.Machine
	cfg := s.Config(mcfg)
	line.Item(i, it.Title()+" "+s.Opt.Algo+" "+cfg.Machine.String())
	s.Ready(line.Context(env.Ctx), it)
	return s, cfg, nil
}

// runParallel runs the settled run and records it in --db. err is the
// run's (its report, when not nil, says how far it got); fatal an error
// after it (cycles, recording) that ends the command at once.
func runParallel(env *Env, line *progress.Line, it *lab.Item, s lab.Settled, cfg sched.Config, mf *machineFlags, base lab.BaselineMode) (r *lab.ParallelReport, err, fatal error) {
	o, notes := s.Opt, s.Notes
	if base.Skip {
		notes = append(notes, "no serial baseline (--baseline none): no efficiency, speedup or search overhead")
	} else if !cfg.IsSim() && *mf.repeat == 1 {
		notes = append(notes, "one timing of each search: wall times on a shared machine vary from run to run; --repeat N reports the median of N with their spread")
	}
	r, err = lab.ParallelRepeated(line.Context(env.Ctx), it, o, cfg, base, *mf.repeat)
	if r == nil {
		return nil, err, nil
	}
	r.Notes = notes
	if err == nil && *mf.cycles {
		if err := r.AccountCycles(); err != nil {
			return r, nil, err
		}
	}
	if err == nil {
		if rerr := recordParallel(env.Ctx, *mf.db, it, o, cfg, r); rerr != nil {
			return r, nil, fmt.Errorf("recording the run in %s: %w", *mf.db, rerr)
		}
	}
	return r, err, nil
}
