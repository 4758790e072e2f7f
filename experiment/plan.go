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
	Role     string // results.RoleBaseline, RoleSerial or RoleParallel
	Position Position
	Algo     Algo
	Machine  string // "serial", "pool" or "sim"
	P        int    // processors; 0 on the simulator = infinitely many (sched.Machine)
	Seed     uint64
	Rep      int // 1-based
	Depth    int
	Preset   string // the options every search starts from (algos.Presets)
	Grain    int    // the grain given (or the algorithm's own when it takes none)
	// AutoGrain: no grain was given to an algorithm that takes one, and
	// the engine chooses it per run (LabEngine: lab.AutoGrain on the
	// pool, 0 on the simulator).
	AutoGrain bool
	Params    string // algos.SetParams, on top of the preset: every setting of the settled run but the seed (each job's)
	MaxMem    int64  // the memory budget of a run (sched.Config.MaxMem)
	Time      time.Duration
	TTBits    int
	Costs     sched.CostModel
	Levels    bool
	LevelWait bool
	// Notes say which of the settings above were chosen for the
	// position because the spec did not give them (lab.Settle).
	Notes []string
}

// Config is the machine configuration of a parallel job.
func (j *Job) Config() sched.Config {
	return sched.Config{Machine: sched.Machine{Kind: j.Machine, P: j.P}, Seed: j.Seed, Levels: j.Levels, LevelWait: j.LevelWait,
		Costs: j.Costs, ProfileBuckets: 64, MaxMem: j.MaxMem}
}

// Options are the search options of the job: its preset, then depth,
// table, time limit, seed, grain and the algorithm with its variants.
func (j *Job) Options() (algos.Options, error) {
	opt := algos.Presets()[j.Preset]
	opt.Algo, opt.Depth, opt.TTBits, opt.Time, opt.Seed, opt.Grain = j.Algo.Name, j.Depth, j.TTBits, j.Time, j.Seed, j.Grain
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
// size and every simulated P, per seed and repetition. Each run's
// settings are s.Req settled for the position and the algorithm as the
// search command settles them (lab.Settle). The baseline's algorithm
// without variants in the algorithm list is not run twice: the baseline
// row stands for it.
func Plan(s *Spec, eng Engine) ([]Job, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	costs := sched.DefaultCosts()
	if v, ok := s.Req.Get("costs"); ok {
		var err error
		if costs, err = eng.Costs(v); err != nil {
			return nil, s.Errf("costs", -1, "%v", err)
		}
	}
	parallel := make([]bool, len(s.Algos))
	anyPar := false
	var err error
	for i, a := range s.Algos {
		if parallel[i], err = eng.Algo(a); err != nil {
			return nil, s.Errf("algos", i, "%v", err)
		}
		anyPar = anyPar || parallel[i]
	}
	base, err := s.baseline(parallel)
	if err != nil {
		return nil, s.Errf("baseline", -1, "%v", err)
	}
	if par, err := eng.Algo(base); err != nil || par {
		if err == nil {
			err = fmt.Errorf("%s is parallel: the baseline is a serial algorithm", base)
		}
		return nil, s.Errf("baseline", -1, "%v", err)
	}
	depth, limit := s.Depth(), s.Time()
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
		case depth == 0 && limit > 0:
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
	common := Job{Time: limit, Costs: costs}
	var jobs []Job
	for _, pos := range positions {
		common.Depth = depth
		if depth == 0 && limit == 0 {
			if pos.Item == nil || pos.Item.OwnDepth() == 0 {
				return nil, s.Errf("depth", -1, "%s needs a depth (give depth, or a time limit for serial algorithms; a synthetic tree without one is searched whole, a suite position that carries a depth is searched to it)", pos.Name)
			}
			common.Depth = pos.Item.OwnDepth()
		}
		shape := lab.Shape{Tree: pos.IsTree(), Domain: pos.Domain, Depth: common.Depth}
		// job is the job of algorithm a as the settings layer settles it
		// for the position.
		job := func(a Algo, where string, i int) (Job, []string, error) {
			req := s.Req.Clone()
			req.Unset("costs") // parsed above, by the engine
			if err := req.Set("algo", a.Name); err != nil {
				return Job{}, nil, s.Errf(where, i, "%v", err)
			}
			if len(a.Variants) > 0 {
				if err := req.Set("variants", a.VariantString()); err != nil {
					return Job{}, nil, s.Errf(where, i, "%v", err)
				}
			}
			if depth == 0 && limit == 0 {
				req.Set("depth", fmt.Sprint(common.Depth))
			}
			st, err := lab.Settle(shape, req)
			if err != nil {
				return Job{}, nil, s.Errf(where, i, "%s: %v", pos.Name, err)
			}
			j := common
			j.Algo = Algo{Name: a.Name, Variants: st.Opt.VariantList()} // the algorithm as run: the restart variant when it is a default
			j.Preset, j.TTBits, j.Grain, j.AutoGrain, j.Params = st.Preset, st.Opt.TTBits, st.Opt.Grain, st.AutoGrain, settledParams(st.Opt)
			j.Levels, j.LevelWait, j.MaxMem = st.Levels, st.LevelWait, st.MaxMem
			return j, st.Notes, nil
		}
		j, _, err := job(base, "baseline", -1)
		if err != nil {
			return nil, err
		}
		j.Role, j.Position, j.Machine, j.Seed, j.Rep = results.RoleBaseline, pos, "serial", s.Seeds[0], 1
		jobs = append(jobs, j)
		for i, a := range s.Algos {
			run, notes, err := job(a, "algos", i)
			if err != nil {
				return nil, err
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
						j := run
						j.Role, j.Position, j.Machine, j.P, j.Seed, j.Rep = role, pos, m.name, m.p, seed, rep
						j.Notes = notes
						jobs = append(jobs, j)
					}
				}
			}
		}
	}
	return jobs, nil
}

// settledParams are the settled options as SetParams reads them
// (Options.String's pairs), but the seed, which is each job's: with them
// a job's options (Job.Options) are the settled run's, every knob of the
// table included, here and on a remote worker.
func settledParams(o algos.Options) string {
	var out []string
	for _, kv := range strings.Fields(o.String()) {
		if !strings.HasPrefix(kv, "seed=") {
			out = append(out, kv)
		}
	}
	return strings.Join(out, ",")
}

// baseline is the serial algorithm of the sweep's baseline: the one
// given, else the one the parallel algorithms' rows name (algos.Table),
// which must then agree; scout when none names one.
func (s *Spec) baseline(parallel []bool) (Algo, error) {
	if s.Baseline != "" {
		return ParseAlgo(s.Baseline)
	}
	name, by := "", ""
	for i, a := range s.Algos {
		row, _ := algos.Lookup(a.Name)
		if !parallel[i] || row.Baseline == "" {
			continue
		}
		if name != "" && row.Baseline != name {
			return Algo{}, fmt.Errorf("%s is compared with %s and %s with %s: give the baseline, or sweep them apart", by, name, a.Name, row.Baseline)
		}
		name, by = row.Baseline, a.Name
	}
	if name == "" {
		name = algos.AlgoScout
	}
	return Algo{Name: name}, nil
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
