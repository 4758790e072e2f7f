package main

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// layer is one row of CONTRIBUTING.md's layer table: its name and its
// packages, by their path in the module ("splitpoint" is the command).
type layer struct {
	name     string
	packages []string
}

// layers is the module's layering, from the bottom up. The rule: a
// package imports only packages listed before it (in a lower layer, or
// earlier in its own row). TestLayers checks the rule against the imports
// of every package and that CONTRIBUTING.md's table lists the same rows.
var layers = []layer{
	{"foundation", []string{"atomicfile", "progress", "suggest"}},
	{"positions", []string{"game", "games/chess", "games/checkers", "games/synth", "suites"}},
	{"runtime", []string{"sched", "tt", "metrics"}},
	{"algorithms", []string{"algos"}},
	{"results", []string{"fits", "results", "results/resultstest"}},
	{"lab", []string{"lab"}},
	{"experiments", []string{"experiment", "cluster", "reports", "reports/gen"}},
	{"play", []string{"uci", "match"}},
	{"commands", []string{"workbench", "tui", "sessions", "notebooks", "reproductions", "repl", "splitpoint"}},
}

const module = "splitpoint"

// modulePackages returns the non-test imports within the module of every
// package of the module, by package path.
func modulePackages(t *testing.T) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != "." && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		p, err := build.Default.ImportDir(path, 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			return err
		}
		ip := module
		if path != "." {
			ip = filepath.ToSlash(path)
		}
		var own []string
		for _, imp := range p.Imports {
			if imp == module || strings.HasPrefix(imp, module+"/") {
				own = append(own, strings.TrimPrefix(imp, module+"/"))
			}
		}
		pkgs[ip] = own
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestLayers: every package of the module is in the layer table once, and
// imports only packages listed before it; CONTRIBUTING.md's layer table
// has the same rows, packages in the same order.
func TestLayers(t *testing.T) {
	rank := map[string]int{}
	for _, l := range layers {
		for _, p := range l.packages {
			if _, dup := rank[p]; dup {
				t.Errorf("%s is in the layer table twice", p)
			}
			rank[p] = len(rank)
		}
	}
	pkgs := modulePackages(t)
	for p, imps := range pkgs {
		r, ok := rank[p]
		if !ok {
			t.Errorf("package %s is in no layer: add it to layers (layers_test.go) and to CONTRIBUTING.md's table", p)
			continue
		}
		for _, imp := range imps {
			if ri, ok := rank[imp]; ok && ri >= r {
				t.Errorf("%s imports %s, which is not below it in the layer table", p, imp)
			}
		}
	}
	for p := range rank {
		if _, ok := pkgs[p]; !ok {
			t.Errorf("the layer table lists %s, which is no package of the module", p)
		}
	}

	data, err := os.ReadFile("CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	var doc []layer
	in := false
	code := regexp.MustCompile("`([^`]+)`")
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "| layer | packages |"):
			in = true
		case in && strings.HasPrefix(line, "|---"):
		case in && strings.HasPrefix(line, "|"):
			cells := strings.Split(line, "|")
			if len(cells) < 4 {
				t.Fatalf("CONTRIBUTING.md: layer row %q has no packages cell", line)
			}
			l := layer{name: strings.TrimSpace(cells[1])}
			for _, m := range code.FindAllStringSubmatch(cells[2], -1) {
				l.packages = append(l.packages, m[1])
			}
			doc = append(doc, l)
		case in:
			in = false
		}
	}
	if !slices.EqualFunc(doc, layers, func(a, b layer) bool { return a.name == b.name && slices.Equal(a.packages, b.packages) }) {
		t.Errorf("CONTRIBUTING.md's layer table is not the one in layers_test.go:\n  doc:  %v\n  code: %v", doc, layers)
	}
}
