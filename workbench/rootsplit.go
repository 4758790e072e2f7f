package workbench

import (
	"context"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

func init() {
	parallelAlgos[algos.AlgoRootSplit] = "static root splitting: the ordered root move list dealt to P independent searchers, best of their results (Vučković 2007 §5–6); node saving"
}

// RootSplitReport is what a root split adds to a ParallelReport: each
// searcher's moves and result, and Vučković's node saving against the
// serial Scout of the same position and options (§6, Table 6.1).
type RootSplitReport struct {
	Searchers   []RootSplitterReport `json:"searchers"`
	Winner      int                  `json:"winner"`
	WinnerNodes uint64               `json:"winner_nodes"`
	Nodes       uint64               `json:"nodes"`
	SerialNodes uint64               `json:"serial_nodes"`
	NodeSaving  float64              `json:"node_saving"` // (serial − winner's nodes) / serial
}

// RootSplitterReport is one searcher, its moves in the domain's notation.
type RootSplitterReport struct {
	Moves    []string   `json:"moves"`
	Value    game.Value `json:"value"`
	BestMove string     `json:"best_move"`
	Nodes    uint64     `json:"nodes"`
}

// rootSplitItem runs a root split on the item, and the serial Scout of the
// same options for the node saving.
func rootSplitItem(ctx context.Context, it *Item, opt algos.Options, cfg sched.Config) (*ParallelReport, error) {
	switch {
	case it.Chess != nil:
		return rootSplitOn(ctx, it, it.Chess, opt, cfg)
	case it.Checkers != nil:
		return rootSplitOn(ctx, it, it.Checkers, opt, cfg)
	}
	return rootSplitOn(ctx, it, it.Tree.Root(), opt, cfg)
}

func rootSplitOn[T any, P interface {
	game.Position[T]
	game.Describer
}](ctx context.Context, it *Item, root P, opt algos.Options, cfg sched.Config) (*ParallelReport, error) {
	res, st, err := algos.RunRootSplit[T, P](ctx, root, opt, cfg)
	if st == nil || res == nil {
		return nil, err
	}
	rep := &ParallelReport{Position: it.Name, ID: it.ID, Algo: opt.Algo, Depth: opt.Depth, Value: res.Value, PV: []string{},
		Config: cfg, Stats: st}
	if res.BestMove != game.NoMove && it.Tree == nil {
		rep.BestMove = root.MoveString(res.BestMove)
	}
	rs := &RootSplitReport{Winner: res.Winner, WinnerNodes: res.WinnerNodes, Nodes: res.Nodes}
	for _, s := range res.Searchers {
		sr := RootSplitterReport{Value: s.Value, Nodes: s.Nodes, Moves: []string{}}
		for _, m := range s.Moves {
			sr.Moves = append(sr.Moves, root.MoveString(m))
		}
		if s.BestMove != game.NoMove {
			sr.BestMove = root.MoveString(s.BestMove)
		}
		rs.Searchers = append(rs.Searchers, sr)
	}
	serial := opt
	serial.Algo = algos.AlgoScout
	if ser, serr := algos.Search[T, P](ctx, root, serial); serr == nil {
		rs.SerialNodes = ser.Nodes
		if ser.Nodes > 0 {
			rs.NodeSaving = 1 - float64(res.WinnerNodes)/float64(ser.Nodes)
		}
	}
	rep.RootSplit = rs
	return rep, err
}

var (
	_ = rootSplitOn[chess.Position, *chess.Position]
	_ = rootSplitOn[checkers.Position, *checkers.Position]
	_ = rootSplitOn[synth.Position, *synth.Position]
)
