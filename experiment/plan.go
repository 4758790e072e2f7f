package experiment

import (
	"context"
	"errors"
	"fmt"
	"strings"

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
	// Run runs one job and fills the counters of row (its settings are
	// already there). It returns the context's error if it was cancelled.
	Run(ctx context.Context, job *Job, row *results.Run) error
}

// Job is one search of a sweep: what it is set to, the settled run
// (lab.Settled: options, machine, costs, notes), and what is not a
// setting: its role, its position and its repetition.
type Job struct {
	Role     string // results.RoleBaseline, RoleSerial or RoleParallel
	Position Position
	Rep      int // 1-based
	lab.Settled
}

// Algo is the job's algorithm with its variants, as run (the restart
// variant when it is a default).
func (j *Job) Algo() Algo { return Algo{Name: j.Opt.Algo, Variants: j.Opt.VariantList()} }

// Config is the machine configuration of a parallel job.
func (j *Job) Config() sched.Config { return j.Settled.Config(sched.Config{ProfileBuckets: 64}) }

// Row is the job's row with its settings filled in and no counters (the
// one row builder, lab.NewRow).
func (j *Job) Row() results.Run {
	return lab.NewRow(j.Settings(j.Role, j.Position.Name, j.Position.ID, j.Position.Domain, j.Rep), j.Costs)
}

// Plan checks s against the engine (positions, algorithms, variants,
// with the file:line of the culprit) and expands it into jobs: for every
// position its serial baseline first, then every algorithm — a serial
// one once per seed and repetition, a parallel one on every pool size
// and every simulated P, per seed and repetition. Each run's settings are
// s.Req settled for the position, the algorithm and the machine by the
// settings layer (lab.SettleRun). The baseline's algorithm without
// variants in the algorithm list is not run twice: the baseline row
// stands for it.
func Plan(s *Spec, eng Engine) ([]Job, error) {
	p, err := newPlanner(s, eng)
	if err != nil {
		return nil, err
	}
	var positions []Position
	for i, name := range s.Positions {
		ps, err := eng.Resolve(name)
		if err != nil {
			return nil, s.Errf("positions", i, "%v", err)
		}
		positions = append(positions, ps...)
	}
	for _, pos := range positions {
		if err := p.position(pos); err != nil {
			return nil, err
		}
	}
	return p.jobs, nil
}

// planner expands a spec into jobs, position by position.
type planner struct {
	s        *Spec
	parallel []bool // per algorithm of s.Algos: whether it runs on a machine
	base     Algo   // the baseline's serial algorithm
	jobs     []Job
}

// newPlanner checks the spec's algorithms, its baseline and that its
// parallel algorithms have a machine and a depth.
func newPlanner(s *Spec, eng Engine) (*planner, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	p := &planner{s: s, parallel: make([]bool, len(s.Algos))}
	var err error
	var names []string
	for i, a := range s.Algos {
		if p.parallel[i], err = eng.Algo(a); err != nil {
			return nil, s.Errf("algos", i, "%v", err)
		}
		if p.parallel[i] {
			names = append(names, a.String())
		}
	}
	if p.base, err = s.baseline(p.parallel); err != nil {
		return nil, s.Errf("baseline", -1, "%v", err)
	}
	if par, err := eng.Algo(p.base); err != nil || par {
		if err == nil {
			err = fmt.Errorf("%s is parallel: the baseline is a serial algorithm", p.base)
		}
		return nil, s.Errf("baseline", -1, "%v", err)
	}
	switch {
	case len(names) == 0:
	case len(s.machines()) == 0:
		return nil, s.Errf("algos", -1, "%s run on a machine: give workers (the pool) or sim (the simulator)", strings.Join(names, ", "))
	case s.Depth() == 0 && s.Time() > 0:
		return nil, s.Errf("depth", -1, "%s need a depth (a time limit applies to serial algorithms only)", strings.Join(names, ", "))
	}
	return p, nil
}

// position plans the jobs of one position: its baseline, then every
// algorithm on each of its machines.
func (p *planner) position(pos Position) error {
	base, err := p.settle(pos, p.base, "baseline", -1)
	if err != nil {
		return err
	}
	base.Notes = nil // the runs' notes are the algorithms'
	p.add(results.RoleBaseline, pos, base, lab.Serial, 0, p.s.Seeds[0], 1)
	for i, a := range p.s.Algos {
		if !p.parallel[i] && a.Name == p.base.Name && len(a.Variants) == 0 {
			continue
		}
		run, err := p.settle(pos, a, "algos", i)
		if err != nil {
			return err
		}
		if !p.parallel[i] {
			p.reps(results.RoleSerial, pos, run, lab.Serial, 0)
			continue
		}
		for _, m := range p.s.machines() {
			p.reps(results.RoleParallel, pos, run, m.Kind, m.P)
		}
	}
	return nil
}

// reps adds the jobs of a settled run on one machine: one per seed and
// repetition.
func (p *planner) reps(role string, pos Position, st lab.Settled, kind string, n int) {
	for _, seed := range p.s.Seeds {
		for rep := 1; rep <= p.s.Reps; rep++ {
			p.add(role, pos, st, kind, n, seed, rep)
		}
	}
}

// add adds the job of a settled run on machine kind with n processors.
func (p *planner) add(role string, pos Position, st lab.Settled, kind string, n int, seed uint64, rep int) {
	st.Machine, st.Opt.Seed = sched.Machine{Kind: kind, P: n}, seed
	p.jobs = append(p.jobs, Job{Role: role, Position: pos, Rep: rep, Settled: st})
}

// settle is the spec's request settled for algorithm a on the position
// (lab.SettleRun); where and i name the spec's item for errors.
func (p *planner) settle(pos Position, a Algo, where string, i int) (lab.Settled, error) {
	req := p.s.Req.Clone()
	if err := req.Set("algo", a.Name); err != nil {
		return lab.Settled{}, p.s.Errf(where, i, "%v", err)
	}
	if len(a.Variants) > 0 {
		if err := req.Set("variants", a.VariantString()); err != nil {
			return lab.Settled{}, p.s.Errf(where, i, "%v", err)
		}
	}
	shape := lab.Shape{Tree: pos.IsTree(), Domain: pos.Domain}
	if pos.Item != nil {
		shape.Depth = pos.Item.OwnDepth()
	}
	st, err := lab.SettleRun(shape, req, sched.Machine{})
	var de *lab.DepthError
	switch {
	case errors.As(err, &de):
		return st, p.s.Errf("depth", -1, "%s %v", pos.Name, err)
	case err != nil:
		return st, p.s.Errf(where, i, "%s: %v", pos.Name, err)
	}
	return st, nil
}

// machines are the spec's machines in the knob table's order of the rows
// that choose them (the pool's sizes, then the simulator's P).
func (s *Spec) machines() []sched.Machine {
	var out []sched.Machine
	for _, k := range s.Req.Tables().Knobs {
		if k.On != nil {
			out = append(out, s.Machines[k.Name]...)
		}
	}
	return out
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
		row, _ := s.Req.Tables().Algos.Lookup(a.Name)
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
