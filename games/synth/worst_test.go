package synth_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/games/synth"
)

// fullSize is the number of nodes and leaves of the uniform tree of degree
// b and height d.
func fullSize(b, d int) (nodes, leaves uint64) {
	nodes, leaves = 1, 1
	for range d {
		leaves *= uint64(b)
		nodes += leaves
	}
	return nodes, leaves
}

// refAlphaBeta is an independent fail-soft alpha-beta over the position
// contract, counting the nodes it enters.
func refAlphaBeta(p *synth.Position, alpha, beta game.Value, nodes *uint64) game.Value {
	*nodes++
	var buf [game.MaxMoves]game.Move
	n := p.Moves(buf[:])
	if n == 0 {
		return p.Terminal()
	}
	b := -game.Inf
	var c synth.Position
	for _, m := range buf[:n] {
		p.Play(m, &c)
		v := -refAlphaBeta(&c, -beta, -alpha, nodes)
		b = max(b, v)
		if v >= beta {
			return b
		}
		alpha = max(alpha, v)
	}
	return b
}

// checkWorstOrdered walks the whole tree: every interior node's value is
// its negamax value, its children are strictly increasing in value from its
// side (worst first, best last), and its last child is its value.
func checkWorstOrdered(t *testing.T, p *synth.Position) (nodes, leaves uint64) {
	t.Helper()
	var buf [game.MaxMoves]game.Move
	n := p.Moves(buf[:])
	if n == 0 {
		return 1, 1
	}
	nodes = 1
	prev := -game.Inf
	var c synth.Position
	for i, m := range buf[:n] {
		p.Play(m, &c)
		w := -c.Eval()
		if w <= prev {
			t.Fatalf("depth %d: child %d worth %d from the node's side, not above child %d's %d", p.Depth(), i, w, i-1, prev)
		}
		prev = w
		cn, cl := checkWorstOrdered(t, &c)
		nodes, leaves = nodes+cn, leaves+cl
	}
	if prev != p.Eval() {
		t.Fatalf("depth %d: value %d, but the best child is worth %d", p.Depth(), p.Eval(), prev)
	}
	return nodes, leaves
}

// sameTree reports where two trees' values or shapes first differ.
func sameTree(a, b *synth.Position) error {
	var ba, bb [game.MaxMoves]game.Move
	na, nb := a.Moves(ba[:]), b.Moves(bb[:])
	if na != nb || a.Eval() != b.Eval() {
		return fmt.Errorf("depth %d: %d children, value %d against %d children, value %d", a.Depth(), na, a.Eval(), nb, b.Eval())
	}
	var ca, cb synth.Position
	for i := range na {
		a.Play(ba[i], &ca)
		b.Play(bb[i], &cb)
		if err := sameTree(&ca, &cb); err != nil {
			return err
		}
	}
	return nil
}

func TestFullWorst(t *testing.T) {
	cases := [][2]int{{1, 0}, {1, 5}, {2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 8}, {3, 5}, {4, 4}, {4, 6}, {5, 5}, {8, 4}, {8, 5}, {16, 3}}
	if !testing.Short() {
		cases = append(cases, [2]int{8, 6}, [2]int{2, 16})
	}
	for _, c := range cases {
		b, d := c[0], c[1]
		t.Run(fmt.Sprintf("b=%d,d=%d", b, d), func(t *testing.T) {
			tr, err := synth.FullWorst(b, d)
			if err != nil {
				t.Fatal(err)
			}
			wantNodes, wantLeaves := fullSize(b, d)
			nodes, leaves := checkWorstOrdered(t, tr.Root())
			if nodes != wantNodes || leaves != wantLeaves {
				t.Fatalf("tree has %d nodes, %d leaves; want %d, %d", nodes, leaves, wantNodes, wantLeaves)
			}
			if tr.Width() != b || tr.Depth() != d {
				t.Errorf("Width %d, Depth %d; want %d, %d", tr.Width(), tr.Depth(), b, d)
			}
			if v, ok := tr.ExactValue(); !ok || v != 0 {
				t.Errorf("ExactValue = %d, %v; want 0, true", v, ok)
			}
			var refNodes uint64
			if v := refAlphaBeta(tr.Root(), -game.Inf, game.Inf, &refNodes); v != 0 || refNodes != wantNodes {
				t.Errorf("reference alpha-beta: value %d, %d nodes; want 0, %d (the full tree)", v, refNodes, wantNodes)
			}
			if d > 0 { // algos searches 1 ply or more
				res, err := algos.Search[synth.Position](context.Background(), tr.Root(), algos.Options{Algo: algos.AlgoAlphaBeta, Depth: d})
				if err != nil {
					t.Fatal(err)
				}
				if res.Value != 0 || res.Nodes != wantNodes || res.Leaves != wantLeaves {
					t.Errorf("algos alpha-beta: value %d, %d nodes, %d leaves; want 0, %d, %d (the full tree)", res.Value, res.Nodes, res.Leaves, wantNodes, wantLeaves)
				}
			}
			// The name is the literal text, which parses to the same tree.
			if !strings.HasPrefix(tr.Name(), "literal:") {
				t.Fatalf("Name %.40q is not a literal", tr.Name())
			}
			if wantNodes <= synth.MaxLiteralNodes {
				back, err := synth.Parse(tr.Name())
				if err != nil {
					t.Fatalf("Parse(Name()): %v", err)
				}
				if err := sameTree(tr.Root(), back.Root()); err != nil {
					t.Fatalf("Parse(Name()) gives another tree: %v", err)
				}
				if back.Name() != tr.Name() || back.Summary() != tr.Summary() {
					t.Errorf("Parse(Name()): summary %q, want %q", back.Summary(), tr.Summary())
				}
			}
		})
	}
}

// TestFullWorstSmall pins the smallest trees' text: worst first, best last
// from each node's side, every value inside alpha-beta's window.
func TestFullWorstSmall(t *testing.T) {
	for _, tc := range []struct {
		b, d int
		want string
	}{
		{2, 1, "literal:(1 0)"},
		{3, 1, "literal:(2 1 0)"},
		{2, 2, "literal:((0 -1) (1 0))"},
		{2, 3, "literal:(((2 1) (3 2)) ((0 -1) (1 0)))"},
		{3, 2, "literal:((0 -1 -2) (1 0 -1) (2 1 0))"},
	} {
		tr, err := synth.FullWorst(tc.b, tc.d)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Name() != tc.want {
			t.Errorf("FullWorst(%d, %d) = %s, want %s", tc.b, tc.d, tr.Name(), tc.want)
		}
	}
}

// TestFullWorstLarge checks the largest tree the theorems command uses by
// default, b=8, d=8 (19,173,961 nodes, 77 MB), with alpha-beta only.
func TestFullWorstLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("19M-node search")
	}
	tr, err := synth.FullWorst(8, 8)
	if err != nil {
		t.Fatal(err)
	}
	wantNodes, wantLeaves := fullSize(8, 8)
	res, err := algos.Search[synth.Position](context.Background(), tr.Root(), algos.Options{Algo: algos.AlgoAlphaBeta, Depth: 8})
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != 0 || res.Nodes != wantNodes || res.Leaves != wantLeaves {
		t.Errorf("alpha-beta: value %d, %d nodes, %d leaves; want 0, %d, %d", res.Value, res.Nodes, res.Leaves, wantNodes, wantLeaves)
	}
	if !strings.Contains(tr.Summary(), "19173961 nodes, 16777216 leaves") {
		t.Errorf("Summary = %q", tr.Summary())
	}
	if _, err := synth.Parse(tr.Name()); err == nil {
		t.Errorf("Parse(%q) of a tree over the literal limit succeeded", tr.Name())
	}
}

func TestFullWorstLimits(t *testing.T) {
	for _, c := range [][2]int{{0, 3}, {65, 2}, {2, -1}, {64, 5}, {2, 30}} {
		if _, err := synth.FullWorst(c[0], c[1]); err == nil {
			t.Errorf("FullWorst(%d, %d) succeeded", c[0], c[1])
		}
	}
}
