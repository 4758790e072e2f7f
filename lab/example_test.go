package lab_test

import (
	"context"
	"fmt"

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
