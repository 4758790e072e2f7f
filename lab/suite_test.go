package lab

import (
	"bytes"
	"strings"
	"testing"

	"splitpoint/sched"
)

// TestSuiteTotals: a search of several positions is summed position by
// position, each against its own baseline, on the
// pool in seconds and on the simulator in cost units; without a baseline
// for every position no comparison is printed, one position prints
// nothing, and a cancelled run is left out, and said to be.
func TestSuiteTotals(t *testing.T) {
	pool := func(ns int64, work int64, serial float64, swork int64) *ParallelReport {
		r := &ParallelReport{Stats: &sched.Stats{Time: ns, Work: work}, Config: sched.Config{Machine: sched.PoolOf(2)}}
		if serial > 0 {
			r.Serial = &Baseline{Seconds: serial, Work: swork}
		}
		return r
	}
	for _, c := range []struct {
		name string
		reps []*ParallelReport
		want string
	}{
		{"pool", []*ParallelReport{pool(1e9, 110, 1.5, 100), pool(3e9, 220, 6.5, 200)},
			"suite: 2 positions, time 4.000 s against the serial baselines' 8.000 s: 0.500× their time, speedup 2.00; work 1.100× theirs"},
		{"no baseline", []*ParallelReport{pool(1e9, 110, 1.5, 100), pool(3e9, 220, 0, 0)},
			"suite: 2 positions, time 4.000 s\n"},
		{"one position", []*ParallelReport{pool(1e9, 110, 1.5, 100)}, ""},
		{"cancelled", []*ParallelReport{pool(1e9, 110, 1.5, 100), pool(3e9, 220, 6.5, 200), {Stats: &sched.Stats{Time: 5e9, Work: 999}, Cancelled: true}},
			"suite (2 positions finished, 1 not, left out): time 4.000 s against the serial baselines' 8.000 s: 0.500× their time, speedup 2.00; work 1.100× theirs"},
		{"sim", []*ParallelReport{
			{Stats: &sched.Stats{Time: 50, Work: 120}, Config: sched.Config{Machine: sched.SimOf(4)}, Serial: &Baseline{Work: 100}},
			{Stats: &sched.Stats{Time: 150, Work: 280}, Config: sched.Config{Machine: sched.SimOf(4)}, Serial: &Baseline{Work: 300}}},
			"suite: 2 positions, time 200 units against the serial baselines' 400 units: 0.500× their time, speedup 2.00; work 1.000× theirs"},
	} {
		var b bytes.Buffer
		Suite(c.reps).WriteText(&b)
		if got := b.String(); (c.want == "" && got != "") || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: got %q, want %q…", c.name, got, c.want)
		}
	}
}
