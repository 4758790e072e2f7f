package sched

import "splitpoint/game"

// The calibration programs (issue #4 §5): programs whose W and C are known
// in closed form, to check the measurements and to time the runtime.

// Fib computes the n-th Fibonacci number (F(0)=0, F(1)=1) by the doubly
// recursive program of *Socrates Fig. 7: each call charges one Node and
// calls n−1 in a spawned child and n−2 in place. Below cutoff (n < cutoff)
// it runs serially and charges all its calls at once.
//
// W is the number of calls, 2·F(n+1) − 1 (calls(0) = calls(1) = 1,
// calls(n) = 1 + calls(n−1) + calls(n−2)). Without a cutoff C = n for
// n ≥ 1 (span(n) = 1 + max(span(n−1), span(n−2)) = 1 + span(n−1),
// span(1) = 1), and 1 for n = 0; a serial subtree of calls k adds k to the
// path instead of its depth.
func Fib(c Ctx, n, cutoff int) uint64 {
	if n < 2 || n < cutoff {
		c.Charge(Node, int64(fibCalls(n)))
		return fibSerial(n)
	}
	c.Charge(Node, 1)
	if c.Aborted() {
		return 0
	}
	var a uint64
	c.Go(func(c Ctx) any { a = Fib(c, n-1, cutoff); return nil })
	b := Fib(c, n-2, cutoff)
	c.Sync()
	return a + b
}

func fibSerial(n int) uint64 {
	if n < 2 {
		return uint64(n)
	}
	return fibSerial(n-1) + fibSerial(n-2)
}

// fibCalls is the number of calls of the doubly recursive fib(n): 2·F(n+1) − 1.
func fibCalls(n int) uint64 {
	a, b := uint64(0), uint64(1) // F(0), F(1)
	for range n {
		a, b = b, a+b
	}
	return 2*b - 1
}

// FibWork and FibSpan are W and C of Fib without a cutoff, unit node cost.
func FibWork(n int) int64 { return int64(fibCalls(n)) }

// FibSpan is C of Fib(n) without a cutoff (unit node cost).
func FibSpan(n int) int64 { return int64(max(n, 1)) }

// Queens counts the solutions of the n-queens problem, one task per
// placement: each node (a consistent partial placement, the empty board
// included) charges one Node and spawns a child per safe square of the next
// row. W is the number of nodes of the backtracking tree, C = n + 1 when
// there is a solution.
func Queens(c Ctx, n int) int64 {
	return queens(c, n, 0, 0, 0, 0)
}

func queens(c Ctx, n, row int, cols, d1, d2 uint64) int64 {
	c.Charge(Node, 1)
	if row == n {
		return 1
	}
	if c.Aborted() {
		return 0
	}
	free := ^(cols | d1 | d2) & (1<<n - 1)
	var bitsOf [64]uint64
	k := 0
	for free != 0 {
		bit := free & -free
		free ^= bit
		bitsOf[k] = bit
		k++
	}
	counts := make([]int64, k)
	child := func(c Ctx, i int) any {
		bit := bitsOf[i]
		counts[i] = queens(c, n, row+1, cols|bit, (d1|bit)<<1, (d2|bit)>>1)
		return nil
	}
	for i := range k {
		c.GoIndexed(child, i)
	}
	c.Sync()
	var s int64
	for _, x := range counts {
		s += x
	}
	return s
}

// NegamaxWork and NegamaxSpan are W and C of PNegamax on a uniform tree of
// branching b and depth d with unit node cost: (b^(d+1) − 1)/(b − 1) nodes,
// and d + 1.
func NegamaxWork(b, d int) int64 {
	w, p := int64(0), int64(1)
	for range d + 1 {
		w += p
		p *= int64(b)
	}
	return w
}

// NegamaxSpan is C of PNegamax on a uniform tree of depth d.
func NegamaxSpan(d int) int64 { return int64(d + 1) }

// frame is a PNegamax task's scratch: its position (in a one-ply
// game.Stack, whose move list it also uses) and its children's values.
type frame[T any] struct {
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
func PNegamax[T any, P game.Position[T]](c Ctx, root *T, depth int) game.Value {
	fl := NewScratchList(c, func() *frame[T] { return &frame[T]{st: game.NewStack[T](1)} })
	f := fl.Get(c)
	f.st.Pos[0] = *root
	v := pnegamax[T, P](c, fl, f, depth)
	fl.Put(c, f)
	return v
}

func pnegamax[T any, P game.Position[T]](c Ctx, fl *FreeList[frame[T]], f *frame[T], depth int) game.Value {
	c.Charge(Node, 1)
	if c.Aborted() {
		return 0
	}
	pos := P(&f.st.Pos[0])
	if depth == 0 {
		c.Charge(Eval, 1)
		return pos.Eval()
	}
	if pos.Draw() {
		return 0
	}
	moves := f.st.Moves[0][:]
	n := pos.Moves(moves)
	if n == 0 {
		return pos.Terminal()
	}
	// One closure for all the children (GoIndexed): child i plays move i
	// from this task's position into a stack of its own.
	child := func(c Ctx, i int) any {
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
