package workbench

import (
	"errors"
	"flag"
	"strconv"
	"strings"

	"splitpoint/lab"
	"splitpoint/sched"
)

// machineFlags choose where a parallel algorithm runs: the goroutine pool
// (--workers) or the simulated machine (--sim), and the simulator's costs.
type machineFlags struct {
	req      *lab.Request // the knobs', where the machine's rows (--workers, --sim) put their values
	profile  *bool
	db       *string
	compare  *string
	baseline *string // the old name of --compare
	cycles   *bool
	repeat   *int
	fs       *flag.FlagSet
}

// declareMachineFlags declares the flags of a run on a machine beside the
// knobs' (the machine's rows, --workers and --sim, are among those: req).
func declareMachineFlags(fs *flag.FlagSet, req *lab.Request) *machineFlags {
	return &machineFlags{
		fs:       fs,
		req:      req,
		profile:  fs.Bool("profile", false, "include the parallelism and utilization profiles in JSON"),
		db:       fs.String("db", "", "record each parallel run in this results database, sweep \""+SearchesSweep+"\" (a session records into its own)"),
		compare:  fs.String("compare", "run", "the serial search the run is compared with (efficiency, speedup, search overhead): run (reused from --db when the same search was run before), fresh (run it again) or none"),
		baseline: fs.String("baseline", "", "the old name of --compare (run, fresh or none)"),
		cycles:   fs.Bool("cycles", false, "account for the simulated machine's cycles in StarTech Fig. 8's categories (--sim P, finite)"),
		repeat:   fs.Int("repeat", 1, "pool: run the search and its serial baseline N times, alternating, and report the median repetition with every time (the simulator is deterministic)"),
	}
}

// workers is --workers (0: not given) and sim --sim ("": not given).
func (f *machineFlags) workers() int {
	n, _ := f.req.Int("workers")
	return n
}

func (f *machineFlags) sim() string {
	v, _ := f.req.Get("sim")
	return v
}

// parallel reports whether the user asked for a parallel machine.
func (f *machineFlags) parallel() bool { return f.workers() != 0 || f.sim() != "" }

// config builds the machine's configuration: the pool or the simulator
// (the knobs' settings are the settled run's, lab.Settled.Config).
func (f *machineFlags) config() (sched.Config, error) {
	cfg := sched.Config{Costs: sched.DefaultCosts()}
	if !*f.profile {
		cfg.ProfileBuckets = -1
	}
	var err error
	switch {
	case f.workers() != 0 && f.sim() != "":
		return cfg, usageErr("--workers (the pool) and --sim (the simulator) exclude each other")
	case f.sim() != "":
		if cfg.Machine, err = sched.ParseMachine(sched.Sim, f.sim()); err != nil {
			return cfg, usageErr("--sim %v", err)
		}
	default:
		if cfg.Machine, err = sched.ParseMachine(sched.Pool, strconv.Itoa(f.workers())); err != nil {
			return cfg, usageErr("--workers %v", err)
		}
	}
	return cfg, nil
}

// machineList is the flag of a machine row that chooses the machine
// (lab.Knob.On: --workers, --sim) for a command that runs on machines of
// its own choosing (solve: a list of them; chesswork: one, by default a
// single worker): a comma-separated list of the row's values, each read
// by the row (one value when one), and the command's own machines when
// the flag is not given.
type machineList struct {
	k   lab.Knob
	one bool
	ms  []sched.Machine
}

// declareMachineList declares on fs the flag of the machine row name
// with the command's usage and its machines def when not given (nil:
// none); one says the flag takes one value, not a list.
func declareMachineList(fs *flag.FlagSet, tab lab.Tables, name string, one bool, def []sched.Machine, usage string) *machineList {
	k, ok := tab.FindKnob(name)
	if !ok || k.On == nil {
		panic("workbench: " + name + " is not a machine row that chooses the machine")
	}
	l := &machineList{k: k, one: one, ms: def}
	fs.Var(l, k.Name, usage)
	return l
}

// machines are the machines given, or the command's own.
func (l *machineList) machines() []sched.Machine { return l.ms }

func (l *machineList) String() string {
	if l == nil {
		return ""
	}
	var vs []string
	for _, m := range l.ms {
		vs = append(vs, m.PLabel())
	}
	return strings.Join(vs, ",")
}

func (l *machineList) Set(v string) error {
	vs := strings.Split(v, ",")
	if l.one && len(vs) > 1 {
		return errors.New("want one value")
	}
	var ms []sched.Machine
	for _, s := range vs {
		m, err := l.k.On(s)
		if err != nil {
			return err
		}
		ms = append(ms, m)
	}
	l.ms = ms
	return nil
}
