package algos

import (
	"context"
	"fmt"
	"testing"
	"time"

	"splitpoint/games/chess"
	"splitpoint/sched"
)

// simGoalOptions is the goals' search: bare Jamboree (plain preset, grain
// 0) to depth.
func simGoalOptions(depth int) Options {
	opt := Presets()["plain"]
	opt.Algo, opt.Depth, opt.Grain = AlgoJamboree, depth, 0
	return opt
}

// BenchmarkSimGoalCounts: the simulator's own work per simulated node
// (sched.SimInternals) in the goals' runs: bare Jamboree on Kaufman #1,
// levels off, at P = 512 depth 5 and P = inf depth 4 (bench/simgoals.sh
// prints them beside their targets). The counts are the same on every
// machine.
func BenchmarkSimGoalCounts(b *testing.B) {
	root := kaufmanRoot(b)
	for _, c := range []struct{ p, depth int }{{512, 5}, {64, 5}, {0, 4}} {
		name := fmt.Sprintf("P%d/d%d", c.p, c.depth)
		if c.p == 0 {
			name = fmt.Sprintf("Pinf/d%d", c.depth)
		}
		b.Run(name, func(b *testing.B) {
			var in sched.SimInternals
			cfg := sched.Config{Machine: sched.SimOf(c.p), Seed: 1, ProfileBuckets: -1, Internals: &in}
			var st *sched.Stats
			for b.Loop() {
				var err error
				_, st, err = RunJamboree[chess.Position](context.Background(), root, simGoalOptions(c.depth), cfg)
				if err != nil {
					b.Fatal(err)
				}
			}
			n := float64(st.Counts["node"])
			b.ReportMetric(n, "simnodes")
			b.ReportMetric(float64(in.TaskRecords)/n, "task-records/node")
			b.ReportMetric(float64(in.DoneReads)/n, "done-reads/node")
			b.ReportMetric(float64(in.AbortVisits)/n, "abort-visits/node")
			b.ReportMetric(float64(in.Attaches)/n, "attaches/node")
			b.ReportMetric(float64(in.Resumes)/n, "resumes/node")
			b.ReportMetric(float64(st.Tasks)/n, "tasks/node")
		})
	}
}

// BenchmarkSimGoalSpeed: a simulated node's cost in serial nodes at P = 512
// and P = 64, depth 5 (the goals' runs). Each op runs the bare serial
// Scout, Jamboree on the simulator from Kaufman #1 and the serial Scout
// again (simAgainstSerial), so that the ratio holds on a loaded machine
// where the rates alone do not.
func BenchmarkSimGoalSpeed(b *testing.B) {
	root := kaufmanRoot(b)
	const depth = 5
	for _, procs := range []int{512, 64} {
		b.Run(fmt.Sprintf("P%d/d%d", procs, depth), func(b *testing.B) {
			opt := Presets()["plain"]
			s := NewSearcher[chess.Position](opt, nil)
			s.Start(context.Background(), time.Time{})
			cfg := sched.Config{Machine: sched.SimOf(procs), Seed: 1, ProfileBuckets: -1}
			simAgainstSerial(b, s, root, simGoalOptions(depth), cfg)
		})
	}
}
