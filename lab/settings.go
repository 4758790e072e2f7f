package lab

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/sched"
)

// Request is what a user asked of a run: the value of every knob given
// (a flag, a sweep spec key, a session setting, a UCI option), and
// nothing for a knob not given. "Not given" is the absence of the knob,
// never a value of it: grain 0 is a grain, and a request without a grain
// has its grain chosen for the position (Settle). A request is one of
// the tables it was made from (Tables.Request; the zero Request's are
// DefaultTables): its knobs are theirs, and the run it settles to runs
// their algorithms.
type Request struct {
	vals map[string]string
	tab  *Tables
}

// Tables are the tables the request is one of.
func (r Request) Tables() Tables { return *r.tab.orDefault() }

// Set gives the knob named name (its name, flag, spec key or UCI
// option, in any case) the value v, checked as the knob's row says; the
// error names the knob and what it allows.
func (r *Request) Set(name, v string) error {
	t := r.tab.orDefault()
	k, ok := t.FindKnob(name)
	if !ok {
		return fmt.Errorf("unknown setting %q (settings: %s)", name, strings.Join(t.KnobNames(), ", "))
	}
	v, err := k.parse(v)
	if err != nil {
		return fmt.Errorf("%s %q: %w", k.Name, v, err)
	}
	r.vals = maps.Clone(r.vals) // a Request is a value: copies do not share what is set later
	if r.vals == nil {
		r.vals = map[string]string{}
	}
	r.vals[k.Name] = v
	return nil
}

// Unset makes the knob named name not given.
func (r *Request) Unset(name string) {
	if k, ok := r.tab.orDefault().FindKnob(name); ok {
		r.vals = maps.Clone(r.vals)
		delete(r.vals, k.Name)
	}
}

// Get is the value of the knob named name and whether it was given.
func (r Request) Get(name string) (string, bool) {
	k, ok := r.tab.orDefault().FindKnob(name)
	if !ok {
		return "", false
	}
	v, ok := r.vals[k.Name]
	return v, ok
}

// Given reports whether the knob named name was given.
func (r Request) Given(name string) bool {
	_, ok := r.Get(name)
	return ok
}

// Int is the value of an integer knob and whether it was given.
func (r Request) Int(name string) (int, bool) {
	v, ok := r.Get(name)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

// Clone is a copy of r that can be changed without changing r.
func (r Request) Clone() Request { return Request{vals: maps.Clone(r.vals), tab: r.tab} }

// Args are the request as flags, --name=value, in the knob table's order.
func (r Request) Args() []string {
	var out []string
	for _, k := range r.tab.orDefault().Knobs {
		if v, ok := r.vals[k.Name]; ok {
			out = append(out, "--"+k.Name+"="+v)
		}
	}
	return out
}

// Shape is what Settle needs to know of a position: whether it is a
// synthetic tree, and its game ("chess", "checkers", "synth").
type Shape struct {
	Tree   bool
	Domain string
	// Depth is the depth the position carries (Item.OwnDepth), 0 none:
	// a run given no depth is searched to it.
	Depth int
}

// Shape is the item's shape.
func (it *Item) Shape() Shape {
	return Shape{Tree: it.IsTree(), Domain: it.Domain(), Depth: it.OwnDepth()}
}

// Serial is the machine kind of a serial run (Settled.Machine): no
// machine, the search alone.
const Serial = "serial"

// Settled is a request settled for a position: the record of what a run
// is set to, the one a sweep's job embeds, a cluster's job message
// carries and a results row is built from (JSON round-trips it). It holds
// the options of the run, the machine it goes to and the machine's
// settings, the serial baseline the run is compared with and its
// options, and notes that say what was chosen for the user and why
// (every front end prints them).
type Settled struct {
	Preset string        `json:"preset"` // the preset the options start from
	Opt    algos.Options `json:"options"`
	// Machine is the machine the run goes to: the pool or the simulator
	// with its P, or Serial; zero when not yet known (Settle alone).
	Machine   sched.Machine   `json:"machine"`
	Levels    bool            `json:"levels"`
	LevelWait bool            `json:"levelwait"`
	Costs     sched.CostModel `json:"costs"`
	MaxMem    int64           `json:"max_mem"`
	// Baseline is the serial algorithm of the algorithm's row ("" for
	// none) and BaselineOpt its options: Opt without what changes only
	// the parallel search (algos.Options.Serial).
	Baseline    string        `json:"baseline,omitempty"`
	BaselineOpt algos.Options `json:"baseline_options"`
	// AutoGrain is set when the algorithm takes a grain and none was
	// given: Ready chooses it for the position on the machine.
	AutoGrain bool     `json:"auto_grain,omitempty"`
	Notes     []string `json:"notes,omitempty"`
}

// Parallel reports whether the run goes to a machine (the pool or the
// simulator), not alone.
func (s Settled) Parallel() bool { return s.Machine.Kind == sched.Pool || s.Machine.Kind == sched.Sim }

// Config is cfg with the run's machine (when it has one) and its
// settings: the seed, steal ordering, level waiting, costs and memory
// budget.
func (s Settled) Config(cfg sched.Config) sched.Config {
	if s.Parallel() {
		cfg.Machine = s.Machine
	}
	cfg.Seed, cfg.Levels, cfg.LevelWait, cfg.Costs, cfg.MaxMem = s.Opt.Seed, s.Levels, s.LevelWait, s.Costs, s.MaxMem
	return cfg
}

// SearchOptions are the options the run searches with: Opt, without the
// time limit on a machine (a sweep's time limit applies to its serial
// algorithms only; the row records the limit given).
func (s Settled) SearchOptions() algos.Options {
	o := s.Opt
	if s.Parallel() {
		o.Time = 0
	}
	return o
}

// settling is the state the knobs' rows apply their values to.
type settling struct {
	shape Shape
	row   algos.Algorithm
	req   Request
	s     *Settled
}

// Settle settles the request for a position of the given shape: the one
// rule every front end (search, solve, sweeps, the REPL, notebooks, the
// TUI, UCI) reads.
//
//   - The preset: the one given; else a chess or checkers position is
//     searched as an engine would ("default": table, ordering, iterative
//     deepening, quiescence), serial or parallel alike, and a synthetic
//     tree by the bare algorithm ("plain").
//   - The algorithm: the one given, else the preset's; then every knob
//     given, in the table's order (--param last, over everything).
//   - A knob the algorithm does not take is not applied, and a note says
//     so.
//   - Defaults per position: the restart variant for an algorithm that
//     takes it on a chess or checkers position with neither preset nor
//     variants given; steal ordering by levels for a parallel search of a
//     chess or checkers position; the grain of an algorithm that takes
//     one is left to the machine (Ready).
//   - The machine: a parallel algorithm's is the one a machine's row
//     names (--workers, --sim), else left to the front end (SettleOn,
//     SettleRun); a serial algorithm runs alone (Serial).
//   - The baseline: the serial algorithm of the algorithm's row, with the
//     options that change only the parallel search cleared.
//
// The knobs are the request's tables' (Request.Tables), and the
// algorithm a row of their algorithm table (Options.InTable).
func Settle(shape Shape, req Request) (Settled, error) {
	var s Settled
	tab := req.tab.orDefault()
	st := &settling{shape: shape, req: req, s: &s}
	preset, given := req.vals["preset"]
	switch {
	case given:
	case shape.Tree:
		preset = "plain"
		s.Notes = append(s.Notes, "preset plain: the bare algorithm on a synthetic tree (no --preset given)")
	default:
		preset = "default"
		s.Notes = append(s.Notes, "preset default: table, ordering, iterative deepening and quiescence, as an engine searches a "+domainName(shape)+" position (no --preset given; --preset plain for the bare algorithm)")
	}
	s.Preset, s.Opt = preset, algos.Presets()[preset]
	s.Costs = sched.DefaultCosts()
	if a, ok := req.vals["algo"]; ok {
		s.Opt.Algo = a
	}
	s.Opt = s.Opt.InTable(tab.Algos)
	row, ok := tab.Algos.Lookup(s.Opt.Algo)
	if !ok {
		return s, tab.Algos.Unknown(s.Opt.Algo)
	}
	st.row = row
	if row.Bare && s.Preset != "plain" {
		// The algorithm searches the bare tree: its options say so.
		s.Notes = slices.DeleteFunc(s.Notes, func(n string) bool { return strings.HasPrefix(n, "preset ") })
		s.Notes = append(s.Notes, "preset plain: "+row.Name+" searches the bare tree (no table, ordering or quiescence); its serial counterpart is --algo negamax --preset plain")
		s.Preset, s.Opt = "plain", algos.Presets()["plain"].InTable(tab.Algos)
		s.Opt.Algo = row.Name
	}
	if err := s.settleMachine(req, row); err != nil {
		return s, err
	}
	for _, k := range tab.Knobs {
		v, given := req.vals[k.Name]
		switch {
		case k.Name == "preset" || k.Name == "algo" || k.On != nil:
		case given && !k.takes(row):
			s.Notes = append(s.Notes, fmt.Sprintf("--%s=%s ignored: %s does not take it (%s)", k.Name, v, row.Name, k.takers(tab.Algos)))
		case given && k.Apply != nil:
			if err := k.Apply(v, &s); err != nil {
				return s, fmt.Errorf("--%s: %w", k.Name, err)
			}
		case !given && k.auto != nil && k.takes(row):
			k.auto(st)
		}
	}
	if v, ok := req.vals["param"]; ok {
		s.Notes = append(s.Notes, ignoredParams(tab, v, row)...)
	}
	s.Baseline = row.Baseline
	if s.Baseline != "" {
		s.BaselineOpt = s.Opt.Serial(s.Baseline)
	}
	check := s.Opt
	if NeedsDepth(check) && (row.Parallel || shape.Tree || shape.Depth > 0) {
		check.Depth = max(shape.Depth, 1) // a tree or a suite position gets its own depth (Item.TreeDepth); other positions fail in the search
	}
	validate := check.Validate
	if row.Parallel {
		validate = check.ValidateParallel
	}
	return s, validate()
}

// settleMachine gives a parallel algorithm the machine a row with On
// names (none given: the front end's, SettleOn and SettleRun), and a
// serial one Serial: it runs alone whatever machine was given.
func (s *Settled) settleMachine(req Request, row algos.Algorithm) error {
	if !row.Parallel {
		s.Machine = sched.Machine{Kind: Serial}
		return nil
	}
	for _, k := range req.tab.orDefault().Knobs {
		if v, ok := req.vals[k.Name]; ok && k.On != nil {
			m, err := k.On(v)
			if err != nil {
				return fmt.Errorf("--%s %v", k.Name, err)
			}
			s.Machine = m
		}
	}
	return nil
}

// SettleOn is Settle for the item on machine m (Serial, or the pool or
// the simulator with its P), with the grain chosen (Ready): the one step
// a front end that has its position loaded calls.
func SettleOn(ctx context.Context, it *Item, req Request, m sched.Machine) (Settled, error) {
	s, err := Settle(it.Shape(), req)
	if err != nil {
		return s, err
	}
	if s.Parallel() || s.Machine.Kind == "" {
		s.Machine = m
	}
	s.Ready(ctx, it)
	return s, nil
}

// SettleRun is Settle for a run of a sweep or a cluster's job on
// machine m, whose position is known by its shape:
//
//   - Depth: a run given neither a depth nor a time limit is searched to
//     the position's own depth (Shape.Depth); without one it fails with a
//     DepthError.
//   - Costs: the cost model given is every run's, a serial one's too (its
//     work is counted in the same units as the parallel runs').
//
// The grain, when left to the machine (AutoGrain), is chosen where the
// run goes (Ready).
func SettleRun(shape Shape, req Request, m sched.Machine) (Settled, error) {
	req = req.Clone()
	depth, _ := req.Int("depth")
	limit := req.duration("time")
	if depth == 0 && limit == 0 {
		if shape.Depth == 0 {
			return Settled{}, &DepthError{}
		}
		req.Set("depth", strconv.Itoa(shape.Depth))
	}
	costs := sched.DefaultCosts()
	if v, ok := req.Get("costs"); ok {
		var err error
		if costs, err = sched.ParseCosts(v); err != nil {
			return Settled{}, fmt.Errorf("--costs: %w", err)
		}
		req.Unset("costs")
	}
	s, err := Settle(shape, req)
	s.Machine, s.Costs = m, costs
	return s, err
}

// DepthError is the error of a run given neither a depth nor a time
// limit on a position that carries no depth.
type DepthError struct{}

func (*DepthError) Error() string {
	return "needs a depth (give depth, or a time limit for serial algorithms; a synthetic tree without one is searched whole, a suite position that carries a depth is searched to it)"
}

// duration is the value of a duration knob, 0 when not given.
func (r Request) duration(name string) time.Duration {
	v, _ := r.Get(name)
	d, _ := time.ParseDuration(v)
	return d
}

// Ready settles what needs the loaded position and the machine the run
// goes to: the grain of an algorithm that takes one when none was given
// (AutoGrain on the pool, 0 on the simulator), chosen for the run's depth
// (the item's own when none was given). It returns the note that says how
// (also added to Notes), "" when there was nothing to choose.
func (s *Settled) Ready(ctx context.Context, it *Item) string {
	od, _ := it.TreeDepth(s.Opt) // a tree's own depth when none was given
	return s.ReadyAt(ctx, it, od)
}

// ReadyAt is Ready with the grain chosen for the depth of opt (an engine
// that deepens without end chooses it for a nominal depth).
func (s *Settled) ReadyAt(ctx context.Context, it *Item, opt algos.Options) string {
	if !s.AutoGrain {
		return ""
	}
	g, note := AutoGrain(ctx, it, opt, s.Config(sched.Config{}))
	s.Opt.Grain, s.AutoGrain = g, false
	s.BaselineOpt.Grain = 0
	s.Notes = append(s.Notes, note)
	return note
}

// ignoredParams are the notes on the options of a --param list that the
// algorithm does not read: an option a knob sets and the algorithm does
// not take, or one that only other algorithms' rows list (their Params).
func ignoredParams(tab *Tables, list string, row algos.Algorithm) []string {
	var out []string
	for _, kv := range strings.Split(list, ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(kv), "=")
		var takers []string
		for _, a := range tab.Algos.Rows() {
			if slices.Contains(a.Params, name) {
				takers = append(takers, a.Name)
			}
		}
		if k, ok := tab.FindKnob(name); ok {
			if !k.takes(row) {
				out = append(out, fmt.Sprintf("--param %s ignored: %s does not take it (%s)", kv, row.Name, k.takers(tab.Algos)))
			}
			continue
		}
		if len(takers) > 0 && !slices.Contains(takers, row.Name) {
			out = append(out, fmt.Sprintf("--param %s ignored: %s does not read it (read by %s)", kv, row.Name, strings.Join(takers, ", ")))
		}
	}
	return out
}

func domainName(sh Shape) string {
	if sh.Domain == "" {
		return "game"
	}
	return sh.Domain
}

// takes reports whether the knob changes algorithm row's search.
func (k Knob) takes(row algos.Algorithm) bool { return k.Takes == nil || k.Takes(row) }

// takers names the algorithms of algs that take the knob.
func (k Knob) takers(algs algos.AlgoTable) string {
	var out []string
	for _, a := range algs.Rows() {
		if k.takes(a) {
			out = append(out, a.Name)
		}
	}
	if len(out) == 0 {
		return "no algorithm takes it"
	}
	return "taken by " + strings.Join(out, ", ")
}

// Takers are the algorithms of the default table that take the knob,
// for help.
func (k Knob) Takers() []string { return k.TakersIn(algos.DefaultTable()) }

// TakersIn are the algorithms of algs that take the knob.
func (k Knob) TakersIn(algs algos.AlgoTable) []string {
	var out []string
	for _, a := range algs.Rows() {
		if k.takes(a) {
			out = append(out, a.Name)
		}
	}
	return out
}

// parallelOnly is Takes of the knobs of a machine.
func parallelOnly(a algos.Algorithm) bool { return a.Parallel }

// takesVariant is Takes of a knob that sets variant v.
func takesVariant(v string) func(algos.Algorithm) bool {
	return func(a algos.Algorithm) bool { return slices.Contains(a.Variants, v) }
}
