package lab_test

import (
	"context"
	"fmt"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/sched"
)

// ExampleSettleOn searches a chess position of Kaufman's suite with
// Jamboree on a simulated machine of 64 processors, settled as the
// search command settles it: the knobs given (algorithm, depth), the
// preset and per-position defaults chosen for the rest, each with a
// note. The simulated work W, critical path C and time T_P are the same
// on every machine and every run; the serial baseline's value is the
// parallel search's.
func ExampleSettleOn() {
	ctx := context.Background()
	items, err := lab.Resolve("suite:kaufman#1")
	if err != nil {
		panic(err)
	}
	var req lab.Request
	req.Set("algo", "jamboree")
	req.Set("depth", "3")
	req.Set("preset", "plain")
	s, err := lab.SettleOn(ctx, items[0], req, sched.SimOf(64))
	if err != nil {
		panic(err)
	}
	rep, err := lab.Parallel(ctx, items[0], s.Opt, s.Config(sched.Config{Machine: s.Machine}), lab.BaselineMode{})
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Opt.Algo, "on", s.Machine, "preset", s.Preset)
	fmt.Println("best move", rep.BestMove, "value", rep.Value, "serial value", rep.Serial.Value)
	fmt.Println("W", rep.Work, "C", rep.Span, "T_P", rep.Time)
	// Output:
	// jamboree on sim P=64 preset plain
	// best move Bxe7 value 139 serial value 139
	// W 53082 C 772 T_P 1480
}

// ExampleSearch runs a serial search of the same position, as the search
// command does without --workers or --sim.
func ExampleSearch() {
	items, _ := lab.Resolve("suite:kaufman#1")
	var req lab.Request
	req.Set("algo", "alphabeta")
	req.Set("depth", "3")
	s, err := lab.SettleOn(context.Background(), items[0], req, sched.Machine{Kind: lab.Serial})
	if err != nil {
		panic(err)
	}
	rep, err := lab.Search(context.Background(), items[0], s.Opt)
	if err != nil {
		panic(err)
	}
	fmt.Println(rep.Algo, "depth", rep.Depth, "best move", rep.BestMoveText, "value", rep.Value)
	// Output:
	// alphabeta depth 3 best move Qc2 value -184
}

// ExampleNewTables adds an algorithm row to a table of its own — a test's
// way, and an extender's first step before the row goes into
// algos/table.go — and runs it by name through the settings layer, as
// every front end handed that table would. The row is run by the code of
// YBWC's row; the default tables do not change.
func ExampleNewTables() {
	row := algos.Algorithm{Name: "my-ybwc", Parallel: true, Baseline: algos.AlgoScout, Grain: true, Help: "YBWC under another name"}
	tab := lab.NewTables(algos.DefaultTable().With(row, algos.AlgoYBWC))
	req := tab.Request()
	req.Set("algo", "my-ybwc")
	req.Set("depth", "5")
	items, _ := lab.Resolve("uniform:b=4,d=5,seed=3")
	s, err := lab.SettleOn(context.Background(), items[0], req, sched.SimOf(8))
	if err != nil {
		panic(err)
	}
	rep, err := lab.Parallel(context.Background(), items[0], s.Opt, s.Config(sched.Config{Machine: s.Machine}), lab.BaselineMode{})
	if err != nil {
		panic(err)
	}
	_, inDefault := lab.DefaultTables().Algos.Lookup("my-ybwc")
	fmt.Println(rep.Algo, "on", s.Machine, "value", rep.Value, "serial", rep.Serial.Algo, rep.Serial.Value)
	fmt.Println("in the default tables:", inDefault)
	// Output:
	// my-ybwc on sim P=8 value 559 serial scout 559
	// in the default tables: false
}
