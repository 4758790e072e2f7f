package algos

import (
	"splitpoint/game"
	"splitpoint/sched"
)

// AlgoPNegamax names plain parallel negamax.
const AlgoPNegamax = "pnegamax"

// pnFrame is a PNegamax task's scratch: its position (in a one-ply
// game.Stack, whose move list it also uses) and its children's values.
type pnFrame[T any] struct {
	st   *game.Stack[T]
	vals [game.MaxMoves]game.Value
}

// PNegamax is the plain parallel negamax of *Socrates Fig. 1 with every
// child spawned: no pruning, all children in parallel, the parent waits
// for them all. Each node charges one Node (and each leaf one Eval) and
// polls for an abort. Each task's position lives in a game.Stack from a
// per-processor free list; a child plays its move from its parent's
// position into its own stack (copy-make: the "migration" copy of
// *Socrates §4.1 is paid by every child, stolen or not).
//
// With unit node cost W = (B^(D+1) − 1)/(B − 1) and C = D + 1 on
// uniform:b=B,d=D.
func PNegamax[T any, P game.Position[T]](c sched.Ctx, root *T, depth int) game.Value {
	fl := sched.NewScratchList(c, func() *pnFrame[T] { return &pnFrame[T]{st: game.NewStack[T](1)} })
	f := fl.Get(c)
	f.st.Pos[0] = *root
	v := pnegamax[T, P](c, fl, f, depth)
	fl.Put(c, f)
	return v
}

func pnegamax[T any, P game.Position[T]](c sched.Ctx, fl *sched.FreeList[pnFrame[T]], f *pnFrame[T], depth int) game.Value {
	chargeNode(c)
	if c.Aborted() {
		return 0
	}
	pos := P(&f.st.Pos[0])
	if depth == 0 {
		chargeLeaf(c)
		return pos.Eval()
	}
	if pos.Draw() {
		chargeLeaf(c)
		return 0
	}
	moves := f.st.Moves[0][:]
	n := pos.Moves(moves)
	chargeGen(c)
	if n == 0 {
		chargeLeaf(c)
		return pos.Terminal()
	}
	// One closure for all the children (GoIndexed): child i plays move i
	// from this task's position into a stack of its own.
	child := func(c sched.Ctx, i int) any {
		g := fl.Get(c)
		pos.Play(moves[i], &g.st.Pos[0])
		f.vals[i] = -pnegamax[T, P](c, fl, g, depth-1)
		fl.Put(c, g)
		return nil
	}
	for i := range n {
		c.GoIndexed(child, i)
	}
	c.Sync()
	best := -game.Inf
	for _, v := range f.vals[:n] {
		best = max(best, v)
	}
	return best
}
