package uci

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/sched"
	"splitpoint/tt"
)

// Config is one configuration of the workbench as a player: what the UCI
// options set (Threads, Hash, Algo, Variants, Grain, Preset, Param) and
// what a match's configuration keys set. The zero Config is not valid;
// start from DefaultConfig.
type Config struct {
	Algo     string // a name of algos.Table; "" = the preset's
	Threads  int    // pool workers of a parallel algorithm
	HashMB   int    // the table's size in MiB (rounded down to a power of two entries); 0 = off
	Variants string // the algorithm's variants, as algos.SetVariants reads them; "auto": as search chooses (lab.DefaultsFor)
	Grain    int    // 0 = chosen by lab.AutoGrain for an algorithm that takes one
	Preset   string // a name of algos.Presets
	Params   string // any other option, name=value,… (algos.SetParams)
}

// DefaultConfig is the engine's configuration before any setoption: the
// default preset (Scout with table, ordering, iterative deepening and
// quiescence), one thread, a 16 MiB table, the variants search would
// choose (auto: the restart variant for Jamboree).
func DefaultConfig() Config {
	return Config{Threads: 1, HashMB: 16, Variants: autoVariants, Preset: "default"}
}

// autoVariants is the Variants value that leaves them to lab.DefaultsFor.
const autoVariants = "auto"

// Option is one row of the option table: a UCI option (setoption name
// Name) and the same setting as a match configuration's key (Key=value).
// The table is the one vocabulary of both.
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

// maxHashMB bounds the Hash option by the largest table tt makes.
var maxHashMB = int(tt.SizeBytes(tt.MaxBits) >> 20)

var options = []Option{
	{Name: "Threads", Key: "workers", Type: "spin", Min: 1, Max: sched.MaxPoolWorkers,
		Help: "goroutine-pool workers of a parallel algorithm (a serial one searches alone)",
		get:  func(c Config) string { return strconv.Itoa(c.Threads) },
		set:  func(c *Config, v string) error { return setInt(&c.Threads, v, 1, sched.MaxPoolWorkers) }},
	{Name: "Hash", Key: "hash", Type: "spin", Min: 0, Max: maxHashMB,
		Help: "transposition table size in MiB (a power of two entries at most that big); 0 = off",
		get:  func(c Config) string { return strconv.Itoa(c.HashMB) },
		set:  func(c *Config, v string) error { return setInt(&c.HashMB, v, 0, maxHashMB) }},
	{Name: "Algo", Key: "algo", Type: "combo", Vars: func() []string { return append([]string{"preset"}, algos.Names(algos.AllAlgos)...) },
		Help: "the algorithm, from the algorithm table (preset: the preset's own)",
		get: func(c Config) string {
			if c.Algo == "" {
				return "preset"
			}
			return c.Algo
		},
		set: func(c *Config, v string) error {
			if v == "preset" || v == "" {
				c.Algo = ""
				return nil
			}
			if _, ok := algos.Lookup(v); !ok {
				return algos.UnknownAlgorithm(v)
			}
			c.Algo = v
			return nil
		}},
	{Name: "Variants", Key: "variants", Type: "string",
		Help: "the algorithm's variants, joined by + (help search lists who takes which), none, or auto: as search chooses with no flags (restart for jamboree with the default preset)",
		get:  func(c Config) string { return c.Variants },
		set:  func(c *Config, v string) error { c.Variants = strings.TrimSpace(v); return nil }},
	{Name: "Grain", Key: "grain", Type: "spin", Min: 0, Max: algos.MaxDepth,
		Help: "remaining depth at or below which a node is searched serially; 0 = chosen automatically",
		get:  func(c Config) string { return strconv.Itoa(c.Grain) },
		set:  func(c *Config, v string) error { return setInt(&c.Grain, v, 0, algos.MaxDepth) }},
	{Name: "Preset", Key: "preset", Type: "combo", Vars: algos.PresetNames,
		Help: "named option set the algorithm starts from",
		get:  func(c Config) string { return c.Preset },
		set: func(c *Config, v string) error {
			if _, ok := algos.Presets()[v]; !ok {
				return fmt.Errorf("unknown preset %q (allowed: %s)", v, strings.Join(algos.PresetNames(), ", "))
			}
			c.Preset = v
			return nil
		}},
	{Name: "Param", Key: "param", Type: "string",
		Help: "any other search option by name, name=value;… (" + strings.Join(algos.ParamNames(), ", ") + ")",
		get:  func(c Config) string { return c.Params },
		set: func(c *Config, v string) error {
			// ';' separates pairs here: ',' separates a match's keys.
			v = strings.ReplaceAll(strings.TrimSpace(v), ";", ",")
			var o algos.Options
			if err := algos.SetParams(&o, v); err != nil {
				return err
			}
			c.Params = v
			return nil
		}},
}

// Options returns the option table.
func Options() []Option { return slices.Clone(options) }

func setInt(dst *int, v string, lo, hi int) error {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < lo || n > hi {
		return fmt.Errorf("%q is not an integer in %d…%d", v, lo, hi)
	}
	*dst = n
	return nil
}

// Set sets the option named name (its UCI name or its key, in any case)
// to value; the error names the option and what it allows.
func (c *Config) Set(name, value string) error {
	for _, o := range options {
		if strings.EqualFold(o.Name, name) || strings.EqualFold(o.Key, name) {
			if err := o.set(c, value); err != nil {
				return fmt.Errorf("option %s: %w", o.Name, err)
			}
			return nil
		}
	}
	var names []string
	for _, o := range options {
		names = append(names, o.Name)
	}
	return fmt.Errorf("unknown option %q (options: %s)", name, strings.Join(names, ", "))
}

// Get returns the value of the option named name ("" if unknown).
func (c Config) Get(name string) string {
	for _, o := range options {
		if strings.EqualFold(o.Name, name) || strings.EqualFold(o.Key, name) {
			return o.get(c)
		}
	}
	return ""
}

// ttBits is the largest table of at most mb MiB: 2^bits entries.
func ttBits(mb int) int {
	if mb <= 0 {
		return 0
	}
	entries := (int64(mb) << 20) / tt.SizeBytes(1) * 2
	b := bits.Len64(uint64(entries)) - 1
	return min(max(b, 1), tt.MaxBits)
}

// Search builds the search options and the machine of the
// configuration: the preset, the algorithm, the table, the variants, the
// grain and the params. parallel says the algorithm runs on the pool of
// Threads workers. The depth and limits are left to the caller.
func (c Config) Search() (opt algos.Options, cfg sched.Config, parallel bool, err error) {
	opt, ok := algos.Presets()[c.Preset]
	if !ok {
		return opt, cfg, false, fmt.Errorf("unknown preset %q (allowed: %s)", c.Preset, strings.Join(algos.PresetNames(), ", "))
	}
	if c.Algo != "" {
		opt.Algo = c.Algo
	}
	row, ok := algos.Lookup(opt.Algo)
	if !ok {
		return opt, cfg, false, algos.UnknownAlgorithm(opt.Algo)
	}
	opt.TTBits = ttBits(c.HashMB)
	// The defaults of a parallel search of a game position, from the
	// one function every command reads (lab.DefaultsFor): the restart
	// variant with the default preset when the variants are auto, and
	// steal ordering by levels.
	d := lab.DefaultsFor(false, "game", opt.Algo, lab.Given{Preset: c.Preset != "default", Variants: c.Variants != autoVariants})
	variants := c.Variants
	if variants == autoVariants {
		variants = "none"
		if d.Restart {
			variants = algos.VariantRestart
		}
	}
	if err := algos.SetVariants(opt.Algo, variants, &opt); err != nil {
		return opt, cfg, false, fmt.Errorf("variants: %w", err)
	}
	opt.Grain = c.Grain
	if err := algos.SetParams(&opt, c.Params); err != nil {
		return opt, cfg, false, fmt.Errorf("param: %w", err)
	}
	if !row.Parallel {
		return opt, cfg, false, nil
	}
	cfg = sched.Config{Seed: 1, Costs: sched.DefaultCosts(), ProfileBuckets: -1, Levels: d.Levels}
	if cfg.Machine, err = sched.ParseMachine(sched.Pool, strconv.Itoa(max(c.Threads, 1))); err != nil {
		return opt, cfg, false, fmt.Errorf("threads: %w", err)
	}
	return opt, cfg, true, nil
}

// String writes the configuration as match keys: algo=…,workers=…
func (c Config) String() string {
	var b []string
	for _, o := range options {
		b = append(b, o.Key+"="+o.get(c))
	}
	return strings.Join(b, ",")
}
