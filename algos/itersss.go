package algos

import (
	"errors"
	"fmt"

	"splitpoint/game"
)

// AlgoIterSSS names ITERSSS*, SSS* in bounded memory.
const AlgoIterSSS = "itersss"

// ErrIterSSSMemory is returned by IterSSS when the memory M it is given is
// below Bhattacharya & Bagchi's threshold M0 = ⌈d/2⌉(b−1)+1 (§5).
var ErrIterSSSMemory = errors.New("itersss: memory below the threshold M0")

// errIterSSSStuck reports that ITERSSS* could make no progress in the memory
// it had. With M ≥ M0 it is not expected; it guards against a silent loop.
var errIterSSSStuck = errors.New("itersss: no progress possible in the memory given")

// IterSSSMinMemory is Bhattacharya & Bagchi's threshold M0 = ⌈d/2⌉(b−1)+1
// ("Searching Game Trees in Parallel Using SSS*", §5) for a search of depth
// d on a tree whose nodes have at most b children: one state for each of the
// b−1 siblings waiting at each of the ⌈d/2⌉ MAX levels of one path, plus
// the state being searched, i.e. the OPEN list of a depth-first search.
func IterSSSMinMemory(depth, branching int) int {
	return (depth+1)/2*(max(branching, 1)-1) + 1
}

// IterSSSBranching is the b that IterSSS uses for M0 at root: the widest
// node of a synthetic tree (any position that is a game.Widther), and
// game.MaxMoves for any other domain (whose
// branching factor is not known in advance).
func IterSSSBranching[T any](root *T) int {
	if p, ok := any(root).(game.Widther); ok {
		return p.MaxWidth()
	}
	return game.MaxMoves
}

// IterSSS is Bhattacharya & Bagchi's ITERSSS* (AAAI-86, "Making best use of
// available memory when searching game trees", as restated in "Searching
// Game Trees in Parallel Using SSS*" §5 and its procedure PARITERSSS* with
// one process): SSS* (see SSS, which this shares every rule with) whose
// OPEN list may hold at most memory states. memory must be at least
// M0 = IterSSSMinMemory(depth, IterSSSBranching(root)); a smaller one
// returns ErrIterSSSMemory. hook is as for SSS.
//
// Our reading of §5. Every OPEN state is ACTIVE or INACTIVE, and both count
// against M; only ACTIVE states are selected (highest merit, then leftmost,
// as in SSS). Only the expansion of a LIVE MAX node (Γ case 3) needs
// memory: it replaces one state by one per child. When the selected LIVE
// MAX node has k children and the other states already fill more than M−k
// places, it is not expanded but kept in OPEN as INACTIVE: the root of a
// subtree whose search is suspended. (The paper makes the test when the MIN
// parent x creates x.1 and suspends x; we make the same test, "MM+1 > number
// of sons", when the MAX node itself is selected, which also covers a later
// sibling x.j+1 made by case 6, and suspend the MAX node, so a suspended
// subtree is one ply deeper than the paper's. Since x.1 is selected right
// after x, both test against the same free space.)
//
// Suspended subtrees are woken when a SOLVED ACTIVE MIN node x = x'.j is
// selected (case 4): every descendant of x' in OPEN, ACTIVE or INACTIVE,
// whose merit is at most h(x) is purged (it cannot beat x), and so are
// explicit nodes left with nothing below them. If no INACTIVE descendant of
// x' is left, x' is SOLVED with merit h(x), as in SSS*. Otherwise one whose
// merit is above h(x) could still beat x: the deepest of them (the leftmost
// of the deepest) is made ACTIVE and x is put back in OPEN; it is selected
// again, and purges again, once the woken subtree's merits fall to h(x) or
// below, unless that subtree solves x' first. The space the purge released
// is what the woken node's expansion uses: the algorithm works on the
// partial solution tree it can afford and comes back for the rest.
//
// Taken literally, §5 does not always make progress within M: suspended
// states pile up in subtrees that no SOLVED MIN node will purge for a long
// time, until every ACTIVE LIVE MAX node is blocked and OPEN holds only
// INACTIVE states (and without a test at case 6 OPEN outgrows M; we found
// both on synthetic trees with M ≥ M0). So when suspending would get
// nowhere — the blocked node is the one just woken, or it is the last ACTIVE
// state — we make room instead (the "iteration"): each subtree hanging off
// the blocked node's path (another child of one of its MAX ancestors), least
// promising first, is collapsed into one LIVE state for its root with the
// largest merit found below it, until the expansion fits. A collapsed
// subtree is searched again, from that merit, if it becomes the best: a
// LIVE node of merit H ends SOLVED with merit min(H, value), and every state
// below it had merit at most H, so the result is unchanged. Once every
// off-path subtree is one state, OPEN holds at most (depth/2)(b−1)+1 states
// and the expansion needs b−1 more, which is why M0 suffices.
//
// With memory at least SSS*'s peak OPEN size no state is ever suspended and
// IterSSS examines exactly the leaves SSS examines, in the same order. With
// less, it may examine leaves SSS* would not (work done while better
// subtrees wait, and collapsed subtrees searched again): the AAAI-86 claim
// that ITERSSS* never examines more leaves than alpha-beta does not hold
// for this reading (about 0.3% of the runs of TestSSSProperties exceed
// fail-hard alpha-beta, by a few leaves). Leaves and Nodes count every
// examination, repeated ones included.
func IterSSS[T any, P game.Position[T]](root *T, depth int, memory int, hook func() bool) (SSSResult, error) {
	b := IterSSSBranching(root)
	if m0 := IterSSSMinMemory(max(depth, 0), b); memory < m0 {
		return SSSResult{}, fmt.Errorf("%w: M = %d, M0 = ⌈%d/2⌉(%d−1)+1 = %d", ErrIterSSSMemory, memory, depth, b, m0)
	}
	var s sssSearch[T, P]
	s.init(root, depth, memory, hook)
	return s.run()
}
