package lab

import "testing"

// TestGrainFor: the automatic grain's rule (AutoGrain) for the trees the
// timing goals of BENCHMARKS.md measure. Source of the branching factors: the probes of
// the search command on this machine (BK.01 2.9–3.3, the 3-move ballots
// 2.7, ordered:b=32,d=8 5.7); node costs: nodeNanos.
func TestGrainFor(t *testing.T) {
	for _, c := range []struct {
		domain string
		ebf    float64
		depth  int
		want   int
	}{
		{"chess", 3.3, 6, 3},     // 36 nodes ≥ 16
		{"checkers", 2.7, 14, 3}, // 19.7 nodes ≥ 16
		{"synth", 5.7, 8, 3},     // 185 nodes ≥ 75 (2 plies: 32)
		{"synth", 8, 8, 3},       // 512 ≥ 75 (2 plies: 64)
		{"synth", 2, 8, 4},       // capped at half the depth (7 plies for 75)
		{"unknown", 4, 10, 2},    // counts as chess: 16 nodes
		{"checkers", 1.2, 14, 7}, // a nearly forced line: half the depth
		{"synth", 100, 8, 1},     // one ply is 100 nodes
		{"chess", 1.2, 1, 1},     // at least 1
	} {
		g, note := grainFor(c.ebf, c.depth, minTaskNodesIn(c.domain))
		if g != c.want {
			t.Errorf("%s ebf %.1f depth %d: grain %d, want %d (%s)", c.domain, c.ebf, c.depth, g, c.want, note)
		}
	}
	if n := minTaskNodesIn("synth"); n != 75 {
		t.Errorf("synthetic trees: tasks of %.0f nodes, want 75 (2 µs at 27 ns)", n)
	}
}
