package workbench

import (
	"flag"
	"fmt"
	"sort"
	"strings"

	"splitpoint/algos"
	"splitpoint/lab"
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
	algo := *sf.algo
	if row, ok := algos.Lookup(algo); !ok || !row.Parallel {
		return usageErr("--workers and --sim run the parallel algorithms (%s), not %q", strings.Join(algos.Names(algos.ParallelAlgos), ", "), algo)
	}
	if !mf.parallel() {
		if sf.fs.Lookup("workers") != nil && isSet(sf.fs, "workers") {
			return usageErr("--workers %d: want 1…%d pool workers (or --sim P|inf: the simulated machine)", *mf.workers, sched.MaxPoolWorkers)
		}
		return usageErr("%s runs on a machine: give --workers P or --sim P|inf", algo)
	}
	cfg, err := mf.config(*sf.seed)
	if err != nil {
		return err
	}
	if obs := env.Observe; obs != nil && obs.Snapshot != nil {
		cfg.Observe = obs.Snapshot
	}
	opt, err := parallelOptions(sf, mf)
	if err != nil {
		return err
	}
	if *mf.repeat < 1 || *mf.repeat > lab.MaxRepeat {
		return usageErr("--repeat %d: want 1…%d", *mf.repeat, lab.MaxRepeat)
	}
	if *mf.repeat > 1 && cfg.IsSim() {
		return usageErr("--repeat repeats pool runs for their timing; a simulated run is reproducible bit for bit")
	}
	if *mf.cycles && (!cfg.IsSim() || cfg.P <= 0) {
		return usageErr("--cycles accounts for a simulated machine's cycles: give --sim P with a finite P")
	}
	set := map[string]bool{}
	sf.fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	// Defaults a researcher can trust: with no --preset a
	// chess or checkers position is searched as an engine would (the
	// default preset), a synthetic tree by the bare algorithm.
	engineOpt := opt
	if !set["preset"] {
		saved := *sf.preset
		*sf.preset = "default"
		engineOpt, err = parallelOptions(sf, mf)
		*sf.preset = saved
		if err != nil {
			return err
		}
	}
	base := lab.BaselineMode{}
	switch *mf.baseline {
	case "none":
		base.Skip = true
	case "fresh":
	case "", "run":
		if *mf.db != "" {
			store, err := results.Open(*mf.db)
			if err != nil {
				return err
			}
			defer store.Close()
			base.Cache = &lab.BaselineCache{Store: store}
		}
	default:
		return usageErr("--baseline %q: want run (cached in --db when given), fresh or none", *mf.baseline)
	}
	items, err := lab.Resolve(name)
	if err != nil {
		return err
	}
	if lab.NeedsDepth(opt) {
		for _, it := range items {
			if !it.IsTree() {
				return usageErr("%s needs --depth 1..%d for %s (a synthetic tree without one is searched whole)", algo, algos.MaxDepth, it.Name)
			}
		}
	}
	var reps []*lab.ParallelReport
	line := env.progressLine("search", len(items), *sf.asJSON)
	defer line.Stop()
	for i, it := range items {
		line.Item(i, it.Title()+" "+opt.Algo+" "+cfg.Machine.String())
		o, cfg := opt, cfg
		d := it.DefaultsFor(o.Algo, lab.Given{Preset: set["preset"], Variants: set["variants"], Levels: set["levels"]})
		if d.Preset == "default" {
			o = engineOpt
		}
		o.Restart = o.Restart || d.Restart
		cfg.Levels = cfg.Levels || d.Levels
		notes := d.Notes
		if row, _ := algos.Lookup(o.Algo); row.Grain && !set["grain"] {
			var note string
			od, _ := it.TreeDepth(o) // a tree's own depth when none was given
			o.Grain, note = lab.AutoGrain(line.Context(env.Ctx), it, od, cfg)
			notes = append(notes, note)
		}
		if base.Skip {
			notes = append(notes, "no serial baseline (--baseline none): no efficiency, speedup or search overhead")
		} else if !cfg.IsSim() && *mf.repeat == 1 {
			notes = append(notes, "one timing of each search: wall times on a shared machine vary from run to run; --repeat N reports the median of N with their spread")
		}
		r, err := lab.ParallelRepeated(line.Context(env.Ctx), it, o, cfg, base, *mf.repeat)
		if r != nil {
			r.Notes = notes
			if err == nil && *mf.cycles {
				if err := r.AccountCycles(); err != nil {
					return err
				}
			}
		}
		if r != nil && err == nil {
			if rerr := recordParallel(env.Ctx, *mf.db, it, o, cfg, r); rerr != nil {
				return fmt.Errorf("recording the run in %s: %w", *mf.db, rerr)
			}
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

// parallelOptions builds a parallel search's options: the preset and the
// search flags as for its serial baseline, then the variants, grain and
// table distribution.
func parallelOptions(sf *searchFlags, mf *machineFlags) (algos.Options, error) {
	algo := *sf.algo
	row, _ := algos.Lookup(algo)
	saved := *sf.algo
	*sf.algo = row.Baseline
	if *sf.algo == "" {
		*sf.algo = algos.AlgoScout
	}
	opt, err := sf.options()
	*sf.algo = saved
	if err != nil {
		return opt, err
	}
	opt.Algo = algo
	list := *mf.variants
	if *mf.distTT {
		list += "," + algos.VariantDistTT
	}
	if err := algos.SetVariants(algo, list, &opt); err != nil {
		return opt, usageErr("--variants: %v", err)
	}
	opt.Grain = *mf.grain
	if err := algos.SetParams(&opt, *sf.params); err != nil { // again: --param overrides --grain too
		return opt, usageErr("--param %v", err)
	}
	check := opt
	if lab.NeedsDepth(opt) {
		check.Depth = 1 // a synthetic tree gets its own depth; other positions fail in the search
	}
	if err := check.ValidateParallel(); err != nil {
		return opt, fmt.Errorf("%w: %v", ErrUsage, err)
	}
	return opt, nil
}
