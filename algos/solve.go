package algos

import (
	"context"
	"math"
	"slices"

	"splitpoint/game"
)

// SolveResult is the outcome of solving one test position: whether the
// search ended on a right move (one of bm, or, with only am given, a move
// not in am), and the time and nodes until the right move was chosen and
// then kept to the end. The moment is measured at the end of the first
// iteration of the final run of iterations that all chose a right move.
type SolveResult struct {
	Solved  bool      `json:"solved"`
	Seconds float64   `json:"seconds"` // time to solve; the limit when not solved
	Nodes   uint64    `json:"nodes"`   // nodes to solve; all nodes when not solved
	Depth   int       `json:"depth"`   // the iteration that found the move
	Move    game.Move `json:"move_code"`
	Result  *Result   `json:"result"`
	Err     error     `json:"-"`
}

// Solve searches root by iterative deepening under opt's Time or Depth
// limit and reports when the right move was found: bm lists the best moves
// (any of them is right); am, used when bm is empty, the moves to avoid.
// An unsolved position counts as the time limit (opt.Time, or the whole
// search's time when there is none), as in StarTech §3.
func Solve[T any, P game.Position[T]](ctx context.Context, root *T, bm, am []game.Move, opt Options) SolveResult {
	opt.Iterative = true
	if err := opt.Validate(); err != nil {
		return SolveResult{Err: err}
	}
	var out SolveResult
	w := SolveWatch{BM: bm, AM: am}
	s := NewSearcher[T, P](opt, nil)
	res, err := s.Run(ctx, root, func(r *Result) {
		it := r.Iterations[len(r.Iterations)-1]
		if w.Iteration(it.BestMove) {
			out.Seconds, out.Nodes, out.Depth = it.Seconds, it.TotalNodes, it.Depth
		}
	})
	out.Result, out.Err = res, err
	if res != nil {
		out.Move = res.BestMove
	}
	out.Solved = w.Solved()
	if !out.Solved {
		out.Seconds = opt.Time.Seconds()
		if opt.Time <= 0 && res != nil {
			out.Seconds = res.Seconds
		}
		if res != nil {
			out.Nodes = res.Nodes
		}
		out.Depth = 0
	}
	return out
}

// SolveWatch is the one rule of solve mode, serial and parallel alike: a
// move is right when it is one of BM, or, with BM empty, when AM is given
// and the move is not in it; a search has solved the position when its
// final run of iterations all chose a right move, and it solved it at the
// first iteration of that run (StarTech §3's time to solution).
type SolveWatch struct {
	BM, AM []game.Move
	streak bool
}

// Right reports whether m is a right move.
func (w *SolveWatch) Right(m game.Move) bool {
	if m == game.NoMove {
		return false
	}
	if len(w.BM) > 0 {
		return slices.Contains(w.BM, m)
	}
	return len(w.AM) > 0 && !slices.Contains(w.AM, m)
}

// Iteration follows one completed iteration that chose best; it reports
// whether this iteration begins a run of right moves (the caller notes its
// time, nodes and depth as the time to solution).
func (w *SolveWatch) Iteration(best game.Move) (begins bool) {
	ok := w.Right(best)
	begins = ok && !w.streak
	w.streak = ok
	return begins
}

// Solved reports whether the last iteration followed chose a right move.
func (w *SolveWatch) Solved() bool { return w.streak }

// Summary is Kaufman's rating estimate over a test suite (StarTech §3):
// t20 is the sum of the 20 fastest solution times (all of them when fewer
// than 20 positions are given), unsolved positions counting as the limit,
// and the estimated USCF rating is 2930 − 200·log10(t20).
type Summary struct {
	Positions int     `json:"positions"`
	Solved    int     `json:"solved"`
	Counted   int     `json:"counted"` // how many times make up t20
	T20       float64 `json:"t20"`
	Rating    float64 `json:"rating"`
	Nodes     uint64  `json:"nodes"`
}

// KaufmanCount is the number of fastest times Kaufman's estimate sums.
const KaufmanCount = 20

// SolveSummary computes t20 and the rating estimate of results. A t20
// below 1 ms is taken as 1 ms so that the estimate stays finite.
func SolveSummary(results []SolveResult) Summary {
	var sum Summary
	times := make([]float64, 0, len(results))
	for _, r := range results {
		sum.Positions++
		if r.Solved {
			sum.Solved++
		}
		sum.Nodes += r.Nodes
		times = append(times, r.Seconds)
	}
	slices.Sort(times)
	sum.Counted = min(KaufmanCount, len(times))
	for _, t := range times[:sum.Counted] {
		sum.T20 += t
	}
	sum.Rating = KaufmanRating(sum.T20)
	return sum
}

// KaufmanRating is 2930 − 200·log10(t20) (StarTech §3, Eq. 1).
func KaufmanRating(t20 float64) float64 {
	return 2930 - 200*math.Log10(math.Max(t20, 1e-3))
}
