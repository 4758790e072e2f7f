package workbench

import (
	"flag"
	"fmt"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/lab"
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
	params     *string
	trace      *bool
	// treeDepth lets a search without depth or limits through to the
	// positions: synthetic trees are searched whole (search; not solve).
	treeDepth bool
	asJSON    *bool
	fs        *flag.FlagSet
}

func declareSearchFlags(fs *flag.FlagSet, defaultPreset string) *searchFlags {
	return &searchFlags{
		fs:         fs,
		preset:     fs.String("preset", defaultPreset, "named option set: "+strings.Join(algos.PresetNames(), ", ")),
		algo:       fs.String("algo", "", "algorithm: "+strings.Join(algos.Names(algos.AllAlgos), ", ")+" (default: the preset's; help search describes each)"),
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
		params:     fs.String("param", "", "any other option by name, name=value,… ("+strings.Join(algos.ParamNames(), ", ")+")"),
		trace:      fs.Bool("trace", false, "keep and print the algorithm's trace where it keeps one (parsss, paritersss: the layout of Bhattacharya & Bagchi's Table 1)"),
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
	if err := algos.SetParams(&opt, *f.params); err != nil {
		return opt, usageErr("--param %v", err)
	}
	opt.Trace = opt.Trace || *f.trace
	check := opt
	if f.treeDepth && lab.NeedsDepth(opt) {
		check.Depth = 1 // a synthetic tree gets its own depth (lab.Item.TreeDepth); other positions fail there
	}
	if err := check.Validate(); err != nil {
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
the same options, run here.

` + algorithmsHelp(),
		Flags: func(fs *flag.FlagSet) func(*Env, []string) error {
			sf := declareSearchFlags(fs, "plain")
			sf.treeDepth = true
			mf := declareMachineFlags(fs)
			rf := declareRemoteFlags(fs)
			return func(env *Env, args []string) error {
				if len(args) != 1 {
					return usageErr("want one <position>, got %d arguments", len(args))
				}
				if *rf.url != "" {
					return remoteRootSplitCmd(env, args[0], sf, rf)
				}
				if row, _ := algos.Lookup(*sf.algo); row.Parallel || mf.parallel() {
					return parallelCmd(env, args[0], sf, mf)
				}
				opt, err := sf.options()
				if err != nil {
					return err
				}
				items, err := lab.Resolve(args[0])
				if err != nil {
					return err
				}
				var results []*lab.SearchReport
				line := env.progressLine("search", len(items), *sf.asJSON)
				defer line.Stop()
				for i, it := range items {
					line.Item(i, it.Title()+" "+opt.Algo)
					r, err := lab.Search(line.Context(env.Ctx), it, opt)
					if r != nil {
						results = append(results, r)
						if !*sf.asJSON {
							line.Print(func() { r.WriteText(env.Out) })
						}
					}
					if err != nil {
						return writeJSONAndErr(env, *sf.asJSON, results, err)
					}
				}
				return writeJSONAndErr(env, *sf.asJSON, results, nil)
			}
		},
	})
}

// algorithmsHelp lists the algorithm table and the variant table for
// "help search": every name with its help, citation and variants.
func algorithmsHelp() string {
	var b strings.Builder
	for _, which := range []algos.Which{algos.SerialAlgos, algos.ParallelAlgos} {
		if which == algos.SerialAlgos {
			b.WriteString("Serial algorithms:\n")
		} else {
			b.WriteString("\nParallel algorithms (--workers P or --sim P|inf):\n")
		}
		for _, a := range algos.Table() {
			if a.Parallel != (which == algos.ParallelAlgos) {
				continue
			}
			fmt.Fprintf(&b, "  %-10s %s (%s)", a.Name, a.Help, a.Cite)
			if len(a.Variants) > 0 {
				fmt.Fprintf(&b, "; variants: %s", strings.Join(a.Variants, ", "))
			}
			b.WriteString("\n")
		}
	}
	b.WriteString("\nVariants:\n")
	for _, v := range algos.Variants() {
		fmt.Fprintf(&b, "  %-10s %s (%s)\n", v.Name, v.Help, v.Cite)
	}
	return b.String()
}
