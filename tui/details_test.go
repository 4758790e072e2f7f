package tui_test

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/repl"
	"splitpoint/sched"
	"splitpoint/tui"
	"splitpoint/workbench"
)

// TestRunDetailsEveryAlgorithm: the run view shows every parallel
// algorithm's result on the simulator: W, C and T_P in the simulator's
// units, the search overhead against the serial baseline, the idle time,
// and every line the algorithm's own Detail writes for the command line.
func TestRunDetailsEveryAlgorithm(t *testing.T) {
	sh, err := repl.Open(t.TempDir(), "details", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ev := repl.TUIEvaluator(sh)
	for _, algo := range algos.Names(algos.ParallelAlgos) {
		t.Run(algo, func(t *testing.T) {
			var rep *lab.ParallelReport
			obs := &workbench.Observer{Snapshot: func(sched.Snapshot) {}, Report: func(r *lab.ParallelReport) { rep = r }}
			var out strings.Builder
			line := "search --algo=" + algo + " --depth=4 --sim=2 uniform:b=3,d=4,seed=1"
			if _, err := ev.Eval(context.Background(), line, &out, obs); err != nil {
				t.Fatalf("%s: %v\n%s", line, err, out.String())
			}
			if rep == nil {
				t.Fatalf("%s: no report", line)
			}
			v := tui.ReportView(rep, 400)
			want := []string{fmt.Sprintf("W %d   C %d", rep.Work, rep.Span), fmt.Sprintf("T_P %d units", rep.Time), "search overhead", "idle"}
			if rep.Detail != nil {
				var b strings.Builder
				rep.Detail.WriteText(&b, nil, rep.Stats)
				for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
					want = append(want, strings.TrimSpace(l))
				}
			}
			for _, w := range want {
				if !strings.Contains(v, w) {
					t.Errorf("the run view lacks %q:\n%s", w, v)
				}
			}
		})
	}
}

// TestRunDetailsYBWC: a YBWC run on the simulator shows YBWC's own
// counters (split points, younger brothers, helps, re-searches) in the
// run view, with T_P in the simulator's units.
func TestRunDetailsYBWC(t *testing.T) {
	tm, _ := newUIWith(t, map[string]string{"algo": algos.AlgoYBWC, "sim": "4", "depth": "5"})
	waitFor(t, tm, "uniform tree, b=4, d=6", "◀ ybwc ▶", "simulated machine")
	keys(tm, "r")
	waitFor(t, tm, "run finished: 1 searches", "ybwc counters", "split points")
	finalView(t, tm)
}
