package workbench

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/games/synth"
	"splitpoint/lab"
	"splitpoint/progress"
	"splitpoint/results"
	"splitpoint/sched"
)

// theoremsLong is the help of the theorems command.
const theoremsLong = `For every degree b and height d, searches the uniform best-ordered tree
ordered:b=B,d=D,order=best and the worst-ordered trees with serial Scout,
serial alpha-beta and Jamboree on the infinite simulated machine (unit node
cost, no table, grain 0), and prints the measured work W, critical path C,
efficiency T_S/W and parallelism W/C beside what the theorems predict
(Kuszmaul 1995 §3; Joerg & Kuszmaul 1994 §2.5):

  Theorem 1: on best-ordered trees the efficiency is 1 and the average
             parallelism about (b/2)^(d/2).
  Theorem 2: on worst-ordered trees the efficiency is about 1/3, the
             parallelism about 3, and the speedup always below 1.

Two worst-ordered trees (--worst both, the default; spec or full for one):

  worst       the spec's ordered:b=B,d=D,order=worst. Its values step by
              only 1-7 between siblings, so deep in the tree alpha-beta's
              windows are narrower than a node's spread of child values:
              alpha-beta cuts deep (αβ/full < 1) and few of Jamboree's
              tests fail, so its parallelism grows with b and d.
  worst-full  the literal tree synth.FullWorst(b, d): worst move first,
              best last at every node, and every value inside the window
              alpha-beta passes, so alpha-beta examines every node
              (αβ/full = 1). This is the tree Theorem 2 is about.

Efficiency is shown against both serial baselines: Scout (the serial form
of Jamboree, which re-searches failed tests too) and alpha-beta (which never
re-searches; against it the worst-ordered efficiency is the theorem's 1/3).
The speedup bounds T_S/C are the best any number of processors can reach.
αβ/full is the fraction of the whole tree alpha-beta examined; re/node is
the number of Jamboree's failed tests (re-searched for value one after
another, on the critical path) per interior node alpha-beta examined: b−1
when every test fails.

--db FILE records each tree's Jamboree run in that results database (in a
session, its own), sweep "theorems", p = inf, with the row above as its
result JSON, so that queries and a reproduction's claims read them.`

// theoremsCommand declares the theorems command's flags on fs and returns the
// function that runs it.
func theoremsCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	bs := fs.String("b", "2,4,8", "degrees, comma-separated")
	ds := fs.String("d", "4,6,8", "heights, comma-separated")
	worst := fs.String("worst", "both", "worst-ordered trees: spec (ordered:…,order=worst), full (alpha-beta examines every node) or both")
	seed := fs.Uint64("seed", 1, "tree seed (the root value of the spec's trees; the shape and ordering do not depend on it)")
	asJSON := fs.Bool("json", false, "write JSON")
	db := fs.String("db", "", "record each tree's Jamboree run in this results database, sweep \""+TheoremsSweep+"\" (a session records into its own)")
	return func(env *Env, args []string) error {
		if len(args) != 0 {
			return usageErr("theorems takes no positional arguments")
		}
		b, err := intList("--b", *bs, 2, 64)
		if err != nil {
			return err
		}
		d, err := intList("--d", *ds, 1, 16)
		if err != nil {
			return err
		}
		orders := []string{"best"}
		switch *worst {
		case "both":
			orders = append(orders, "worst", "worst-full")
		case "spec":
			orders = append(orders, "worst")
		case "full":
			orders = append(orders, "worst-full")
		default:
			return usageErr("--worst %q: want both, spec or full", *worst)
		}
		return theoremsCmd(env, orders, b, d, *seed, *db, *asJSON)
	}
}

func intList(flagName, s string, lo, hi int) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < lo || n > hi {
			return nil, usageErr("%s %q: want whole numbers %d…%d, comma-separated", flagName, f, lo, hi)
		}
		out = append(out, n)
	}
	return out, nil
}

// TheoremRow is one tree's measurement beside the theorem's prediction.
type TheoremRow struct {
	Order                 string  `json:"order"` // best, worst (the spec's tree) or worst-full (synth.FullWorst)
	B                     int     `json:"b"`
	D                     int     `json:"d"`
	Tree                  string  `json:"tree"`
	Value                 int32   `json:"value"`
	SerialNodes           uint64  `json:"serial_nodes"`
	AlphaBetaNodes        uint64  `json:"alphabeta_nodes"`
	EfficiencyAB          float64 `json:"efficiency_vs_alphabeta"`
	SpeedupAB             float64 `json:"speedup_bound_vs_alphabeta"`
	Work                  int64   `json:"work"`
	Span                  int64   `json:"span"`
	Efficiency            float64 `json:"efficiency"`
	Parallelism           float64 `json:"parallelism"`
	Speedup               float64 `json:"speedup_bound"`
	PredictedEfficiency   float64 `json:"predicted_efficiency"`
	PredictedParallelism  float64 `json:"predicted_parallelism"`
	PredictedSpeedupBelow float64 `json:"predicted_speedup_below,omitempty"`
	// FullTreeNodes is the size of the whole tree, (b^(d+1)−1)/(b−1), and
	// AlphaBetaFraction the part of it alpha-beta examined.
	FullTreeNodes     uint64  `json:"full_tree_nodes"`
	AlphaBetaFraction float64 `json:"alphabeta_fraction"`
	// FailedTests are Jamboree's tests that failed and were re-searched for
	// value (one after another, on the critical path); ResearchesPerNode is
	// their number per interior node alpha-beta examined (AlphaBetaInterior):
	// b−1 when every test fails.
	FailedTests       int64   `json:"failed_tests"`
	AlphaBetaInterior uint64  `json:"alphabeta_interior_nodes"`
	ResearchesPerNode float64 `json:"researches_per_node"`
}

// nodeBudget keeps one tree's serial search to a few seconds.
const nodeBudget = 50_000_000

// TheoremsSweep is the sweep id under which theorems records its runs.
const TheoremsSweep = "theorems"

func theoremsCmd(env *Env, orders []string, bs, ds []int, seed uint64, db string, asJSON bool) error {
	var rows []TheoremRow
	var store *results.Store
	if db != "" {
		var err error
		if store, err = results.Open(db); err != nil {
			return err
		}
		defer store.Close()
	}
	if !asJSON {
		fmt.Fprintf(env.Out, "Jamboree on uniform trees, infinite simulated machine, unit node cost, no table, grain 0, seed %d\n", seed)
		fmt.Fprintf(env.Out, "%-10s %3s %3s %12s %12s %8s %12s %8s %9s %9s %10s %8s %10s %8s %8s %8s\n",
			"order", "b", "d", "Scout", "alpha-beta", "αβ/full", "work W", "span C", "eff/Scout", "eff/αβ", "predicted", "W/C", "predicted", "Scout/C", "αβ/C", "re/node")
	}
	line := env.progressLine("theorems", len(orders)*len(bs)*len(ds), asJSON)
	defer line.Stop()
	n := 0
	for _, order := range orders {
		for _, b := range bs {
			for _, d := range ds {
				if err := env.Ctx.Err(); err != nil {
					return err
				}
				line.Item(n, fmt.Sprintf("%s b=%d d=%d", order, b, d))
				n++
				if math.Pow(float64(b), float64(d)) > nodeBudget {
					if !asJSON {
						line.Print(func() {
							fmt.Fprintf(env.Out, "%-10s %3d %3d   (skipped: b^d = %.3g leaves is over the %d-node budget)\n", order, b, d, math.Pow(float64(b), float64(d)), nodeBudget)
						})
					}
					continue
				}
				r, st, err := theoremRow(env, line, order, b, d, seed)
				if err != nil {
					return err
				}
				if store != nil {
					if err := recordTheorem(env, store, r, st, seed); err != nil {
						return fmt.Errorf("recording %s in %s: %w", r.Tree, db, err)
					}
				}
				rows = append(rows, r)
				if !asJSON {
					pred, eff := fmt.Sprintf("%.2f", r.PredictedParallelism), "1"
					if order != "best" {
						pred, eff = "≈3", "≈1/3"
					}
					line.Print(func() {
						fmt.Fprintf(env.Out, "%-10s %3d %3d %12d %12d %8.3f %12d %8d %9.3f %9.3f %10s %8.2f %10s %8.3f %8.3f %8.2f\n", order, b, d, r.SerialNodes, r.AlphaBetaNodes, r.AlphaBetaFraction, r.Work, r.Span,
							r.Efficiency, r.EfficiencyAB, eff, r.Parallelism, pred, r.Speedup, r.SpeedupAB, r.ResearchesPerNode)
					})
				}
			}
		}
	}
	if asJSON {
		return writeJSON(env.Out, rows)
	}
	fmt.Fprintf(env.Out, "Theorem 1 (best-ordered): efficiency 1, parallelism ≈ (b/2)^(d/2). Theorem 2 (worst-ordered): efficiency ≈ 1/3, parallelism ≈ 3, speedup < 1 (StarTech §3).\n")
	if slices.Contains(orders, "worst") {
		fmt.Fprintf(env.Out, "worst = the spec's order=worst: siblings step by 1-7, so alpha-beta cuts deep (αβ/full < 1) and few tests fail (re/node < b−1): W/C grows with b and d.\n")
	}
	if slices.Contains(orders, "worst-full") {
		fmt.Fprintf(env.Out, "worst-full = synth.FullWorst, Theorem 2's tree: alpha-beta examines every node; all b−1 tests fail and are re-searched in order: W ≈ 3·αβ, C > αβ, W/C → 3 as b grows.\n")
	}
	return nil
}

// recordTheorem stores r, one tree's Jamboree run on the infinite machine,
// as a parallel row of sweep TheoremsSweep with r as its result.
func recordTheorem(env *Env, store *results.Store, r TheoremRow, st *sched.Stats, seed uint64) error {
	costs, _ := json.Marshal(st.Costs)
	row := results.Run{Sweep: TheoremsSweep, Created: time.Now().UTC().Format(time.RFC3339Nano), Version: results.Version(),
		Role: results.RoleParallel, Position: r.Tree, Domain: "synthetic", Algo: "jamboree", Depth: int64(r.D), Machine: "sim",
		P: results.Int(results.PInf), Seed: int64(seed), Rep: 1, Costs: string(costs), Value: int64(r.Value),
		Nodes: st.Counts[sched.Node.String()], Leaves: st.Counts[sched.Eval.String()], Work: st.Work, Span: st.Span,
		Parallelism: st.Parallelism, Time: st.Time, TimeUnit: st.TimeUnit, Tasks: st.Tasks, Aborts: st.Aborts, AbortedTask: st.AbortedTasks}
	if err := row.SetResult(r); err != nil {
		return err
	}
	return store.Insert(env.Ctx, &row)
}

func theoremRow(env *Env, line *progress.Line, order string, b, d int, seed uint64) (TheoremRow, *sched.Stats, error) {
	ctx := line.Context(env.Ctx)
	var tree *synth.Tree
	var name string
	var err error
	if order == "worst-full" {
		name = fmt.Sprintf("literal: synth.FullWorst(b=%d,d=%d)", b, d)
		tree, err = synth.FullWorst(b, d)
	} else {
		name = fmt.Sprintf("ordered:b=%d,d=%d,seed=%d,order=%s", b, d, seed, order)
		tree, err = synth.Parse(name)
	}
	if err != nil {
		return TheoremRow{}, nil, err
	}
	opt := algos.Options{Algo: algos.AlgoScout, Depth: d}
	ser, err := algos.Search[synth.Position](ctx, tree.Root(), opt)
	if err != nil {
		return TheoremRow{}, nil, err
	}
	ab, err := algos.Search[synth.Position](ctx, tree.Root(), algos.Options{Algo: algos.AlgoAlphaBeta, Depth: d})
	if err != nil {
		return TheoremRow{}, nil, err
	}
	opt.Algo = "jamboree"
	cfg := sched.Config{Machine: sched.SimOf(0), Seed: seed, ProfileBuckets: -1}
	if line.Active() {
		live := line.Live()
		live.Simulated.Store(true)
		cfg.Observe = func(s sched.Snapshot) { live.Nodes.Store(s.Nodes) }
	}
	jr, st, err := algos.RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
	if err != nil {
		return TheoremRow{}, nil, err
	}
	if jr.Value != ser.Value {
		return TheoremRow{}, nil, fmt.Errorf("%s: Jamboree's value %d differs from Scout's %d", name, jr.Value, ser.Value)
	}
	full := uint64(1)
	for range d {
		full = full*uint64(b) + 1
	}
	r := TheoremRow{Order: order, B: b, D: d, Tree: name, Value: jr.Value, SerialNodes: ser.Nodes, Work: st.Work, Span: st.Span,
		Efficiency: float64(ser.Nodes) / float64(st.Work), Parallelism: st.Parallelism, Speedup: float64(ser.Nodes) / float64(st.Span),
		AlphaBetaNodes: ab.Nodes, EfficiencyAB: float64(ab.Nodes) / float64(st.Work), SpeedupAB: float64(ab.Nodes) / float64(st.Span),
		FullTreeNodes: full, AlphaBetaFraction: float64(ab.Nodes) / float64(full),
		FailedTests: jr.Work.FailedTests, AlphaBetaInterior: ab.Nodes - ab.Leaves}
	if r.AlphaBetaInterior > 0 {
		r.ResearchesPerNode = float64(r.FailedTests) / float64(r.AlphaBetaInterior)
	}
	if order == "best" {
		r.PredictedEfficiency, r.PredictedParallelism = 1, math.Pow(float64(b)/2, float64(d)/2)
	} else {
		r.PredictedEfficiency, r.PredictedParallelism, r.PredictedSpeedupBelow = 1.0/3, 3, 1
	}
	return r, st, nil
}
