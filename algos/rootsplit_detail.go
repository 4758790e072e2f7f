package algos

import (
	"context"
	"fmt"
	"io"

	"splitpoint/game"
	"splitpoint/sched"
)

// RootSplitDetail is what a root split reports beyond the shared Parallel
// result: each searcher's moves and result, and Vučković's node saving
// against the serial Scout of the same position and options (§6, Table
// 6.1).
type RootSplitDetail struct {
	Searchers   []RootSplitterDetail `json:"searchers"`
	Winner      int                  `json:"winner"`
	WinnerNodes uint64               `json:"winner_nodes"`
	Nodes       uint64               `json:"nodes"`
	SerialNodes uint64               `json:"serial_nodes"`
	NodeSaving  float64              `json:"node_saving"` // (serial − winner's nodes) / serial
	// Vučković's node saving three ways (reading notes §3.2): as his Table
	// 6.1 computes it (the searcher holding the serial search's best
	// move; -1 when none has it as its own best), as his formula says (the
	// fewest nodes of any searcher), and as the time to a decision is (the
	// most nodes: the master waits for every searcher).
	KeyHolder        int     `json:"key_holder"`
	NodeSavingTable  float64 `json:"node_saving_table"`
	NodeSavingMin    float64 `json:"node_saving_min"`
	NodeSavingWaited float64 `json:"node_saving_waited"`
	res              *RootSplitResult
}

// RootSplitterDetail is one searcher, its moves in the domain's notation.
type RootSplitterDetail struct {
	Moves    []string   `json:"moves"`
	Value    game.Value `json:"value"`
	BestMove string     `json:"best_move"`
	Nodes    uint64     `json:"nodes"`
}

// runRootSplit is RunRootSplit as a row of the table.
func runRootSplit[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*Parallel, *sched.Stats, error) {
	res, st, err := RunRootSplit[T, P](ctx, root, opt, cfg)
	if res == nil {
		return nil, st, err
	}
	d := &RootSplitDetail{Winner: res.Winner, WinnerNodes: res.WinnerNodes, Nodes: res.Nodes, res: res}
	return &Parallel{Value: res.Value, BestMove: res.BestMove, PV: []game.Move{}, Depth: opt.Depth, Detail: d}, st, err
}

// NameMoves writes each searcher's moves in the domain's notation.
func (d *RootSplitDetail) NameMoves(name MoveNamer) {
	d.Searchers = d.Searchers[:0]
	for _, s := range d.res.Searchers {
		sr := RootSplitterDetail{Value: s.Value, Nodes: s.Nodes, Moves: []string{}}
		for _, m := range s.Moves {
			sr.Moves = append(sr.Moves, name(m))
		}
		if s.BestMove != game.NoMove {
			sr.BestMove = name(s.BestMove)
		}
		d.Searchers = append(d.Searchers, sr)
	}
}

// CompareSerial computes the node savings against the serial search.
func (d *RootSplitDetail) CompareSerial(serial *Result) {
	d.SerialNodes = serial.Nodes
	d.KeyHolder = -1
	if serial.Nodes == 0 {
		return
	}
	saving := func(n uint64) float64 { return 1 - float64(n)/float64(serial.Nodes) }
	d.NodeSaving = saving(d.WinnerNodes)
	lo, hi := ^uint64(0), uint64(0)
	for i, s := range d.res.Searchers {
		lo, hi = min(lo, s.Nodes), max(hi, s.Nodes)
		if s.BestMove == serial.BestMove && serial.BestMove != game.NoMove && d.KeyHolder < 0 {
			d.KeyHolder = i
			d.NodeSavingTable = saving(s.Nodes)
		}
	}
	if len(d.res.Searchers) > 0 {
		d.NodeSavingMin, d.NodeSavingWaited = saving(lo), saving(hi)
	}
}

// WriteText prints the searchers and the node saving.
func (d *RootSplitDetail) WriteText(w io.Writer, _ MoveNamer, _ *sched.Stats) {
	fmt.Fprintf(w, "  root split over %d searchers (move i to searcher i mod %d):\n", len(d.Searchers), len(d.Searchers))
	for i, sr := range d.Searchers {
		mark := ""
		if i == d.Winner {
			mark = "  <- chosen"
		}
		fmt.Fprintf(w, "    searcher %d: %d moves, best %s value %d, %d nodes%s\n", i, len(sr.Moves), sr.BestMove, sr.Value, sr.Nodes, mark)
	}
	fmt.Fprintf(w, "  node saving (Vučković §6): (serial %d − chosen searcher's %d) / serial = %.1f%%\n", d.SerialNodes, d.WinnerNodes, 100*d.NodeSaving)
	if d.SerialNodes > 0 {
		table := "no searcher's best is the serial best move"
		if d.KeyHolder >= 0 {
			table = fmt.Sprintf("%.1f%% (searcher %d holds the serial best move)", 100*d.NodeSavingTable, d.KeyHolder)
		}
		fmt.Fprintf(w, "  node saving three ways: as Table 6.1 computes it %s; as its formula says (fewest nodes) %.1f%%; waiting for every searcher (most nodes) %.1f%%\n",
			table, 100*d.NodeSavingMin, 100*d.NodeSavingWaited)
	}
}
