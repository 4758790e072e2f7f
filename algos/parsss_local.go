package algos

import (
	"cmp"
	"slices"

	"splitpoint/game"
	"splitpoint/sched"
)

// This file is one PARSSS* / PARITERSSS* process's local search: SSS*'s
// explicit tree and OPEN list (see sssSearch, whose rules it shares)
// rooted at the process's node, with LIVEMINS, the MINPROC updates, spawns,
// kills and the paper's clock.

// pssNode is a node of a process's explicit tree (see sssNode).
type pssNode struct {
	parent, child, next int32
	heap                int32
	idx                 int32
	kids                int32
	depth               int32
	kid                 int32 // index in pssLocal.kidsAll of the process running on it, or sssNone
	h                   game.Value
	move                game.Move
	serial              uint64
	solved              bool
	inactive            bool
	woken               bool
	liveMin             bool // a LIVE MIN state: in LIVEMINS
}

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

// pssCollapse is a subtree PARITERSSS* may collapse (see sssCand).
type pssCollapse struct {
	id     int32
	states int
	merit  game.Value
}

type pssLocal[T any, P game.Position[T]] struct {
	r *pssRun[T, P]
	w *pssProc[T, P]

	nodes []pssNode
	free  []int32
	heap  []int32

	open, inactive int
	serial         uint64
	root           int32

	st          *game.Stack[T]
	plySerial   []uint64
	movesSerial []uint64
	nmoves      []int32
	path        []int32

	kids    []*pssProc[T, P] // live child processes
	kidsAll []*pssProc[T, P] // every child process
	kidGen  uint64           // kidsGen when the kids' entries were last read
	doneMax int64            // largest count of a child process solved or killed
	lm      []pssRef         // LIVEMINS candidates (stale entries dropped lazily)
	inact   []pssRef         // INACTIVE states (stale entries dropped lazily)
	cands   []pssCand
	colls   []pssCollapse
	pub     game.Value // the h last written to MINPROC
}

func newPSSLocal[T any, P game.Position[T]](r *pssRun[T, P], w *pssProc[T, P]) *pssLocal[T, P] {
	l := &pssLocal[T, P]{r: r, w: w, pub: w.h0}
	l.st = game.NewStack[T](max(r.depth, 1))
	d0 := len(w.dewey)
	l.st.Pos[d0] = w.pos
	n := r.depth + 1
	l.plySerial = make([]uint64, n)
	l.movesSerial = make([]uint64, n)
	l.nmoves = make([]int32, n)
	l.path = make([]int32, n)
	l.nodes = make([]pssNode, 0, 256)
	l.root = l.newNode(sssNone, 0, game.NoMove, w.h0)
	l.nodes[l.root].depth = int32(d0)
	if d0 > 0 {
		l.nodes[l.root].idx = w.dewey[d0-1]
	}
	l.plySerial[d0] = l.nodes[l.root].serial
	return l
}

func (l *pssLocal[T, P]) newNode(parent, idx int32, m game.Move, h game.Value) int32 {
	var id int32
	if k := len(l.free); k > 0 {
		id = l.free[k-1]
		l.free = l.free[:k-1]
	} else {
		id = int32(len(l.nodes))
		l.nodes = append(l.nodes, pssNode{})
	}
	l.serial++
	d := int32(0)
	if parent != sssNone {
		d = l.nodes[parent].depth + 1
	}
	l.nodes[id] = pssNode{parent: parent, child: sssNone, next: sssNone, heap: sssNone, kid: sssNone,
		idx: idx, kids: -1, depth: d, h: h, move: m, serial: l.serial}
	return id
}

func (l *pssLocal[T, P]) freeNode(id int32) {
	l.nodes[id].serial = 0
	l.free = append(l.free, id)
}

func (l *pssLocal[T, P]) countOpen() {
	l.open++
	if l.open > l.w.peak {
		l.w.peak = l.open
	}
}

// left reports whether a lies left of b (see sssSearch.left).
func (l *pssLocal[T, P]) left(a, b int32) bool {
	na, nb := &l.nodes[a], &l.nodes[b]
	da, db := na.depth, nb.depth
	for na.depth > nb.depth {
		a = na.parent
		na = &l.nodes[a]
	}
	for nb.depth > na.depth {
		b = nb.parent
		nb = &l.nodes[b]
	}
	if a == b {
		return da < db
	}
	for na.parent != nb.parent {
		a, b = na.parent, nb.parent
		na, nb = &l.nodes[a], &l.nodes[b]
	}
	return na.idx < nb.idx
}

func (l *pssLocal[T, P]) before(a, b int32) bool {
	ha, hb := l.nodes[a].h, l.nodes[b].h
	if ha != hb {
		return ha > hb
	}
	return l.left(a, b)
}

func (l *pssLocal[T, P]) up(i int) {
	h := l.heap
	x := h[i]
	for i > 0 {
		p := (i - 1) / 2
		if !l.before(x, h[p]) {
			break
		}
		h[i] = h[p]
		l.nodes[h[i]].heap = int32(i)
		i = p
	}
	h[i] = x
	l.nodes[x].heap = int32(i)
}

func (l *pssLocal[T, P]) down(i int) {
	h := l.heap
	n := len(h)
	x := h[i]
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && l.before(h[r], h[c]) {
			c = r
		}
		if !l.before(h[c], x) {
			break
		}
		h[i] = h[c]
		l.nodes[h[i]].heap = int32(i)
		i = c
	}
	h[i] = x
	l.nodes[x].heap = int32(i)
}

// push puts id in OPEN ∪ LIVEMINS as an ACTIVE state.
func (l *pssLocal[T, P]) push(id int32) {
	l.heap = append(l.heap, id)
	l.up(len(l.heap) - 1)
	l.countOpen()
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

func (l *pssLocal[T, P]) pop() int32 {
	h := l.heap
	x := h[0]
	last := len(h) - 1
	h[0] = h[last]
	l.heap = h[:last]
	if last > 0 {
		l.down(0)
	}
	l.nodes[x].heap = sssNone
	l.open--
	return x
}

func (l *pssLocal[T, P]) remove(id int32) {
	i := int(l.nodes[id].heap)
	last := len(l.heap) - 1
	if i != last {
		moved := l.heap[last]
		l.heap[i] = moved
		l.nodes[moved].heap = int32(i)
		l.heap = l.heap[:last]
		l.down(i)
		l.up(int(l.nodes[moved].heap))
	} else {
		l.heap = l.heap[:last]
	}
	l.nodes[id].heap = sssNone
	l.open--
}

// materialize makes st.Pos[depth(id)] hold id's position, replaying moves
// from the deepest cached ply on its path (the process root's is fixed).
func (l *pssLocal[T, P]) materialize(id int32) int {
	k := int(l.nodes[id].depth)
	d0 := int(l.nodes[l.root].depth)
	for v, d := id, k; d > d0; d-- {
		l.path[d] = v
		v = l.nodes[v].parent
	}
	p := d0 + 1
	for p <= k && l.plySerial[p] == l.nodes[l.path[p]].serial {
		p++
	}
	for ; p <= k; p++ {
		n := &l.nodes[l.path[p]]
		P(&l.st.Pos[p-1]).Play(n.move, &l.st.Pos[p])
		l.plySerial[p] = n.serial
	}
	return k
}

func (l *pssLocal[T, P]) moves(id int32, ply int) []game.Move {
	sr := l.nodes[id].serial
	if l.movesSerial[ply] != sr {
		l.nmoves[ply] = int32(P(&l.st.Pos[ply]).Moves(l.st.Moves[ply][:]))
		l.movesSerial[ply] = sr
	}
	return l.st.Moves[ply][:l.nmoves[ply]]
}

// leaf is sssSearch.leaf.
func (l *pssLocal[T, P]) leaf(id int32) (game.Value, []game.Move, bool) {
	ply := l.materialize(id)
	pos := P(&l.st.Pos[ply])
	var v game.Value
	switch {
	case ply > 0 && pos.Draw():
		v = 0
	case ply >= l.r.depth:
		v = pos.Eval()
	default:
		ms := l.moves(id, ply)
		l.nodes[id].kids = int32(len(ms))
		if len(ms) > 0 {
			return 0, ms, false
		}
		v = pos.Terminal()
		if v == -game.Mate {
			v = game.MatedIn(ply)
		}
	}
	if ply&1 == 1 {
		v = -v
	}
	return v, nil, true
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
	c.Charge(sched.Eval, 1)
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
		n := &l.nodes[x]
		if !n.solved {
			v, ms, isLeaf := l.leaf(x)
			n = &l.nodes[x]
			isMax := n.depth&1 == 0
			if !isLeaf && isMax && r.memory > 0 && l.open+len(ms) > r.memory {
				if !n.woken && len(l.heap) > 0 {
					n.inactive = true
					l.inactive++
					l.countOpen()
					l.inact = append(l.inact, pssRef{x, n.serial})
					if stall++; stall > 4*r.memory+64 {
						return errIterSSSStuck
					}
					continue
				}
				if !l.collapse(c, x, len(ms)) {
					return errIterSSSStuck
				}
				n = &l.nodes[x]
			}
			stall = 0
			c.Charge(sched.Node, 1)
			w.nodes++
			n = &l.nodes[x]
			switch {
			case isLeaf: // (a)
				if c.Aborted() {
					return errPARSSSKilled // a killed process stops at its next terminal
				}
				live := n.h
				l.terminal(c, x, live, v)
				n = &l.nodes[x]
				n.h = min(live, v)
				n.solved, n.liveMin = true, false
				if isMax {
					l.maxSolved()
				}
				l.push(x)
			case !isMax: // (b)
				n.liveMin = false
				ch := l.newNode(x, 0, ms[0], n.h)
				l.nodes[x].child = ch
				l.push(ch)
			default: // (c): the children go to LIVEMINS
				h := n.h
				prev := sssNone
				for i, m := range ms {
					ch := l.newNode(x, int32(i), m, h)
					l.nodes[ch].liveMin = true
					if prev == sssNone {
						l.nodes[x].child = ch
					} else {
						l.nodes[prev].next = ch
					}
					prev = ch
					l.push(ch)
				}
			}
			continue
		}
		if x == root {
			w.final = n.h
			return nil
		}
		p := n.parent
		if n.depth&1 == 0 { // (d)
			stall = 0
			pn := &l.nodes[p]
			if n.idx+1 == pn.kids {
				pn.child = sssNone
				pn.solved, pn.liveMin = true, false
				pn.h = n.h
				l.freeNode(x)
				l.push(p)
				continue
			}
			ply := l.materialize(p)
			ms := l.moves(p, ply)
			n = &l.nodes[x]
			n.idx++
			n.move = ms[n.idx]
			n.solved = false
			n.kids = -1
			l.serial++
			n.serial = l.serial
			l.push(x)
			continue
		}
		// (e): x = x'.j SOLVED MIN, x ≠ p.
		h := n.h
		busy := l.killBelow(c, p, h)
		y, busy2 := l.purge(p, x, h)
		busy = busy || busy2
		if y == sssNone && !busy {
			stall = 0
			mv := l.nodes[x].move
			l.freeNode(x)
			pn := &l.nodes[p]
			pn.child = sssNone
			pn.h = h
			l.maxSolved()
			pn.solved = true
			if p == root && pn.depth == 0 {
				w.bestMove = mv
			}
			l.push(p)
			continue
		}
		if y != sssNone {
			if stall++; stall > 4*r.memory+64 {
				return errIterSSSStuck
			}
			l.nodes[y].inactive = false
			l.nodes[y].woken = true
			l.inactive--
			l.open--
			l.push(y)
			l.push(x)
			continue
		}
		// Blocked by child processes of higher h: put x back and wait
		// until an entry changes.
		l.push(x)
		if !l.wait(c, seen) {
			return errPARSSSKilled
		}
	}
}

// wait blocks until a child process writes its entry after gen was read;
// false if the process was killed (or the run failed) meanwhile.
func (l *pssLocal[T, P]) wait(c sched.Ctx, gen uint64) bool {
	w, r := l.w, l.r
	ok := w.kids.Wait(c, func() bool { return w.kidsGen.Load() != gen || r.failed.Load() })
	return ok && !r.failed.Load()
}

// purge removes from OPEN ∪ LIVEMINS every descendant of p other than
// keep whose merit is at most h (see sssSearch.purge). It returns the
// deepest INACTIVE state left below p and whether a child process still
// runs below p.
func (l *pssLocal[T, P]) purge(p, keep int32, h game.Value) (int32, bool) {
	deepest := sssNone
	busy := false
	prev := sssNone
	for ch := l.nodes[p].child; ch != sssNone; {
		next := l.nodes[ch].next
		if ch == keep || l.purgeSub(ch, h, &deepest, &busy) {
			if prev == sssNone {
				l.nodes[p].child = ch
			} else {
				l.nodes[prev].next = ch
			}
			prev = ch
		}
		ch = next
	}
	if prev == sssNone {
		l.nodes[p].child = sssNone
	} else {
		l.nodes[prev].next = sssNone
	}
	return deepest, busy
}

func (l *pssLocal[T, P]) purgeSub(ch int32, h game.Value, deepest *int32, busy *bool) bool {
	n := &l.nodes[ch]
	switch {
	case n.kid != sssNone:
		*busy = true
		return true
	case n.heap != sssNone:
		if n.h > h {
			return true
		}
		l.remove(ch)
		l.freeNode(ch)
		return false
	case n.inactive:
		if n.h > h {
			if *deepest == sssNone || n.depth > l.nodes[*deepest].depth {
				*deepest = ch
			}
			return true
		}
		l.inactive--
		l.open--
		l.freeNode(ch)
		return false
	}
	prev := sssNone
	for k := n.child; k != sssNone; {
		next := l.nodes[k].next
		if l.purgeSub(k, h, deepest, busy) {
			if prev == sssNone {
				l.nodes[ch].child = k
			} else {
				l.nodes[prev].next = k
			}
			prev = k
		}
		k = next
	}
	if prev == sssNone {
		l.freeNode(ch)
		return false
	}
	l.nodes[prev].next = sssNone
	return true
}

// collapse is sssSearch.collapse; a child process below a collapsed
// subtree is killed, its merit being its MINPROC h.
func (l *pssLocal[T, P]) collapse(c sched.Ctx, z int32, k int) bool {
	colls := l.colls[:0]
	for ch, a := z, l.nodes[z].parent; a != sssNone; ch, a = a, l.nodes[a].parent {
		if l.nodes[a].depth&1 != 0 {
			continue
		}
		for o := l.nodes[a].child; o != sssNone; o = l.nodes[o].next {
			if o == ch {
				continue
			}
			cd := pssCollapse{id: o, merit: -sssInfinity}
			l.measure(o, &cd)
			if cd.states > 1 || l.nodes[o].kid != sssNone {
				colls = append(colls, cd)
			}
		}
	}
	slices.SortStableFunc(colls, func(a, b pssCollapse) int {
		if a.merit != b.merit {
			return cmp.Compare(a.merit, b.merit)
		}
		return -cmp.Compare(l.nodes[a.id].depth, l.nodes[b.id].depth)
	})
	l.colls = colls
	for _, cd := range colls {
		if l.open+k <= l.r.memory {
			break
		}
		l.drop(c, cd.id)
		n := &l.nodes[cd.id]
		n.child = sssNone
		n.solved, n.inactive, n.woken = false, false, false
		n.liveMin = n.depth&1 == 1
		n.kids = -1
		n.h = cd.merit
		l.push(cd.id)
	}
	return l.open+k <= l.r.memory
}

func (l *pssLocal[T, P]) measure(ch int32, cd *pssCollapse) {
	n := &l.nodes[ch]
	if n.kid != sssNone {
		cd.states++
		cd.merit = max(cd.merit, l.kidsAll[n.kid].cacheH)
		return
	}
	if n.heap != sssNone || n.inactive {
		cd.states++
		cd.merit = max(cd.merit, n.h)
		return
	}
	for k := n.child; k != sssNone; k = l.nodes[k].next {
		l.measure(k, cd)
	}
}

func (l *pssLocal[T, P]) drop(c sched.Ctx, ch int32) {
	n := &l.nodes[ch]
	switch {
	case n.kid != sssNone:
		l.kill(c, l.kidsAll[n.kid])
	case n.heap != sssNone:
		l.remove(ch)
	case n.inactive:
		n.inactive = false
		l.inactive--
		l.open--
	}
	for k := l.nodes[ch].child; k != sssNone; {
		next := l.nodes[k].next
		l.drop(c, k)
		l.freeNode(k)
		k = next
	}
}
