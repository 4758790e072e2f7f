package algos

import (
	"strings"
	"testing"
	"time"
)

func TestSetParams(t *testing.T) {
	var o Options
	if err := SetParams(&o, "tt_bits=16, iterative=true,time_ns=2s,max_nodes=99,grain=3"); err != nil {
		t.Fatal(err)
	}
	if o.TTBits != 16 || !o.Iterative || o.Time != 2*time.Second || o.MaxNodes != 99 || o.Grain != 3 {
		t.Errorf("got %+v", o)
	}
	for _, tc := range []struct{ in, err string }{
		{"bogus=1", `"bogus=1": want name=value with a name from`},
		{"tt_bits", `"tt_bits": want name=value`},
		{"tt_bits=x", `tt_bits: "x" is not an integer`},
		{"iterative=maybe", `iterative: "maybe" is not true or false`},
		{"max_nodes=-1", `max_nodes: "-1" is not an integer ≥ 0`},
	} {
		if err := SetParams(&o, tc.in); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: err %v, want %q", tc.in, err, tc.err)
		}
	}
}
