package sched

import (
	"strings"
	"testing"
)

// FuzzParseCosts: no cost string panics; an accepted one prints back to a
// string that parses to the same model, and no cost is over MaxCost.
func FuzzParseCosts(f *testing.F) {
	for _, s := range []string{"", "node=1,steal=20", "terminal", "unit,abort=2", "x=1", "node=-1", "node=", ",", "terminal,terminal", "node=4096", "node=4097", "wake=9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCosts(s)
		if err != nil {
			return
		}
		back, err := ParseCosts(c.String())
		if err != nil || back != c {
			t.Fatalf("%q → %+v → %q → %+v, %v", s, c, c.String(), back, err)
		}
		for _, f := range c.fields() {
			if *f.p > MaxCost {
				t.Fatalf("%q: %s=%d over MaxCost", s, f.key, *f.p)
			}
		}
	})
}

// FuzzParseMachine: no processor count panics; an accepted one is valid
// and prints its P back.
func FuzzParseMachine(f *testing.F) {
	for _, s := range []string{"1", "inf", "0", "65536", "65537", "-3", "4096", " 2 ", "1e3"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, sim bool) {
		kind := Pool
		if sim {
			kind = Sim
		}
		m, err := ParseMachine(kind, s)
		if err != nil {
			return
		}
		if m.Validate() != nil || (m.PLabel() != strings.TrimSpace(s) && !strings.HasPrefix(strings.TrimSpace(s), "0") && !strings.HasPrefix(strings.TrimSpace(s), "+")) {
			t.Fatalf("%q → %+v (%q)", s, m, m.PLabel())
		}
	})
}

// FuzzParseBudget: no budget string panics.
func FuzzParseBudget(f *testing.F) {
	for _, s := range []string{"2GB", "512MiB", "none", "", "0", "-1", "lots", "1e3", "99999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n, err := ParseBudget(s); err == nil && n < -1 {
			t.Fatalf("%q → %d", s, n)
		}
	})
}
