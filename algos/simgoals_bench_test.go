package algos

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
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

// BenchmarkSimPrefetch: what the simulator's prefetch of the next
// processor's lines (sched's simprefetch.go) gains in the speed goal's
// runs. Each op runs the goal's Jamboree (Kaufman #1, plain, grain 0,
// levels off, depth 5) twice on the same machine, once with the prefetch
// and once without (sched.Config.NoPrefetch), in alternating order, and
// reports both simulated node rates and their paired ratio, gain (> 1:
// the prefetch is faster). On a VM whose speed drifts from one second to
// the next, the pairs' median ratio (-count) is the figure; the rates
// alone are not. The two runs count the same nodes (the prefetch changes
// no result).
func BenchmarkSimPrefetch(b *testing.B) {
	root := kaufmanRoot(b)
	const depth = 5
	for _, procs := range []int{512, 256} {
		b.Run(fmt.Sprintf("P%d/d%d", procs, depth), func(b *testing.B) {
			var t [2]time.Duration
			var nodes [2]int64
			i := 0
			for b.Loop() {
				for _, off := range [2]bool{i%2 == 0, i%2 != 0} {
					cfg := sched.Config{Machine: sched.SimOf(procs), Seed: 1, ProfileBuckets: -1, NoPrefetch: off}
					t0 := time.Now()
					_, st, err := RunJamboree[chess.Position](context.Background(), root, simGoalOptions(depth), cfg)
					if err != nil {
						b.Fatal(err)
					}
					k := 0
					if off {
						k = 1
					}
					t[k] += time.Since(t0)
					nodes[k] += st.Counts["node"]
				}
				i++
			}
			if nodes[0] != nodes[1] {
				b.Fatalf("with the prefetch %d nodes, without %d", nodes[0], nodes[1])
			}
			on, off := float64(nodes[0])/t[0].Seconds(), float64(nodes[1])/t[1].Seconds()
			b.ReportMetric(on, "simnodes/s")
			b.ReportMetric(off, "simnodes/s-noprefetch")
			b.ReportMetric(on/off, "gain")
		})
	}
}

// BenchmarkSimHugePages: what the huge pages the simulator asks for under
// its heap (sched's hugepages_linux_amd64.go) gain in the speed goal's
// runs. Pages the kernel collapsed stay huge for the rest of the
// process, so each op runs the goal's Jamboree (Kaufman #1, plain, grain
// 0, levels off, depth 5) in two fresh processes of this test binary
// (TestSimHugePagesChild), one with the huge pages and one without
// (sched.Config.NoHugePages), in alternating order, and reports both
// simulated node rates and their paired ratio, gain. The pairs' median
// ratio (-count) is the figure.
func BenchmarkSimHugePages(b *testing.B) {
	for _, procs := range []int{512, 256} {
		b.Run(fmt.Sprintf("P%d/d5", procs), func(b *testing.B) {
			var rate [2]float64
			var runs int
			i := 0
			for b.Loop() {
				for _, off := range [2]bool{i%2 == 0, i%2 != 0} {
					r, err := hugePagesChild(procs, off)
					if err != nil {
						b.Fatal(err)
					}
					k := 0
					if off {
						k = 1
					}
					rate[k] += r
				}
				runs++
				i++
			}
			on, off := rate[0]/float64(runs), rate[1]/float64(runs)
			b.ReportMetric(on, "simnodes/s")
			b.ReportMetric(off, "simnodes/s-nohugepages")
			b.ReportMetric(on/off, "gain")
		})
	}
}

// hugePagesChild runs TestSimHugePagesChild in a fresh process and
// returns the simulated node rate it printed.
func hugePagesChild(procs int, off bool) (float64, error) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestSimHugePagesChild$", "-test.v")
	cmd.Env = append(os.Environ(), fmt.Sprintf("SIMHUGE_CHILD=%d,%t", procs, off))
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("%v: %s", err, out)
	}
	_, rest, ok := strings.Cut(string(out), "simnodes/s=")
	if !ok {
		return 0, fmt.Errorf("no rate in %q", out)
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return 0, fmt.Errorf("no rate in %q", out)
	}
	return strconv.ParseFloat(f[0], 64)
}

// TestSimHugePagesChild is BenchmarkSimHugePages's run in a process of
// its own (SIMHUGE_CHILD=P,off); without it, it is skipped.
func TestSimHugePagesChild(t *testing.T) {
	env := os.Getenv("SIMHUGE_CHILD")
	if env == "" {
		t.Skip("run by BenchmarkSimHugePages")
	}
	ps, offs, _ := strings.Cut(env, ",")
	procs, err := strconv.Atoi(ps)
	if err != nil {
		t.Fatal(err)
	}
	cfg := sched.Config{Machine: sched.SimOf(procs), Seed: 1, ProfileBuckets: -1, NoHugePages: offs == "true"}
	t0 := time.Now()
	_, st, err := RunJamboree[chess.Position](context.Background(), kaufmanRoot(t), simGoalOptions(5), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("simnodes/s= %.0f", float64(st.Counts["node"])/time.Since(t0).Seconds())
}
