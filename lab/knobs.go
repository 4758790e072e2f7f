package lab

import (
	"flag"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/sched"
	"splitpoint/suggest"
	"splitpoint/tt"
)

// Kind is how a knob's value is written.
type Kind int

// The kinds of knob.
const (
	String   Kind = iota
	Int           // a whole number in Min…Max
	Uint          // an unsigned whole number
	Bool          // true or false; a flag of its own (--levels)
	Duration      // Go's syntax: 500ms, 30s
	List          // comma-separated items (a sweep spec may give them as a YAML list)
)

// UCIOption is a knob as a UCI option (setoption name Name), which is
// also a match configuration's key (Name in lower case).
type UCIOption struct {
	Name string
	// Key is the match configuration's key ("": Name in lower case).
	Key      string
	Type     string // spin, combo or string
	Min, Max int    // a spin's range, in the option's unit
	// Default is the option's value before any setoption: Unset (the
	// knob not given) when "".
	Default string
	// Unset is the value that leaves the knob not given ("auto").
	Unset string
	// In turns a UCI value into the knob's (nil: the same); Out the knob's
	// into a UCI value.
	In  func(string) (string, error)
	Out func(string) string
}

// Knob is one row of the knob table: one setting of a run, and every
// way a user gives it. The command-line flags (--Name), the sweep spec's
// keys (Spec), the REPL's settings (Name), the UCI options (UCI), the
// TUI's rows (TUI), their help and completion are all made from the
// table, and Settle applies its rows. Adding a knob is one row.
//
// A machine row (Machine) is a setting of the machine the run goes to,
// not of the algorithm: the pool's workers and the simulator's P (the
// rows with On, which choose the machine: a sweep spec takes a list of
// them and runs each), the cost model, steal ordering, level waiting and
// the memory budget. The TUI shows them in its machine pane.
type Knob struct {
	Name string // the flag, --Name, and the REPL setting
	Spec string // the sweep spec's key; "" for none
	UCI  *UCIOption
	TUI  string // the label of its row in the TUI's algorithm pane; "" for none
	Kind Kind
	// Min and Max bound an Int.
	Min, Max int
	// Values are the values allowed (nil: any of the kind), for checks,
	// completion, UCI combos and the TUI's choices.
	Values func() []string
	// Choices are the values the TUI cycles through when Values is nil.
	Choices []string
	Help    string
	// Default says what is used when the knob is not given, for help.
	Default string
	// Takes says which algorithms the knob changes (nil: every one): a
	// knob given to another is not applied, and a note says so.
	Takes func(algos.Algorithm) bool
	// Check checks a value beyond its kind and returns it as stored.
	Check func(string) (string, error)
	// Apply applies a value given to the settled run.
	Apply func(v string, s *Settled) error
	// auto applies what is used when the knob is not given, with a note.
	auto func(st *settling)
	// Machine marks a row of the machine (MachineKnobs).
	Machine bool
	// On, for a row that chooses the machine, is the machine a value
	// names; Settle gives it to a parallel algorithm (a serial one runs
	// alone, on Serial), and a sweep spec takes a list of values.
	On func(v string) (sched.Machine, error)
	// Excludes names the row that cannot be given beside this one.
	Excludes string
}

// knobTable is the knob table for the algorithm table algs (the algo
// row's values), in the order Settle applies it (the preset and the
// algorithm come first whatever their place; param last: it overrides
// every other).
func knobTable(algs algos.AlgoTable) []Knob {
	return slices.Concat(searchKnobs(algs), machineRows(), lastKnobs())
}

// searchKnobs are the rows of the search itself: its depth, limits,
// table, algorithm, options, variants and grain.
func searchKnobs(algs algos.AlgoTable) []Knob {
	return []Knob{
		{Name: "depth", Spec: "depth", TUI: "depth", Kind: Int, Min: 0, Max: algos.MaxDepth,
			Choices: []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "12", "14"},
			Help:    "search depth in plies (0: iterate under --time)",
			Default: "the position's own: a synthetic tree's, or its suite's (suite:tinsley: Lu's)",
			Apply:   func(v string, s *Settled) error { s.Opt.Depth = atoi(v); return nil }},
		{Name: "time", Spec: "time", TUI: "time limit", Kind: Duration, Choices: []string{"1s", "5s", "10s", "30s", "1m0s"},
			Help:  "time limit, e.g. 30s (implies iterative deepening)",
			Apply: func(v string, s *Settled) error { s.Opt.Time, _ = time.ParseDuration(v); return nil }},
		{Name: "nodes", Kind: Uint, Help: "node limit; 0 = none",
			Apply: func(v string, s *Settled) error { s.Opt.MaxNodes, _ = strconv.ParseUint(v, 10, 64); return nil }},
		{Name: "tt", Spec: "tt", TUI: "table", Kind: Int, Min: 0, Max: tt.MaxBits, Choices: []string{"0", "12", "14", "16", "18", "20", "22", "24"},
			UCI:     &UCIOption{Name: "Hash", Type: "spin", Min: 0, Max: maxHashMB, Default: "16", In: hashIn, Out: hashOut},
			Help:    "transposition table of 2^BITS entries; 0 = off (UCI Hash: in MiB)",
			Default: "the preset's (default: 20, plain: off)",
			Apply:   func(v string, s *Settled) error { s.Opt.TTBits = atoi(v); return nil }},
		{Name: "algo", Kind: String, Values: func() []string { return algs.Names(algos.AllAlgos) },
			Check: func(v string) (string, error) {
				if _, ok := algs.Lookup(v); !ok {
					return v, algs.Unknown(v)
				}
				return v, nil
			},
			UCI:     &UCIOption{Name: "Algo", Type: "combo", Unset: "preset"},
			Help:    "algorithm (help search describes each)",
			Default: "the preset's"},
		{Name: "iterative", Kind: Bool, Help: "iterative deepening 1, 2, …, depth", Default: "the preset's",
			Apply: func(v string, s *Settled) error { s.Opt.Iterative = v == "true"; return nil }},
		{Name: "aspiration", Kind: Int, Min: 0, Max: 1 << 20, Help: "aspiration window half-width around the last iteration's value; 0 = off", Default: "the preset's",
			Apply: func(v string, s *Settled) error { s.Opt.Aspiration = atoi(v); return nil }},
		{Name: "quiescence", Kind: Bool, Help: "quiescence search of captures below the horizon", Default: "the preset's",
			Takes: func(a algos.Algorithm) bool { return !a.Bare },
			Apply: func(v string, s *Settled) error { s.Opt.Quiescence = v == "true"; return nil }},
		{Name: "order", Kind: List, Help: "move ordering, comma-separated from " + strings.Join(orderings, ",") + ", or none (killers hand over to stolen work: --param killer_handover)",
			Default: "the preset's", Check: checkOrder, Apply: applyOrder},
		{Name: "memory", Kind: Int, Min: 0, Max: 1 << 30, Takes: takesParam("memory"),
			Help:  "itersss, paritersss: OPEN list bound M; 0 = the minimum M0 = ⌈d/2⌉(b−1)+1",
			Apply: func(v string, s *Settled) error { s.Opt.Memory = atoi(v); return nil }},
		{Name: "seed", Kind: Uint, TUI: "seed", Choices: []string{"1", "2", "3", "4", "5"}, Help: "seed, recorded with the result", Default: "1",
			Apply: func(v string, s *Settled) error { s.Opt.Seed, _ = strconv.ParseUint(v, 10, 64); return nil },
			auto:  func(st *settling) { st.s.Opt.Seed = 1 }},
		{Name: "variants", Kind: List, Takes: func(a algos.Algorithm) bool { return len(a.Variants) > 0 },
			UCI:     &UCIOption{Name: "Variants", Type: "string", Unset: "auto", In: func(v string) (string, error) { return strings.ReplaceAll(v, "+", ","), nil }},
			Help:    "the algorithm's variants, comma-separated (help search lists who takes which), a set (" + strings.Join(variantSetNames(), ", ") + "), or none",
			Default: "restart for an algorithm that takes it on chess and checkers positions with no --preset, else none",
			Check:   checkVariants,
			Apply:   func(v string, s *Settled) error { return algos.SetVariants(s.Opt.Algo, v, &s.Opt) },
			auto:    autoRestart},
		{Name: "dist-tt", Kind: Bool, Takes: takesVariant(algos.VariantDistTT),
			Help:  "the dist-tt variant: the table distributed over the processors, key mod P; remote accesses cost tt_remote, local ones tt_local",
			Apply: func(v string, s *Settled) error { s.Opt.DistTT = s.Opt.DistTT || v == "true"; return nil }},
		{Name: "grain", Spec: "grain", TUI: "grain depth", Kind: Int, Min: 0, Max: algos.MaxDepth, Choices: []string{"0", "1", "2", "3", "4", "5", "6"},
			Takes:   func(a algos.Algorithm) bool { return a.Grain || slices.Contains(a.Params, "grain") },
			UCI:     &UCIOption{Name: "Grain", Type: "string", Unset: "auto"},
			Help:    "nodes with at most this many plies to go are searched by the serial Scout (abdada: are not counted)",
			Default: "chosen per position on the pool, 0 on the simulator (abdada: 0)",
			Apply:   func(v string, s *Settled) error { s.Opt.Grain = atoi(v); return nil },
			auto: func(st *settling) {
				st.s.AutoGrain = st.row.Grain
			}},
	}
}

// machineRows are the machine's rows (Machine): the machine a run goes
// to (workers, sim: On) and its settings, steal ordering, level waiting,
// the cost model and the memory budget.
func machineRows() []Knob {
	return []Knob{
		{Name: "workers", Spec: "workers", TUI: "pool workers", Kind: Int, Min: 0, Max: sched.MaxPoolWorkers, Machine: true, Excludes: "sim",
			Choices: []string{"1", "2", "4", "8", "16"},
			UCI:     &UCIOption{Name: "Threads", Key: "workers", Type: "spin", Min: 1, Max: sched.MaxPoolWorkers, Default: "1", In: threadsIn},
			Help:    "run on the goroutine pool with P workers, 1…" + strconv.Itoa(sched.MaxPoolWorkers) + " (this machine has " + strconv.Itoa(runtime.NumCPU()) + " cores; more oversubscribes them); a sweep: pool sizes, comma-separated",
			On:      func(v string) (sched.Machine, error) { return sched.ParseMachine(sched.Pool, v) }},
		{Name: "sim", Spec: "sim", TUI: "simulated P", Kind: String, Machine: true, Excludes: "workers",
			Choices: []string{"1", "2", "4", "16", "64", "256", "512", "inf"},
			Help:    "run on the simulated machine with P processors (1…" + strconv.Itoa(sched.MaxSimProcs) + ") or inf; a sweep: simulated processor counts, comma-separated, inf for infinitely many",
			On:      func(v string) (sched.Machine, error) { return sched.ParseMachine(sched.Sim, v) }},
		{Name: "levels", Spec: "levels", TUI: "steal ordering by levels", Kind: Bool, Takes: parallelOnly, Machine: true,
			Help:    "steal ordering by levels (*Socrates §4.3); --levels=false to steal the last child",
			Default: "on for chess and checkers positions",
			Apply:   func(v string, s *Settled) error { s.Levels = v == "true"; return nil },
			auto: func(st *settling) {
				if !st.shape.Tree {
					st.s.Levels = true
					st.s.Notes = append(st.s.Notes, "levels: a thief takes the oldest child of the shallowest level, the next in move order (*Socrates §4.3), which cuts the search overhead of Jamboree and YBWC on chess and checkers positions (no --levels given; --levels=false to steal the last child)")
				}
			}},
		{Name: "levelwait", Spec: "levelwait", TUI: "level waiting", Kind: Bool, Takes: parallelOnly, Machine: true, Help: "level waiting (*Socrates §4.4)",
			Apply: func(v string, s *Settled) error { s.LevelWait = v == "true"; return nil }},
		{Name: "costs", Spec: "costs", Kind: List, Takes: parallelOnly, Machine: true,
			Help:    "simulator cost model: a preset (" + strings.Join(sched.CostPresetNames(), ", ") + ") and/or key=value pairs, e.g. node=1,steal=20 (keys: " + strings.Join(sched.CostKeys(), ", ") + "; " + sched.CostBoundHelp + ")",
			Default: "one unit per node",
			Check:   func(v string) (string, error) { _, err := sched.ParseCosts(v); return v, err },
			Apply:   func(v string, s *Settled) (err error) { s.Costs, err = sched.ParseCosts(v); return err }},
		{Name: "max-mem", Spec: "max_mem", Kind: String, Machine: true,
			Help:    "the run's memory budget, e.g. 2GB or 512MiB, or none; past it the run stops with a clear error",
			Default: sched.BudgetString(0),
			Check:   func(v string) (string, error) { _, err := sched.ParseBudget(v); return v, err },
			Apply:   func(v string, s *Settled) (err error) { s.MaxMem, err = sched.ParseBudget(v); return err }},
	}
}

// lastKnobs are the trace, the preset and --param, which Settle applies
// last whatever their place (param over every other).
func lastKnobs() []Knob {
	return []Knob{
		{Name: "trace", Kind: Bool, Takes: takesParam("trace"),
			Help:  "keep and print the algorithm's trace (the layout of Bhattacharya & Bagchi's Table 1)",
			Apply: func(v string, s *Settled) error { s.Opt.Trace = s.Opt.Trace || v == "true"; return nil }},
		{Name: "preset", Spec: "preset", Kind: String, Values: algos.PresetNames,
			Check: func(v string) (string, error) {
				if _, ok := algos.Presets()[v]; !ok {
					return v, fmt.Errorf("unknown preset %q (allowed: %s)", v, strings.Join(algos.PresetNames(), ", "))
				}
				return v, nil
			},
			UCI:     &UCIOption{Name: "Preset", Type: "combo", Unset: "auto"},
			Help:    "named option set",
			Default: "default on chess and checkers positions, serial or parallel (table, ordering, iterative deepening, quiescence), plain on synthetic trees"},
		{Name: "param", Spec: "params", Kind: List,
			UCI:  &UCIOption{Name: "Param", Type: "string", In: func(v string) (string, error) { return strings.ReplaceAll(v, ";", ","), nil }},
			Help: "any other option by name, name=value,… (" + strings.Join(algos.ParamNames(), ", ") + "); over every other setting",
			Check: func(v string) (string, error) {
				var o algos.Options
				return v, algos.SetParams(&o, v)
			},
			Apply: func(v string, s *Settled) error { return algos.SetParams(&s.Opt, v) }},
	}
}

// Knobs returns the default knob table (DefaultTables).
func Knobs() []Knob { return DefaultTables().Knobs }

// MachineKnobs are the machine's rows of the default knob table
// (Knob.Machine), in its order.
func MachineKnobs() []Knob { return defaultTables().MachineKnobs() }

// KnobNames lists the default knobs' names in the table's order.
func KnobNames() []string { return defaultTables().KnobNames() }

// FindKnob finds a knob of the default table by its name, spec key or
// UCI option, in any case.
func FindKnob(name string) (Knob, bool) { return defaultTables().FindKnob(name) }

// Check checks a value of the knob and returns it as stored.
func (k Knob) parse(v string) (string, error) {
	v = strings.TrimSpace(v)
	switch k.Kind {
	case Int:
		n, err := strconv.Atoi(v)
		if err != nil || n < k.Min || n > k.Max {
			return v, fmt.Errorf("not a whole number in %d…%d", k.Min, k.Max)
		}
		v = strconv.Itoa(n)
	case Uint:
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return v, fmt.Errorf("not a whole number ≥ 0")
		}
		v = strconv.FormatUint(n, 10)
	case Bool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return v, fmt.Errorf("not true or false")
		}
		v = strconv.FormatBool(b)
	case Duration:
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return v, fmt.Errorf("not a duration ≥ 0 (e.g. 500ms, 30s)")
		}
		v = d.String()
	}
	if k.Values != nil && k.Check == nil && !slices.Contains(k.Values(), v) {
		return v, fmt.Errorf("not one of %s", strings.Join(k.Values(), ", "))
	}
	if k.Check != nil {
		return k.Check(v)
	}
	return v, nil
}

// Parse checks a value of the knob and returns it as a request stores it.
func (k Knob) Parse(v string) (string, error) { return k.parse(v) }

// IsBool reports whether the knob is a switch.
func (k Knob) IsBool() bool { return k.Kind == Bool }

// Usage is the knob's help with its default and the algorithms of the
// default table that take it, for flags and help.
func (k Knob) Usage() string { return k.UsageIn(algos.DefaultTable()) }

// UsageIn is Usage with the algorithms of algs.
func (k Knob) UsageIn(algs algos.AlgoTable) string {
	s := k.Help
	switch t := k.TakersIn(algs); {
	case k.Takes == nil:
	case slices.Equal(t, algs.Names(algos.ParallelAlgos)):
		s = "parallel algorithms: " + s
	default:
		s = strings.Join(t, ", ") + ": " + s
	}
	if k.Default != "" {
		s += " (default: " + k.Default + ")"
	}
	if k.Values != nil && len(k.Values()) <= 12 {
		s += "; one of " + strings.Join(k.Values(), ", ")
	}
	return s
}

// TUIChoices are the values the TUI cycles through after "auto" (not
// given).
func (k Knob) TUIChoices() []string {
	switch {
	case k.Values != nil:
		return k.Values()
	case k.Kind == Bool:
		return []string{"true", "false"}
	}
	return k.Choices
}

// DeclareFlags declares on fs a flag --Name for every knob of the
// default table want accepts (Tables.DeclareFlags).
func DeclareFlags(fs *flag.FlagSet, r *Request, want func(Knob) bool) {
	defaultTables().DeclareFlags(fs, r, want)
}

// knobFlag is a knob as a flag.Value.
type knobFlag struct {
	k Knob
	r *Request
}

func (f *knobFlag) String() string {
	if f == nil || f.r == nil {
		return ""
	}
	v, _ := f.r.Get(f.k.Name)
	return v
}

func (f *knobFlag) Set(v string) error {
	v, err := f.k.parse(v)
	if err != nil {
		return err
	}
	return f.r.Set(f.k.Name, v)
}

func (f *knobFlag) IsBoolFlag() bool { return f.k.Kind == Bool }

// The knobs' helpers.

func atoi(v string) int { n, _ := strconv.Atoi(v); return n }

// maxHashMB bounds the UCI Hash option by the largest table tt makes.
var maxHashMB = int(tt.SizeBytes(tt.MaxBits) >> 20)

// threadsIn checks a UCI Threads value: 1 or more pool workers.
func threadsIn(v string) (string, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 || n > sched.MaxPoolWorkers {
		return v, fmt.Errorf("%q is not an integer in 1…%d", v, sched.MaxPoolWorkers)
	}
	return strconv.Itoa(n), nil
}

// hashIn is the table of at most the MiB given: 2^bits entries.
func hashIn(v string) (string, error) {
	mb, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || mb < 0 || mb > maxHashMB {
		return v, fmt.Errorf("%q is not an integer in 0…%d", v, maxHashMB)
	}
	if mb == 0 {
		return "0", nil
	}
	entries := (int64(mb) << 20) / tt.SizeBytes(1) * 2
	b := 0
	for entries > 1 {
		entries >>= 1
		b++
	}
	return strconv.Itoa(min(max(b, 1), tt.MaxBits)), nil
}

// hashOut is a table's size in MiB.
func hashOut(v string) string {
	b := atoi(v)
	if b == 0 {
		return "0"
	}
	return strconv.FormatInt(tt.SizeBytes(b)>>20, 10)
}

// orderings are the move-ordering heuristics --order names.
var orderings = []string{"tt", "mvvlva", "killers", "history"}

func checkOrder(v string) (string, error) {
	for _, o := range strings.Split(v, ",") {
		if o = strings.TrimSpace(o); o != "" && o != "none" && !slices.Contains(orderings, o) {
			return v, fmt.Errorf("unknown heuristic %q (allowed: %s, none)", o, strings.Join(orderings, ", "))
		}
	}
	return v, nil
}

// applyOrder turns on the heuristics named and every other off; killers
// come with their handover to stolen work, as in the presets.
func applyOrder(v string, s *Settled) error {
	on := func(name string) bool {
		return slices.ContainsFunc(strings.Split(v, ","), func(o string) bool { return strings.TrimSpace(o) == name })
	}
	o := &s.Opt
	o.TTMove, o.MVVLVA, o.Killers, o.History = on("tt"), on("mvvlva"), on("killers"), on("history")
	o.KillerHandover = o.Killers
	return nil
}

func variantSetNames() []string {
	var out []string
	for k := range algos.VariantSets {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// checkVariants checks each name against the variant table (which
// algorithm takes which is Settle's to say).
func checkVariants(v string) (string, error) {
	if _, ok := algos.VariantSets[strings.TrimSpace(v)]; ok {
		return v, nil
	}
	for _, x := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '+' }) {
		if x = strings.TrimSpace(x); x == "none" {
			continue
		}
		if _, ok := algos.FindVariant(x); !ok {
			var names []string
			for _, w := range algos.Variants() {
				names = append(names, w.Name)
			}
			return v, fmt.Errorf("no variant %q%s (variants: %s, none)", x, suggest.Hint(x, names), strings.Join(names, ", "))
		}
	}
	return v, nil
}

// autoRestart turns on the restart variant (Lu 1993 §4.1) for an
// algorithm that takes it on a chess or checkers position when neither a
// preset nor variants were given.
func autoRestart(st *settling) {
	if st.shape.Tree || hasKey(st.req, "preset") || !slices.Contains(st.row.Variants, algos.VariantRestart) {
		return
	}
	st.s.Opt.Restart = true
	st.s.Notes = append(st.s.Notes, "variants restart: tests that ran against an α a re-search has since raised are restarted, which cuts the search overhead on chess and checkers positions (no variants given; --variants none, or "+st.row.Name+"+none in a sweep, for the papers' "+st.row.Name+")")
}

// hasKey reports whether the request gives the knob named exactly name.
func hasKey(r Request, name string) bool {
	_, ok := r.vals[name]
	return ok
}

// takesParam is Takes of a knob that sets an option the algorithms read
// only when their row lists it (algos.Algorithm.Params).
func takesParam(name string) func(algos.Algorithm) bool {
	return func(a algos.Algorithm) bool { return slices.Contains(a.Params, name) }
}
