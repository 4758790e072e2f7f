package repl

import (
	"slices"
	"testing"
)

func TestComplete(t *testing.T) {
	for _, tc := range []struct {
		line string
		want string // one completion that must be offered
	}{
		{"sea", "search"},
		{"", "load"},
		{"he", "help"},
		{"set al", "algo"},
		{"set algo jam", ""},
		{"set algo sc", "scout"},
		{"set levels t", "true"},
		{"search suite:kau", "suite:kaufman"},
		{"search suite:kaufman#L.Kaufman_CCR_Test_No.2", "suite:kaufman#L.Kaufman_CCR_Test_No.2"},
		{"load suite:3move#9-13_21-17_5", "suite:3move#9-13_21-17_5-9"},
		{"search uni", "uniform:b="},
		{"search x --al", "--algo"},
		{"search x --algo pneg", "pnegamax"},
		{"search x --de", "--depth"},
		{"run tmux_", "tmux_test.go"},
		{"load file:complete_t", "file:complete_test.go"},
	} {
		got := Complete(tc.line)
		if tc.want == "" {
			continue
		}
		if !slices.Contains(got, tc.want) {
			t.Errorf("Complete(%q) = %v, want it to offer %q", tc.line, got, tc.want)
		}
	}
}

func TestFields(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		err  bool
	}{
		{"search suite:kaufman#3 --depth 4", []string{"search", "suite:kaufman#3", "--depth", "4"}, false},
		{"show literal:((3 -2) (5 (1 4)))", []string{"show", "literal:((3 -2) (5 (1 4)))"}, false},
		{`show 'chess:8/8/8/8/8/8/8/K1k5 w - -'`, []string{"show", "chess:8/8/8/8/8/8/8/K1k5 w - -"}, false},
		{`load "a \"b\""`, []string{"load", `a "b"`}, false},
		{"set depth 4 # a comment", []string{"set", "depth", "4"}, false},
		{"# only a comment", nil, false},
		{"show 'open", nil, true},
		{`show "open`, nil, true},
		{"show literal:((1 2)", nil, true},
	} {
		got, err := Fields(tc.in)
		if (err != nil) != tc.err || (!tc.err && !slices.Equal(got, tc.want)) {
			t.Errorf("Fields(%q) = %q, %v; want %q (error %t)", tc.in, got, err, tc.want, tc.err)
		}
		if err == nil {
			again, _ := Fields(join(got))
			if !slices.Equal(again, got) {
				t.Errorf("quote/Fields round trip of %q gives %q", got, again)
			}
		}
	}
}
