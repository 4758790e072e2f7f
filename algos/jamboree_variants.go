package algos

import (
	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
	"splitpoint/tt"
)

// serializeSecond is the condition of StarTech §4's third improvement,
// serializing two children: "The precise conditions for searching two
// children serially are that the node be of Knuth-Moore type-2 [KM75],
// that recursive iterative search of the node had a value greater than the
// α parameter of the subtree, and that the search of the first child
// yielded a score that is less than or equal to the α parameter."
//
// typ is the node's expected type; prelim (when havePrelim) the value of
// the node's recursive iterative deepening search — or, when the table
// already held a best move from a search of depth ≥ k−1 so that none was
// run, that entry's lower bound; alpha0 the node's α; b the first child's
// score (from the node's side). The second child is then searched as
// Scout does (test, and re-search if it fails) before the parallel tests.
func (e *jamEngine[T, P]) serializeSecond(typ metrics.NodeType, havePrelim bool, prelim, alpha0, b game.Value, n int) bool {
	return e.opt.Serialize2 && n > 2 && typ == metrics.CUT && havePrelim && prelim > alpha0 && b <= alpha0
}

// recursiveDeepening is StarTech §4's first improvement, recursive
// iterative deepening: "When searching a chess position to depth k, […]
// lookup the position in the global transposition table […]. If a move for
// a search of depth k-1 or deeper is found, then StarTech uses that move as
// its guess for the first child. If no such move is found, then StarTech
// recursively searches the position to depth k-1 in order to find the
// move." With opt.RID and k ≥ 2 it runs that search (Jamboree itself,
// same window, same node type) and sets *hint to its best move; its nodes
// are the node's own (useful) work.
//
// It returns the preliminary value serializeSecond needs: the search's
// value, or the lower bound of a table entry of depth ≥ k−1 (havePrelim
// false when there is neither); ok is false when the search was aborted.
//
// exact says that the search of depth k−1 met no depth horizon: the
// tree ends below the node, a search of depth k would visit the
// same nodes, so prelim (with *hint its best move and f.pv its principal
// variation) is the node's result. Without this check a large k on a
// shallow tree nests one search per ply below the tree's end, at every
// node (polynomial in k, e.g. k⁴ on a tree of depth 4).
func (e *jamEngine[T, P]) recursiveDeepening(c sched.Ctx, f *jamFrame[T], ply, depth int, alpha, beta game.Value, typ metrics.NodeType, rec *workRec, hint *game.Move, ent tt.Entry, have bool) (prelim game.Value, havePrelim, exact, ok bool) {
	tableMove := have && ent.Move != game.NoMove && ent.Depth >= depth-1
	if e.opt.RID && depth >= 2 && !tableMove {
		e.local(c).rid++
		g := e.frames.Get(c)
		g.pos = f.pos
		var r workRec
		v, m, ok := e.jam(c, g, ply, depth-1, alpha, beta, typ, &r)
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
			return 0, false, false, false
		}
		if m != game.NoMove {
			*hint = m
		}
		return v, true, exact, true
	}
	if have && ent.Depth >= depth-1 && ent.Lower > -game.Inf {
		return ent.Lower, true, false, true
	}
	return 0, false, false, true
}
