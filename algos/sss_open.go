package algos

import (
	"cmp"
	"slices"

	"splitpoint/game"
)

// This file is the machinery SSS* (sssSearch: SSS* and ITERSSS*) and one
// PARSSS* / PARITERSSS* process (pssLocal) share: the explicit tree and its
// node arena, OPEN as a heap of ACTIVE states, the regeneration of a node's
// position, and the parts of Stockman's Γ operator that are the same in
// both. What PARSSS* adds (LIVEMINS, child processes, the clock) stays in
// parsss_local.go, as wrappers around these.

// sssNone is the null node index of the explicit tree.
const sssNone int32 = -1

// sssInfinity is the merit +∞ of Stockman's initial state (root, LIVE, +∞):
// above every value a search can return.
const sssInfinity = game.Inf + 1

// sssNode is a node of SSS*'s explicit tree: an OPEN state, or an ancestor of
// one. Nodes live in an arena and are linked by index.
//
// kid and liveMin are PARSSS*'s; a serial search leaves them sssNone and
// false. They fill what was padding: the node is 56 bytes with or without
// them.
type sssNode struct {
	parent, child, next int32 // parent, first child, next sibling (move order)
	heap                int32 // index in the heap of ACTIVE states, or sssNone
	idx                 int32 // index of the node's move in its parent's move list
	kids                int32 // number of moves, once generated; -1 before
	depth               int32 // ply below the root; even = MAX, odd = MIN
	kid                 int32 // PARSSS*: index in pssLocal.kidsAll of the process running on it, or sssNone
	h                   game.Value
	move                game.Move
	serial              uint64 // names this incarnation of the slot, for the position cache
	solved              bool
	inactive            bool // in OPEN, suspended by ITERSSS* (not selectable)
	woken               bool // made ACTIVE again by ITERSSS*'s case 4
	liveMin             bool // PARSSS*: a LIVE MIN state, in LIVEMINS
}

// sssCand is a subtree ITERSSS* may collapse: the MIN node at its root, the
// states below it and the largest merit among them.
type sssCand struct {
	id     int32
	states int
	merit  game.Value
}

// sssTree is an explicit tree of SSS* rooted at ply base (0 for a whole
// search, a process's node for PARSSS*) with its OPEN list: the ACTIVE
// states in a binary max-heap on (h, leftmost), the INACTIVE ones only
// counted.
type sssTree[T any, P game.Position[T]] struct {
	depth int // the search's depth limit, in plies below the game's root
	base  int // ply of the tree's root

	nodes []sssNode
	free  []int32
	heap  []int32 // the ACTIVE OPEN states, a binary max-heap on (h, leftmost)

	open     int  // OPEN states, ACTIVE and INACTIVE
	inactive int  // INACTIVE states
	peak     int  // the largest open so far
	peakTo   *int // where peak is also kept as it grows, or nil
	serial   uint64
	gens     int64 // move generations (moves)

	st          *game.Stack[T]
	plySerial   []uint64 // serial of the node whose position st.Pos[ply] holds
	movesSerial []uint64 // serial of the node whose moves st.Moves[ply] holds
	nmoves      []int32
	path        []int32
	colls       []sssCand // collapseCands's list, kept for its capacity
}

// initTree sets up an empty tree whose root, at ply base, has position pos;
// peakTo (nil for none) follows the peak of OPEN.
func (t *sssTree[T, P]) initTree(depth, base int, pos *T, peakTo *int) {
	t.depth, t.base, t.peakTo = depth, base, peakTo
	t.st = game.NewStack[T](max(depth, 1))
	t.st.Pos[base] = *pos
	n := depth + 1
	t.plySerial = make([]uint64, n)
	t.movesSerial = make([]uint64, n)
	t.nmoves = make([]int32, n)
	t.path = make([]int32, n)
}

// newNode makes a LIVE node, child number idx (move m) of parent.
func (t *sssTree[T, P]) newNode(parent int32, idx int32, m game.Move, h game.Value) int32 {
	var id int32
	if k := len(t.free); k > 0 {
		id = t.free[k-1]
		t.free = t.free[:k-1]
	} else {
		id = int32(len(t.nodes))
		t.nodes = append(t.nodes, sssNode{})
	}
	t.serial++
	d := int32(0)
	if parent != sssNone {
		d = t.nodes[parent].depth + 1
	}
	t.nodes[id] = sssNode{parent: parent, child: sssNone, next: sssNone, heap: sssNone, kid: sssNone,
		idx: idx, kids: -1, depth: d, h: h, move: m, serial: t.serial}
	return id
}

func (t *sssTree[T, P]) freeNode(id int32) {
	t.nodes[id].serial = 0
	t.free = append(t.free, id)
}

// countOpen records one more OPEN state.
func (t *sssTree[T, P]) countOpen() {
	t.open++
	if t.open > t.peak {
		t.peak = t.open
		if t.peakTo != nil {
			*t.peakTo = t.open
		}
	}
}

// left reports whether node a lies left of node b in the tree. OPEN states
// are never ancestors of one another; were they, the ancestor comes first.
func (t *sssTree[T, P]) left(a, b int32) bool {
	na, nb := &t.nodes[a], &t.nodes[b]
	da, db := na.depth, nb.depth
	for na.depth > nb.depth {
		a = na.parent
		na = &t.nodes[a]
	}
	for nb.depth > na.depth {
		b = nb.parent
		nb = &t.nodes[b]
	}
	if a == b {
		return da < db
	}
	for na.parent != nb.parent {
		a, b = na.parent, nb.parent
		na, nb = &t.nodes[a], &t.nodes[b]
	}
	return na.idx < nb.idx
}

// before is the OPEN order: higher merit first, then leftmost.
func (t *sssTree[T, P]) before(a, b int32) bool {
	ha, hb := t.nodes[a].h, t.nodes[b].h
	if ha != hb {
		return ha > hb
	}
	return t.left(a, b)
}

func (t *sssTree[T, P]) up(i int) {
	h := t.heap
	x := h[i]
	for i > 0 {
		p := (i - 1) / 2
		if !t.before(x, h[p]) {
			break
		}
		h[i] = h[p]
		t.nodes[h[i]].heap = int32(i)
		i = p
	}
	h[i] = x
	t.nodes[x].heap = int32(i)
}

func (t *sssTree[T, P]) down(i int) {
	h := t.heap
	n := len(h)
	x := h[i]
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && t.before(h[r], h[c]) {
			c = r
		}
		if !t.before(h[c], x) {
			break
		}
		h[i] = h[c]
		t.nodes[h[i]].heap = int32(i)
		i = c
	}
	h[i] = x
	t.nodes[x].heap = int32(i)
}

// push puts node id in OPEN as an ACTIVE state.
func (t *sssTree[T, P]) push(id int32) {
	t.heap = append(t.heap, id)
	t.up(len(t.heap) - 1)
	t.countOpen()
}

// pop removes and returns the first ACTIVE state of OPEN.
func (t *sssTree[T, P]) pop() int32 {
	h := t.heap
	x := h[0]
	last := len(h) - 1
	h[0] = h[last]
	t.heap = h[:last]
	if last > 0 {
		t.down(0)
	}
	t.nodes[x].heap = sssNone
	t.open--
	return x
}

// remove takes the ACTIVE state id out of OPEN.
func (t *sssTree[T, P]) remove(id int32) {
	i := int(t.nodes[id].heap)
	last := len(t.heap) - 1
	if i != last {
		moved := t.heap[last]
		t.heap[i] = moved
		t.nodes[moved].heap = int32(i)
		t.heap = t.heap[:last]
		t.down(i)
		t.up(int(t.nodes[moved].heap))
	} else {
		t.heap = t.heap[:last]
	}
	t.nodes[id].heap = sssNone
	t.open--
}

// materialize makes st.Pos[depth(id)] hold node id's position, replaying
// moves from the deepest ply whose cached position is on id's path (the
// tree root's is fixed).
func (t *sssTree[T, P]) materialize(id int32) int {
	// Loaded once: the stores to path would make the compiler reload them.
	nodes, path, base := t.nodes, t.path, t.base
	k := int(nodes[id].depth)
	for v, d := id, k; d > base; d-- {
		path[d] = v
		v = nodes[v].parent
	}
	p := base + 1
	for p <= k && t.plySerial[p] == nodes[path[p]].serial {
		p++
	}
	for ; p <= k; p++ {
		n := &nodes[path[p]]
		P(&t.st.Pos[p-1]).Play(n.move, &t.st.Pos[p])
		t.plySerial[p] = n.serial
	}
	return k
}

// moves returns the move list of node id, whose position st.Pos[ply] holds.
func (t *sssTree[T, P]) moves(id int32, ply int) []game.Move {
	sr := t.nodes[id].serial
	if t.movesSerial[ply] != sr {
		t.nmoves[ply] = int32(P(&t.st.Pos[ply]).Moves(t.st.Moves[ply][:]))
		t.gens++
		t.movesSerial[ply] = sr
	}
	return t.st.Moves[ply][:t.nmoves[ply]]
}

// leaf reports whether LIVE node id is a leaf, and if so its MAX value;
// otherwise it leaves the node's moves in st.Moves[ply].
func (t *sssTree[T, P]) leaf(id int32) (game.Value, []game.Move, bool) {
	ply := t.materialize(id)
	pos := P(&t.st.Pos[ply])
	var v game.Value
	switch {
	case ply > 0 && pos.Draw():
		v = 0
	case ply >= t.depth:
		v = pos.Eval()
	default:
		ms := t.moves(id, ply)
		t.nodes[id].kids = int32(len(ms))
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

// The cases of Γ below change the tree and leave the states they make to
// the caller to push, so that PARSSS* can put them in LIVEMINS too.

// suspend makes the LIVE MAX state x, just popped, INACTIVE (ITERSSS*: no
// room to expand it).
func (t *sssTree[T, P]) suspend(x int32) {
	t.nodes[x].inactive = true
	t.inactive++
	t.countOpen()
}

// solveLeaf is case 1: the LIVE leaf x of value v becomes SOLVED with merit
// min(h, v).
func (t *sssTree[T, P]) solveLeaf(x int32, v game.Value) {
	n := &t.nodes[x]
	n.h = min(n.h, v)
	n.solved, n.liveMin = true, false
}

// expandMin is case 2: the LIVE MIN node x gets its first child (move
// ms[0]), which it returns, LIVE with x's merit.
func (t *sssTree[T, P]) expandMin(x int32, ms []game.Move) int32 {
	t.nodes[x].liveMin = false
	c := t.newNode(x, 0, ms[0], t.nodes[x].h)
	t.nodes[x].child = c
	return c
}

// expandMax is case 3: the LIVE MAX node x gets all its children (moves
// ms), LIVE with x's merit and in LIVEMINS if liveMin; it returns the first
// (the others follow by next).
func (t *sssTree[T, P]) expandMax(x int32, ms []game.Move, liveMin bool) int32 {
	h := t.nodes[x].h
	prev := sssNone
	for i, m := range ms {
		c := t.newNode(x, int32(i), m, h)
		t.nodes[c].liveMin = liveMin
		if prev == sssNone {
			t.nodes[x].child = c
		} else {
			t.nodes[prev].next = c
		}
		prev = c
	}
	return t.nodes[x].child
}

// solveParent is cases 4 and 5: x's parent p becomes SOLVED with merit h,
// its explicit subtree gone (x is freed; the rest is purged already).
func (t *sssTree[T, P]) solveParent(x, p int32, h game.Value) {
	t.freeNode(x)
	pn := &t.nodes[p]
	pn.child = sssNone
	pn.solved, pn.liveMin = true, false
	pn.h = h
}

// solvedMax is cases 5 and 6 for the SOLVED MAX node x, child of p: if x is
// p's last child, p becomes SOLVED with x's merit (case 5); otherwise x's
// slot becomes its next sibling, LIVE with the same merit, under a new
// serial (case 6). It returns the state to push, p or x.
func (t *sssTree[T, P]) solvedMax(x, p int32) int32 {
	n := &t.nodes[x]
	if n.idx+1 == t.nodes[p].kids {
		t.solveParent(x, p, n.h)
		return p
	}
	ply := t.materialize(p)
	ms := t.moves(p, ply)
	n = &t.nodes[x]
	n.idx++
	n.move = ms[n.idx]
	n.solved = false
	n.kids = -1
	t.serial++
	n.serial = t.serial
	return x
}

// wake makes the INACTIVE state y ACTIVE again (ITERSSS*'s case 4); the
// caller pushes it.
func (t *sssTree[T, P]) wake(y int32) {
	t.nodes[y].inactive = false
	t.nodes[y].woken = true
	t.inactive--
	t.open--
}

// firstInactive returns the INACTIVE state below r (r included) that comes
// first in OPEN order (highest merit, then leftmost), or sssNone.
func (t *sssTree[T, P]) firstInactive(r int32) int32 {
	n := &t.nodes[r]
	if n.inactive {
		return r
	}
	best := sssNone
	for c := n.child; c != sssNone; c = t.nodes[c].next {
		if y := t.firstInactive(c); y != sssNone && (best == sssNone || t.before(y, best)) {
			best = y
		}
	}
	return best
}

// betterInactive is ITERSSS*'s guard before a collapse: when the LIVE MAX
// state x, just popped, cannot be expanded and suspending it would get
// nowhere, it returns an INACTIVE state below r that comes before x in OPEN
// order, or sssNone. Such a state must be woken instead (and x suspended):
// a collapse made for any state but the first of all OPEN, INACTIVE ones
// included, can discard a subtree whose suspended states outrank the work
// that displaced it, and two subtrees can then displace each other forever
// (the merit selected rises again, and nothing measures progress). Made
// only for the first state, a collapse never raises a merit: the first
// merit of OPEN falls or stays, and at one merit the search moves left to
// right, so it ends.
func (t *sssTree[T, P]) betterInactive(r, x int32) int32 {
	if t.inactive == 0 {
		return sssNone
	}
	if y := t.firstInactive(r); y != sssNone && t.before(y, x) {
		return y
	}
	return sssNone
}

// purge removes from OPEN every descendant of p other than keep whose merit
// is at most h, and the explicit nodes left with no state below them. It
// returns the deepest INACTIVE state left below p (the leftmost of the
// deepest), or sssNone, and whether a node below p is held by a PARSSS*
// child process (such a node is left in place; killing the process is the
// caller's business).
func (t *sssTree[T, P]) purge(p, keep int32, h game.Value) (int32, bool) {
	deepest := sssNone
	busy := false
	prev := sssNone
	for c := t.nodes[p].child; c != sssNone; {
		next := t.nodes[c].next
		if c == keep || t.purgeSub(c, h, &deepest, &busy) {
			if prev == sssNone {
				t.nodes[p].child = c
			} else {
				t.nodes[prev].next = c
			}
			prev = c
		}
		c = next
	}
	if prev == sssNone {
		t.nodes[p].child = sssNone
	} else {
		t.nodes[prev].next = sssNone
	}
	return deepest, busy
}

// purgeSub purges the subtree of c (see purge) and reports whether anything
// is left of it.
func (t *sssTree[T, P]) purgeSub(c int32, h game.Value, deepest *int32, busy *bool) bool {
	n := &t.nodes[c]
	switch {
	case n.kid != sssNone:
		*busy = true
		return true
	case n.heap != sssNone:
		if n.h > h {
			// Cannot happen: h is the largest ACTIVE merit and ties are
			// purged. Keep it rather than lose it.
			return true
		}
		t.remove(c)
		t.freeNode(c)
		return false
	case n.inactive:
		if n.h > h {
			if *deepest == sssNone || n.depth > t.nodes[*deepest].depth {
				*deepest = c
			}
			return true
		}
		t.inactive--
		t.open--
		t.freeNode(c)
		return false
	}
	prev := sssNone
	for k := n.child; k != sssNone; {
		next := t.nodes[k].next
		if t.purgeSub(k, h, deepest, busy) {
			if prev == sssNone {
				t.nodes[c].child = k
			} else {
				t.nodes[prev].next = k
			}
			prev = k
		}
		k = next
	}
	if prev == sssNone {
		t.freeNode(c)
		return false
	}
	t.nodes[prev].next = sssNone
	return true
}

// collapseCands lists the subtrees ITERSSS* may collapse to make room for
// the expansion of the MAX node z: those hanging off z's path (the other
// children of z's MAX ancestors) that hold more than one state or a
// PARSSS* child process, least promising first (lowest merit; of equal
// merit, the rightmost). procMerit gives the merit of a child process
// (nil when there is none).
func (t *sssTree[T, P]) collapseCands(z int32, procMerit func(kid int32) game.Value) []sssCand {
	cands := t.colls[:0]
	for c, a := z, t.nodes[z].parent; a != sssNone; c, a = a, t.nodes[a].parent {
		if t.nodes[a].depth&1 != 0 {
			continue
		}
		for o := t.nodes[a].child; o != sssNone; o = t.nodes[o].next {
			if o == c {
				continue
			}
			cd := sssCand{id: o, merit: -sssInfinity}
			t.measure(o, &cd, procMerit)
			if cd.states > 1 || t.nodes[o].kid != sssNone {
				cands = append(cands, cd)
			}
		}
	}
	// Least promising first: lowest merit, then rightmost (cands lists
	// deeper ancestors first and, within one, children left to right).
	slices.SortStableFunc(cands, func(a, b sssCand) int {
		if a.merit != b.merit {
			return cmp.Compare(a.merit, b.merit)
		}
		return -cmp.Compare(t.nodes[a.id].depth, t.nodes[b.id].depth)
	})
	t.colls = cands
	return cands
}

// measure counts the states below c (c included; a child process is one)
// and their largest merit.
func (t *sssTree[T, P]) measure(c int32, cd *sssCand, procMerit func(kid int32) game.Value) {
	n := &t.nodes[c]
	if n.kid != sssNone {
		cd.states++
		cd.merit = max(cd.merit, procMerit(n.kid))
		return
	}
	if n.heap != sssNone || n.inactive {
		cd.states++
		cd.merit = max(cd.merit, n.h)
		return
	}
	for k := n.child; k != sssNone; k = t.nodes[k].next {
		t.measure(k, cd, procMerit)
	}
}

// drop removes every state below c, c included, from OPEN and frees the
// explicit nodes strictly below c. A child process on one of them is
// stopped by kill (nil when there is none), which must also clear the
// node's kid and release its OPEN place.
func (t *sssTree[T, P]) drop(c int32, kill func(kid int32)) {
	n := &t.nodes[c]
	switch {
	case n.kid != sssNone:
		kill(n.kid)
	case n.heap != sssNone:
		t.remove(c)
	case n.inactive:
		n.inactive = false
		t.inactive--
		t.open--
	}
	for k := t.nodes[c].child; k != sssNone; {
		next := t.nodes[k].next
		t.drop(k, kill)
		t.freeNode(k)
		k = next
	}
}

// reopen makes the collapsed subtree root c, whose states are dropped, a
// LIVE state of merit h with no explicit subtree; the caller pushes it.
func (t *sssTree[T, P]) reopen(c int32, h game.Value) {
	n := &t.nodes[c]
	n.child = sssNone
	n.solved, n.inactive, n.woken = false, false, false
	n.h = h
}
