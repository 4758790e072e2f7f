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
