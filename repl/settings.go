package repl

import (
	"fmt"
	"sort"
	"strings"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/sessions"
)

// setting is one session default: the flag it fills in for every command
// that has that flag, and how its value is checked when it is set.
type setting struct {
	name   string
	help   string
	check  func(v string) error
	values func() []string // for completion; nil: none
	// clears names settings that cannot stand beside this one.
	clears []string
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

// allSettings are the session's settings of the tables tab: one per row
// of its knob table, checked as the row says (a machine's row that chooses the
// machine takes a list, for sweep, and clears the row it excludes), then
// the cluster, which is the session's own.
func allSettings(tab lab.Tables) []setting {
	var out []setting
	for _, k := range tab.Knobs {
		st := setting{name: k.Name, help: k.UsageIn(tab.Algos), values: knobValues(k), check: func(v string) error {
			_, err := k.Parse(v)
			return err
		}}
		if k.On != nil {
			st.check = checkList(func(s string) error {
				_, err := k.On(s)
				return err
			})
			st.clears = []string{k.Excludes}
		}
		out = append(out, st)
	}
	return append(out, own...)
}

// knobValues are the values completion offers for a knob.
func knobValues(k lab.Knob) func() []string {
	return func() []string {
		if k.Values != nil {
			return k.Values()
		}
		if k.IsBool() {
			return []string{"true", "false"}
		}
		if k.Name == "variants" {
			return Variants()
		}
		if k.On != nil {
			return k.Choices
		}
		return nil
	}
}

// own are the settings that are not a run's knobs: the cluster and the
// runs a sweep runs at once (jobsSetting).
var own = []setting{
	{name: "nats", help: "sweeps and the TUI's cluster machine run on workers through this NATS server (nats://HOST:PORT or embedded; none: here)", check: func(v string) error {
		if v == "none" || v == "embedded" || strings.HasPrefix(v, "nats://") || strings.HasPrefix(v, "tls://") {
			return nil
		}
		return fmt.Errorf("want nats://HOST:PORT, embedded or none")
	}},
	jobsSetting,
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

func findSetting(tab lab.Tables, name string) *setting {
	all := allSettings(tab)
	for i := range all {
		if all[i].name == name {
			return &all[i]
		}
	}
	return nil
}

// SettingNames lists the settings of the default tables, for help and
// completion (SettingNamesIn).
func SettingNames() []string { return SettingNamesIn(lab.DefaultTables()) }

// SettingNamesIn lists the settings of the tables tab.
func SettingNamesIn(tab lab.Tables) []string {
	var out []string
	for _, s := range allSettings(tab) {
		out = append(out, s.name)
	}
	sort.Strings(out)
	return out
}

// sessionSettings lists a session's settings as `name=value`, those of
// the default tables' knobs in the table's order, then every other one
// (a knob of a table of its own) by name: an export drops none.
func sessionSettings(s *sessions.Session) []string {
	var out []string
	seen := map[string]bool{}
	for _, st := range allSettings(lab.DefaultTables()) {
		if v, ok := s.Settings[st.name]; ok {
			out = append(out, fmt.Sprintf("`%s=%s`", st.name, v))
			seen[st.name] = true
		}
	}
	var rest []string
	for name := range s.Settings {
		if !seen[name] {
			rest = append(rest, name)
		}
	}
	sort.Strings(rest)
	for _, name := range rest {
		out = append(out, fmt.Sprintf("`%s=%s`", name, s.Settings[name]))
	}
	return out
}
