package synth

import (
	"fmt"
	"strconv"

	"splitpoint/game"
)

// Position is a node of a synthetic tree: its key K(n), its depth, and for
// ordered trees its assigned value V(n) (for literal trees, its node index).
// It is 24 bytes, so copy-make costs next to nothing.
type Position struct {
	key   uint64
	tree  *Tree
	depth int32
	v     int32
}

var (
	_                = game.Perft[Position, *Position]
	_ game.Describer = (*Position)(nil)
)

// Tree returns the tree the position belongs to.
func (p *Position) Tree() *Tree { return p.tree }

// Depth is the node's depth (the root is 0).
func (p *Position) Depth() int { return int(p.depth) }

// Key is K(n).
func (p *Position) Key() uint64 { return p.key }

// children is the number of children of the node.
func (p *Position) children() int {
	t := p.tree
	switch t.Family {
	case Uniform, Ordered:
		if int(p.depth) >= t.D {
			return 0
		}
		return t.B
	case Bimodal:
		if int(p.depth) >= t.D {
			return 0
		}
		if p.isCaptureNode() {
			return 1 + int((p.key>>20)%uint64(t.BC))
		}
		return max(1, t.BQ-2+int((p.key>>20)%5))
	default:
		if t.uni > 0 {
			if p.v < t.interior {
				return int(t.uni)
			}
			return 0
		}
		return int(t.count[p.v])
	}
}

// isCaptureNode is the bimodal rule (K(n) mod 1000) < round(1000·Q).
func (p *Position) isCaptureNode() bool {
	return p.tree.Family == Bimodal && p.key%1000 < p.tree.Q1000
}

// Moves writes the moves 1…n (child i is move i+1) and returns n.
func (p *Position) Moves(buf []game.Move) int {
	n := p.children()
	for i := range n {
		buf[i] = game.Move(i + 1)
	}
	return n
}

// Captures returns 0: synthetic trees have no quiescence moves.
func (p *Position) Captures(buf []game.Move) int { return 0 }

// Play writes child m−1 into dst.
func (p *Position) Play(m game.Move, dst *Position) {
	i := int(m) - 1
	t := p.tree
	dst.tree = t
	dst.depth = p.depth + 1
	dst.key = ChildKey(p.key, i)
	switch t.Family {
	case Ordered:
		dst.v = -(p.v - p.delta(i, dst.key))
	case Literal, Paper:
		if t.uni > 0 {
			dst.v = p.v*t.uni + 1 + int32(i)
		} else {
			dst.v = t.first[p.v] + int32(i)
		}
	}
}

// delta is δ_i of the ordered family at node p; ck is K(child i).
func (p *Position) delta(i int, ck uint64) int32 {
	t := p.tree
	s := int32(1 + p.key%7)
	switch t.Order {
	case Best:
		return int32(i) * s
	case Worst:
		return int32(t.B-1-i) * s
	}
	if i == p.bestIndex() {
		return 0
	}
	return int32(1 + ck%50)
}

// bestIndex is j, the index of the best move at a node of an order=p tree.
// With B = 1 the only child is the best (the spec's mod (B−1) is undefined).
func (p *Position) bestIndex() int {
	t := p.tree
	if t.B == 1 || (p.key>>32)%1000 < t.P1000 {
		return 0
	}
	return 1 + int((p.key>>16)%uint64(t.B-1))
}

// Hash is K(n).
func (p *Position) Hash() uint64 { return p.key }

// Eval is the leaf value at a leaf. At an interior node (a search horizon)
// the spec defines nothing; splitpoint uses the leaf formula on K(n) for
// uniform and bimodal trees (an estimate uncorrelated with the true value)
// and the exact value for ordered, literal and paper trees (a perfect
// evaluator).
func (p *Position) Eval() game.Value {
	switch p.tree.Family {
	case Uniform, Bimodal:
		return leafValue(p.key)
	case Ordered:
		return p.v
	default:
		return p.tree.val[p.v]
	}
}

// Terminal is the leaf value.
func (p *Position) Terminal() game.Value { return p.Eval() }

// Draw is always false.
func (p *Position) Draw() bool { return false }

// IsCapture reports whether the node is a bimodal capture node: all its
// moves are then captures.
func (p *Position) IsCapture(m game.Move) bool { return p.isCaptureNode() }

// Gain is 0: no move is preferred over another.
func (p *Position) Gain(m game.Move) int32 { return 0 }

// Domain is "synth".
func (p *Position) Domain() string { return "synth" }

// MaxWidth is the widest node of the position's tree (game.Widther).
func (p *Position) MaxWidth() int { return p.tree.Width() }

// SideToMove is "max" at even depths and "min" at odd ones.
func (p *Position) SideToMove() string {
	if p.depth%2 == 0 {
		return "max"
	}
	return "min"
}

// MoveString writes the 0-based child index i of move i+1.
func (p *Position) MoveString(m game.Move) string { return strconv.Itoa(int(m) - 1) }

// ParseMove reads a 0-based child index.
func (p *Position) ParseMove(s string) (game.Move, error) {
	i, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("synth: move %q is not a child index", s)
	}
	if n := p.children(); i < 0 || i >= n {
		return 0, fmt.Errorf("synth: move %d out of range: the node has %d children", i, n)
	}
	return game.Move(i + 1), nil
}

// String summarises the tree and the node.
func (p *Position) String() string {
	s := fmt.Sprintf("%s\n%s\nnode: depth %d, key %#016x, %d children", p.tree.Name(), p.tree.Summary(), p.depth, p.key, p.children())
	if p.children() == 0 {
		s += fmt.Sprintf(", leaf value %d", p.Terminal())
	} else if p.tree.Family != Uniform && p.tree.Family != Bimodal {
		s += fmt.Sprintf(", value %d", p.Eval())
	}
	return s
}

// CaptureBound is 0: a synthetic tree has no captures
// (game.CaptureBounder).
func (p *Position) CaptureBound() int { return 0 }
