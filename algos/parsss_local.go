package algos

import (
	"cmp"
	"fmt"
	"slices"

	"splitpoint/game"
	"splitpoint/sched"
)

// This file is one PARSSS* / PARITERSSS* process's local search: SSS*'s
// explicit tree and OPEN list (sssTree, shared with sssSearch, with the
// cases of Γ the two have in common) rooted at the process's node, with
// LIVEMINS, the MINPROC updates, spawns, kills and the paper's clock.

// pssRef names a node incarnation in a lazily cleaned list.
type pssRef struct {
	id     int32
	serial uint64
}

// pssCand is a spawn candidate: the MIN node to give away, the INACTIVE
// x.1 it stands for (or sssNone), its merit.
type pssCand struct {
	min, inact int32
	h          game.Value
}

// pssLocal is one process's search: an explicit tree of SSS* (sss_open.go)
// rooted at the process's node, whose kid and liveMin fields it uses.
type pssLocal[T any, P game.Position[T]] struct {
	sssTree[T, P]
	r    *pssRun[T, P]
	w    *pssProc[T, P]
	root int32

	kids    []*pssProc[T, P] // live child processes
	kidsAll []*pssProc[T, P] // every child process
	kidGen  uint64           // kidsGen when the kids' entries were last read
	// gensCharged is the move generations (sssTree.gens) charged so far.
	gensCharged int64
	doneMax     int64    // largest count of a child process solved or killed
	lm          []pssRef // LIVEMINS candidates (stale entries dropped lazily)
	inact       []pssRef // INACTIVE states (stale entries dropped lazily)
	cands       []pssCand
	pub         game.Value // the h last written to MINPROC
}

func newPSSLocal[T any, P game.Position[T]](r *pssRun[T, P], w *pssProc[T, P]) *pssLocal[T, P] {
	l := &pssLocal[T, P]{r: r, w: w, pub: w.h0}
	d0 := len(w.dewey)
	l.initTree(r.depth, d0, &w.pos, &w.peak)
	l.nodes = make([]sssNode, 0, 256)
	l.root = l.newNode(sssNone, 0, game.NoMove, w.h0)
	l.nodes[l.root].depth = int32(d0)
	if d0 > 0 {
		l.nodes[l.root].idx = w.dewey[d0-1]
	}
	l.plySerial[d0] = l.nodes[l.root].serial
	return l
}

// push puts id in OPEN ∪ LIVEMINS as an ACTIVE state: sssTree.push, and
// LIVEMINS for a LIVE MIN state. It hides sssTree.push, which sssTree's own
// methods therefore never call.
func (l *pssLocal[T, P]) push(id int32) {
	l.sssTree.push(id)
	if n := &l.nodes[id]; n.liveMin {
		if len(l.lm) >= 2*l.open+64 {
			l.compactLM()
		}
		l.lm = append(l.lm, pssRef{id, n.serial})
	}
}

// compactLM drops the stale entries of the LIVEMINS list.
func (l *pssLocal[T, P]) compactLM() {
	j := 0
	for _, ref := range l.lm {
		if n := &l.nodes[ref.id]; n.serial == ref.serial && n.liveMin && !n.solved && n.heap != sssNone {
			l.lm[j] = ref
			j++
		}
	}
	l.lm = l.lm[:j]
}

// dewey is id's path from s, child indices from 0.
func (l *pssLocal[T, P]) dewey(id int32) []int32 {
	d := int(l.nodes[id].depth)
	out := make([]int32, d)
	copy(out, l.w.dewey)
	for v := id; v != l.root; v = l.nodes[v].parent {
		out[l.nodes[v].depth-1] = l.nodes[v].idx
	}
	return out
}

// below reports whether a is p or a descendant of p.
func (l *pssLocal[T, P]) below(a, p int32) bool {
	for l.nodes[a].depth > l.nodes[p].depth {
		a = l.nodes[a].parent
	}
	return a == p
}

// refresh rereads the children's MINPROC entries if one changed.
func (l *pssLocal[T, P]) refresh(c sched.Ctx, gen uint64) {
	if gen == l.kidGen {
		return
	}
	l.kidGen = gen
	for _, k := range l.kids {
		e := k.entry.Load(c)
		k.cacheH, k.cacheS = e.h, e.solved
	}
}

// transfer moves the roots of SOLVED child processes into OPEN (Remark 1).
func (l *pssLocal[T, P]) transfer() {
	j := 0
	for _, k := range l.kids {
		if !k.cacheS {
			l.kids[j] = k
			j++
			continue
		}
		l.doneMax = max(l.doneMax, k.count.Load())
		n := &l.nodes[k.node]
		n.kid = sssNone
		n.solved, n.liveMin = true, false
		n.h = k.cacheH
		l.open-- // it was held while the process ran
		l.push(k.node)
	}
	clear(l.kids[j:])
	l.kids = l.kids[:j]
}

// publish writes MINPROC[p].h (Remark 2): the merit of x, of the live
// children and of INACTIVE states.
func (l *pssLocal[T, P]) publish(c sched.Ctx, hx game.Value) {
	h := hx
	for _, k := range l.kids {
		h = max(h, k.cacheH)
	}
	if l.inactive > 0 {
		j := 0
		for _, ref := range l.inact {
			n := &l.nodes[ref.id]
			if n.serial != ref.serial || !n.inactive {
				continue
			}
			l.inact[j] = ref
			j++
			h = max(h, n.h)
		}
		l.inact = l.inact[:j]
	} else {
		l.inact = l.inact[:0]
	}
	if h != l.pub {
		l.pub = h
		l.w.entry.Store(c, pssEntry{h: h})
		l.w.notifyParent(c)
		l.w.logEntry(c, h, false)
	}
}

// spawn gives the first LIVEMINS nodes to new processes (Remark 3).
func (l *pssLocal[T, P]) spawn(c sched.Ctx) {
	r := l.r
	if len(l.lm) == 0 && l.inactive == 0 || r.freeHint.Load() <= 0 {
		return
	}
	cands := l.cands[:0]
	l.compactLM()
	for _, ref := range l.lm {
		if n := &l.nodes[ref.id]; r.depth-int(n.depth) >= r.spawnHeight {
			cands = append(cands, pssCand{min: ref.id, inact: sssNone, h: n.h})
		}
	}
	if l.inactive > 0 {
		for _, ref := range l.inact {
			n := &l.nodes[ref.id]
			if n.serial != ref.serial || !n.inactive || n.idx != 0 || n.next != sssNone {
				continue
			}
			pm := n.parent
			if pm == l.root || pm == sssNone || l.nodes[pm].child != ref.id || l.nodes[pm].depth&1 == 0 {
				continue
			}
			if r.depth-int(l.nodes[pm].depth) >= r.spawnHeight {
				cands = append(cands, pssCand{min: pm, inact: ref.id, h: n.h})
			}
		}
	}
	l.cands = cands
	if len(cands) == 0 {
		return
	}
	slots := r.reserve(c, len(cands))
	if len(slots) == 0 {
		return
	}
	slices.SortFunc(cands, func(a, b pssCand) int {
		if ai, bi := a.inact != sssNone, b.inact != sssNone; ai != bi {
			if ai {
				return -1
			}
			return 1
		}
		if da, db := l.nodes[a.min].depth, l.nodes[b.min].depth; da != db {
			return cmp.Compare(da, db)
		}
		if a.min == b.min {
			return 0
		}
		if l.left(a.min, b.min) {
			return -1
		}
		return 1
	})
	for i, slot := range slots {
		l.start(c, cands[i], slot)
	}
}

// start spawns a process on cand in slot.
func (l *pssLocal[T, P]) start(c sched.Ctx, cd pssCand, slot int) {
	r, w := l.r, l.w
	z := cd.min
	if cd.inact != sssNone {
		y := cd.inact
		l.nodes[y].inactive = false
		l.inactive--
		l.open--
		l.freeNode(y)
		l.nodes[z].child = sssNone
		l.nodes[z].kids = -1
		l.countOpen() // z is held in y's place
	} else {
		l.remove(z)
		l.open++ // held while the process runs
	}
	n := &l.nodes[z]
	n.liveMin = false
	ply := l.materialize(z)
	k := &pssProc[T, P]{run: r, slot: slot, parent: w, dewey: l.dewey(z), pos: l.st.Pos[ply], h0: cd.h,
		node: z, cacheH: cd.h}
	k.count.Store(w.count.Load())
	r.mu.Lock()
	k.id = len(r.procs) + 1
	r.procs = append(r.procs, k)
	r.mu.Unlock()
	n.kid = int32(len(l.kidsAll))
	l.kidsAll = append(l.kidsAll, k)
	l.kids = append(l.kids, k)
	k.entry.Store(c, pssEntry{h: cd.h})
	k.task = c.SpawnOn(r.base+slot, func(c sched.Ctx) any { r.process(c, k); return nil })
}

// kill aborts the child process k (it stops at its next step) and forgets
// it; its node is left with no state (the caller purges or drops it).
func (l *pssLocal[T, P]) kill(c sched.Ctx, k *pssProc[T, P]) {
	c.Abort(k.task)
	k.killed = true
	k.killedAt = c.Now()
	l.doneMax = max(l.doneMax, k.count.Load())
	l.r.killed.Add(1)
	if n := &l.nodes[k.node]; n.kid != sssNone {
		n.kid = sssNone
		l.open--
	}
	if i := slices.Index(l.kids, k); i >= 0 {
		l.kids = slices.Delete(l.kids, i, i+1)
	}
}

// killBelow kills the live child processes rooted below p whose h is at
// most h, and reports whether any is left below p.
func (l *pssLocal[T, P]) killBelow(c sched.Ctx, p int32, h game.Value) bool {
	left := false
	for i := 0; i < len(l.kids); {
		k := l.kids[i]
		if !l.below(k.node, p) {
			i++
			continue
		}
		if k.cacheH <= h {
			l.kill(c, k)
			continue
		}
		left = true
		i++
	}
	return left
}

// maxSolved applies the paper's clock rule before a MAX node is declared
// SOLVED: the count becomes the largest of its own and its children's (a
// child solved or killed counts with its count of that moment, as if it
// stopped at once, as the paper's did).
func (l *pssLocal[T, P]) maxSolved() {
	cnt := max(l.w.count.Load(), l.doneMax)
	for _, k := range l.kids {
		cnt = max(cnt, k.count.Load())
	}
	l.w.count.Store(cnt)
}

// terminal charges and records a terminal examined.
func (l *pssLocal[T, P]) terminal(c sched.Ctx, id int32, live, v game.Value) {
	chargeLeaf(c)
	w := l.w
	w.leaves++
	cnt := w.count.Add(1)
	if l.r.trace {
		w.trace = append(w.trace, PARSSSStep{Proc: w.id, Count: cnt, Clock: c.Now(),
			Leaf: deweyString(l.dewey(id)), Live: live, Solved: min(live, v)})
	}
}

// loop applies Γ until the process's root is SOLVED.
func (l *pssLocal[T, P]) loop(c sched.Ctx) error {
	r, w := l.r, l.w
	root := l.root
	if l.nodes[root].depth&1 == 1 {
		l.nodes[root].liveMin = true
	}
	l.push(root)
	stall := 0
	for {
		if c.Aborted() {
			return errPARSSSKilled
		}
		if r.failed.Load() {
			return errPARSSSKilled
		}
		seen := w.kidsGen.Load()
		l.refresh(c, seen)
		l.transfer()
		if len(l.heap) == 0 {
			if len(l.kids) == 0 {
				return errIterSSSStuck
			}
			if !l.wait(c, seen) {
				return errPARSSSKilled
			}
			continue
		}
		x := l.pop()
		l.publish(c, l.nodes[x].h)
		l.spawn(c)
		if !l.nodes[x].solved {
			if err := l.live(c, x, &stall); err != nil {
				return err
			}
			continue
		}
		if done, err := l.settle(c, x, seen, &stall); done || err != nil {
			return err
		}
	}
}

// live applies Γ to the LIVE node x taken from OPEN: the memory bound
// first (ITERSSS*: suspend x, wake a better inactive node, or collapse),
// then cases (a)–(c). stall counts the steps since the last progress.
func (l *pssLocal[T, P]) live(c sched.Ctx, x int32, stall *int) error {
	r, w, root := l.r, l.w, l.root
	v, ms, isLeaf := l.leaf(x)
	n := &l.nodes[x]
	isMax := n.depth&1 == 0
	if !isLeaf && isMax && r.memory > 0 && l.open+len(ms) > r.memory {
		if !n.woken && len(l.heap) > 0 {
			l.suspend(x)
			l.inact = append(l.inact, pssRef{x, n.serial})
			if *stall++; *stall > 4*r.memory+64 {
				return errIterSSSStuck
			}
			return nil
		}
		if y := l.betterInactive(root, x); y != sssNone {
			l.suspend(x)
			l.inact = append(l.inact, pssRef{x, n.serial})
			l.wake(y)
			l.push(y)
			return nil
		}
		if !l.collapse(c, x, len(ms)) {
			return errIterSSSStuck
		}
	}
	*stall = 0
	chargeNode(c)
	if g := l.gens - l.gensCharged; g > 0 {
		// The generations of this node's expansion (leaf, above)
		// and of any since the last node.
		chargeSteps(c.Self(), Steps{Gens: uint64(g)})
		l.gensCharged = l.gens
	}
	w.nodes++
	if r.maxNodes > 0 && r.nodes.Add(1) > r.maxNodes {
		return fmt.Errorf("%w: %d nodes", ErrPARSSSNodeLimit, r.maxNodes)
	}
	switch {
	case isLeaf: // (a)
		if c.Aborted() {
			return errPARSSSKilled // a killed process stops at its next terminal
		}
		l.terminal(c, x, l.nodes[x].h, v)
		l.solveLeaf(x, v)
		if isMax {
			l.maxSolved()
		}
		l.push(x)
	case !isMax: // (b)
		l.push(l.expandMin(x, ms))
	default: // (c): the children go to LIVEMINS
		for ch := l.expandMax(x, ms, true); ch != sssNone; ch = l.nodes[ch].next {
			l.push(ch)
		}
	}
	return nil
}

// settle applies Γ to the SOLVED node x taken from OPEN: the process's
// root ends the loop (done), otherwise cases (d) and (e); seen is the
// generation of the child processes' entries the step read.
func (l *pssLocal[T, P]) settle(c sched.Ctx, x int32, seen uint64, stall *int) (done bool, err error) {
	r, w, root := l.r, l.w, l.root
	n := &l.nodes[x]
	if x == root {
		w.final = n.h
		return true, nil
	}
	p := n.parent
	if n.depth&1 == 0 { // (d)
		*stall = 0
		l.push(l.solvedMax(x, p))
		return false, nil
	}
	// (e): x = x'.j SOLVED MIN, x ≠ p.
	h := n.h
	busy := l.killBelow(c, p, h)
	y, busy2 := l.purge(p, x, h)
	busy = busy || busy2
	if y == sssNone && !busy {
		*stall = 0
		l.maxSolved()
		l.solveParent(x, p, h)
		if p == root && l.nodes[p].depth == 0 {
			w.bestMove = l.nodes[x].move
		}
		l.push(p)
		return false, nil
	}
	if y != sssNone {
		if *stall++; *stall > 4*r.memory+64 {
			return false, errIterSSSStuck
		}
		l.wake(y)
		l.push(y)
		l.push(x)
		return false, nil
	}
	// Blocked by child processes of higher h: put x back and wait
	// until an entry changes.
	l.push(x)
	if !l.wait(c, seen) {
		return false, errPARSSSKilled
	}
	return false, nil
}

// wait blocks until a child process writes its entry after gen was read;
// false if the process was killed (or the run failed) meanwhile.
func (l *pssLocal[T, P]) wait(c sched.Ctx, gen uint64) bool {
	w, r := l.w, l.r
	ok := w.kids.Wait(c, func() bool { return w.kidsGen.Load() != gen || r.failed.Load() })
	return ok && !r.failed.Load()
}

// collapse is sssSearch.collapse; a child process below a collapsed
// subtree is killed, its merit being its MINPROC h.
func (l *pssLocal[T, P]) collapse(c sched.Ctx, z int32, k int) bool {
	merit := func(kid int32) game.Value { return l.kidsAll[kid].cacheH }
	kill := func(kid int32) { l.kill(c, l.kidsAll[kid]) }
	for _, cd := range l.collapseCands(z, merit) {
		if l.open+k <= l.r.memory {
			break
		}
		l.drop(cd.id, kill)
		l.reopen(cd.id, cd.merit)
		n := &l.nodes[cd.id]
		n.liveMin = n.depth&1 == 1
		n.kids = -1
		l.push(cd.id)
	}
	return l.open+k <= l.r.memory
}
