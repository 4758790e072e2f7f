package workbench

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/sched"
	"splitpoint/tt"
)

// parallelAlgos are the algorithms that run on a machine (--workers or
// --sim), with their help.
var parallelAlgos = map[string]string{
	"pnegamax": "plain parallel negamax: every child in parallel, no pruning (*Socrates Fig. 1); calibrates a machine",
	"jamboree": "Jamboree search: first child valued, the rest tested in parallel, failed tests re-searched in order, abort on a fail high (StarTech Fig. 2, *Socrates Fig. 5); --variants, --grain, --dist-tt",
}

// ParallelAlgorithms lists the algorithms that run on a machine, for help
// and completion.
func ParallelAlgorithms() []string { return parallelNames() }

func parallelNames() []string {
	var out []string
	for k := range parallelAlgos {
		out = append(out, k)
	}
	sortStrings(out)
	return out
}

func sortStrings(s []string) { sort.Strings(s) }

// ParallelReport is one parallel search's result: the value and the
// runtime's measurements (work, span, parallelism, time, steals, …).
type ParallelReport struct {
	Position string       `json:"position"`
	ID       string       `json:"id,omitempty"`
	Algo     string       `json:"algo"`
	Depth    int          `json:"depth"`
	Value    game.Value   `json:"value"`
	BestMove string       `json:"best_move"`
	PV       []string     `json:"pv"`
	Config   sched.Config `json:"config"`
	*sched.Stats
	// Jamboree is the Jamboree search's own accounting and its comparison
	// with the serial Scout (only for --algo jamboree).
	Jamboree *JamboreeReport `json:"jamboree,omitempty"`
	// RootSplit is the root split's searchers and node saving (only for
	// --algo rootsplit).
	RootSplit *RootSplitReport `json:"rootsplit,omitempty"`
}

// JamboreeReport is what a Jamboree run adds to a ParallelReport: the
// variants, the failed/cutoff work (StarTech §4), the serial counters below
// the grain, and the serial Scout search of the same position with the same
// options on this computer, against which efficiency and speedup are
// measured.
type JamboreeReport struct {
	Options  algos.Options      `json:"options"`
	Variants string             `json:"variants"`
	Grain    int                `json:"grain"`
	DistTT   bool               `json:"dist_tt"`
	Work     algos.JamboreeWork `json:"work"`
	// SerialScout: the serial Scout's nodes and wall time; SerialWork its
	// work in cost units (nodes × node cost).
	SerialNodes   uint64  `json:"serial_nodes"`
	SerialSeconds float64 `json:"serial_seconds"`
	SerialWork    int64   `json:"serial_work"`
	// Iterations are Jamboree's completed iterations and when each
	// finished (solve mode's time to the right move).
	Iterations  []algos.JamIteration `json:"iterations,omitempty"`
	SerialValue game.Value           `json:"serial_value"`
	// TT is the shared table's statistics over all workers.
	TT tt.Stats `json:"tt"`
	// Efficiency is W_serial / W (StarTech: the serial program's work over
	// the parallel program's). Speedup is T_serial / T_P: on the simulator
	// T_serial = W_serial (one processor of the same cost model), on the
	// pool the wall times.
	Efficiency float64 `json:"efficiency"`
	Speedup    float64 `json:"speedup"`
}

// parallelItem runs a parallel algorithm on the item.
func parallelItem(ctx context.Context, it *Item, opt algos.Options, cfg sched.Config) (*ParallelReport, error) {
	switch opt.Algo {
	case algos.AlgoJamboree:
		return jamboreeItem(ctx, it, opt, cfg)
	case algos.AlgoRootSplit:
		return rootSplitItem(ctx, it, opt, cfg)
	}
	var v game.Value
	var st *sched.Stats
	var err error
	switch {
	case it.Chess != nil:
		v, st, err = runParallel[chess.Position](ctx, it.Chess, opt, cfg)
	case it.Checkers != nil:
		v, st, err = runParallel[checkers.Position](ctx, it.Checkers, opt, cfg)
	default:
		v, st, err = runParallel[synth.Position](ctx, it.Tree.Root(), opt, cfg)
	}
	if st == nil {
		return nil, err
	}
	return &ParallelReport{Position: it.Name, ID: it.ID, Algo: opt.Algo, Depth: opt.Depth, Value: v, PV: []string{},
		Config: cfg, Stats: st}, err
}

func runParallel[T any, P game.Position[T]](ctx context.Context, root *T, opt algos.Options, cfg sched.Config) (game.Value, *sched.Stats, error) {
	switch opt.Algo {
	case "pnegamax":
		r, st, err := sched.Run(ctx, cfg, func(c sched.Ctx) any { return sched.PNegamax[T, P](c, root, opt.Depth) })
		v, _ := r.(game.Value)
		return v, st, err
	}
	return 0, nil, fmt.Errorf("unknown parallel algorithm %q (allowed: %s)", opt.Algo, strings.Join(parallelNames(), ", "))
}

// WriteText prints a parallel search result for people.
func (r *ParallelReport) WriteText(w io.Writer, opt algos.Options) {
	title := r.Position
	if r.ID != "" {
		title += " (" + r.ID + ")"
	}
	s := r.Stats
	fmt.Fprintf(w, "search %s\n", title)
	fmt.Fprintf(w, "  options: %s\n", opt)
	fmt.Fprintf(w, "  %s\n", machineLine(r.Config))
	if s.Note != "" {
		fmt.Fprintf(w, "  NOTE: %s\n", s.Note)
	}
	fmt.Fprintf(w, "  value %d at depth %d", r.Value, r.Depth)
	if r.BestMove != "" {
		fmt.Fprintf(w, ", best move %s", r.BestMove)
	}
	fmt.Fprintln(w)
	if len(r.PV) > 0 {
		fmt.Fprintf(w, "  pv: %s\n", strings.Join(r.PV, " "))
	}
	unit := "units"
	if s.TimeUnit == "ns" {
		unit = "ns wall"
	}
	fmt.Fprintf(w, "  work W %d, critical path C %d, parallelism W/C %.2f, time T_P %d %s\n", s.Work, s.Span, s.Parallelism, s.Time, unit)
	fmt.Fprintf(w, "  tasks %d, steals %d of %d attempts, aborts %d (%d tasks aborted), idle fraction %.3f\n",
		s.Tasks, s.Steals, s.StealAttempts, s.Aborts, s.AbortedTasks, s.IdleFraction)
	fmt.Fprintf(w, "  blocked on children %d, on shared state %d, on parents %d; scheduling overhead %d\n",
		s.BlockedChildren, s.BlockedShared, s.BlockedParent, s.Overhead)
	if rs := r.RootSplit; rs != nil {
		fmt.Fprintf(w, "  root split over %d searchers (move i to searcher i mod %d):\n", len(rs.Searchers), len(rs.Searchers))
		for i, sr := range rs.Searchers {
			mark := ""
			if i == rs.Winner {
				mark = "  <- chosen"
			}
			fmt.Fprintf(w, "    searcher %d: %d moves, best %s value %d, %d nodes%s\n", i, len(sr.Moves), sr.BestMove, sr.Value, sr.Nodes, mark)
		}
		fmt.Fprintf(w, "  node saving (Vučković §6): (serial %d − chosen searcher's %d) / serial = %.1f%%\n", rs.SerialNodes, rs.WinnerNodes, 100*rs.NodeSaving)
	}
	if s.CPUNS > 0 {
		fmt.Fprintf(w, "  cpu %.3f s\n", float64(s.CPUNS)/1e9)
	}
	if j := r.Jamboree; j != nil {
		j.writeText(w, s)
	}
}

// parallelCmd runs search on a machine.
func parallelCmd(env *Env, name string, sf *searchFlags, mf *machineFlags) error {
	algo := *sf.algo
	if _, ok := parallelAlgos[algo]; !ok {
		return usageErr("--workers and --sim run the parallel algorithms (%s), not %q", strings.Join(parallelNames(), ", "), algo)
	}
	if !mf.parallel() {
		return usageErr("%s runs on a machine: give --workers P or --sim P|inf", algo)
	}
	if *sf.depth < 1 || *sf.depth > algos.MaxDepth {
		return usageErr("%s needs --depth 1..%d", algo, algos.MaxDepth)
	}
	cfg, err := mf.config(*sf.seed)
	if err != nil {
		return err
	}
	if obs := env.Observe; obs != nil {
		cfg.Observe = func(s sched.Snapshot) { obs(s) }
	}
	opt := algos.Options{Algo: algo, Depth: *sf.depth, Seed: *sf.seed}
	if algo == algos.AlgoJamboree {
		if opt, err = jamboreeOptions(sf, mf); err != nil {
			return err
		}
	}
	items, err := Resolve(name)
	if err != nil {
		return err
	}
	var reps []*ParallelReport
	for _, it := range items {
		r, err := parallelItem(env.Ctx, it, opt, cfg)
		if r != nil && err == nil {
			if rerr := recordParallel(env.Ctx, *mf.db, it, opt, cfg, r); rerr != nil {
				return fmt.Errorf("recording the run in %s: %w", *mf.db, rerr)
			}
		}
		if r != nil {
			reps = append(reps, r)
			if !*sf.asJSON {
				r.WriteText(env.Out, opt)
			}
			if env.Observe != nil {
				env.Observe(r)
			}
		}
		if err != nil {
			return err
		}
	}
	if *sf.asJSON {
		if len(reps) == 1 {
			return writeJSON(env.Out, reps[0])
		}
		return writeJSON(env.Out, reps)
	}
	return nil
}

// jamboreeOptions builds a Jamboree search's options: the preset and the
// search flags as for Scout, then the variants, grain and table
// distribution.
func jamboreeOptions(sf *searchFlags, mf *machineFlags) (algos.Options, error) {
	saved := *sf.algo
	*sf.algo = algos.AlgoScout
	opt, err := sf.options()
	*sf.algo = saved
	if err != nil {
		return opt, err
	}
	opt.Algo = algos.AlgoJamboree
	if err := algos.ParseVariants(*mf.variants, &opt); err != nil {
		return opt, usageErr("--variants: %v", err)
	}
	opt.Grain, opt.DistTT = *mf.grain, *mf.distTT
	if err := opt.ValidateJamboree(); err != nil {
		return opt, fmt.Errorf("%w: %v", ErrUsage, err)
	}
	return opt, nil
}

// jamboreeItem runs Jamboree on the item, then the serial Scout with the
// same options on this computer for the efficiency and the speedup.
func jamboreeItem(ctx context.Context, it *Item, opt algos.Options, cfg sched.Config) (*ParallelReport, error) {
	switch {
	case it.Chess != nil:
		return runJamboree[chess.Position](ctx, it, it.Chess, opt, cfg)
	case it.Checkers != nil:
		return runJamboree[checkers.Position](ctx, it, it.Checkers, opt, cfg)
	default:
		return runJamboree[synth.Position](ctx, it, it.Tree.Root(), opt, cfg)
	}
}

func runJamboree[T any, P interface {
	game.Position[T]
	game.Describer
}](ctx context.Context, it *Item, root P, opt algos.Options, cfg sched.Config) (*ParallelReport, error) {
	res, st, err := algos.RunJamboree[T, P](ctx, (*T)(root), opt, cfg)
	if st == nil {
		return nil, err
	}
	rep := &ParallelReport{Position: it.Name, ID: it.ID, Algo: opt.Algo, Depth: opt.Depth, PV: []string{}, Config: cfg, Stats: st}
	if res == nil {
		return rep, err
	}
	rep.Value, rep.Depth = res.Value, res.Depth
	rep.PV = moveTexts[T, P](root, res.PV)
	if _, synthetic := any(root).(*synth.Position); !synthetic && res.BestMove != game.NoMove {
		rep.BestMove = root.MoveString(res.BestMove)
	}
	j := &JamboreeReport{Options: opt, Variants: res.Variants, Grain: opt.Grain, DistTT: opt.DistTT, Work: res.Work, Iterations: res.Iterations, TT: res.TT}
	rep.Jamboree = j
	if err != nil {
		return rep, err
	}
	sopt := opt
	sopt.Algo = algos.AlgoScout
	sopt.Serialize2, sopt.Deferred, sopt.RID, sopt.Grain, sopt.DistTT = false, false, false, 0, false
	sres, err := algos.Search[T, P](ctx, (*T)(root), sopt)
	if sres == nil {
		return rep, err
	}
	j.SerialNodes, j.SerialSeconds, j.SerialValue = sres.Nodes, sres.Seconds, sres.Value
	j.SerialWork = int64(sres.Nodes) * cfg.Costs.Node
	if st.Work > 0 {
		j.Efficiency = float64(j.SerialWork) / float64(st.Work)
	}
	if st.Time > 0 {
		if st.TimeUnit == "ns" {
			j.Speedup = sres.Seconds * 1e9 / float64(st.Time)
		} else {
			j.Speedup = float64(j.SerialWork) / float64(st.Time)
		}
	}
	return rep, err
}

// writeText prints the Jamboree part of a report.
func (j *JamboreeReport) writeText(w io.Writer, s *sched.Stats) {
	k := j.Work
	fmt.Fprintf(w, "  jamboree: variants=%s grain=%d dist-tt=%t\n", j.Variants, j.Grain, j.DistTT)
	pct := func(x int64) float64 {
		if k.Nodes == 0 {
			return 0
		}
		return 100 * float64(x) / float64(k.Nodes)
	}
	line := func(name string, x algos.WorkByType) {
		fmt.Fprintf(w, "  %s work %d nodes (%.1f%% of %d): PV %d, CUT %d, ALL %d\n", name, x.Total, pct(x.Total), k.Nodes, x.PV, x.CUT, x.ALL)
	}
	line("failed", k.Failed)
	line("cutoff", k.Cutoff)
	line("aborted", k.Aborted)
	fmt.Fprintf(w, "  parallel nodes %d, serial searches %d, tests %d, failed tests %d, fail-high aborts %d, serialized second children %d, rid searches %d\n",
		k.ParallelNodes, k.SerialSearches, k.Tests, k.FailedTests, k.FailHighs, k.Serialized2, k.RIDSearches)
	fmt.Fprintf(w, "  deferred waits %d (above the grain %d; answered %d, given up %d, refused as unsafe %d; waited %d units; blocked on shared state %d %s), post-abort visits %d\n",
		k.DeferredWaits, k.DeferredWaitsAbove, k.DeferredHits, k.DeferredGiveUps, k.DeferredRefused, k.DeferredWaitTime, s.BlockedShared, s.TimeUnit, k.PostAbortVisits)
	fmt.Fprintf(w, "  serial scout: value %d, nodes %d, W_serial %d, %.3f s; efficiency W_serial/W %.3f, speedup %.2f\n",
		j.SerialValue, j.SerialNodes, j.SerialWork, j.SerialSeconds, j.Efficiency, j.Speedup)
}
