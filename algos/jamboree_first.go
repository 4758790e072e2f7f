package algos

import (
	"splitpoint/game"
	"splitpoint/sched"
	"splitpoint/tt"
)

// The first steps of StarTech Fig. 2 (lines J1–J6, 000:L130–L141): a node
// is entered (a draw, a table answer, no moves), its children are
// generated and ordered, and the first child is searched serially with the
// node's window (J3): a fail high returns at once (J4), else its value
// raises α (J5) before the parallel tests of the rest (jamboree_rest.go).

// jamNode is jam at a node above the grain: Fig. 2 itself (StarTech
// Fig. 2, J1–J2, 000:L130–L132). The node's charge comes first, where a
// simulated processor yields with only this small frame above its caller;
// jamEnter goes on: enter takes the node in, and first goes on with J3.
func (e *jamEngine[T, P]) jamNode(c sched.Ctx, f *jamFrame[T], w window, rec *workRec) (game.Value, game.Move, bool) {
	if c.Aborted() {
		return 0, game.NoMove, false
	}
	chargeNode(c)
	return e.jamEnter(c, f, w, rec)
}

// jamEnter is jamNode after the node's charge: enter, then first.
func (e *jamEngine[T, P]) jamEnter(c sched.Ctx, f *jamFrame[T], w window, rec *workRec) (game.Value, game.Move, bool) {
	n, v, m, ok := e.enter(c, f, w, rec)
	if n == 0 {
		return v, m, ok
	}
	return e.first(c, f, rec)
}

// enter enters the node after its charge (jamNode): a draw, a table
// answer, no moves, or recursive iterative deepening's exact answer end
// it here, with n = 0 and its value; else it sets f.node, the node's state
// that every later step reads and raises, generates and orders its moves,
// "the children of n", and returns how many there are.
func (e *jamEngine[T, P]) enter(c sched.Ctx, f *jamFrame[T], w window, rec *workRec) (n int, v game.Value, m game.Move, ok bool) {
	rec.nodes++
	h0 := rec.horizon // rec holds this node's subtree from here on
	e.local(c).parallel++
	pos := P(&f.pos)
	if w.ply > 0 && pos.Draw() {
		chargeLeaf(c)
		return 0, 0, game.NoMove, true
	}
	f.node = jamNode{window: w, key: pos.Hash(), alpha0: w.alpha, h0: h0}
	nd := &f.node
	hint := game.NoMove
	var ent tt.Entry
	have := false
	if e.table != nil {
		e.ttAccess(c, nd.key)
		if ent, have = e.table.Probe(nd.key, w.ply); have {
			if e.opt.TTMove || e.opt.RID {
				hint = ent.Move
			}
			if v, cut := tableCut(ent, w.ply, w.depth, w.alpha, w.beta); cut != noCut {
				// A table answer counts as a horizon unless its search
				// met none (see workRec); it is a leaf, as the serial
				// search counts leaves.
				if ent.Flags&tt.FlagEnd == 0 {
					rec.horizon++
				}
				chargeLeaf(c)
				if cut == upperCut {
					return 0, v, game.NoMove, true
				}
				return 0, v, ent.Move, true
			}
		}
	}
	n = f.genMoves(pos, &e.local(c).gen)
	chargeGen(c)
	if n == 0 {
		chargeLeaf(c)
		return 0, terminalValue[T, P](pos, w.ply), game.NoMove, true
	}
	exact, ok := e.recursiveDeepening(c, f, rec, &hint, ent, have)
	if !ok {
		return 0, 0, game.NoMove, false
	}
	if exact {
		// The search one ply shallower met no horizon: it is this
		// search's answer (f.pv holds its variation).
		nd.b, nd.best = nd.prelim, game.NoMove
		if nd.prelim > w.alpha {
			nd.best = hint
		}
		e.store(c, nd, rec.horizon == h0)
		return 0, nd.b, nd.best, true
	}
	e.order(c, f, w.ply, n, hint)
	return n, 0, game.NoMove, true
}

// order orders the node's moves as the serial Scout would at this ply,
// with the ordering state (killers, history) of the processor's worker:
// the hint (the table's or recursive deepening's best move) first, then
// MVV-LVA, killers and history as the options say. Only the first move is
// put in place here (the serial search's lazy pick: a cutoff by the first
// child needs no more); sortRest orders the others once they are needed.
func (e *jamEngine[T, P]) order(c sched.Ctx, f *jamFrame[T], ply, n int, hint game.Move) {
	f.scored = false
	if hint == game.NoMove && !e.opt.ordering() {
		return
	}
	if cap(f.scores) < n {
		f.scores = make([]int32, n)
	}
	f.scores = f.scores[:n]
	w := e.workers.Get(c)
	w.loan.lend(c, ply+1)
	f.scored = w.s.scoreFor(&f.pos, f.moves[:n], ply, hint, f.scores[:n])
	w.loan.giveBack()
	e.workers.Put(c, w)
	if !f.scored {
		return
	}
	j := 0
	for k := 1; k < n; k++ {
		if f.scores[k] > f.scores[j] {
			j = k
		}
	}
	if j != 0 {
		m, v := f.moves[j], f.scores[j]
		copy(f.moves[1:j+1], f.moves[:j])
		copy(f.scores[1:j+1], f.scores[:j])
		f.moves[0], f.scores[0] = m, v
	}
}

// sortRest orders moves from…n−1 by score, best first, ties in their
// present order: the order the serial Scout's repeated pick gives.
func (f *jamFrame[T]) sortRest(from, n int) {
	if f.scored && n-from >= 2 {
		sortScored(f.moves[from:n], f.scores[from:n], &f.sorted)
	}
	f.scored = false
}

// first values the first child of the node in f serially with the node's
// window (J3) (StarTech Fig. 2, J3–J5, 000:L135–L139); firstDone goes on
// from its value. The first child's work is useful work of the node: it
// goes to rec as it is done (rec holds the node's subtree from its h0 on),
// with no record of its own. first holds nothing else, and a leaf child
// takes its own small frame (leafChild), so that a processor waiting in
// the first child keeps as little stack as it can here.
func (e *jamEngine[T, P]) first(c sched.Ctx, f *jamFrame[T], rec *workRec) (game.Value, game.Move, bool) {
	var fc firstChild[T]
	if nd := &f.node; e.isLeaf(nd.ply+1, nd.depth-1) {
		fc.v, fc.ok = e.leafChild(c, &f.pos, f.moves[0], nd.ply+1, rec) // J3
	} else {
		fc = e.firstNode(c, f, rec) // J3
	}
	return e.firstDone(c, f, rec, fc)
}

// firstNode is first's search of a first child that is not a leaf.
func (e *jamEngine[T, P]) firstNode(c sched.Ctx, f *jamFrame[T], rec *workRec) (fc firstChild[T]) {
	nd := &f.node
	fc.v, fc.ok, fc.g = e.child(c, f, f.moves[0], nd.child(-nd.beta, -nd.alpha, nd.typ.Child(0)), rec)
	return fc
}

// firstChild is what child returned for the first child (first).
type firstChild[T any] struct {
	v  game.Value
	ok bool
	g  *jamFrame[T]
}

// firstDone takes the first child's value in: it returns at once when the
// child fails high (J4) and raises α to its value (J5); jamRest goes on
// with the other children (J6–J20).
func (e *jamEngine[T, P]) firstDone(c sched.Ctx, f *jamFrame[T], rec *workRec, fc firstChild[T]) (game.Value, game.Move, bool) {
	nd := &f.node
	n := len(f.moves)
	b := -fc.v
	best := f.moves[0]
	if fc.ok && b > nd.alpha {
		f.setPV(best, fc.g)
	}
	if fc.g != nil {
		e.frames.Put(c, fc.g)
	}
	if !fc.ok {
		return 0, game.NoMove, false
	}
	nd.b, nd.best = b, best
	if b >= nd.beta { // J4 (read "b ≥ β", as in Scout S6)
		e.store(c, nd, rec.horizon == nd.h0)
		e.learn(c, f)
		return b, best, true
	}
	if b > nd.alpha { // J5
		nd.alpha = b
	}
	f.sortRest(1, n)
	return e.jamRest(c, f, 1, n, rec)
}
