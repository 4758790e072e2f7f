package synth

import (
	"fmt"
	"strconv"
	"strings"
)

// FullWorst builds, as a literal tree (the spec's `literal:(…)` family), the
// uniform worst-ordered tree of degree b and height d on which fail-soft
// alpha-beta from the root window (−∞, +∞) examines every node: no shallow
// and no deep cutoff, (b^(d+1)−1)/(b−1) nodes and b^d leaves. It is the
// tree of StarTech's Theorem 2 (Kuszmaul 1995 §3) and of Fishburn's
// worst-first analysis; the spec's ordered:…,order=worst orders moves the
// same way but, its values being v − δ_i with small steps, lets alpha-beta
// cut deep below the root.
//
// At every interior node the children's values, seen from the node's side,
// strictly increase in move order (worst first, best last), and every
// node's value lies strictly inside the window alpha-beta passes it. The
// values are assigned top-down from the root (value 0) with the windows
// alpha-beta will pass: at a node of height h with window (α, β) and value
// v, child i is worth w_i = v − (b−1−i)·U(h−1) from the node's side and is
// searched with (−β, −max(α, w_{i−1})). Two room functions make every
// value fit: a node of height h needs L(h) = v − α ≥ b·U(h−1) (room for its
// children's gaps) and U(h) = β − v ≥ L(h−1) (the room L its best child needs),
// with L(0) = U(0) = 1, so L(h) = b^⌈h/2⌉, U(h) = b^⌊h/2⌋, and the values
// stay within ±2·b^⌈d/2⌉ (±8190 for b=8, d=8).
//
// The tree is stored compactly (a value per node, children implicit in
// breadth-first order): b=8, d=8 takes 77 MB. Its Name is the literal text
// when the tree has at most MaxLiteralNodes nodes (so that Parse gives it
// back), and otherwise a description that Parse rejects.
func FullWorst(b, d int) (*Tree, error) {
	if b < 1 || b > 64 {
		return nil, fmt.Errorf("synth: full worst-ordered tree: degree %d outside 1…64", b)
	}
	if d < 0 || d > MaxDepth {
		return nil, fmt.Errorf("synth: full worst-ordered tree: height %d outside 0…%d", d, MaxDepth)
	}
	nodes, interior := int64(1), int64(0)
	for level, width := 0, int64(1); level < d; level++ {
		interior += width
		width *= int64(b)
		nodes += width
		if nodes > MaxFullWorstNodes {
			return nil, fmt.Errorf("synth: full worst-ordered tree b=%d, d=%d has more than %d nodes", b, d, MaxFullWorstNodes)
		}
	}
	// room[h] = U(h) = L(h−1); L(h) = b·U(h−1).
	lo, up := make([]int64, d+1), make([]int64, d+1)
	lo[0], up[0] = 1, 1
	bound := int64(0) // largest |value|: each level adds at most (b−1)·U(h−1)
	for h := 1; h <= d; h++ {
		lo[h], up[h] = int64(b)*up[h-1], lo[h-1]
		bound += int64(b-1) * up[h-1]
	}
	if bound > int64(MaxLiteralValue) {
		return nil, fmt.Errorf("synth: full worst-ordered tree b=%d, d=%d needs values up to ±%d, over the literal limit ±%d", b, d, bound, MaxLiteralValue)
	}
	t := &Tree{Family: Literal, B: b, D: d, uni: int32(b), interior: int32(interior), val: make([]int32, nodes)}
	const inf = int64(1) << 40
	var build func(idx int64, h int, alpha, beta, v int64)
	build = func(idx int64, h int, alpha, beta, v int64) {
		t.val[idx] = int32(v)
		if h == 0 {
			return
		}
		first := idx*int64(b) + 1
		gap := up[h-1]
		prev := alpha // the α alpha-beta holds before child i
		for i := range b {
			w := v - int64(b-1-i)*gap
			build(first+int64(i), h-1, -beta, -prev, -w)
			prev = max(prev, w)
		}
	}
	build(0, d, -inf, inf, 0)
	if nodes <= MaxLiteralNodes {
		var sb strings.Builder
		sb.WriteString("literal:")
		t.writeLiteral(&sb, 0)
		t.name = sb.String()
	} else {
		t.name = fmt.Sprintf("literal:(full worst-ordered b=%d d=%d: %d nodes, over the %d nodes a written literal may have)", b, d, nodes, MaxLiteralNodes)
	}
	return t, nil
}

// MaxFullWorstNodes bounds the trees FullWorst builds (4 bytes a node,
// so at most 256 MB).
const MaxFullWorstNodes = 1 << 26

// writeLiteral writes node idx of a compact tree as literal text.
func (t *Tree) writeLiteral(sb *strings.Builder, idx int32) {
	if idx >= t.interior {
		sb.WriteString(strconv.Itoa(int(t.val[idx])))
		return
	}
	sb.WriteByte('(')
	first := idx*t.uni + 1
	for i := range t.uni {
		if i > 0 {
			sb.WriteByte(' ')
		}
		t.writeLiteral(sb, first+i)
	}
	sb.WriteByte(')')
}
