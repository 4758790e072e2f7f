package experiment

import (
	"fmt"
	"splitpoint/algos"
	"strconv"
	"strings"
	"time"

	"splitpoint/sched"
	"splitpoint/tt"
)

// Spec is an experiment: every position is searched by every algorithm on
// every machine (pool worker counts and simulated processor counts), for
// every seed and repetition, after one serial baseline search per position.
type Spec struct {
	Positions []string      // position names (anything workbench.Resolve takes)
	Algos     []Algo        // algorithms with their variants
	Depth     int           // search depth; 0 with Time
	Time      time.Duration // time limit of serial searches; 0 = none
	Workers   []int         // goroutine-pool sizes
	Sim       []int         // simulated processors; 0 = infinitely many
	Reps      int           // repetitions of every run (≥ 1)
	Seeds     []uint64      // machine seeds (the simulator is reproducible per seed)
	TTBits    int           // transposition table of 2^TTBits entries; 0 = off
	Costs     string        // the simulator's cost model as key=value,…; "" = one unit per node
	Levels    bool          // steal ordering by levels
	LevelWait bool          // level waiting
	Baseline  string        // the serial algorithm of the baseline (default scout)
	// Preset names the search options every run starts from
	// (algos.Presets: plain, default, …); depth, table bits, seed and
	// variants are set on top. "" (not given): as the search command
	// chooses per position (lab.DefaultsFor: default for chess and
	// checkers, with the restart variant for the algorithms that take it
	// and no variants given; plain for synthetic trees).
	Preset string
	// Grain is the remaining depth at or below which a parallel search
	// runs the serial Scout; when it is not given (grainSet false) each
	// pool run gets lab.AutoGrain's, as the search command does, and a
	// simulated run 0.
	Grain int
	// Params sets any other option by its name (algos.SetParams), on top
	// of the preset, for every run: "spawn_height=4,granularity=3".
	Params string
	// MaxMem is every run's memory budget in bytes (sched.Config.MaxMem:
	// 0 the default share of this machine's memory, negative none).
	MaxMem int64
	ttSet  bool // TTBits was given (else the preset's table size applies)
	// levelsSet: Levels was given (else chess and checkers positions
	// get steal ordering by levels, as the search command's).
	levelsSet bool
	// grainSet: Grain was given (else the grain is chosen per run).
	grainSet bool

	file  string           // the spec file, for errors; "" for flags
	lines map[string][]int // key → its line, then each item's line
	flags map[string]bool  // keys set by Set (a flag), which errors name as --key
}

// Algo is an algorithm with variants, written name+variant+variant.
type Algo struct {
	Name     string
	Variants []string
}

// String writes the algorithm as ParseAlgo reads it.
func (a Algo) String() string { return strings.Join(append([]string{a.Name}, a.Variants...), "+") }

// VariantString is the variants "+"-joined ("" for none).
func (a Algo) VariantString() string { return strings.Join(a.Variants, "+") }

// ParseAlgo reads "jamboree+serialize2+deferred": a name and variants.
func ParseAlgo(s string) (Algo, error) {
	parts := strings.Split(strings.TrimSpace(s), "+")
	a := Algo{Name: strings.TrimSpace(parts[0])}
	if a.Name == "" {
		return a, fmt.Errorf("empty algorithm name in %q", s)
	}
	seen := map[string]bool{}
	for _, v := range parts[1:] {
		v = strings.TrimSpace(v)
		if v == "" {
			return a, fmt.Errorf("empty variant in %q", s)
		}
		if seen[v] {
			return a, fmt.Errorf("variant %q twice in %q", v, s)
		}
		seen[v] = true
		a.Variants = append(a.Variants, v)
	}
	return a, nil
}

// NewSpec returns a spec with the defaults: one repetition, seed 1, the
// Scout baseline.
func NewSpec() *Spec {
	return &Spec{Reps: 1, Seeds: []uint64{1}, Baseline: "scout", lines: map[string][]int{}}
}

// Key is one key of a spec: its YAML name, the sweep flag that sets it
// (the same name but for seeds, whose flag is --seed), whether it is a
// switch, and its help. The YAML reader, Set, the sweep command's flags
// and its help all read KeyTable.
type Key struct {
	Name, Flag string
	Bool       bool
	Help       string
}

// KeyTable is the keys of a spec, in the order of the documentation.
func KeyTable() []Key {
	return []Key{
		{Name: "positions", Help: "positions, comma-separated (suite:kaufman#1,uniform:b=4,d=6,seed=1,…)"},
		{Name: "algos", Help: "algorithms with +variants, comma-separated: " + strings.Join(algos.Names(algos.AllAlgos), ", ")},
		{Name: "depth", Help: "search depth in plies"},
		{Name: "time", Help: "time limit of the serial searches (with depth 0)"},
		{Name: "workers", Help: "goroutine-pool sizes, comma-separated"},
		{Name: "sim", Help: "simulated processor counts, comma-separated, inf for infinitely many"},
		{Name: "reps", Help: "repetitions of every run (default 1)"},
		{Name: "seeds", Flag: "seed", Help: "machine seeds, comma-separated (default 1)"},
		{Name: "tt", Help: "transposition table of 2^BITS entries (default: the preset's; plain: 0, off)"},
		{Name: "preset", Help: "search options every run starts from: " + strings.Join(algos.PresetNames(), ", ") + " (default: default for chess and checkers positions, with the restart variant for algorithms given without variants, plain for synthetic trees, as search chooses)"},
		{Name: "grain", Help: "parallel searches run serial Scout at this remaining depth and below (default: chosen per position on the pool, as search does; 0 on the simulator)"},
		{Name: "max_mem", Flag: "max-mem", Help: "every run's memory budget, e.g. 2GB or 512MiB, or none (default: " + sched.BudgetString(0) + "); a run past it is recorded as failed and the sweep goes on"},
		{Name: "params", Flag: "param", Help: "any other search option by name, name=value,… (" + strings.Join(algos.ParamNames(), ", ") + ")"},
		{Name: "costs", Help: "simulator cost model: a preset (" + strings.Join(sched.CostPresetNames(), ", ") + ") and/or key=value pairs (keys: " + strings.Join(sched.CostKeys(), ", ") + ")"},
		{Name: "levels", Bool: true, Help: "steal ordering by levels (default: on for chess and checkers positions, as search; levels=false to steal the last child)"},
		{Name: "levelwait", Bool: true, Help: "level waiting"},
		{Name: "baseline", Help: "serial algorithm of the baseline (default scout)"},
	}
}

// Keys lists the keys of a spec (KeyTable's names).
var Keys = func() []string {
	var out []string
	for _, k := range KeyTable() {
		out = append(out, k.Name)
	}
	return out
}()

// FlagName is the sweep flag of the key.
func (k Key) FlagName() string {
	if k.Flag != "" {
		return k.Flag
	}
	return k.Name
}

// Error is an error in a spec: the file and line (or the flag) and the key
// it concerns.
type Error struct {
	File string // "" when the spec came from flags
	Line int
	Key  string
	Msg  string
}

func (e *Error) Error() string {
	if e.File == "" {
		return fmt.Sprintf("--%s: %s", e.Key, e.Msg)
	}
	if e.Key == "" {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Key, e.Msg)
}

// Errf is an error about the i-th item of key (i < 0: the key itself), at
// its line when the spec came from a file.
func (s *Spec) Errf(key string, i int, format string, args ...any) error {
	e := &Error{File: s.file, Key: key, Msg: fmt.Sprintf(format, args...)}
	if s.flags[key] {
		e.File = ""
	}
	if ls := s.lines[key]; len(ls) > 0 {
		e.Line = ls[0]
		if i >= 0 && i+1 < len(ls) {
			e.Line = ls[i+1]
		}
	}
	if e.File != "" && e.Line == 0 {
		e.Line = 1 // a key the file lacks: the file as a whole
	}
	return e
}

// item is one value of a key with the line it stood on (0 for flags).
type item struct {
	s    string
	line int
}

// Set sets key from a flag's value: lists are comma-separated (positions
// too, where a piece without ':' that holds '=' continues the name before
// it, as in uniform:b=4,d=6). It overrides what a spec file said.
func (s *Spec) Set(key, value string) error {
	var items []item
	if key == "positions" {
		for _, p := range SplitPositions(value) {
			items = append(items, item{s: p})
		}
	} else {
		for _, p := range strings.Split(value, ",") {
			items = append(items, item{s: strings.TrimSpace(p)})
		}
	}
	if s.flags == nil {
		s.flags = map[string]bool{}
	}
	s.flags[key] = true
	if key == "seed" {
		s.flags["seeds"] = true
	}
	return s.set(key, 0, items)
}

// SplitPositions splits a comma-separated list of position names, keeping
// the commas inside a synthetic tree's parameters (uniform:b=4,d=6,seed=1)
// and inside parentheses (literal trees).
func SplitPositions(list string) []string {
	var out []string
	depth, start := 0, 0
	var pieces []string
	for i, r := range list {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				pieces = append(pieces, list[start:i])
				start = i + 1
			}
		}
	}
	pieces = append(pieces, list[start:])
	for _, p := range pieces {
		p = strings.TrimSpace(p)
		if len(out) > 0 && !strings.Contains(p, ":") && strings.Contains(p, "=") {
			out[len(out)-1] += "," + p
			continue
		}
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// set parses the items of key; keyLine is the key's own line.
func (s *Spec) set(key string, keyLine int, items []item) error {
	lines := []int{keyLine}
	for _, it := range items {
		lines = append(lines, it.line)
	}
	s.lines[key] = lines
	one := func() (string, error) {
		if len(items) != 1 {
			return "", s.Errf(key, -1, "want one value, got %d", len(items))
		}
		return items[0].s, nil
	}
	switch key {
	case "positions":
		s.Positions = nil
		for i, it := range items {
			if it.s == "" {
				return s.Errf(key, i, "empty position name")
			}
			s.Positions = append(s.Positions, it.s)
		}
	case "algos":
		s.Algos = nil
		for i, it := range items {
			a, err := ParseAlgo(it.s)
			if err != nil {
				return s.Errf(key, i, "%v", err)
			}
			s.Algos = append(s.Algos, a)
		}
	case "depth", "reps", "tt", "grain":
		v, err := one()
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return s.Errf(key, 0, "%q is not an integer", v)
		}
		switch key {
		case "depth":
			if n < 0 || n > 100 {
				return s.Errf(key, 0, "depth %d out of range (allowed: 1..100, or 0 with a time limit)", n)
			}
			s.Depth = n
		case "reps":
			if n < 1 {
				return s.Errf(key, 0, "%d repetitions: want at least 1", n)
			}
			s.Reps = n
		case "tt":
			if n < 0 || n > tt.MaxBits {
				return s.Errf(key, 0, "table of 2^%d entries: want 0 (off) … %d", n, tt.MaxBits)
			}
			s.TTBits, s.ttSet = n, true
		case "grain":
			if n < 0 || n > 100 {
				return s.Errf(key, 0, "grain %d out of range (allowed: 0..100 plies of remaining depth)", n)
			}
			s.Grain, s.grainSet = n, true
		}
	case "time":
		v, err := one()
		if err != nil {
			return err
		}
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return s.Errf(key, 0, "%q is not a duration ≥ 0 such as 500ms or 2s", v)
		}
		s.Time = d
	case "workers":
		s.Workers = nil
		for i, it := range items {
			m, err := sched.ParseMachine(sched.Pool, it.s)
			if err != nil {
				return s.Errf(key, i, "%v", err)
			}
			s.Workers = append(s.Workers, m.P)
		}
	case "sim":
		s.Sim = nil
		for i, it := range items {
			m, err := sched.ParseMachine(sched.Sim, it.s)
			if err != nil {
				return s.Errf(key, i, "%v", err)
			}
			s.Sim = append(s.Sim, m.P)
		}
	case "seeds", "seed":
		s.Seeds = nil
		for i, it := range items {
			n, err := strconv.ParseUint(it.s, 0, 64)
			if err != nil {
				return s.Errf(key, i, "%q is not a seed (an unsigned integer)", it.s)
			}
			s.Seeds = append(s.Seeds, n)
		}
		s.lines["seeds"] = lines
	case "costs":
		var parts []string
		for _, it := range items {
			parts = append(parts, it.s)
		}
		s.Costs = strings.Join(parts, ",")
	case "levels", "levelwait":
		v, err := one()
		if err != nil {
			return err
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			return s.Errf(key, 0, "%q: want true or false", v)
		}
		if key == "levels" {
			s.Levels, s.levelsSet = b, true
		} else {
			s.LevelWait = b
		}
	case "baseline":
		v, err := one()
		if err != nil {
			return err
		}
		s.Baseline = v
	case "preset":
		v, err := one()
		if err != nil {
			return err
		}
		if _, ok := algos.Presets()[v]; !ok {
			return s.Errf(key, 0, "unknown preset %q (allowed: %s)", v, strings.Join(algos.PresetNames(), ", "))
		}
		s.Preset = v
	case "max_mem":
		v, err := one()
		if err != nil {
			return err
		}
		n, err := sched.ParseBudget(v)
		if err != nil {
			return s.Errf(key, 0, "%v", err)
		}
		s.MaxMem = n
	case "params":
		var parts []string
		for _, it := range items {
			parts = append(parts, it.s)
		}
		var o algos.Options
		if err := algos.SetParams(&o, strings.Join(parts, ",")); err != nil {
			return s.Errf(key, 0, "%v", err)
		}
		s.Params = strings.Join(parts, ",")
	default:
		return s.Errf("", -1, "unknown key %q (keys: %s)", key, strings.Join(Keys, ", "))
	}
	return nil
}

// Check reports what is missing or inconsistent in the spec as a whole.
func (s *Spec) Check() error {
	switch {
	case len(s.Positions) == 0:
		return s.Errf("positions", -1, "no positions (give suite:NAME#IDS, file:PATH, uniform:b=B,d=D,… or any position name)")
	case len(s.Algos) == 0:
		return s.Errf("algos", -1, "no algorithms (give e.g. scout,pnegamax,jamboree+serialize2)")
	}
	return nil
}
