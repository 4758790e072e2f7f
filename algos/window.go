package algos

import (
	"splitpoint/game"
	"splitpoint/metrics"
)

// window is where a search stands at one node: ply plies below the root,
// depth plies to go, the window (alpha, beta) and the node's Knuth–Moore
// type. Scout and Jamboree pass it down as one value (StarTech Fig. 1,
// 000:L54–L106, and Fig. 2, 000:L115–L171), and so do YBWC's split points: the node frames
// of the parallel searches carry one window instead of five arguments.
// It is five words, passed by value; nothing escapes to the heap.
type window struct {
	ply, depth  int
	alpha, beta game.Value
	typ         metrics.NodeType
}

// child is the window of a child searched with (alpha, beta) seen from
// the child (negated by the caller) and Knuth–Moore type typ.
func (w window) child(alpha, beta game.Value, typ metrics.NodeType) window {
	return window{ply: w.ply + 1, depth: w.depth - 1, alpha: alpha, beta: beta, typ: typ}
}
