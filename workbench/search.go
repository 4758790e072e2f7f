package workbench

import (
	"flag"
	"fmt"
	"strings"

	"splitpoint/algos"
	"splitpoint/lab"
)

// searchFlags are the flags search and solve share: the knob table's
// (lab.Knobs), which fill in a request the settings layer settles for
// each position (lab.Settle), and --json.
type searchFlags struct {
	req lab.Request
	// treeDepth lets a search without depth or limits through to the
	// positions: synthetic trees are searched whole (search; not solve).
	treeDepth bool
	asJSON    *bool
}

// declareSearchFlags declares the knob table's flags and --json; a
// command with machines of its own (lists, or a default) declares the
// machine's rows that choose one, --workers and --sim, itself
// (ownMachine; declareMachineList).
func declareSearchFlags(fs *flag.FlagSet, tab lab.Tables, ownMachine bool) *searchFlags {
	sf := &searchFlags{req: tab.Request()}
	var want func(lab.Knob) bool
	if ownMachine {
		want = func(k lab.Knob) bool { return k.On == nil }
	}
	tab.DeclareFlags(fs, &sf.req, want)
	sf.asJSON = fs.Bool("json", false, "write JSON")
	return sf
}

// algo is the algorithm given, or the default preset's.
func (f *searchFlags) algo() string {
	if a, ok := f.req.Get("algo"); ok {
		return a
	}
	return algos.Presets()["default"].Algo
}

// settle settles the request for a position of shape sh; its errors are
// usage errors.
func (f *searchFlags) settle(sh lab.Shape) (lab.Settled, error) {
	s, err := lab.Settle(sh, f.req)
	if err != nil {
		return s, fmt.Errorf("%w: %v", ErrUsage, err)
	}
	return s, nil
}

// searchLong is the help of the search command.
var searchLong = `Runs one search per position the name gives and prints the value, the
best move and principal variation, the node counts (interior, leaf,
quiescence), Knuth–Moore node types and how often they behaved as predicted,
the rate at which the first move searched was the best, branching factors
(overall, at capture and at quiet nodes), the effective branching factor per
iteration, and the transposition table's statistics. Every result prints
the options and seed that produced it.

Options start from --preset (default: "default", as an engine searches, on
chess and checkers positions; "plain", the bare algorithm, on synthetic
trees), serial and parallel searches alike, and every flag given overrides
it. The output's notes say what was chosen and why.

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
the same options, run here.`

// searchCommand declares the search command's flags on fs and returns the
// function that runs it.
func searchCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	sf := declareSearchFlags(fs, tab, false)
	sf.treeDepth = true
	mf := declareMachineFlags(fs, &sf.req)
	rf := declareRemoteFlags(fs)
	return func(env *Env, args []string) error {
		if len(args) != 1 {
			return usageErr("want one <position>, got %d arguments", len(args))
		}
		if *rf.url != "" {
			return remoteRootSplitCmd(env, args[0], sf, rf)
		}
		if row, _ := sf.req.Tables().Algos.Lookup(sf.algo()); row.Parallel || mf.parallel() {
			return parallelCmd(env, args[0], sf, mf)
		}
		items, err := lab.Resolve(args[0])
		if err != nil {
			return err
		}
		var results []*lab.SearchReport
		line := env.progressLine("search", len(items), *sf.asJSON)
		defer line.Stop()
		for i, it := range items {
			s, err := sf.settle(it.Shape())
			if err != nil {
				return err
			}
			opt := s.Opt
			line.Item(i, it.Title()+" "+opt.Algo)
			r, err := lab.Search(line.Context(env.Ctx), it, opt)
			if r != nil {
				r.Notes = s.Notes
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
}

// algorithmsHelp lists the algorithm table of tab and the variant table
// for "help search": every name with its help, citation and variants.
func algorithmsHelp(tab lab.Tables) string {
	var b strings.Builder
	for _, which := range []algos.Which{algos.SerialAlgos, algos.ParallelAlgos} {
		if which == algos.SerialAlgos {
			b.WriteString("Serial algorithms:\n")
		} else {
			b.WriteString("\nParallel algorithms (--workers P or --sim P|inf):\n")
		}
		for _, a := range tab.Algos.Rows() {
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
