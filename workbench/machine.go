package workbench

import (
	"flag"
	"fmt"
	"runtime"
	"strconv"
	"strings"

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
}

func declareMachineFlags(fs *flag.FlagSet) *machineFlags {
	return &machineFlags{
		workers:   fs.Int("workers", 0, "run on the goroutine pool with P workers (this machine has "+strconv.Itoa(runtime.NumCPU())+" cores; more oversubscribes them)"),
		sim:       fs.String("sim", "", "run on the simulated machine with P processors (1…65536) or inf"),
		levels:    fs.Bool("levels", false, "steal ordering by levels (*Socrates §4.3)"),
		levelWait: fs.Bool("levelwait", false, "level waiting (*Socrates §4.4)"),
		costs:     fs.String("costs", "", "simulator cost model, e.g. node=1,steal=20,migrate=5,tt_remote=10,abort=2 (keys: "+strings.Join(costKeys(), ", ")+")"),
		profile:   fs.Bool("profile", false, "include the parallelism and utilization profiles in JSON"),
		db:        fs.String("db", "", "record each parallel run in this results database, sweep \""+SearchesSweep+"\" (a session records into its own)"),
		variants:  fs.String("variants", "none", "jamboree: comma-separated variants from serialize2, deferred, rid (StarTech §4), or none"),
		grain:     fs.Int("grain", 0, "jamboree: nodes with at most this many plies to go are searched by the serial Scout"),
		distTT:    fs.Bool("dist-tt", false, "jamboree: distribute the table over the processors (key mod P); remote accesses cost tt_remote, local ones tt_local"),
	}
}

// parallel reports whether the user asked for a parallel machine.
func (f *machineFlags) parallel() bool { return *f.workers != 0 || *f.sim != "" }

// config builds the machine's configuration.
func (f *machineFlags) config(seed uint64) (sched.Config, error) {
	cfg := sched.Config{Seed: seed, Levels: *f.levels, LevelWait: *f.levelWait, Costs: sched.DefaultCosts()}
	if !*f.profile {
		cfg.ProfileBuckets = -1
	}
	switch {
	case *f.workers != 0 && *f.sim != "":
		return cfg, usageErr("--workers (the pool) and --sim (the simulator) exclude each other")
	case *f.sim != "":
		cfg.Machine = "sim"
		if *f.sim == "inf" {
			cfg.P = 0
		} else {
			p, err := strconv.Atoi(*f.sim)
			if err != nil || p < 1 || p > sched.MaxSimProcs {
				return cfg, usageErr("--sim %q: want 1…%d or inf", *f.sim, sched.MaxSimProcs)
			}
			cfg.P = p
		}
	default:
		cfg.Machine = "pool"
		if *f.workers < 1 || *f.workers > 4096 {
			return cfg, usageErr("--workers %d: want 1…4096", *f.workers)
		}
		cfg.P = *f.workers
	}
	if *f.costs != "" {
		if cfg.Machine != "sim" {
			return cfg, usageErr("--costs applies to the simulated machine (--sim)")
		}
		if err := parseCosts(*f.costs, &cfg.Costs); err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

func costFields(c *sched.CostModel) map[string]*int64 {
	return map[string]*int64{
		"node": &c.Node, "eval": &c.Eval, "gen": &c.Gen, "tt_local": &c.TTLocal, "tt_remote": &c.TTRemote,
		"spawn": &c.Spawn, "user": &c.User, "steal": &c.Steal, "migrate": &c.Migrate, "abort": &c.Abort, "wake": &c.Wake,
	}
}

func costKeys() []string {
	var c sched.CostModel
	var keys []string
	for k := range costFields(&c) {
		keys = append(keys, k)
	}
	sortStrings(keys)
	return keys
}

// parseCosts reads "key=value,…" into c.
func parseCosts(s string, c *sched.CostModel) error {
	fields := costFields(c)
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		p, known := fields[k]
		if !ok || !known {
			return usageErr("--costs %q: want key=value pairs with keys %s", kv, strings.Join(costKeys(), ", "))
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return usageErr("--costs %s: %q is not a cost ≥ 0", k, v)
		}
		*p = n
	}
	return nil
}

// machineLine describes the machine of a run in one line, for the output.
func machineLine(cfg sched.Config) string {
	p := fmt.Sprint(cfg.P)
	if cfg.Machine == "sim" && cfg.P == 0 {
		p = "inf"
	}
	var costs []string
	for _, k := range costKeys() {
		c := cfg.Costs
		if v := *costFields(&c)[k]; v != 0 {
			costs = append(costs, fmt.Sprintf("%s=%d", k, v))
		}
	}
	return fmt.Sprintf("machine=%s p=%s seed=%d levels=%t levelwait=%t costs=%s", cfg.Machine, p, cfg.Seed, cfg.Levels, cfg.LevelWait, strings.Join(costs, ","))
}
