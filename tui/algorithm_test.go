package tui

import (
	"slices"
	"strings"
	"testing"
)

// TestDepthTreesOwn: stepping the depth below 1 gives "tree's own": the
// command line then has no --depth, and the search takes a synthetic
// tree's own depth (issue #16).
func TestDepthTreesOwn(t *testing.T) {
	a := newAlgorithmModel(map[string]string{"depth": "1"})
	a.cursor = rowDepth
	a = a.change(-1)
	if a.depth != 0 || slices.ContainsFunc(a.flags(), func(f string) bool { return strings.HasPrefix(f, "--depth") }) {
		t.Errorf("depth %d, flags %v", a.depth, a.flags())
	}
	if got := depthLabel(a.depth); !strings.Contains(got, "tree's own") {
		t.Errorf("label %q", got)
	}
}
