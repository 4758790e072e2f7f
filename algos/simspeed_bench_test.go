package algos

import (
	"context"
	"fmt"
	"testing"
	"time"

	"splitpoint/game"
	"splitpoint/games/chess"
	"splitpoint/sched"
	"splitpoint/suites"
)

// kaufmanRoot is the first position of the Kaufman suite.
func kaufmanRoot(tb testing.TB) *chess.Position {
	s, err := suites.Find("kaufman")
	if err != nil {
		tb.Fatal(err)
	}
	es, err := s.Entries()
	if err != nil {
		tb.Fatal(err)
	}
	return es[0].Chess
}

// BenchmarkSimVsSerial: the cost of a simulated node against a serial
// one. Each op runs the bare serial Scout (--preset plain) on Kaufman #1
// and then Jamboree on 512 simulated processors from the same position
// (plain, grain 0, no steal levels, unit costs: the command
// `search suite:kaufman#1 --algo jamboree --preset plain --sim 512
// --grain 0 --levels=false`), and reports both node rates and their
// ratio, serial-nodes/simnode: how many serial nodes one simulated node
// costs. Both sides run in the same op, so the ratio holds on a shared
// machine where the rates alone do not.
func BenchmarkSimVsSerial(b *testing.B) {
	root := kaufmanRoot(b)
	for _, depth := range []int{4, 5} {
		b.Run(fmt.Sprintf("d%d", depth), func(b *testing.B) {
			opt := Presets()["plain"]
			s := NewSearcher[chess.Position](opt, nil)
			s.Start(context.Background(), time.Time{})
			jopt := opt
			jopt.Algo, jopt.Depth, jopt.Grain = AlgoJamboree, depth, 0
			cfg := sched.Config{Machine: sched.SimOf(512), Seed: 1, ProfileBuckets: -1}
			simAgainstSerial(b, s, root, jopt, cfg)
		})
	}
}

// serialWindow is how long each of an op's two serial samples runs at
// least (simAgainstSerial).
const serialWindow = time.Second

// simAgainstSerial runs, in each op, the serial Searcher s to jopt's depth
// for at least serialWindow (the search repeated), then Jamboree with jopt
// on the machine of cfg from root, then the serial search again for as
// long, and reports both node rates and their ratio,
// serial-nodes/simnode. A single serial search at depth 5 takes a fifth
// of a second, on a VM whose speed moves by half from one second to the
// next; two samples of a second around the simulated run make the
// serial rate that of the run's time, not of one instant before it.
func simAgainstSerial(b *testing.B, s *Searcher[chess.Position, *chess.Position], root *chess.Position, jopt Options, cfg sched.Config) {
	var serialNodes, simNodes int64
	var serialT, simT time.Duration
	serial := func() {
		t0 := time.Now()
		for {
			s.SetRoot(root)
			before := s.Counters.Nodes
			s.Scout(0, jopt.Depth, -game.Inf, game.Inf)
			serialNodes += int64(s.Counters.Nodes - before)
			if time.Since(t0) >= serialWindow {
				break
			}
		}
		serialT += time.Since(t0)
	}
	for b.Loop() {
		serial()
		t1 := time.Now()
		_, st, err := RunJamboree[chess.Position](context.Background(), root, jopt, cfg)
		if err != nil {
			b.Fatal(err)
		}
		simT += time.Since(t1)
		simNodes += st.Counts["node"]
		serial()
	}
	sr := float64(serialNodes) / serialT.Seconds()
	mr := float64(simNodes) / simT.Seconds()
	b.ReportMetric(mr, "simnodes/s")
	b.ReportMetric(sr, "serialnodes/s")
	b.ReportMetric(sr/mr, "serial-nodes/simnode")
}
