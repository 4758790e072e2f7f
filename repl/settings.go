package repl

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/sched"
	"splitpoint/tt"
)

// setting is one session default: the flag it fills in for every command
// that has that flag, and how its value is checked when it is set.
type setting struct {
	name  string
	help  string
	check func(v string) error
	// clears names settings that cannot stand beside this one.
	clears []string
}

func checkInt(lo, hi int) func(string) error {
	return func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			return fmt.Errorf("want a whole number %d…%d", lo, hi)
		}
		return nil
	}
}

func checkBool(v string) error {
	if _, err := strconv.ParseBool(v); err != nil {
		return fmt.Errorf("want true or false")
	}
	return nil
}

func checkOneOf(list func() []string) func(string) error {
	return func(v string) error {
		for _, x := range list() {
			if x == v {
				return nil
			}
		}
		return fmt.Errorf("want one of %s", strings.Join(list(), ", "))
	}
}

// Algorithms lists every algorithm a session may set (the algorithm
// table).
func Algorithms() []string { return algos.Names(algos.AllAlgos) }

// Variants lists the algorithm variants a session may set (the variant
// table).
func Variants() []string {
	var out []string
	for _, v := range algos.Variants() {
		out = append(out, v.Name)
	}
	return out
}

var settings = []setting{
	{name: "algo", help: "algorithm", check: checkOneOf(Algorithms)},
	{name: "variants", help: "algorithm variants, comma-separated", check: func(v string) error {
		for _, x := range strings.Split(v, ",") {
			if x == "none" {
				continue
			}
			if err := checkOneOf(Variants)(x); err != nil {
				return fmt.Errorf("variant %q: %v", x, err)
			}
		}
		return nil
	}},
	{name: "preset", help: "named option set", check: checkOneOf(algos.PresetNames)},
	{name: "depth", help: "search depth in plies", check: checkInt(1, algos.MaxDepth)},
	{name: "time", help: "time limit, e.g. 10s", check: func(v string) error {
		if d, err := time.ParseDuration(v); err != nil || d < 0 {
			return fmt.Errorf("want a duration such as 500ms or 30s")
		}
		return nil
	}},
	{name: "workers", help: "goroutine pool workers (a list for sweep)", clears: []string{"sim"}, check: checkList(func(s string) error {
		_, err := sched.ParseMachine(sched.Pool, s)
		return err
	})},
	{name: "sim", help: "simulated processors, or inf (a list for sweep)", clears: []string{"workers"}, check: checkList(func(s string) error {
		_, err := sched.ParseMachine(sched.Sim, s)
		return err
	})},
	{name: "tt", help: "transposition table bits (0 = off)", check: checkInt(0, tt.MaxBits)},
	{name: "seed", help: "seed", check: func(v string) error {
		if _, err := strconv.ParseUint(v, 10, 64); err != nil {
			return fmt.Errorf("want an unsigned whole number")
		}
		return nil
	}},
	{name: "grain", help: "serial below this remaining depth", check: checkInt(0, algos.MaxDepth)},
	{name: "memory", help: "itersss OPEN bound (0 = M0)", check: checkInt(0, 1<<30)},
	{name: "costs", help: "simulator cost model: a preset and/or key=value,…", check: func(v string) error {
		_, err := sched.ParseCosts(v)
		return err
	}},
	{name: "levels", help: "steal ordering by levels", check: checkBool},
	{name: "param", help: "any other search option by name, name=value,… (help search lists them)", check: func(v string) error {
		var o algos.Options
		return algos.SetParams(&o, v)
	}},
	{name: "max-mem", help: "memory budget of parallel runs, e.g. 2GB, or none", check: func(v string) error {
		_, err := sched.ParseBudget(v)
		return err
	}},
	{name: "dist-tt", help: "distribute the table over the simulated processors", check: checkBool},
	{name: "levelwait", help: "level waiting", check: checkBool},
	{name: "nats", help: "sweeps and the TUI's cluster machine run on workers through this NATS server (nats://HOST:PORT or embedded; none: here)", check: func(v string) error {
		if v == "none" || v == "embedded" || strings.HasPrefix(v, "nats://") || strings.HasPrefix(v, "tls://") {
			return nil
		}
		return fmt.Errorf("want nats://HOST:PORT, embedded or none")
	}},
}

func checkList(one func(string) error) func(string) error {
	return func(v string) error {
		for _, x := range strings.Split(v, ",") {
			if err := one(strings.TrimSpace(x)); err != nil {
				return fmt.Errorf("%q: %v", x, err)
			}
		}
		return nil
	}
}

func findSetting(name string) *setting {
	for i := range settings {
		if settings[i].name == name {
			return &settings[i]
		}
	}
	return nil
}

// SettingNames lists the settings, for help and completion.
func SettingNames() []string {
	var out []string
	for _, s := range settings {
		out = append(out, s.name)
	}
	sort.Strings(out)
	return out
}
