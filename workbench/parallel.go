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
	algo := sf.algo()
	if row, ok := algos.Lookup(algo); !ok || !row.Parallel {
		return usageErr("--workers and --sim run the parallel algorithms (%s), not %q", strings.Join(algos.Names(algos.ParallelAlgos), ", "), algo)
	}
	if !mf.parallel() {
		if isSet(mf.fs, "workers") {
			return usageErr("--workers %d: want 1…%d pool workers (or --sim P|inf: the simulated machine)", *mf.workers, sched.MaxPoolWorkers)
		}
		return usageErr("%s runs on a machine: give --workers P or --sim P|inf", algo)
	}
	mcfg, err := mf.config()
	if err != nil {
		return err
	}
	if obs := env.Observe; obs != nil && obs.Snapshot != nil {
		mcfg.Observe = obs.Snapshot
	}
	if sf.req.Given("costs") && !mcfg.IsSim() {
		return usageErr("--costs applies to the simulated machine (--sim)")
	}
	if *mf.repeat < 1 || *mf.repeat > lab.MaxRepeat {
		return usageErr("--repeat %d: want 1…%d", *mf.repeat, lab.MaxRepeat)
	}
	if *mf.repeat > 1 && mcfg.IsSim() {
		return usageErr("--repeat repeats pool runs for their timing; a simulated run is reproducible bit for bit")
	}
	if *mf.cycles && (!mcfg.IsSim() || mcfg.P <= 0) {
		return usageErr("--cycles accounts for a simulated machine's cycles: give --sim P with a finite P")
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
	var reps []*lab.ParallelReport
	line := env.progressLine("search", len(items), *sf.asJSON)
	defer line.Stop()
	for i, it := range items {
		s, err := sf.settle(it.Shape())
		if err != nil {
			return err
		}
		if lab.NeedsDepth(s.Opt) && it.OwnDepth() == 0 {
			return usageErr("%s needs --depth 1..%d for %s (a synthetic tree without one is searched whole, a suite position that carries a depth is searched to it)", algo, algos.MaxDepth, it.Name)
		}
		cfg := s.Config(mcfg)
		line.Item(i, it.Title()+" "+algo+" "+cfg.Machine.String())
		s.ChooseGrain(line.Context(env.Ctx), it, cfg)
		o, notes := s.Opt, s.Notes
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
