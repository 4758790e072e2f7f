package algos

import "splitpoint/game"

// Killer handover: a child of a split node that another processor
// searches starts with the killer moves the node's owner holds for the
// plies below the node, as a helper at a split point starts with its
// master's in Crafty (Hyatt's CopyToChild). The serial search reaches
// each subtree with the killers its elder brothers just taught; a stolen
// child otherwise brings the thief's, learned in some unrelated part of
// the tree. On the simulated machine (the default preset, BENCHMARKS.md,
// the killer handover) it cuts Jamboree's search overhead on BK at depth 6
// from 10.9 % to 5.1 % on 2 processors and from 44 % to 31 % on 8.
// Options.KillerHandover turns it on (the presets with killers do; --param killer_handover=false turns it off).
//
// When the killers are taken is the handover: on the simulator, which
// runs one processor at a time, when the child starts (the owner's
// killers of that moment); on the pool, where the owner goes on
// searching, when the owner promotes the node's latent children in its
// own goroutine (before a steal request promotes them:
// sched.Task.LatentRange), into the split node,
// which the thief reads once the task reaches it.

// killerHandover is a split node's handover: its owner's Searcher, the
// plies from…from+n−1 the children's subtrees order moves at, and the
// owner's killers of those plies once taken.
type killerHandover struct {
	owner   killerSource
	from, n int
	killers [][2]game.Move
	taken   bool
}

// killerSource is a Searcher's killers, by ply.
type killerSource interface {
	killerRows(from, n int, dst [][2]game.Move) [][2]game.Move
}

// killerRows appends the killers of plies from…from+n−1 to dst.
func (s *Searcher[T, P]) killerRows(from, n int, dst [][2]game.Move) [][2]game.Move {
	to := min(from+n, len(s.killers))
	if from >= to {
		return dst
	}
	return append(dst, s.killers[from:to]...)
}

// own makes the node's owner o (nil: no handover) for a split at ply
// with depth plies to go.
func (h *killerHandover) own(o killerSource, ply, depth int) {
	h.owner, h.from, h.n, h.taken = o, ply+1, depth, false
}

// take records the owner's killers (the pool: by the owner, as it
// promotes the children).
func (h *killerHandover) take() {
	if h.owner == nil {
		return
	}
	h.killers = h.owner.killerRows(h.from, h.n, h.killers[:0])
	h.taken = true
}

// give copies the owner's killers into s, the Searcher of the processor
// that starts a child, unless it is the owner's; live takes them first
// (the simulator). It reports whether it handed any over.
func (h *killerHandover) give(s *[game.MaxPly + 1][2]game.Move, self killerSource, live bool) bool {
	if h.owner == nil || self == h.owner {
		return false
	}
	if live {
		h.take()
	}
	if !h.taken {
		return false
	}
	copy(s[h.from:], h.killers)
	return true
}
