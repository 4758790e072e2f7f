package tui

import (
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"splitpoint/lab"
	"splitpoint/sched"
)

// TestResultsUnits: the results table prints T_P as the command line
// does (metrics.FormatTime): a pool run's wall time as a duration, a
// simulated run's in the simulator's units; W and C as counts.
func TestResultsUnits(t *testing.T) {
	runs := []struct {
		machine sched.Machine
		time    int64
		unit    string
	}{
		{sched.Machine{Kind: sched.Pool, P: 2}, 302545, "ns"},
		{sched.Machine{Kind: sched.Pool, P: 4}, 1_534_000_000, "ns"},
		{sched.Machine{Kind: sched.Sim, P: 4}, 1321, "units"},
		{sched.Machine{Kind: sched.Sim}, 473, "units"},
	}
	r := newResultsModel("")
	for i, x := range runs {
		rep := &lab.ParallelReport{Position: "uniform:b=4,d=6,seed=1", Algo: "jamboree", Efficiency: 0.5,
			Stats: &sched.Stats{Machine: x.machine, Work: 4275 + int64(i), Span: 773, Time: x.time, TimeUnit: x.unit, Steals: 7}}
		r = r.add(rep)
	}
	golden.RequireEqual(t, []byte(r.view(120, 30, newStyles())))
}
