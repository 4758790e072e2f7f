package algos

import (
	"sync/atomic"

	"splitpoint/game"
	"splitpoint/metrics"
)

// PVFSplit's choices (Lu Fig. 5.1, reading notes §1.3): where an idle
// searcher gets work when the node the controller is at has none, and
// which window a speculative split node's moves get.

// otherSplitNode is Lu's GetOtherSplitNode: the nodes of the current
// variation above the controller, nearest first, every ALL (or PV) node
// before any CUT node; a CUT node only when the alternative is
// starvation. The root is a candidate only with SplitRoot (Lu's root is
// never split); under PVSplit-LB only the PVFSplit frames of a re-split
// subtree are candidates.
func (e *pvEngine[T, P]) otherSplitNode() (pvWork, bool) {
	minPly := 1
	if e.opt.SplitRoot {
		minPly = 0
	}
	for pass := range 2 {
		for p := e.top - 1; p >= minPly; p-- {
			g := e.frames[p]
			if !g.fsplit {
				break
			}
			if g.node || (g.typ == metrics.CUT) != (pass == 1) {
				continue
			}
			if w, ok := e.frameWork(g); ok {
				return w, true
			}
		}
	}
	return pvWork{}, false
}

// synthMinWindow is Lu's SynthMinWindow for move i of g, a split node
// whose first move is still being searched: with more than FullWindowPlies
// plies left, the minimal window (h, h+1) with h the best score of the
// deepest split node below g that has one, else the previous iteration's
// root value, each signed by the parity of the plies between (the values
// of a principal variation alternate in sign), clamped into g's window;
// otherwise, or with no h, g's full window. The thesis leaves the side of
// the score open (notes §1.3 ⚠AMB): (h, h+1) tests "is this move better
// than the expected value", which an ALL node's moves should fail.
func (e *pvEngine[T, P]) synthMinWindow(g *pvFrame, i int) pvWork {
	w := pvWork{f: g, move: i, a: g.alpha, b: g.beta, kind: pvFull, speculative: true}
	if g.depth <= e.fullWin {
		return w
	}
	var h game.Value
	ok := false
	for p := e.top; p > g.ply && !ok; p-- {
		d := e.frames[p]
		if d.node || !d.firstDone {
			continue
		}
		switch {
		case d.alpha > d.alpha0:
			h, ok = d.alpha, true
		case d.moves[0].hi < game.Inf:
			h, ok = d.moves[0].hi, true
		case d.moves[0].lo > -game.Inf:
			h, ok = d.moves[0].lo, true
		}
		if ok && (p-g.ply)%2 == 1 {
			h = -h
		}
	}
	if !ok && e.havePrev {
		h, ok = e.prevValue, true
		if g.ply%2 == 1 {
			h = -h
		}
	}
	if !ok {
		return w
	}
	h = max(min(h, g.beta-1), g.alpha)
	w.a, w.b, w.kind = h, h+1, pvTest
	return w
}

// pvHistory is the history table the searchers share (Lu §4.2): each
// copies it into its Searcher before a piece of work and adds what it
// changed back after (atomically: Lu's table had no locks and could lose
// updates; here none is lost, but a searcher sees the others' updates
// only between pieces of work).
type pvHistory struct {
	h [2][historySize]atomic.Int32
}

// load copies the shared table into s and into snap.
func (p *pvHistory) load(h histHolder, snap *[2][historySize]int32) {
	dst := h.historyTable()
	for i := range p.h {
		for j := range p.h[i] {
			v := max(p.h[i][j].Load(), 0)
			dst[i][j], snap[i][j] = v, v
		}
	}
}

// merge adds s's changes since load (snap) to the shared table.
func (p *pvHistory) merge(h histHolder, snap *[2][historySize]int32) {
	src := h.historyTable()
	for i := range p.h {
		for j := range p.h[i] {
			if d := src[i][j] - snap[i][j]; d != 0 {
				p.h[i][j].Add(d)
			}
		}
	}
}

// histHolder is a Searcher of any position type, seen by its history.
type histHolder interface {
	historyTable() *[2][historySize]int32
}

func (s *Searcher[T, P]) historyTable() *[2][historySize]int32 {
	if s.history == nil {
		s.history = new([2][historySize]int32)
	}
	return s.history
}
