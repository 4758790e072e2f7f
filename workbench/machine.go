package workbench

import (
	"flag"
	"runtime"
	"strconv"

	"splitpoint/sched"
)

// machineFlags choose where a parallel algorithm runs: the goroutine pool
// (--workers) or the simulated machine (--sim), and the simulator's costs.
type machineFlags struct {
	workers  *int
	sim      *string
	profile  *bool
	db       *string
	baseline *string
	cycles   *bool
	repeat   *int
	fs       *flag.FlagSet
}

func declareMachineFlags(fs *flag.FlagSet) *machineFlags {
	return &machineFlags{
		fs:       fs,
		workers:  fs.Int("workers", 0, "run on the goroutine pool with P workers, 1…"+strconv.Itoa(sched.MaxPoolWorkers)+" (this machine has "+strconv.Itoa(runtime.NumCPU())+" cores; more oversubscribes them)"),
		sim:      fs.String("sim", "", "run on the simulated machine with P processors (1…"+strconv.Itoa(sched.MaxSimProcs)+") or inf"),
		profile:  fs.Bool("profile", false, "include the parallelism and utilization profiles in JSON"),
		db:       fs.String("db", "", "record each parallel run in this results database, sweep \""+SearchesSweep+"\" (a session records into its own)"),
		baseline: fs.String("baseline", "run", "the serial baseline (efficiency, speedup, search overhead): run (reused from --db when the same search was run before), fresh (run it again) or none"),
		cycles:   fs.Bool("cycles", false, "account for the simulated machine's cycles in StarTech Fig. 8's categories (--sim P, finite)"),
		repeat:   fs.Int("repeat", 1, "pool: run the search and its serial baseline N times, alternating, and report the median repetition with every time (the simulator is deterministic)"),
	}
}

// parallel reports whether the user asked for a parallel machine.
func (f *machineFlags) parallel() bool { return *f.workers != 0 || *f.sim != "" }

// config builds the machine's configuration: the pool or the simulator
// (the knobs' settings are the settled run's, lab.Settled.Config).
func (f *machineFlags) config() (sched.Config, error) {
	cfg := sched.Config{Costs: sched.DefaultCosts()}
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
	return cfg, nil
}
