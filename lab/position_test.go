package lab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzResolve: no position name panics the loader; an accepted name's
// canonical Name loads again to the same position.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{
		"chess:start", "chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8/8/8/8/8/8 w - -",
		"checkers:start", "checkers:B:W21,22,K30:B1,2,K5", "checkers:X:W1", "suite:kaufman#3", "suite:kaufman#",
		"suite:3move#9-13", "suite:#", "uniform:b=2,d=3", "literal:(1 (2 3))", "paper:parsss-table1",
		"file:", "chess:", "", "#", "suite:kaufman#1-", "suite:wac#999999999999",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if strings.HasPrefix(name, "file:") {
			return // the fuzzer must not read arbitrary files
		}
		items, err := Resolve(name)
		if err != nil {
			if items != nil {
				t.Fatalf("error %v with items", err)
			}
			return
		}
		if len(items) == 0 {
			t.Fatalf("%q: no error and no positions", name)
		}
		if len(items) == 1 {
			again, err := Resolve(items[0].Name)
			if err != nil || len(again) != 1 {
				t.Fatalf("%q: canonical %q does not load again: %v", name, items[0].Name, err)
			}
			if a, b := again[0].Describer().String(), items[0].Describer().String(); a != b {
				t.Fatalf("%q: canonical %q loads another position", name, items[0].Name)
			}
		}
	})
}

func TestResolveFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name, body, err string
		n               int
		domain          string
	}{
		{"a.epd", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"x\";\n", "", 1, "chess"},
		{"b.pdn", "# two positions\nB:W21,22:B1,2\nW:W21:B5\n", "", 2, "checkers"},
		{"c.tree", "# a tree\n((1 2)\n (3 4))\n", "", 1, "synth"},
		{"d.tree", "((1 2)\n (3 x))\n", "d.tree:2:5: ", 0, ""},
		{"e.pdn", "B:W21:B1\nB:W33:B1\n", "e.pdn:2: ", 0, ""},
		{"f.epd", "\n\n", "holds no position", 0, ""},
		{"g.txt", "1\t9-13 22-18\tstandard\tB:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13\n", "", 1, "checkers"},
	} {
		items, err := Resolve("file:" + write(tc.name, tc.body))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if len(items) != tc.n || items[0].Domain() != tc.domain {
			t.Errorf("%s: %d items of %s, want %d of %s", tc.name, len(items), items[0].Domain(), tc.n, tc.domain)
		}
	}
}
