package workbench

import (
	"flag"
	"runtime"
	"strconv"
	"strings"

	"splitpoint/algos"
	"splitpoint/sched"
)

// machineFlags choose where a parallel algorithm runs: the goroutine pool
// (--workers) or the simulated machine (--sim), and the simulator's costs.
type machineFlags struct {
	workers   *int
	sim       *string
	levels    *bool
	levelWait *bool
	costs     *string
	profile   *bool
	db        *string
	variants  *string
	grain     *int
	distTT    *bool
	maxMem    *string
	baseline  *string
	cycles    *bool
	repeat    *int
}

func declareMachineFlags(fs *flag.FlagSet) *machineFlags {
	var vs []string
	for _, v := range algos.Variants() {
		vs = append(vs, v.Name)
	}
	return &machineFlags{
		workers:   fs.Int("workers", 0, "run on the goroutine pool with P workers, 1…"+strconv.Itoa(sched.MaxPoolWorkers)+" (this machine has "+strconv.Itoa(runtime.NumCPU())+" cores; more oversubscribes them)"),
		sim:       fs.String("sim", "", "run on the simulated machine with P processors (1…"+strconv.Itoa(sched.MaxSimProcs)+") or inf"),
		levels:    fs.Bool("levels", false, "steal ordering by levels (*Socrates §4.3)"),
		levelWait: fs.Bool("levelwait", false, "level waiting (*Socrates §4.4)"),
		costs:     fs.String("costs", "", "simulator cost model: a preset ("+strings.Join(sched.CostPresetNames(), ", ")+") and/or key=value pairs, e.g. node=1,steal=20 (keys: "+strings.Join(sched.CostKeys(), ", ")+")"),
		profile:   fs.Bool("profile", false, "include the parallelism and utilization profiles in JSON"),
		db:        fs.String("db", "", "record each parallel run in this results database, sweep \""+SearchesSweep+"\" (a session records into its own)"),
		variants:  fs.String("variants", "none", "the algorithm's variants, comma-separated ("+strings.Join(vs, ", ")+"; help search lists who takes which), a set ("+strings.Join(variantSetNames(), ", ")+"), or none"),
		grain:     fs.Int("grain", 0, "jamboree: nodes with at most this many plies to go are searched by the serial Scout"),
		baseline:  fs.String("baseline", "run", "the serial baseline (efficiency, speedup, search overhead): run (reused from --db when the same search was run before), fresh (run it again) or none"),
		maxMem:    fs.String("max-mem", "", "the run's memory budget, e.g. 2GB or 512MiB, or none (default: "+sched.BudgetString(0)+"); past it the run stops with a clear error"),
		cycles:    fs.Bool("cycles", false, "account for the simulated machine's cycles in StarTech Fig. 8's categories (--sim P, finite)"),
		repeat:    fs.Int("repeat", 1, "pool: run the search and its serial baseline N times, alternating, and report the median repetition with every time (the simulator is deterministic)"),
		distTT:    fs.Bool("dist-tt", false, "jamboree: the dist-tt variant (the table distributed over the processors, key mod P; remote accesses cost tt_remote, local ones tt_local)"),
	}
}

func variantSetNames() []string {
	var out []string
	for k := range algos.VariantSets {
		out = append(out, k)
	}
	sortStrings(out)
	return out
}

// parallel reports whether the user asked for a parallel machine.
func (f *machineFlags) parallel() bool { return *f.workers != 0 || *f.sim != "" }

// config builds the machine's configuration.
func (f *machineFlags) config(seed uint64) (sched.Config, error) {
	cfg := sched.Config{Seed: seed, Levels: *f.levels, LevelWait: *f.levelWait, Costs: sched.DefaultCosts()}
	if !*f.profile {
		cfg.ProfileBuckets = -1
	}
	var err error
	switch {
	case *f.workers != 0 && *f.sim != "":
		return cfg, usageErr("--workers (the pool) and --sim (the simulator) exclude each other")
	case *f.sim != "":
		if cfg.Machine, err = sched.ParseMachine(sched.Sim, *f.sim); err != nil {
			return cfg, usageErr("--sim %v", err)
		}
	default:
		if cfg.Machine, err = sched.ParseMachine(sched.Pool, strconv.Itoa(*f.workers)); err != nil {
			return cfg, usageErr("--workers %v", err)
		}
	}
	if cfg.MaxMem, err = sched.ParseBudget(*f.maxMem); err != nil {
		return cfg, usageErr("--max-mem: %v", err)
	}
	if *f.costs != "" {
		if !cfg.IsSim() {
			return cfg, usageErr("--costs applies to the simulated machine (--sim)")
		}
		if cfg.Costs, err = sched.ParseCosts(*f.costs); err != nil {
			return cfg, usageErr("--costs %v", err)
		}
	}
	return cfg, nil
}
