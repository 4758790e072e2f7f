package algos

import (
	"time"

	"splitpoint/game"
	"splitpoint/sched"
)

// RootIterations is what a parallel search that deepens iteratively at
// the root (Jamboree, YBWC) reports of its iterations: the deepest
// completed one's value, move and principal variation, each iteration
// with when it finished, and why it stopped.
type RootIterations struct {
	Value    game.Value  `json:"value"`
	BestMove game.Move   `json:"best_move_code"`
	PV       []game.Move `json:"pv_codes"`
	Depth    int         `json:"depth"` // deepest completed iteration
	// Iterations are the completed iterations of iterative deepening, with
	// when each finished: solve mode's time to the right move.
	Iterations []JamIteration `json:"iterations,omitempty"`
	Stopped    bool           `json:"stopped"`
	// TreeEnd reports that the last search (Depth) met no depth horizon
	// and no table answer: the tree ends above opt.Depth, so the value is
	// the one of every deeper search, and iterative deepening stopped
	// there.
	TreeEnd bool `json:"tree_end,omitempty"`
}

// rootSteps are a parallel search's steps that iterate drives: search(d,
// aspire) searches to depth d from the last iteration's value (aspiration
// windows when aspire) and returns the value and false when stopped; pv
// gives the principal variation it found, horizon the count of depth
// horizons met so far.
type rootSteps struct {
	search  func(d int, aspire bool) (game.Value, bool)
	pv      func() []game.Move
	horizon func() int64
}

// iterate runs the root searches of st to opt.Depth (from depth 1 with
// opt.Iterative). Each completed iteration is recorded at the simulated
// time, or the wall time since began in batch (pool) runs; an iteration
// that met no new horizon ends the iterations (the tree ends there).
func (r *RootIterations) iterate(c sched.Ctx, opt Options, batch bool, began time.Time, st rootSteps) {
	search, pv, horizon := st.search, st.pv, st.horizon
	first := opt.Depth
	if opt.Iterative {
		first = 1
	}
	for d := first; d <= opt.Depth; d++ {
		h0 := horizon()
		v, ok := search(d, d > first)
		if !ok {
			r.Stopped = true
			return
		}
		r.Value, r.Depth = v, d
		r.PV = append(r.PV[:0], pv()...)
		r.BestMove = game.NoMove
		if len(r.PV) > 0 {
			r.BestMove = r.PV[0]
		}
		at := c.Now()
		if batch {
			at = int64(time.Since(began))
		}
		r.Iterations = append(r.Iterations, JamIteration{Depth: d, Value: v, BestMove: r.BestMove, At: at})
		c.Self().SetProgress(int64(d)) // a live view's "depth reached"
		if horizon() == h0 {
			r.TreeEnd = true // no horizon met: the tree ends here
			return
		}
	}
}
