package experiment

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/sched"
)

// Spec is an experiment: every position is searched by every algorithm on
// every machine (pool worker counts and simulated processor counts), for
// every seed and repetition, after one serial baseline search per position.
// What the runs are set to (depth, table, preset, grain, costs, …) is a
// request of the settings layer (Req: the knob table's spec keys), settled
// for each position and algorithm as the search command settles it
// (lab.Settle).
type Spec struct {
	Positions []string // position names (anything workbench.Resolve takes)
	Algos     []Algo   // algorithms with their variants
	// Machines are the machines of the parallel algorithms, by the name
	// of the knob table's row that chooses them (lab.Knob.On: workers,
	// the pool's sizes; sim, the simulator's P, 0 = infinitely many).
	Machines map[string][]sched.Machine
	Reps     int      // repetitions of every run (≥ 1)
	Seeds    []uint64 // machine seeds (the simulator is reproducible per seed)
	// Baseline is the serial algorithm of the baseline; "" (not given):
	// the baseline of the parallel algorithms' rows (algos.Table: scout
	// for most, sss for PARSSS*).
	Baseline string
	// Req is every other setting given, by the knob table's spec keys
	// (lab.Knobs): not given, a setting is chosen per position.
	Req lab.Request

	file  string           // the spec file, for errors; "" for flags
	lines map[string][]int // key → its line, then each item's line
	flags map[string]bool  // keys set by Set (a flag), which errors name as --key
}

// Depth is the depth given (0: none).
func (s *Spec) Depth() int {
	d, _ := s.Req.Int("depth")
	return d
}

// Time is the time limit of the serial searches given (0: none).
func (s *Spec) Time() time.Duration {
	v, _ := s.Req.Get("time")
	d, _ := time.ParseDuration(v)
	return d
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

// NewSpec returns a spec of the default tables (NewSpecIn).
func NewSpec() *Spec { return newSpec(nil) }

// NewSpecIn returns a spec of the tables tab (its keys are tab's knobs',
// its algorithms tab's) with the defaults: one repetition, seed 1, the
// baseline of the algorithms' rows.
func NewSpecIn(tab lab.Tables) *Spec { return newSpec(&tab) }

// newSpec is NewSpecIn of tab, nil for the default tables (the zero
// request's).
func newSpec(tab *lab.Tables) *Spec {
	s := &Spec{Reps: 1, Seeds: []uint64{1}, lines: map[string][]int{}}
	if tab != nil {
		s.Req = tab.Request()
	}
	return s
}

// Key is one key of a spec: its YAML name, the sweep flag that sets it
// (the same name but for seeds, whose flag is --seed, and the knobs',
// whose flag is the knob's), whether it is a switch, and its help. The
// YAML reader, Set, the sweep command's flags and its help all read
// KeyTable.
type Key struct {
	Name, Flag string
	Bool       bool
	Help       string
}

// ownKeys are the keys of a sweep's shape: what is run where, not how
// a run is set.
func ownKeys(algs algos.AlgoTable) []Key {
	return []Key{
		{Name: "positions", Help: "positions, comma-separated (suite:kaufman#1,uniform:b=4,d=6,seed=1,…)"},
		{Name: "algos", Help: "algorithms with +variants, comma-separated: " + strings.Join(algs.Names(algos.AllAlgos), ", ")},
		{Name: "reps", Help: "repetitions of every run (default 1)"},
		{Name: "seeds", Flag: "seed", Help: "machine seeds, comma-separated (default 1)"},
		{Name: "baseline", Help: "serial algorithm of the baseline (default: the one the parallel algorithms' rows name: scout, sss for parsss and paritersss)"},
	}
}

// KeyTable is the keys of a spec of the default tables (KeyTableIn).
func KeyTable() []Key { return KeyTableIn(lab.DefaultTables()) }

// KeyTableIn is the keys of a spec of the tables tab: the sweep's own,
// then the knob table's spec keys (a machine's row that chooses the
// machine takes a list, each value a machine the parallel algorithms run
// on).
func KeyTableIn(tab lab.Tables) []Key {
	out := ownKeys(tab.Algos)
	for _, k := range tab.Knobs {
		if k.Spec != "" {
			out = append(out, Key{Name: k.Spec, Flag: k.Name, Bool: k.IsBool(), Help: k.UsageIn(tab.Algos)})
		}
	}
	return out
}

// Keys lists the keys of a spec of the default tables (KeysIn).
func Keys() []string { return KeysIn(lab.DefaultTables()) }

// KeysIn lists the keys of a spec of the tables tab (KeyTableIn's
// names).
func KeysIn(tab lab.Tables) []string {
	var out []string
	for _, k := range KeyTableIn(tab) {
		out = append(out, k.Name)
	}
	return out
}

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
	case "reps":
		v, err := one()
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return s.Errf(key, 0, "%q is not an integer", v)
		}
		if n < 1 {
			return s.Errf(key, 0, "%d repetitions: want at least 1", n)
		}
		s.Reps = n
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
	case "baseline":
		v, err := one()
		if err != nil {
			return err
		}
		s.Baseline = v
	default:
		return s.setKnob(key, items, lines)
	}
	return nil
}

// setKnob sets the knob whose spec key is key: a machine's row that
// chooses the machine to the list of machines its items name, any other
// to its value (a list's items comma-joined) in the request.
func (s *Spec) setKnob(key string, items []item, lines []int) error {
	k, ok := s.Req.Tables().FindKnob(key)
	if !ok || k.Spec == "" {
		return s.Errf("", -1, "unknown key %q (keys: %s)", key, strings.Join(KeysIn(s.Req.Tables()), ", "))
	}
	if k.Spec != key {
		s.lines[k.Spec] = lines
	}
	if k.On != nil {
		var ms []sched.Machine
		for i, it := range items {
			m, err := k.On(it.s)
			if err != nil {
				return s.Errf(key, i, "%v", err)
			}
			ms = append(ms, m)
		}
		if s.Machines == nil {
			s.Machines = map[string][]sched.Machine{}
		}
		s.Machines[k.Name] = ms
		return nil
	}
	var v string
	if k.Kind == lab.List {
		var parts []string
		for _, it := range items {
			parts = append(parts, it.s)
		}
		v = strings.Join(parts, ",")
	} else if len(items) != 1 {
		return s.Errf(key, -1, "want one value, got %d", len(items))
	} else {
		v = items[0].s
	}
	v, err := k.Parse(v)
	if err != nil {
		if strings.Contains(err.Error(), strconv.Quote(v)) { // the check named the value
			return s.Errf(key, 0, "%v", err)
		}
		return s.Errf(key, 0, "%q: %v", v, err)
	}
	if err := s.Req.Set(k.Name, v); err != nil {
		return s.Errf(key, 0, "%v", err)
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
