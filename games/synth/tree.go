package synth

import (
	"fmt"
	"strings"

	"splitpoint/game"
)

// Family is one of the spec's five tree families.
type Family uint8

// The families of the spec, in its order.
const (
	Uniform Family = iota + 1
	Ordered
	Bimodal
	Literal
	Paper
)

var familyNames = [...]string{Uniform: "uniform", Ordered: "ordered", Bimodal: "bimodal", Literal: "literal", Paper: "paper"}

func (f Family) String() string {
	if int(f) < len(familyNames) && familyNames[f] != "" {
		return familyNames[f]
	}
	return fmt.Sprintf("Family(%d)", f)
}

// Order is the move ordering of an ordered tree.
type Order uint8

// The orderings of the `ordered` family.
const (
	Best  Order = iota + 1 // δ_i = i·s: Kuszmaul's best-ordered tree
	Worst                  // δ_i = (B−1−i)·s: the worst-ordered tree
	Prob                   // best move first with probability P/1000
)

// Tree is a synthetic game tree: its family and parameters. A Tree is
// immutable once made and may be shared by any number of searches.
type Tree struct {
	Family Family
	B      int    // branching factor (uniform, ordered)
	D      int    // depth of the leaves; the root is depth 0
	Seed   uint64 // the spec's seed S
	Order  Order  // ordered trees only
	P1000  uint64 // round(1000·p) for order=p…
	BQ, BC int    // bimodal: quiet and capture branching
	Q1000  uint64 // bimodal: round(1000·Q)

	name string // canonical name
	// literal and paper trees: node i has children kids[first[i]:first[i]+count[i]]
	// (indices into the node arrays), or is a leaf with value val[i].
	first, count []int32
	val          []int32 // leaf value, or exact negamax value of an interior node
	// A complete literal tree built by FullWorst leaves first and count nil:
	// node i < interior has the uni children uni·i+1 … uni·i+uni, the other
	// nodes are leaves (breadth-first order, as ParseLiteral lays them out).
	uni, interior int32
}

// Name is the tree's canonical name: the one that gives this tree back.
func (t *Tree) Name() string { return t.name }

// Root returns the root position of the tree.
func (t *Tree) Root() *Position {
	p := &Position{tree: t, key: RootKey(t.Seed)}
	switch t.Family {
	case Ordered:
		p.v = int32(p.key%201) - 100
	case Literal, Paper:
		p.v = 0 // node index of the root
	}
	return p
}

// Width is the largest number of children any node of the tree can have.
func (t *Tree) Width() int {
	switch t.Family {
	case Uniform, Ordered:
		return t.B
	case Bimodal:
		return max(t.BC, t.BQ+2)
	default:
		if t.uni > 0 {
			return int(t.uni)
		}
		w := 0
		for _, c := range t.count {
			w = max(w, int(c))
		}
		return w
	}
}

// Depth is the depth of the deepest leaf.
func (t *Tree) Depth() int { return t.D }

// Summary describes the tree in one line: family, branching, depth.
func (t *Tree) Summary() string {
	switch t.Family {
	case Uniform:
		return fmt.Sprintf("uniform tree, b=%d, d=%d, seed=%d: %d leaves", t.B, t.D, t.Seed, ipow(t.B, t.D))
	case Ordered:
		return fmt.Sprintf("ordered tree (%s), b=%d, d=%d, seed=%d: %d leaves; Knuth–Moore minimal tree %d leaves",
			t.orderName(), t.B, t.D, t.Seed, ipow(t.B, t.D), ipow(t.B, (t.D+1)/2)+ipow(t.B, t.D/2)-1)
	case Bimodal:
		return fmt.Sprintf("bimodal tree, capture nodes (%.3f) have 1..%d children, others max(1, %d..%d), d=%d, seed=%d",
			float64(t.Q1000)/1000, t.BC, t.BQ-2, t.BQ+2, t.D, t.Seed)
	default:
		leaves := 0
		for _, c := range t.count {
			if c == 0 {
				leaves++
			}
		}
		if t.uni > 0 {
			leaves = len(t.val) - int(t.interior)
		}
		return fmt.Sprintf("%s tree, %d nodes, %d leaves, depth %d, value %d", t.Family, len(t.val), leaves, t.D, t.val[0])
	}
}

// ExactValue returns the negamax value of the root when it is known without
// search (ordered, literal and paper trees).
func (t *Tree) ExactValue() (game.Value, bool) {
	switch t.Family {
	case Ordered:
		return t.Root().v, true
	case Literal, Paper:
		return t.val[0], true
	}
	return 0, false
}

func (t *Tree) orderName() string {
	switch t.Order {
	case Best:
		return "best"
	case Worst:
		return "worst"
	default:
		return "p" + thousandths(t.P1000)
	}
}

// thousandths formats n/1000 with no trailing zeros: 850 → "0.85", 1000 → "1".
func thousandths(n uint64) string {
	s := fmt.Sprintf("%d.%03d", n/1000, n%1000)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

func ipow(b, e int) int {
	r := 1
	for range e {
		r *= b
	}
	return r
}
