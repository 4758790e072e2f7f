package algos

import "testing"

// FuzzSetParams: no --param string panics, and what it sets validates or
// is refused with an error, never a crash.
func FuzzSetParams(f *testing.F) {
	for _, s := range []string{"tt_bits=16", "granularity=3,lb_quorum=0.25", "time_ns=2s", "x", "=", "memory=-5", "seed=18446744073709551616"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var o Options
		if SetParams(&o, s) == nil {
			_ = o.Validate()
		}
	})
}
