package synth

import (
	"strings"
	"testing"
)

// FuzzParse checks that no name panics the parser and that every accepted
// name's canonical form parses to the same tree.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"uniform:b=4,d=6,seed=7", "ordered:b=8,d=5,seed=1,order=p0.85", "bimodal:bq=8,bc=2,q=0.79,d=12,seed=3",
		"literal:((3 -2) (5 (1 4)))", "paper:parsss-table1", "uniform:b=,d=", "uniform:b=4,d=6,seed=0x", "literal:((((",
		"literal:)", "ordered:order=pNaN,b=2,d=2", "bimodal:bq=2,bc=0,q=1,d=1", "literal:(1 # comment\n 2)", "uniform::",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		tr, err := Parse(name)
		if err != nil {
			if tr != nil {
				t.Fatalf("error %v with a tree", err)
			}
			return
		}
		again, err := Parse(tr.Name())
		if err != nil {
			t.Fatalf("canonical %q of %q does not parse: %v", tr.Name(), name, err)
		}
		if again.Name() != tr.Name() || again.Summary() != tr.Summary() {
			t.Fatalf("canonical %q of %q gives another tree", tr.Name(), name)
		}
		if strings.HasPrefix(name, "literal:") {
			if v, _ := tr.ExactValue(); int(v) < -MaxLiteralValue || int(v) > MaxLiteralValue {
				t.Fatalf("value %d out of range", v)
			}
		}
	})
}
