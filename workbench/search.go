package workbench

import (
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
)

// searchFlags are the flags search and solve share: a preset, then any
// option set explicitly on top of it.
type searchFlags struct {
	preset     *string
	algo       *string
	depth      *int
	ttBits     *int
	iterative  *bool
	aspiration *int
	quiescence *bool
	order      *string
	seed       *uint64
	timeLimit  *time.Duration
	nodes      *uint64
	memory     *int
	asJSON     *bool
	fs         *flag.FlagSet
}

func declareSearchFlags(fs *flag.FlagSet, defaultPreset string) *searchFlags {
	return &searchFlags{
		fs:         fs,
		preset:     fs.String("preset", defaultPreset, "named option set: "+strings.Join(algos.PresetNames(), ", ")),
		algo:       fs.String("algo", "", "algorithm: "+strings.Join(algos.Algorithms(), ", ")+" (default: the preset's)"),
		depth:      fs.Int("depth", 0, "search depth in plies (0: iterate under --time)"),
		ttBits:     fs.Int("tt", 0, "transposition table of 2^BITS entries; 0 = off (default: the preset's)"),
		iterative:  fs.Bool("iterative", false, "iterative deepening 1, 2, …, depth"),
		aspiration: fs.Int("aspiration", 0, "aspiration window half-width around the last iteration's value; 0 = off"),
		quiescence: fs.Bool("quiescence", false, "quiescence search of captures below the horizon"),
		order:      fs.String("order", "", "move ordering, comma-separated from tt,mvvlva,killers,history, or none"),
		seed:       fs.Uint64("seed", 1, "seed, recorded with the result"),
		timeLimit:  fs.Duration("time", 0, "time limit, e.g. 30s (implies iterative deepening)"),
		nodes:      fs.Uint64("nodes", 0, "node limit; 0 = none"),
		memory:     fs.Int("memory", 0, "itersss: OPEN list bound M; 0 = the minimum M0 = ⌈d/2⌉(b−1)+1"),
		asJSON:     fs.Bool("json", false, "write JSON"),
	}
}

// options builds the Options: the preset, then every flag the user set.
func (f *searchFlags) options() (algos.Options, error) {
	presets := algos.Presets()
	opt, ok := presets[*f.preset]
	if !ok {
		return opt, usageErr("unknown preset %q (allowed: %s)", *f.preset, strings.Join(algos.PresetNames(), ", "))
	}
	var err error
	f.fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "algo":
			opt.Algo = *f.algo
		case "depth":
			opt.Depth = *f.depth
		case "tt":
			opt.TTBits = *f.ttBits
		case "iterative":
			opt.Iterative = *f.iterative
		case "aspiration":
			opt.Aspiration = *f.aspiration
		case "quiescence":
			opt.Quiescence = *f.quiescence
		case "order":
			opt.TTMove, opt.MVVLVA, opt.Killers, opt.History = false, false, false, false
			for _, o := range strings.Split(*f.order, ",") {
				switch strings.TrimSpace(o) {
				case "tt":
					opt.TTMove = true
				case "mvvlva":
					opt.MVVLVA = true
				case "killers":
					opt.Killers = true
				case "history":
					opt.History = true
				case "none", "":
				default:
					err = usageErr("--order: unknown heuristic %q (allowed: tt, mvvlva, killers, history, none)", o)
				}
			}
		case "time":
			opt.Time = *f.timeLimit
		case "nodes":
			opt.MaxNodes = *f.nodes
		case "memory":
			opt.Memory = *f.memory
		}
	})
	opt.Seed = *f.seed
	if err != nil {
		return opt, err
	}
	if !slices.Contains(algos.Algorithms(), opt.Algo) {
		return opt, usageErr("unknown algorithm %q (allowed: %s; on --workers or --sim: %s)", opt.Algo,
			strings.Join(algos.Algorithms(), ", "), strings.Join(parallelNames(), ", "))
	}
	if err := opt.Validate(); err != nil {
		return opt, fmt.Errorf("%w: %v", ErrUsage, err)
	}
	return opt, nil
}

func init() {
	register(&Command{
		Name:     "search",
		Position: true,
		NArgs:    1,
		Args:     "<position> [--algo A] [--depth D] [--tt BITS] [--preset P] [--json] …",
		Short:    "search a position or tree with a serial algorithm and report value, PV and counters",
		Long: `Runs one search per position the name gives and prints the value, the
best move and principal variation, the node counts (interior, leaf,
quiescence), Knuth–Moore node types and how often they behaved as predicted,
the rate at which the first move searched was the best, branching factors
(overall, at capture and at quiet nodes), the effective branching factor per
iteration, and the transposition table's statistics. Every result prints
the options and seed that produced it.

Options start from --preset (default "plain": the bare algorithm, no table,
no ordering) and every flag given overrides it.

Parallel algorithms run on a machine: --workers P (the goroutine pool on this
computer's cores) or --sim P|inf (the simulated machine, exactly
reproducible from its seed), and report the work W, the critical path C, the
parallelism W/C, the time T_P, steals, aborts and idle time.

--algo jamboree is Jamboree search (StarTech Fig. 2): the first child is
valued, the others are tested in parallel with null windows, failed tests
are re-searched in order, a fail high aborts the running siblings. Nodes
with at most --grain plies to go are searched by the serial Scout. The
options start from --preset as for Scout (--tt sizes the global table;
--dist-tt spreads it over the processors, remote accesses costing
tt_remote); --variants picks StarTech's improvements: serialize2 (a second
child searched serially at type-2 nodes that dropped below α), deferred
(wait for a search of the same position in progress instead of repeating
it) and rid (recursive iterative deepening for the first move). It prints
the failed and cutoff work by Knuth–Moore node type and the efficiency
W_serial/W and speedup against the serial Scout of the same position with
the same options, run here.`,
		Flags: func(fs *flag.FlagSet) func(*Env, []string) error {
			sf := declareSearchFlags(fs, "plain")
			mf := declareMachineFlags(fs)
			return func(env *Env, args []string) error {
				if len(args) != 1 {
					return usageErr("want one <position>, got %d arguments", len(args))
				}
				if _, par := parallelAlgos[*sf.algo]; par || mf.parallel() {
					return parallelCmd(env, args[0], sf, mf)
				}
				opt, err := sf.options()
				if err != nil {
					return err
				}
				items, err := Resolve(args[0])
				if err != nil {
					return err
				}
				var results []*SearchReport
				for _, it := range items {
					r, err := searchItem(env.Ctx, it, opt)
					if r != nil {
						results = append(results, r)
						if !*sf.asJSON {
							r.WriteText(env.Out)
						}
					}
					if err != nil {
						return err
					}
				}
				if *sf.asJSON {
					if len(results) == 1 {
						return writeJSON(env.Out, results[0])
					}
					return writeJSON(env.Out, results)
				}
				return nil
			}
		},
	})
}

// SearchReport is one search's result with the position it searched.
type SearchReport struct {
	Position string `json:"position"`
	ID       string `json:"id,omitempty"`
	*algos.Result
	iterBest []string // each iteration's best move, in the domain's notation
}

// searchItem runs the serial search on the item's domain.
func searchItem(ctx context.Context, it *Item, opt algos.Options) (*SearchReport, error) {
	var res *algos.Result
	var err error
	var iter []string
	switch {
	case it.Chess != nil:
		res, err = algos.Search[chess.Position](ctx, it.Chess, opt)
		iter = annotate(res, it.Chess)
	case it.Checkers != nil:
		res, err = algos.Search[checkers.Position](ctx, it.Checkers, opt)
		iter = annotate(res, it.Checkers)
	default:
		root := it.Tree.Root()
		res, err = algos.Search[synth.Position](ctx, root, opt)
		iter = annotate(res, root)
	}
	if res == nil {
		return nil, err
	}
	return &SearchReport{Position: it.Name, ID: it.ID, Result: res, iterBest: iter}, err
}

// annotate writes the best move and PV of res in the domain's notation,
// playing the PV from root, and returns each iteration's best move.
func annotate[T any, P interface {
	game.Position[T]
	game.Describer
}](res *algos.Result, root P) []string {
	if res == nil {
		return nil
	}
	res.PVText = moveTexts[T, P](root, res.PV)
	iter := make([]string, len(res.Iterations))
	for i, it := range res.Iterations {
		if it.BestMove != game.NoMove {
			iter[i] = root.MoveString(it.BestMove)
		}
	}
	if res.BestMove != game.NoMove {
		res.BestMoveText = root.MoveString(res.BestMove)
	}
	if _, ok := any(root).(*synth.Position); ok {
		res.BestMoveText = "" // the JSON contract: empty for synthetic trees
	}
	return iter
}

// moveTexts writes a line of moves from root in the domain's notation.
func moveTexts[T any, P interface {
	game.Position[T]
	game.Describer
}](root P, line []game.Move) []string {
	out := []string{}
	cur := new(T)
	*cur = *root
	var next T
	var buf [game.MaxMoves]game.Move
	for _, m := range line {
		n := P(cur).Moves(buf[:])
		legal := false
		for _, x := range buf[:n] {
			legal = legal || x == m
		}
		if !legal {
			break
		}
		out = append(out, P(cur).MoveString(m))
		P(cur).Play(m, &next)
		*cur = next
	}
	return out
}

// WriteText prints a search result for people.
func (r *SearchReport) WriteText(w io.Writer) {
	res := r.Result
	title := r.Position
	if r.ID != "" {
		title += " (" + r.ID + ")"
	}
	fmt.Fprintf(w, "search %s\n", title)
	fmt.Fprintf(w, "  options: %s\n", res.Options)
	stop := ""
	if res.Stopped {
		stop = " (stopped early: the deepest completed iteration)"
	}
	fmt.Fprintf(w, "  value %d at depth %d%s", res.Value, res.Depth, stop)
	if res.BestMoveText != "" {
		fmt.Fprintf(w, ", best move %s", res.BestMoveText)
	}
	fmt.Fprintf(w, "\n  pv: %s\n", strings.Join(res.PVText, " "))
	c := res.Counters
	fmt.Fprintf(w, "  nodes %d (interior %d, leaves %d, quiescence %d) in %.3f s, %.0f nodes/s\n",
		c.Nodes, c.Interior, c.Leaves, c.QNodes, res.Seconds, res.NPS)
	if res.OpenPeak > 0 {
		fmt.Fprintf(w, "  OPEN list peak: %d entries\n", res.OpenPeak)
	}
	if c.PVNodes+c.CutNodes+c.AllNodes == 0 {
		return // SSS* keeps no node types or branching statistics
	}
	fmt.Fprintf(w, "  node types: PV %d, CUT %d (%.1f%% cut by the first child), ALL %d (%.1f%% as predicted); cutoffs %d, re-searches %d\n",
		c.PVNodes, c.CutNodes, 100*c.CutPredictedRate, c.AllNodes, 100*c.AllPredictedRate, c.Cutoffs, c.Researches)
	fmt.Fprintf(w, "  first move best: %.1f%% of %d nodes with a best move\n", 100*c.FirstMoveBestRate, c.BestKnown)
	fmt.Fprintf(w, "  branching: %.2f legal moves per interior node (capture nodes %.2f over %d, quiet nodes %.2f over %d); %.2f searched\n",
		c.Branching, c.CaptureBranching, c.CaptureNodes, c.QuietBranching, c.QuietNodes, c.SearchedBranching)
	if len(res.Iterations) > 1 {
		fmt.Fprintf(w, "  %5s %7s %-8s %12s %7s %9s\n", "depth", "value", "best", "nodes", "ebf", "seconds")
		for i, it := range res.Iterations {
			best := ""
			if i < len(r.iterBest) {
				best = r.iterBest[i]
			}
			fmt.Fprintf(w, "  %5d %7d %-8s %12d %7.2f %9.3f\n", it.Depth, it.Value, best, it.Nodes, it.EBF, it.Seconds)
		}
	}
	if t := res.TT; t.Entries > 0 {
		fmt.Fprintf(w, "  tt: %d entries, probes %d, hits %d, cutoffs %d, stores %d, overwrites %d, fill %d‰\n",
			t.Entries, t.Probes, t.Hits, t.Cutoffs, t.Stores, t.Overwrites, t.Fill)
	}
}
