package uci

import "testing"

// TestConfigDefaultsAsSearch: the engine's default variants are auto,
// the ones search chooses with no flags (lab.Settle): restart for
// Jamboree with no preset given, none with a preset or when set, none
// for an algorithm without it; levels on every parallel run.
func TestConfigDefaultsAsSearch(t *testing.T) {
	for _, c := range []struct {
		algo, variants, preset string
		restart                bool
	}{
		{"jamboree", "auto", "auto", true},
		{"jamboree", "none", "default", false},
		{"jamboree", "auto", "plain", false},
		{"jamboree", "deferred", "default", false},
		{"ybwc", "auto", "auto", false},
		{"jamboree", "auto", "default", false}, // a preset given: the papers' Jamboree
	} {
		cfg := DefaultConfig()
		if err := cfg.Set("Threads", "2"); err != nil {
			t.Fatal(err)
		}
		for _, kv := range [][2]string{{"Algo", c.algo}, {"Preset", c.preset}, {"Variants", c.variants}} {
			if err := cfg.Set(kv[0], kv[1]); err != nil {
				t.Fatal(err)
			}
		}
		st, err := cfg.Search()
		if err != nil || !st.Parallel {
			t.Fatalf("%+v: %v, parallel %v", c, err, st.Parallel)
		}
		if st.Opt.Restart != c.restart || !st.Machine.Levels {
			t.Errorf("%+v: restart %v, levels %v", c, st.Opt.Restart, st.Machine.Levels)
		}
	}
}
