package workbench

import (
	"slices"
	"strings"
	"testing"
)

func joinQuoted(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = Quote(w)
	}
	return strings.Join(q, " ")
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
			again, _ := Fields(joinQuoted(got))
			if !slices.Equal(again, got) {
				t.Errorf("quote/Fields round trip of %q gives %q", got, again)
			}
		}
	}
}

// FuzzQuote: every word survives Quote and Fields as itself (the REPL's,
// the notebooks' and the terminal UI's one quoting rule).
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "a b", "it's", `"`, "#x", "a#b", "(", "((1 2)", ")", "literal:((3 -2) (5 (1 4)))", "\\", "x\ty"} {
		f.Add(s, "second")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		words := []string{a, b}
		got, err := Fields(joinQuoted(words))
		if err != nil || !slices.Equal(got, words) {
			t.Fatalf("Fields(%q) = %q, %v; want %q", joinQuoted(words), got, err, words)
		}
	})
}
