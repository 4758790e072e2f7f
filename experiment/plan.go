package experiment

import (
	"context"
	"fmt"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/sched"
)

// Position is one position a name resolved to; Item is the loaded
// position (nil for an engine that runs nothing, as the tests' fake).
type Position struct {
	Name, ID, Domain string
	Item             *lab.Item
}

// IsTree reports whether the position is a synthetic tree.
func (p Position) IsTree() bool {
	if p.Item != nil {
		return p.Item.IsTree()
	}
	return p.Domain == "synth"
}

// Engine is what a sweep runs on: it resolves names and runs searches.
type Engine interface {
	// Resolve loads the positions a name gives.
	Resolve(name string) ([]Position, error)
	// Algo reports whether a runs on a machine (a parallel algorithm) or
	// alone (a serial one), or why it cannot run (an unknown name or
	// variant).
	Algo(a Algo) (parallel bool, err error)
	// Costs parses a cost model written key=value,….
	Costs(s string) (sched.CostModel, error)
	// Run runs one job and fills the counters of row (its settings are
	// already there). It returns the context's error if it was cancelled.
	Run(ctx context.Context, job *Job, row *results.Run) error
}

// Job is one search of a sweep.
type Job struct {
	Role      string // results.RoleBaseline, RoleSerial or RoleParallel
	Position  Position
	Algo      Algo
	Machine   string // "serial", "pool" or "sim"
	P         int    // processors; 0 on the simulator = infinitely many (sched.Machine)
	Seed      uint64
	Rep       int // 1-based
	Depth     int
	Preset    string // the options every search starts from (algos.Presets)
	Grain     int    // AutoGrain (-1): chosen per run by the engine (lab.AutoGrain)
	Params    string // algos.SetParams, on top of the preset
	MaxMem    int64  // the memory budget of a run (sched.Config.MaxMem)
	Time      time.Duration
	TTBits    int
	Costs     sched.CostModel
	Levels    bool
	LevelWait bool
	// Notes say which of the settings above were chosen for the
	// position because the spec did not give them (lab.DefaultsFor).
	Notes []string
}

// AutoGrain as a Job's Grain: no grain was given, and the engine chooses
// one per run (LabEngine: lab.AutoGrain on the pool, 0 on the simulator).
const AutoGrain = -1

// Config is the machine configuration of a parallel job.
func (j *Job) Config() sched.Config {
	return sched.Config{Machine: sched.Machine{Kind: j.Machine, P: j.P}, Seed: j.Seed, Levels: j.Levels, LevelWait: j.LevelWait,
		Costs: j.Costs, ProfileBuckets: 64, MaxMem: j.MaxMem}
}

// Options are the search options of the job: its preset, then depth,
// table, time limit, seed, grain and the algorithm with its variants.
func (j *Job) Options() (algos.Options, error) {
	opt := algos.Presets()[j.Preset]
	opt.Algo, opt.Depth, opt.TTBits, opt.Time, opt.Seed, opt.Grain = j.Algo.Name, j.Depth, j.TTBits, j.Time, j.Seed, max(j.Grain, 0)
	if err := algos.SetParams(&opt, j.Params); err != nil {
		return opt, err
	}
	if j.Machine != "serial" {
		opt.Time = 0
	}
	err := algos.SetVariants(j.Algo.Name, j.Algo.VariantString(), &opt)
	return opt, err
}

// Row is the job's row with its settings filled in and no counters (the
// one row builder, lab.NewRow).
func (j *Job) Row() results.Run {
	opt, err := j.Options()
	opt.Algo = j.Algo.Name
	s := lab.Settings{Role: j.Role, Position: j.Position.Name, ID: j.Position.ID, Domain: j.Position.Domain, Opt: opt, Rep: j.Rep}
	if j.Machine != "serial" {
		cfg := j.Config()
		s.Machine = &cfg
	}
	r := lab.NewRow(s, j.Costs)
	r.TimeLimitNS, r.Seed = int64(j.Time), int64(j.Seed)
	if err != nil {
		r.Variants = j.Algo.VariantString()
	}
	return r
}

// Plan checks s against the engine (positions, algorithms, variants,
// costs, with the file:line of the culprit) and expands it into jobs:
// for every position its serial baseline first, then every algorithm — a
// serial one once per seed and repetition, a parallel one on every pool
// size and every simulated P, per seed and repetition. The baseline's
// algorithm without variants in the algorithm list is not run twice: the
// baseline row stands for it.
func Plan(s *Spec, eng Engine) ([]Job, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	costs := sched.DefaultCosts()
	if s.Costs != "" {
		var err error
		if costs, err = eng.Costs(s.Costs); err != nil {
			return nil, s.Errf("costs", -1, "%v", err)
		}
	}
	base, err := ParseAlgo(s.Baseline)
	if err != nil {
		return nil, s.Errf("baseline", -1, "%v", err)
	}
	if par, err := eng.Algo(base); err != nil || par {
		if err == nil {
			err = fmt.Errorf("%s is parallel: the baseline is a serial algorithm", base)
		}
		return nil, s.Errf("baseline", -1, "%v", err)
	}
	parallel := make([]bool, len(s.Algos))
	anyPar := false
	for i, a := range s.Algos {
		if parallel[i], err = eng.Algo(a); err != nil {
			return nil, s.Errf("algos", i, "%v", err)
		}
		anyPar = anyPar || parallel[i]
	}
	if anyPar {
		var names []string
		for i, a := range s.Algos {
			if parallel[i] {
				names = append(names, a.String())
			}
		}
		switch {
		case len(s.Workers) == 0 && len(s.Sim) == 0:
			return nil, s.Errf("algos", -1, "%s run on a machine: give workers (the pool) or sim (the simulator)", strings.Join(names, ", "))
		case s.Depth == 0 && s.Time > 0:
			return nil, s.Errf("depth", -1, "%s need a depth (a time limit applies to serial algorithms only)", strings.Join(names, ", "))
		}
	}
	var positions []Position
	for i, name := range s.Positions {
		ps, err := eng.Resolve(name)
		if err != nil {
			return nil, s.Errf("positions", i, "%v", err)
		}
		positions = append(positions, ps...)
	}
	grain := s.Grain
	if !s.grainSet {
		grain = AutoGrain
	}
	common := Job{Depth: s.Depth, Time: s.Time, Grain: grain, Params: s.Params, MaxMem: s.MaxMem, Costs: costs, LevelWait: s.LevelWait}
	var jobs []Job
	for _, pos := range positions {
		common.Depth = s.Depth
		if s.Depth == 0 && s.Time == 0 {
			if pos.Item == nil || !pos.Item.IsTree() {
				return nil, s.Errf("depth", -1, "%s needs a depth (give depth, or a time limit for serial algorithms; a synthetic tree without one is searched whole)", pos.Name)
			}
			common.Depth = pos.Item.Tree.Depth()
		}
		// The preset, the table and steal ordering the search command
		// would choose for the position when the spec does not say
		// (lab.DefaultsFor).
		given := lab.Given{Preset: s.Preset != "", Levels: s.levelsSet}
		d := lab.DefaultsFor(pos.IsTree(), pos.Domain, base.Name, given)
		common.Preset, common.Levels, common.TTBits = s.Preset, s.Levels || d.Levels, s.TTBits
		if d.Preset != "" {
			common.Preset = d.Preset
		}
		if !s.ttSet {
			common.TTBits = algos.Presets()[common.Preset].TTBits
		}
		j := common
		j.Role, j.Position, j.Algo, j.Machine, j.Seed, j.Rep = results.RoleBaseline, pos, base, "serial", s.Seeds[0], 1
		jobs = append(jobs, j)
		for i, a := range s.Algos {
			given.Variants = len(a.Variants) > 0
			ad := lab.DefaultsFor(pos.IsTree(), pos.Domain, a.Name, given)
			run := a // the algorithm as run: the restart variant when it is a default
			if ad.Restart {
				run.Variants = []string{algos.VariantRestart}
			}
			type mach struct {
				name string
				p    int
			}
			var machines []mach
			role := results.RoleParallel
			if !parallel[i] {
				if a.Name == base.Name && len(a.Variants) == 0 {
					continue
				}
				machines, role = []mach{{"serial", 0}}, results.RoleSerial
			} else {
				for _, p := range s.Workers {
					machines = append(machines, mach{"pool", p})
				}
				for _, p := range s.Sim {
					machines = append(machines, mach{"sim", p})
				}
			}
			for _, m := range machines {
				for _, seed := range s.Seeds {
					for rep := 1; rep <= s.Reps; rep++ {
						j := common
						j.Role, j.Position, j.Algo, j.Machine, j.P, j.Seed, j.Rep = role, pos, run, m.name, m.p, seed, rep
						j.Notes = ad.Notes
						jobs = append(jobs, j)
					}
				}
			}
		}
	}
	return jobs, nil
}

// Notes are the jobs' notes (Job.Notes), each once, in the order the
// jobs first give them.
func Notes(jobs []Job) []string {
	var out []string
	seen := map[string]bool{}
	for _, j := range jobs {
		for _, n := range j.Notes {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}
