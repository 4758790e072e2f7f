package sched

// The calibration programs: programs whose W and C are known
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
	return spawnSum(c, k, func(c Ctx, i int) int64 {
		bit := bitsOf[i]
		return queens(c, n, row+1, cols|bit, (d1|bit)<<1, (d2|bit)>>1)
	})
}

// spawnSum spawns fn(c, i) for i in [0, k) as children, waits for them and
// returns the sum of their results.
func spawnSum(c Ctx, k int, fn func(c Ctx, i int) int64) int64 {
	counts := make([]int64, k)
	child := func(c Ctx, i int) any { counts[i] = fn(c, i); return nil }
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

// Uniform is a game-free calibration tree: every node charges one Node,
// polls for an abort and, above depth 0, spawns b children; a leaf charges
// one Eval. It returns the number of leaves reached, b^d when nothing is
// aborted. Its W and C are those of plain parallel negamax
// (algos.PNegamax) on uniform:b=B,d=D with unit node cost: UniformWork and
// UniformSpan.
func Uniform(c Ctx, b, d int) int64 {
	c.Charge(Node, 1)
	if c.Aborted() {
		return 0
	}
	if d == 0 {
		c.Charge(Eval, 1)
		return 1
	}
	return spawnSum(c, b, func(c Ctx, _ int) int64 { return Uniform(c, b, d-1) })
}

// UniformWork and UniformSpan are W and C of a uniform tree of branching b
// and depth d with unit node cost (Uniform, or plain parallel negamax):
// (b^(d+1) − 1)/(b − 1) nodes, and d + 1.
func UniformWork(b, d int) int64 {
	w, p := int64(0), int64(1)
	for range d + 1 {
		w += p
		p *= int64(b)
	}
	return w
}

// UniformSpan is C of a uniform tree of depth d.
func UniformSpan(d int) int64 { return int64(d + 1) }
