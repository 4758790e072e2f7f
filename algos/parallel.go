package algos

import (
	"context"
	"io"

	"splitpoint/game"
	"splitpoint/sched"
	"splitpoint/tt"
)

// Parallel is a parallel search's outcome in the terms every parallel
// algorithm shares; what is the algorithm's own is its Detail.
type Parallel struct {
	Value    game.Value
	BestMove game.Move
	PV       []game.Move
	Depth    int // the deepest completed iteration
	// Iterations are the completed iterations and when each finished
	// (solve mode's time to the right move); nil when the algorithm does
	// not iterate.
	Iterations []JamIteration
	// TT is the shared table's statistics (zero without a table).
	TT      tt.Stats
	Stopped bool
	// TreeEnd: iterative deepening stopped at Depth because that iteration
	// met no depth horizon (the tree ends there).
	TreeEnd bool
	// Detail is the algorithm's own account (nil: none).
	Detail Detail
}

// Detail is an algorithm's own account of a parallel search (Jamboree's
// failed and cutoff work, a root split's searchers): a report encodes it
// as JSON under the algorithm's name and prints it with WriteText.
type Detail interface {
	// WriteText prints the account for people: moves written by name,
	// st the runtime's measurements of the run.
	WriteText(w io.Writer, name MoveNamer, st *sched.Stats)
}

// MoveNamer writes a move of the searched position in its domain's
// notation.
type MoveNamer func(game.Move) string

// MoveNaming is a Detail with moves to write in its JSON: a report calls
// NameMoves before encoding it.
type MoveNaming interface {
	NameMoves(name MoveNamer)
}

// SerialComparing is a Detail that measures itself against the serial
// baseline search of the same position and options (a root split's node
// saving, Vučković §6).
type SerialComparing interface {
	CompareSerial(serial *Result)
}

// SearcherIdle is a Detail that measures idle time over its searchers
// only (Lu's "% of time idle per searcher", the controller's processor not
// counted): a results row records it as the run's idle fraction.
type SearcherIdle interface {
	SearcherIdleFraction() float64
}

// runPNegamax is PNegamax as a row of the table.
func runPNegamax[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*Parallel, *sched.Stats, error) {
	if err := checkFixedDepth(AlgoPNegamax, opt.Depth); err != nil {
		return nil, nil, err
	}
	r, st, err := sched.Run(ctx, cfg, func(c sched.Ctx) any { return PNegamax[T, P](c, root, opt.Depth) })
	if st == nil {
		return nil, nil, err
	}
	v, _ := r.(game.Value)
	return &Parallel{Value: v, Depth: opt.Depth, PV: []game.Move{}}, st, err
}

// JamIteration is one completed iteration of a parallel search and when it
// finished: At is the root processor's virtual clock on the simulator, wall
// nanoseconds since the search began on the pool. Every iterating parallel
// algorithm reports its iterations so (Parallel.Iterations).
type JamIteration struct {
	Depth    int        `json:"depth"`
	Value    game.Value `json:"value"`
	BestMove game.Move  `json:"best_move_code"`
	At       int64      `json:"at"`
}
