package algos

import (
	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/tt"
)

// Result is the outcome of one search. The counters are embedded, so that
// their fields (nodes, leaves, …) sit at the top level of the JSON; the
// field is still named Counters. BestMoveText and PVText are left to the
// caller, who knows the domain's notation (game.Describer).
type Result struct {
	Algo         string      `json:"algo"`
	Value        game.Value  `json:"value"`
	BestMove     game.Move   `json:"best_move_code"`
	BestMoveText string      `json:"best_move"`
	PV           []game.Move `json:"pv_codes"`
	PVText       []string    `json:"pv"`
	Depth        int         `json:"depth"` // deepest completed iteration
	Seconds      float64     `json:"seconds"`
	NPS          float64     `json:"nps"`
	metrics.Counters
	TT         tt.Stats    `json:"tt"`
	Iterations []Iteration `json:"iterations"`
	Options    Options     `json:"options"`
	// OpenPeak is the largest size of the OPEN list (sss, itersss).
	OpenPeak int `json:"open_peak,omitempty"`
	// Stopped reports that the search ended early (context, time or node
	// limit); the result is then the deepest completed iteration's.
	Stopped bool `json:"stopped"`
	// TreeEnd reports that the last iteration (Depth) met no depth
	// horizon and no table cutoff: the tree ends above that depth, so the
	// value is the one every deeper search would return, and iterative
	// deepening stopped there.
	TreeEnd bool `json:"tree_end,omitempty"`
}

// Iteration is one completed iteration of iterative deepening (or the one
// search of a non-iterative run).
type Iteration struct {
	Depth      int         `json:"depth"`
	Value      game.Value  `json:"value"`
	BestMove   game.Move   `json:"best_move_code"`
	PV         []game.Move `json:"pv_codes"`
	Nodes      uint64      `json:"nodes"`       // nodes of this iteration
	TotalNodes uint64      `json:"total_nodes"` // nodes since the start of the search
	Seconds    float64     `json:"seconds"`     // time since the start of the search
	EBF        float64     `json:"ebf"`         // nodes(d) / nodes(d−1); 0 for the first
	Researches int         `json:"aspiration_researches"`
}
