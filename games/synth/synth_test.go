package synth

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"splitpoint/game"
)

// The reference below is a second, independent implementation of the spec
// (shared/specs/synthetic-trees.md), written straight from its text with
// plain recursion and no code shared with the package: values computed both
// ways must agree.

func refMix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

func refChild(k uint64, i uint64) uint64 { return refMix(k + (i+1)*0x9E3779B97F4A7C15) }

func refLeaf(k uint64) int64 { return int64(k%2001) - 1000 }

// refUniform is the negamax value of the uniform subtree at key k, depth left d.
func refUniform(k uint64, b, d int) int64 {
	if d == 0 {
		return refLeaf(k)
	}
	best := int64(math.MinInt64)
	for i := 0; i < b; i++ {
		best = max(best, -refUniform(refChild(k, uint64(i)), b, d-1))
	}
	return best
}

// refBimodal is the negamax value of a bimodal subtree; it also counts nodes.
func refBimodal(k uint64, bq, bc int, q float64, d int, nodes *int) int64 {
	*nodes++
	if d == 0 {
		return refLeaf(k)
	}
	var n uint64
	if k%1000 < uint64(math.Round(1000*q)) {
		n = 1 + (k>>20)%uint64(bc)
	} else {
		n = max(1, uint64(bq)-2+(k>>20)%5)
	}
	best := int64(math.MinInt64)
	for i := uint64(0); i < n; i++ {
		best = max(best, -refBimodal(refChild(k, i), bq, bc, q, d-1, nodes))
	}
	return best
}

// refOrdered walks an ordered tree top-down and returns the leaf values'
// negamax value, checking at every interior node that it equals the value
// the spec assigned.
func refOrdered(t *testing.T, k uint64, v int64, b, d int, order string, p float64) int64 {
	if d == 0 {
		return v
	}
	s := int64(1 + k%7)
	j := uint64(0)
	if order == "p" && !((k>>32)%1000 < uint64(math.Round(1000*p))) {
		j = 1 + (k>>16)%uint64(b-1)
	}
	best := int64(math.MinInt64)
	for i := uint64(0); i < uint64(b); i++ {
		ck := refChild(k, i)
		var delta int64
		switch order {
		case "best":
			delta = int64(i) * s
		case "worst":
			delta = (int64(b) - 1 - int64(i)) * s
		default:
			if i != j {
				delta = int64(1 + ck%50)
			}
		}
		best = max(best, -refOrdered(t, ck, -(v-delta), b, d-1, order, p))
	}
	if best != v {
		t.Fatalf("ordered node key %#x: negamax %d != assigned %d", k, best, v)
	}
	return best
}

// negamax searches a tree through the game contract, counting leaves.
func negamax(s *game.Stack[Position], ply int, leaves *int) game.Value {
	pos := &s.Pos[ply]
	n := pos.Moves(s.Moves[ply][:])
	if n == 0 {
		*leaves++
		return pos.Terminal()
	}
	best := -game.Inf
	for _, m := range s.Moves[ply][:n] {
		pos.Play(m, &s.Pos[ply+1])
		best = max(best, -negamax(s, ply+1, leaves))
	}
	return best
}

// alphabeta is fail-soft alpha-beta (Joerg & Kuszmaul 1994, Fig. 3), counting leaves.
func alphabeta(s *game.Stack[Position], ply int, alpha, beta game.Value, leaves *int) game.Value {
	pos := &s.Pos[ply]
	n := pos.Moves(s.Moves[ply][:])
	if n == 0 {
		*leaves++
		return pos.Terminal()
	}
	best := -game.Inf
	for _, m := range s.Moves[ply][:n] {
		pos.Play(m, &s.Pos[ply+1])
		v := -alphabeta(s, ply+1, -beta, -max(alpha, best), leaves)
		if v > best {
			best = v
			if best >= beta {
				break
			}
		}
	}
	return best
}

func mustParse(t testing.TB, name string) *Tree {
	t.Helper()
	tr, err := Parse(name)
	if err != nil {
		t.Fatalf("Parse(%q): %v", name, err)
	}
	return tr
}

func search(t testing.TB, tr *Tree) (game.Value, int) {
	s := game.NewStack[Position](tr.Depth() + 1)
	s.Pos[0] = *tr.Root()
	leaves := 0
	return negamax(s, 0, &leaves), leaves
}

// TestPinnedValues pins the root values of several trees of every family.
// Each value was computed by this package and by the independent reference
// above; the test checks both against the pinned number, so a change to
// either implementation that alters a tree is caught ("the same name gives
// the same tree forever").
func TestPinnedValues(t *testing.T) {
	for _, tc := range []struct {
		name   string
		value  game.Value
		leaves int
	}{
		{"uniform:b=2,d=1,seed=0", 0, 2},
		{"uniform:b=3,d=4,seed=1", 0, 81},
		{"uniform:b=4,d=6,seed=42", 0, 4096},
		{"uniform:b=8,d=4,seed=7", 0, 4096},
		{"uniform:b=1,d=3,seed=5", 0, 1},
		{"uniform:b=5,d=0,seed=9", 0, 1},
		{"ordered:b=3,d=5,seed=1,order=best", 0, 243},
		{"ordered:b=4,d=4,seed=2,order=worst", 0, 256},
		{"ordered:b=5,d=4,seed=3,order=p0.85", 0, 625},
		{"ordered:b=2,d=8,seed=4,order=p0", 0, 256},
		{"bimodal:bq=8,bc=2,q=0.79,d=10,seed=1", 0, 0},
		{"bimodal:bq=4,bc=3,q=0.5,d=8,seed=2", 0, 0},
		{"literal:((3 -2) (5 (1 4)))", 0, 5},
		{"paper:parsss-table1", 4, 16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := mustParse(t, tc.name)
			v, leaves := search(t, tr)
			want, ok := pinned[tc.name]
			if !ok {
				t.Fatalf("no pinned value for %s (package computes %d)", tc.name, v)
			}
			if v != want {
				t.Errorf("value %d, pinned %d", v, want)
			}
			if tc.leaves != 0 && leaves != tc.leaves {
				t.Errorf("leaves %d, want %d", leaves, tc.leaves)
			}
			if ref, ok := reference(t, tr); ok && ref != int64(want) {
				t.Errorf("independent reference gives %d, pinned %d", ref, want)
			}
		})
	}
}

// reference computes the value of tr with the independent implementation.
func reference(t *testing.T, tr *Tree) (int64, bool) {
	switch tr.Family {
	case Uniform:
		return refUniform(refMix(tr.Seed), tr.B, tr.D), true
	case Ordered:
		k := refMix(tr.Seed)
		order := map[Order]string{Best: "best", Worst: "worst", Prob: "p"}[tr.Order]
		return refOrdered(t, k, int64(k%201)-100, tr.B, tr.D, order, float64(tr.P1000)/1000), true
	case Bimodal:
		n := 0
		return refBimodal(refMix(tr.Seed), tr.BQ, tr.BC, float64(tr.Q1000)/1000, tr.D, &n), true
	}
	return 0, false
}

// TestAgainstReference compares package and reference on many seeds.
func TestAgainstReference(t *testing.T) {
	for seed := 0; seed < 60; seed++ {
		for _, f := range []string{
			"uniform:b=3,d=5,seed=%d",
			"ordered:b=3,d=5,seed=%d,order=best",
			"ordered:b=4,d=4,seed=%d,order=worst",
			"ordered:b=4,d=4,seed=%d,order=p0.7",
			"bimodal:bq=6,bc=2,q=0.6,d=7,seed=%d",
		} {
			tr := mustParse(t, fmt.Sprintf(f, seed))
			v, _ := search(t, tr)
			ref, _ := reference(t, tr)
			if int64(v) != ref {
				t.Fatalf("%s: package %d, reference %d", tr.Name(), v, ref)
			}
			if ev, ok := tr.ExactValue(); ok && ev != v {
				t.Fatalf("%s: ExactValue %d, negamax %d", tr.Name(), ev, v)
			}
		}
	}
}

// TestKnuthMoore checks the spec's fact: on order=best, fail-soft alpha-beta
// visits exactly B^⌈D/2⌉ + B^⌊D/2⌋ − 1 leaves (Knuth & Moore 1975).
func TestKnuthMoore(t *testing.T) {
	for _, b := range []int{2, 3, 5, 8} {
		for d := 1; d <= 6; d++ {
			tr := mustParse(t, fmt.Sprintf("ordered:b=%d,d=%d,seed=%d,order=best", b, d, b*d))
			s := game.NewStack[Position](d + 1)
			s.Pos[0] = *tr.Root()
			leaves := 0
			v := alphabeta(s, 0, -game.Inf, game.Inf, &leaves)
			want := ipow(b, (d+1)/2) + ipow(b, d/2) - 1
			if leaves != want {
				t.Errorf("b=%d d=%d: %d leaves, want %d", b, d, leaves, want)
			}
			if ev, _ := tr.ExactValue(); v != ev {
				t.Errorf("b=%d d=%d: value %d, want %d", b, d, v, ev)
			}
		}
	}
}

// TestBimodalShape checks Lu's narrow-tree statistics are roughly imitated
// by bq=8,bc=2,q=0.79 (the spec's claim): capture nodes have 1 or 2
// children, other nodes 6..10.
func TestBimodalShape(t *testing.T) {
	tr := mustParse(t, "bimodal:bq=8,bc=2,q=0.79,d=12,seed=1")
	s := game.NewStack[Position](tr.Depth() + 1)
	s.Pos[0] = *tr.Root()
	var capN, capKids, quietN, quietKids int
	var walk func(ply int)
	walk = func(ply int) {
		pos := &s.Pos[ply]
		n := pos.Moves(s.Moves[ply][:])
		if n == 0 || ply > 9 {
			return
		}
		if pos.IsCapture(s.Moves[ply][0]) {
			capN++
			capKids += n
			if n < 1 || n > 2 {
				t.Fatalf("capture node with %d children", n)
			}
		} else {
			quietN++
			quietKids += n
			if n < 6 || n > 10 {
				t.Fatalf("quiet node with %d children", n)
			}
		}
		for _, m := range s.Moves[ply][:n] {
			pos.Play(m, &s.Pos[ply+1])
			walk(ply + 1)
		}
	}
	walk(0)
	capB := float64(capKids) / float64(capN)
	quietB := float64(quietKids) / float64(quietN)
	t.Logf("capture nodes %d (b=%.2f), quiet nodes %d (b=%.2f)", capN, capB, quietN, quietB)
	// 1 + U{0,1} has mean 1.5; max(1, 6 + U{0..4}) has mean 8 (tolerance 0.1 for sampling).
	if math.Abs(capB-1.5) > 0.1 || math.Abs(quietB-8) > 0.1 {
		t.Errorf("branching capture %.2f (want 1.5±0.1), quiet %.2f (want 8±0.1)", capB, quietB)
	}
}

func TestNames(t *testing.T) {
	for _, tc := range []struct{ in, canonical string }{
		{"uniform:b=4,d=6,seed=7", "uniform:b=4,d=6,seed=7"},
		{"uniform:d=6,b=4", "uniform:b=4,d=6,seed=1"},
		{"ordered:b=8,d=5,seed=1,order=p0.850", "ordered:b=8,d=5,seed=1,order=p0.85"},
		{"ordered:b=8,d=5,seed=1,order=p1", "ordered:b=8,d=5,seed=1,order=p1"},
		{"bimodal:bq=8,bc=2,q=0.79,d=12,seed=3", "bimodal:bq=8,bc=2,q=0.79,d=12,seed=3"},
		{"literal:( (3  -2)\n(5 (1 4)) )", "literal:((3 -2) (5 (1 4)))"},
		{"literal:7", "literal:7"},
		{"paper:parsss-table1", "paper:parsss-table1"},
	} {
		tr, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if tr.Name() != tc.canonical {
			t.Errorf("Parse(%q).Name() = %q, want %q", tc.in, tr.Name(), tc.canonical)
		}
		if again := mustParse(t, tr.Name()); again.Name() != tr.Name() {
			t.Errorf("canonical name %q does not round-trip", tr.Name())
		}
	}
}

func TestBadNames(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"uniform", "not a synthetic tree name"},
		{"forest:b=2", "unknown tree family"},
		{"uniform:b=2", "missing parameter d"},
		{"uniform:b=2,d=3,x=1", `unknown parameter "x"`},
		{"uniform:b=2,d=3,b=4", "given twice"},
		{"uniform:b=two,d=3", "not a whole number"},
		{"uniform:b=0,d=3", "out of range"},
		{"uniform:b=2,d=65", "out of range"},
		{"uniform:b=300,d=2", "out of range"},
		{"uniform:b=2,d=3,seed=-1", "not an unsigned"},
		{"ordered:b=2,d=3", "missing parameter order"},
		{"ordered:b=2,d=3,order=p1.5", "outside [0,1]"},
		{"ordered:b=2,d=3,order=middling", "want best, worst"},
		{"bimodal:bq=1,bc=2,q=0.5,d=3", "out of range"},
		{"bimodal:bq=8,bc=2,d=3", "missing parameter q"},
		{"uniform:b=2,,d=3", "key=value"},
		{"literal:", "empty tree"},
		{"literal:(1 2", "unclosed"},
		{"literal:(1 2))", "after the end"},
		{"literal:()", "empty list"},
		{"literal:(1 x)", `"x" is not an integer`},
		{"literal:(1 99999)", "outside"},
		{"paper:table2", "unknown paper tree"},
	} {
		_, err := Parse(tc.in)
		if err == nil {
			t.Errorf("Parse(%q) succeeded, want error containing %q", tc.in, tc.want)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%q) = %q, want it to mention %q", tc.in, err, tc.want)
		}
	}
}

func TestLiteralErrorPosition(t *testing.T) {
	_, err := ParseLiteral("(1 2\n (3 y))")
	le, ok := err.(*LiteralError)
	if !ok || le.Line != 2 || le.Col != 5 {
		t.Fatalf("error %v, want a LiteralError at 2:5", err)
	}
}

// TestParsssTable1 is Bhattacharya & Bagchi's worked example: value 4.
func TestParsssTable1(t *testing.T) {
	tr := mustParse(t, "paper:parsss-table1")
	if v, leaves := search(t, tr); v != 4 || leaves != 16 || tr.Depth() != 4 {
		t.Fatalf("value %d over %d leaves at depth %d, want 4 over 16 at depth 4", v, leaves, tr.Depth())
	}
}

func TestNoAllocs(t *testing.T) {
	tr := mustParse(t, "ordered:b=8,d=6,seed=1,order=p0.85")
	s := game.NewStack[Position](8)
	s.Pos[0] = *tr.Root()
	allocs := testing.AllocsPerRun(100, func() {
		n := s.Pos[0].Moves(s.Moves[0][:])
		for _, m := range s.Moves[0][:n] {
			s.Pos[0].Play(m, &s.Pos[1])
			_ = s.Pos[1].Eval() + s.Pos[1].Terminal()
			_ = s.Pos[1].Hash()
		}
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per node expansion, want 0", allocs)
	}
}

func BenchmarkPerftUniform(b *testing.B) {
	tr := mustParse(b, "uniform:b=8,d=7,seed=1")
	s := game.NewStack[Position](8)
	s.Pos[0] = *tr.Root()
	var nodes uint64
	for b.Loop() {
		nodes += game.Perft[Position](s, 7)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
}
