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
)

// parallelAlgos are the algorithms that run on a machine (--workers or
// --sim), with their help.
var parallelAlgos = map[string]string{
	"pnegamax": "plain parallel negamax: every child in parallel, no pruning (*Socrates Fig. 1); calibrates a machine",
}

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
}

// parallelItem runs a parallel algorithm on the item.
func parallelItem(ctx context.Context, it *Item, opt algos.Options, cfg sched.Config) (*ParallelReport, error) {
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
	if s.CPUNS > 0 {
		fmt.Fprintf(w, "  cpu %.3f s\n", float64(s.CPUNS)/1e9)
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
	opt := algos.Options{Algo: algo, Depth: *sf.depth, Seed: *sf.seed}
	items, err := Resolve(name)
	if err != nil {
		return err
	}
	var reps []*ParallelReport
	for _, it := range items {
		r, err := parallelItem(env.Ctx, it, opt, cfg)
		if r != nil {
			reps = append(reps, r)
			if !*sf.asJSON {
				r.WriteText(env.Out, opt)
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
