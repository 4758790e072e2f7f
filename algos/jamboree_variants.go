package algos

import (
	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
	"splitpoint/tt"
)

// serializeSecond is the condition of StarTech §4's third improvement (000:L379),
// serializing two children: "The precise conditions for searching two
// children serially are that the node be of Knuth-Moore type-2 [KM75],
// that recursive iterative search of the node had a value greater than the
// α parameter of the subtree, and that the search of the first child
// yielded a score that is less than or equal to the α parameter."
//
// It reads the node nd with n children: its expected type; its prelim
// (when havePrelim) the value of the node's recursive iterative deepening
// search — or, when the table already held a best move from a search of
// depth ≥ k−1 so that none was run, that entry's lower bound; alpha0 the
// node's α; b the first child's score (from the node's side). The second
// child is then searched as Scout does (test, and re-search if it fails)
// before the parallel tests.
func (e *jamEngine[T, P]) serializeSecond(nd *jamNode, n int) bool {
	return e.opt.Serialize2 && n > 2 && nd.typ == metrics.CUT && nd.havePrelim && nd.prelim > nd.alpha0 && nd.b <= nd.alpha0
}

// recursiveDeepening is StarTech §4's first improvement (000:L375), recursive
// iterative deepening: "When searching a chess position to depth k, […]
// lookup the position in the global transposition table […]. If a move for
// a search of depth k-1 or deeper is found, then StarTech uses that move as
// its guess for the first child. If no such move is found, then StarTech
// recursively searches the position to depth k-1 in order to find the
// move." With opt.RID and k ≥ 2 it runs that search of the node in f
// (Jamboree itself, same window, same node type) and sets *hint to its best
// move; its nodes are the node's own (useful) work. ent is the node's
// table entry when have.
//
// It sets the node's preliminary value that serializeSecond needs
// (f.node.prelim): the search's value, or the lower bound of a table entry
// of depth ≥ k−1 (havePrelim false when there is neither); ok is false
// when the search was aborted.
//
// exact says that the search of depth k−1 met no depth horizon: the
// tree ends below the node, a search of depth k would visit the
// same nodes, so prelim (with *hint its best move and f.pv its principal
// variation) is the node's result. Without this check a large k on a
// shallow tree nests one search per ply below the tree's end, at every
// node (polynomial in k, e.g. k⁴ on a tree of depth 4).
func (e *jamEngine[T, P]) recursiveDeepening(c sched.Ctx, f *jamFrame[T], rec *workRec, hint *game.Move, ent tt.Entry, have bool) (exact, ok bool) {
	nd := &f.node
	depth := nd.depth
	tableMove := have && ent.Move != game.NoMove && ent.Depth >= depth-1
	if e.opt.RID && depth >= 2 && !tableMove {
		e.local(c).rid++
		g := e.frames.Get(c)
		g.pos = f.pos
		var r workRec
		w := nd.window // as entered: α not raised yet
		w.depth--
		v, m, ok := e.jam(c, g, w, &r)
		exact := ok && r.horizon == 0
		// Only a hint unless exact: the node's own search decides whether
		// the node met a horizon.
		r.horizon = 0
		rec.addUseful(&r)
		if exact {
			e.local(c).ridEnds++
			f.pvRoom(g.pvLen)
			f.pvLen = copy(f.pv, g.pv[:g.pvLen])
		}
		e.frames.Put(c, g)
		if !ok {
			return false, false
		}
		if m != game.NoMove {
			*hint = m
		}
		nd.prelim, nd.havePrelim = v, true
		return exact, true
	}
	if have && ent.Depth >= depth-1 && ent.Lower > -game.Inf {
		nd.prelim, nd.havePrelim = ent.Lower, true
	}
	return false, true
}

// serialPrefix runs the serializations the papers tried and set aside,
// before the parallel loop of the node in f, once its first child is
// valued (f.node.b its score, f.node.alpha raised by it). It returns
// the first child left to the parallel loop, whether the node is cut off,
// and ok = false when it was aborted.
//
// Value2 is *Socrates's change (§2.5, 001:L765-780): "value the first two
// children before starting the parallel tests of all the remaining
// children", so that the better of the two prunes more of the rest. The
// second child is searched for value with the node's window, serially, at
// every node with more than two children.
//
// SerializeAll is StarTech's (§4, "Serialization Heuristics",
// 000:L397): "serializing the search for Type 2 and Type 3 positions that
// drop below α": at a node of type 2 (CUT) or 3 (ALL) whose preliminary
// value was above α and whose first child's score is at most α (the
// condition serializeSecond reads as "dropped below α"), every remaining
// child is searched serially, as Scout does. StarTech measured up to 50%
// less work, average parallelism below 100, and a slower big machine.
func (e *jamEngine[T, P]) serialPrefix(c sched.Ctx, f *jamFrame[T], n int, rec *workRec) (start int, cut, ok bool) {
	nd := &f.node
	start = 1
	dropped := nd.b <= nd.alpha0 && nd.havePrelim && nd.prelim > nd.alpha0
	if e.opt.Value2 && n > 2 {
		e.local(c).value2++
		if cut, ok = e.valueChild(c, f, 1, rec); cut || !ok {
			return 2, cut, ok
		}
		start = 2
	}
	if e.opt.SerializeAll && n > 2 && (nd.typ == metrics.CUT || nd.typ == metrics.ALL) && dropped {
		e.local(c).serAll++
		for i := start; i < n; i++ {
			if cut, ok = e.serialChild(c, f, i, rec); cut || !ok {
				return i + 1, cut, ok
			}
		}
		start = n
	}
	return start, false, true
}

// valueChild searches child i of the node in f for value with the node's
// window (α, β), as J3 does the first child: Value2's second child.
func (e *jamEngine[T, P]) valueChild(c sched.Ctx, f *jamFrame[T], i int, rec *workRec) (cut, ok bool) {
	nd := &f.node
	m := f.moves[i]
	var r workRec
	v, ok, g := e.child(c, f, m, nd.child(-nd.beta, -nd.alpha, nd.typ.Child(i)), &r)
	if g != nil {
		defer e.frames.Put(c, g)
	}
	rec.addUseful(&r)
	if !ok {
		return false, false
	}
	s := -v
	if s > nd.b {
		nd.b, nd.best = s, m
	}
	if s >= nd.beta {
		f.setPV(m, g)
		return true, true
	}
	if s > nd.alpha {
		nd.alpha = s
		f.setPV(m, g)
	}
	return false, true
}
