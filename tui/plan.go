package tui

import (
	"fmt"
	"path/filepath"
	"splitpoint/workbench"
	"strings"
)

// step is one command line of a run's plan.
type step struct {
	line   string
	load   bool   // a load of pos
	pos    string // the position it loads
	search bool   // a parallel search (observed live)
	procs  string // its P, for the run view
	// sweep: a sweep over NATS (its progress observed live) through the
	// server at url
	sweep bool
	url   string
}

// buildPlan is the run as command lines of the workbench, as one would type
// them at the REPL: a load when the selected position is not the session's
// loaded one, then one search per processor count. Every option the UI
// shows is a flag of the search line (the session's own settings fill in
// only what the UI leaves alone, e.g. preset), so the notebook's cells
// reproduce the run on their own. --profile keeps the parallelism profile
// for the run view.
func buildPlan(loaded, pos string, a algorithmModel, mc machineModel) []step {
	var plan []step
	if pos != loaded {
		plan = append(plan, step{line: "load " + workbench.Quote(pos), load: true, pos: pos})
	}
	flags := a.flags()
	for _, p := range mc.procList() {
		f := append([]string{}, flags...)
		f = append(f, mc.flags(p, a.row())...)
		f = append(f, "--profile")
		plan = append(plan, step{line: "search " + strings.Join(f, " "), search: true, procs: p})
	}
	return plan
}

// reportDir is where the HTML report of a session goes.
func reportDir(sessionDir string) string { return filepath.Join(sessionDir, "report") }

// flagIf is "--name=value" when on.
func flagIf(on bool, name string, value any) []string {
	if !on {
		return nil
	}
	return []string{fmt.Sprintf("--%s=%v", name, value)}
}

// buildClusterPlan is a run on the cluster: one sweep line, the selected
// position with the algorithm and its variants on the simulated machine of
// each P, published through the NATS server at url to the workers and
// stored in the session's database by the same coordinator as
// "splitpoint sweep --nats URL" (the session fills in --db), with the
// credentials file creds when not "".
func buildClusterPlan(pos string, a algorithmModel, mc machineModel, url, creds string) []step {
	var f []string
	for _, fl := range a.flags() {
		name, v, _ := strings.Cut(strings.TrimPrefix(fl, "--"), "=")
		switch name {
		case "algo":
			f = append(f, "--algos="+v)
		case "variants":
			for _, x := range strings.Split(v, ",") {
				if x != "" {
					f[0] += "+" + x // "+none": no variants, not the sweep's defaults
				}
			}
		case "dist-tt":
			if v == "true" {
				f[0] += "+dist-tt"
			}
		default: // depth, tt, grain, time, seed, levels, levelwait: sweep's flags too
			f = append(f, fl)
		}
	}
	f = append(f, mc.flags(mc.pList(), a.row())...)
	f = append(f, workbench.Quote("--nats="+url))
	if creds != "" {
		f = append(f, workbench.Quote("--nats-creds="+creds))
	}
	f = append(f, workbench.Quote(pos))
	return []step{{line: "sweep " + strings.Join(f, " "), sweep: true, procs: mc.pList(), url: url, pos: pos}}
}
