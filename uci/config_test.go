package uci

import "testing"

// TestConfigDefaultsAsSearch: the engine's default variants are auto,
// the ones search chooses with no flags (lab.DefaultsFor): restart for
// Jamboree with the default preset, none with another preset or when
// set, none for an algorithm without it; levels on every parallel run.
func TestConfigDefaultsAsSearch(t *testing.T) {
	for _, c := range []struct {
		algo, variants, preset string
		restart                bool
	}{
		{"jamboree", "auto", "default", true},
		{"jamboree", "none", "default", false},
		{"jamboree", "auto", "plain", false},
		{"jamboree", "deferred", "default", false},
		{"ybwc", "auto", "default", false},
	} {
		cfg := DefaultConfig()
		cfg.Algo, cfg.Threads, cfg.Preset = c.algo, 2, c.preset
		if c.variants != "auto" {
			cfg.Variants = c.variants
		}
		opt, mc, par, err := cfg.Search()
		if err != nil || !par {
			t.Fatalf("%+v: %v, parallel %v", c, err, par)
		}
		if opt.Restart != c.restart || !mc.Levels {
			t.Errorf("%+v: restart %v, levels %v", c, opt.Restart, mc.Levels)
		}
	}
}
