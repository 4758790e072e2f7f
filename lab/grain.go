package lab

import (
	"context"
	"fmt"
	"math"
	"sync"

	"splitpoint/algos"
	"splitpoint/sched"
)

// minTaskNodes is the smallest serial task the automatic grain makes, in
// nodes: a spawn with its join costs about 125 ns on the pool here, and a
// test handed from Jamboree's loop to the serial search and back 100–200
// ns, so a task of 16 chess or checkers nodes (about 130 ns each) keeps
// that to a few per cent of its time. A rule in nodes, not in measured
// times, keeps the choice the same from run to run: the grain shapes the
// DAG whose W and C are measured.
const minTaskNodes = 16

// minTaskNanos is the smallest serial task in time: minTaskNodes nodes of
// chess or checkers. A domain whose nodes are cheaper needs more of them
// (minTaskNodesIn).
const minTaskNanos = 2000

// nodeNanos is the serial Scout's time per node in each domain on the
// project's machine, as the search command runs it by default (BENCHMARKS.md,
// the serial speeds): chess (BK, the default preset: table, ordering,
// quiescence) 132 ns, checkers (3-move ballots, the same) 136 ns, a
// synthetic tree (the plain preset) 27 ns. Constants, not a timing of the
// run, for the reason minTaskNodes gives; an unknown domain counts as
// chess.
var nodeNanos = map[string]float64{"chess": 130, "checkers": 130, "synth": 27}

// minTaskNodesIn is the smallest serial task of domain in nodes: at least
// minTaskNodes, and enough nodes of the domain to take minTaskNanos. On a
// synthetic tree, 27 ns a node, that is 75 nodes: with 16 (432 ns) the
// 1-worker overhead on ordered:b=32,d=8 is 4–8 %, with 75 it is under 1 %.
func minTaskNodesIn(domain string) float64 {
	ns, ok := nodeNanos[domain]
	if !ok {
		ns = nodeNanos["chess"]
	}
	return max(minTaskNodes, math.Ceil(minTaskNanos/ns))
}

// AutoGrain chooses a parallel search's grain when none was given: on the
// simulated machine 0 (every node above the leaves parallel,
// as the papers ran Jamboree: the simulator measures the algorithm's DAG
// and charges spawns by its cost model); on the pool the smallest g ≥ 1
// whose serial subtrees, EBF^g nodes, reach minTaskNodes, EBF being the
// effective branching factor of a short serial probe of the same position
// with the same options (at most 5 plies, deterministic), and at most half
// the search's depth; minTaskNodesIn says how many nodes a task needs in
// the item's domain. It returns the grain and a note saying how it was
// chosen.
func AutoGrain(ctx context.Context, it *Item, opt algos.Options, cfg sched.Config) (int, string) {
	if cfg.IsSim() {
		return 0, "grain 0: every node above the leaves in parallel, as the papers ran it (no --grain given; the simulator charges spawns by its cost model)"
	}
	popt := SerialOptions(opt, algos.AlgoScout)
	popt.Depth = min(max(opt.Depth-1, 2), 5)
	popt.Iterative = true
	popt.TTBits = min(popt.TTBits, 16) // the probe's table: small, quick to make
	key := fmt.Sprintf("%s|%s|%s|%+v", it.Domain(), it.Name, it.ID, popt)
	ebf, ok := probes.Load(key)
	if !ok {
		rep, err := Search(ctx, it, popt)
		if err != nil || rep.Nodes == 0 || len(rep.Iterations) == 0 {
			return 2, "grain 2 (no --grain given; the probe search failed, so a middle value)"
		}
		ebf, _ = probes.LoadOrStore(key, max(probeEBF(rep), 1.2))
	}
	return grainFor(ebf.(float64), opt.Depth, minTaskNodesIn(it.Domain()))
}

// probeEBF is the effective branching factor of a probe search: the
// growth of its last iteration over the one two plies shallower, per ply,
// (N_d / N_{d−2})^½. The growth over one ply alternates with the parity of
// the depth (alpha-beta's odd-even effect: the checkers ballot 3move#1
// grows 2.6, 1.0, 11.4 from depth 2 to 5, BK.01 9.6, 2.5, 2.7), so the last
// one-ply ratio alone would take the checkers tree for one of branching
// factor 11.4 and give it a grain whose serial searches average 11 nodes,
// not the 131 assumed (Jamboree's 1-worker overhead on checkers is then
// 15–20 %). Without two iterations it is the depth-th root of the
// nodes.
func probeEBF(rep *SearchReport) float64 {
	if n := len(rep.Iterations); n >= 3 && rep.Iterations[n-3].Nodes > 0 {
		return math.Sqrt(float64(rep.Iterations[n-1].Nodes) / float64(rep.Iterations[n-3].Nodes))
	}
	return math.Pow(float64(rep.Nodes), 1/float64(max(rep.Depth, 1)))
}

// probes caches the effective branching factor of each probe AutoGrain
// made (key: the position and the probe's options): a sweep asks for the
// grain of one position once per P and repetition, and the probe is
// deterministic.
var probes sync.Map

// grainFor is AutoGrain's rule for a tree of effective branching factor
// ebf searched to depth, whose serial tasks need minNodes nodes.
func grainFor(ebf float64, depth int, minNodes float64) (int, string) {
	g := int(math.Ceil(math.Log(minNodes) / math.Log(ebf)))
	// At least half the plies stay parallel: a shallow search of a narrow
	// tree would otherwise get a grain that leaves it nearly serial.
	g = min(max(g, 1), max(depth/2, 1))
	return g, fmt.Sprintf("grain %d: chosen for the pool (no --grain given; --grain to override): the effective branching factor is %.1f, so a serial task of %d plies is about %.0f nodes, at least %d, enough to pay for its spawn",
		g, ebf, g, math.Pow(ebf, float64(g)), int(minNodes))
}
