package uci

import (
	"errors"
	"fmt"
	"maps"
	"strings"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/sched"
)

// Config is one configuration of the workbench as a player: what the UCI
// options set and what a match's configuration keys set: every option
// is a knob of the settings layer (lab.Knobs with a UCI form: Threads,
// the machine's workers row, then Hash, Algo, Variants, Grain, Preset,
// Param), given or not in Req. The zero Config is not valid; start from
// DefaultConfig.
type Config struct {
	Req lab.Request
	// given are the options' values as set, by UCI name: a value the
	// knob stores in another unit (Hash in MiB, the table in bits) is
	// shown as it was given.
	given map[string]string
}

// DefaultConfig is the engine's configuration before any setoption: one
// thread, each knob's UCI default (a 16 MiB table), and every other
// setting left to the settings layer, as search leaves it with no flags
// (lab.Settle: the default preset, the restart variant for Jamboree,
// steal ordering by levels, the grain chosen for the position).
func DefaultConfig() Config { return DefaultConfigIn(lab.DefaultTables()) }

// DefaultConfigIn is DefaultConfig of the tables tab: its options are
// tab's knobs with a UCI form, its algorithms tab's.
func DefaultConfigIn(tab lab.Tables) Config {
	c := Config{Req: tab.Request()}
	for _, k := range tab.Knobs {
		if u := k.UCI; u != nil && u.Default != "" {
			if err := c.Set(u.Name, u.Default); err != nil {
				panic(fmt.Sprintf("the UCI default of %s: %v", k.Name, err)) // a row of the knob table is wrong
			}
		}
	}
	return c
}

// Option is one UCI option (setoption name Name) and the same setting as
// a match configuration's key (Key=value). The table is the one
// vocabulary of both.
type Option struct {
	Name string // as the UCI option: "Threads"
	Key  string // as a match key: "workers"
	Type string // UCI type: spin, combo or string
	Min  int
	Max  int
	// Vars are a combo's values.
	Vars func() []string
	Help string
	get  func(Config) string
	set  func(*Config, string) error
}

// knobOption is the UCI option of knob k, of the algorithms algs.
func knobOption(k lab.Knob, algs algos.AlgoTable) Option {
	u := *k.UCI
	o := Option{Name: u.Name, Key: u.Key, Type: u.Type, Min: u.Min, Max: u.Max, Help: k.UsageIn(algs)}
	if o.Key == "" {
		o.Key = strings.ToLower(u.Name)
	}
	if u.Type == "combo" {
		o.Vars = func() []string {
			var vs []string
			if u.Unset != "" {
				vs = append(vs, u.Unset)
			}
			return append(vs, k.Values()...)
		}
	}
	o.get = func(c Config) string {
		v, ok := c.Req.Get(k.Name)
		switch {
		case !ok:
			return u.Unset
		case c.given[u.Name] != "":
			return c.given[u.Name]
		case u.Out != nil:
			return u.Out(v)
		}
		return v
	}
	o.set = func(c *Config, v string) error {
		v = strings.TrimSpace(v)
		c.given = maps.Clone(c.given)
		delete(c.given, u.Name)
		if v == u.Unset || (v == "" && u.Type == "string") {
			c.Req.Unset(k.Name)
			return nil
		}
		if u.In != nil {
			if c.given == nil {
				c.given = map[string]string{}
			}
			c.given[u.Name] = v
		}
		if u.In != nil {
			var err error
			if v, err = u.In(v); err != nil {
				return err
			}
		}
		if err := c.Req.Set(k.Name, v); err != nil {
			_, msg, _ := strings.Cut(err.Error(), ": ")
			return errors.New(msg)
		}
		return nil
	}
	return o
}

// Options returns the option table of the default tables (OptionsIn).
func Options() []Option { return OptionsIn(lab.DefaultTables()) }

// OptionsIn returns the option table of the tables tab: the knob table's
// rows with a UCI form, the machine's first (Threads).
func OptionsIn(tab lab.Tables) []Option {
	var out []Option
	for _, machine := range []bool{true, false} {
		for _, k := range tab.Knobs {
			if k.UCI != nil && k.Machine == machine {
				out = append(out, knobOption(k, tab.Algos))
			}
		}
	}
	return out
}

// Options returns the configuration's option table: its request's
// tables' (OptionsIn).
func (c Config) Options() []Option { return OptionsIn(c.Req.Tables()) }

// Set sets the option named name (its UCI name or its key, in any case)
// to value; the error names the option and what it allows.
func (c *Config) Set(name, value string) error {
	opts := c.Options()
	for _, o := range opts {
		if strings.EqualFold(o.Name, name) || strings.EqualFold(o.Key, name) {
			if err := o.set(c, value); err != nil {
				return fmt.Errorf("option %s: %w", o.Name, err)
			}
			return nil
		}
	}
	var names []string
	for _, o := range opts {
		names = append(names, o.Name)
	}
	return fmt.Errorf("unknown option %q (options: %s)", name, strings.Join(names, ", "))
}

// Get returns the value of the option named name ("" if unknown).
func (c Config) Get(name string) string {
	for _, o := range c.Options() {
		if strings.EqualFold(o.Name, name) || strings.EqualFold(o.Key, name) {
			return o.get(c)
		}
	}
	return ""
}

// Settings are a configuration settled for a chess position: the search
// options, the machine, whether the algorithm is parallel, whether its
// grain is left to the position (AutoGrain), and the settings layer's
// notes.
type Settings struct {
	Opt       algos.Options
	Machine   sched.Config
	Parallel  bool
	AutoGrain bool
	Notes     []string
}

// Search settles the configuration for a chess position (lab.Settle, as
// every command does). The depth and limits are left to the caller.
func (c Config) Search() (Settings, error) {
	req := c.Req.Clone()
	if !req.Given("depth") {
		req.Set("depth", "1") // checked with a nominal depth: each iteration sets its own
	}
	s, err := lab.Settle(lab.Shape{Domain: "chess"}, req)
	s.Opt.Depth = 0
	out := Settings{Opt: s.Opt, AutoGrain: s.AutoGrain, Notes: s.Notes}
	if err != nil {
		return out, err
	}
	row, ok := s.Opt.Table().Lookup(s.Opt.Algo)
	if !ok {
		return out, s.Opt.Table().Unknown(s.Opt.Algo)
	}
	if !row.Parallel {
		return out, nil
	}
	out.Parallel = true
	if s.Machine.Kind == "" {
		s.Machine = sched.PoolOf(1) // Threads unset: one worker
	}
	out.Machine = s.Config(sched.Config{Costs: sched.DefaultCosts(), ProfileBuckets: -1})
	return out, nil
}

// String writes the configuration as match keys: algo=…,workers=…
func (c Config) String() string {
	var b []string
	for _, o := range c.Options() {
		b = append(b, o.Key+"="+o.get(c))
	}
	return strings.Join(b, ",")
}
