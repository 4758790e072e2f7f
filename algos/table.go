package algos

import (
	"context"
	"fmt"
	"slices"
	"splitpoint/suggest"
	"strings"
	"sync"

	"splitpoint/game"
	"splitpoint/sched"
)

// Algorithm is one row of the algorithm table: everything the command
// line, the REPL's set and completion, the TUI, sweeps and help know of an
// algorithm. Adding an algorithm is one file in this package and one row
// in table (see CONTRIBUTING.md).
type Algorithm struct {
	Name string
	// Parallel algorithms run on a machine (--workers or --sim); serial
	// ones alone.
	Parallel bool
	// Variants are the names (from the variant table) the algorithm takes.
	Variants []string
	// Baseline is the serial algorithm a parallel run is compared with
	// (efficiency, speedup); "" for none.
	Baseline string
	// Grain is set when the algorithm takes Options.Grain (the remaining
	// depth at and below which it searches serially): a command chooses
	// one when none is given (lab.AutoGrain).
	Grain bool
	// Bare is set when the algorithm searches the bare game tree
	// whatever the preset: no table, move ordering or quiescence. The
	// settings layer starts it from the plain preset and says so, so that
	// the options it prints are those of the tree it searched (the serial
	// negamax of that tree: --algo negamax --preset plain).
	Bare bool
	// FixedDepth is set when the algorithm searches to a fixed depth only
	// (no time limit alone): Options.Validate asks it for a depth
	// 1..MaxDepth, with one message for all (checkFixedDepth).
	FixedDepth bool
	// Params are the options (SetParams names) the algorithm reads
	// beyond those every search reads: its own options, and the grain
	// or memory bound where it takes one without the row saying so
	// above. The settings layer warns of a setting the algorithm ignores.
	Params []string
	Help   string
	Cite   string
}

// ParallelFunc runs a parallel algorithm from root on the machine cfg
// describes.
type ParallelFunc[T any, P game.Position[T]] func(ctx context.Context, root *T, opt Options, cfg sched.Config) (*Parallel, *sched.Stats, error)

// SerialFunc runs a serial algorithm from root: Search, once the options
// are valid.
type SerialFunc[T any, P game.Position[T]] func(ctx context.Context, root *T, opt Options) (*Result, error)

// row is an Algorithm with the code that runs it on domain T: search for
// a serial algorithm (Search runs it), run for a parallel one
// (RunParallel).
type row[T any, P game.Position[T]] struct {
	Algorithm
	search SerialFunc[T, P]
	run    ParallelFunc[T, P]
}

// table is the algorithm table, instantiated for domain T.
func table[T any, P game.Position[T]]() []row[T, P] {
	rows := []row[T, P]{
		{Algorithm: Algorithm{Name: AlgoNegamax, Help: "full-width negamax, no pruning", Cite: "*Socrates Fig. 1"}, search: searchWith[T, P]},
		{Algorithm: Algorithm{Name: AlgoAlphaBeta, Help: "fail-soft alpha-beta", Cite: "*Socrates Fig. 3"}, search: searchWith[T, P]},
		{Algorithm: Algorithm{Name: AlgoScout, Help: "Pearl's Scout / PVS with null-window tests", Cite: "StarTech Fig. 1, *Socrates Fig. 4"}, search: searchWith[T, P]},
		{Algorithm: Algorithm{Name: AlgoMTDF, Help: "MTD(f): null-window alpha-beta passes over a transposition table", Cite: "Plaat et al. 1996"}, search: searchWith[T, P]},
		{Algorithm: Algorithm{Name: AlgoSSS, FixedDepth: true, Help: "Stockman's SSS* with its OPEN list, fixed depth", Cite: "Bhattacharya & Bagchi §2"}, search: searchSSS[T, P]},
		{Algorithm: Algorithm{Name: AlgoIterSSS, FixedDepth: true, Params: []string{"memory"}, Help: "ITERSSS*: SSS* with OPEN bounded by --memory M ≥ M0", Cite: "Bhattacharya & Bagchi §5"}, search: searchSSS[T, P]},
		{Algorithm: Algorithm{Name: AlgoPNegamax, Parallel: true, FixedDepth: true, Bare: true,
			Help: "plain parallel negamax: every child in parallel, no pruning; calibrates a machine", Cite: "*Socrates Fig. 1"},
			run: runPNegamax[T, P]},
		{Algorithm: Algorithm{Name: AlgoJamboree, Parallel: true, FixedDepth: true, Baseline: AlgoScout, Grain: true,
			Variants: []string{VariantSerialize2, VariantDeferred, VariantRID, VariantRestart, VariantDistTT, VariantSerializeAll, VariantValue2},
			Help:     "Jamboree search: first child valued, the rest tested in parallel, failed tests re-searched in order, abort on a fail high; --variants, --grain",
			Cite:     "StarTech Fig. 2, *Socrates Fig. 5"},
			run: runJamboree[T, P]},
		{Algorithm: Algorithm{Name: AlgoRootSplit, Parallel: true, FixedDepth: true, Baseline: AlgoScout,
			Help: "static root splitting: the ordered root move list dealt to P independent searchers, best of their results; node saving",
			Cite: "Vučković 2007 §5–6"},
			run: runRootSplit[T, P]},
		{Algorithm: Algorithm{Name: AlgoPVSplit, Parallel: true, FixedDepth: true, Baseline: AlgoScout, Params: pvsplitParams,
			Help: "PVSplit: a controller walks the principal variation and farms each split node's other moves to idle searchers; --param granularity=…",
			Cite: "Lu 1993 Fig. 4.1"},
			run: runPVSplit[T, P]},
		{Algorithm: Algorithm{Name: AlgoPVFSplit, Parallel: true, FixedDepth: true, Baseline: AlgoScout, Params: pvsplitParams,
			Help: "PVFSplit: several split nodes on the variation, idle searchers served by GetOtherSplitNode, synthesized minimal windows",
			Cite: "Lu 1993 Fig. 5.1"},
			run: runPVSplit[T, P]},
		{Algorithm: Algorithm{Name: AlgoPVSplitLB, Parallel: true, FixedDepth: true, Baseline: AlgoScout, Params: pvsplitLBParams,
			Help: "PVSplit with straggler preemption: a straggler's subtree re-split when a quorum of searchers idles; --param lb_quorum=…,lb_threshold=…",
			Cite: "Lu 1993 §5.3"},
			run: runPVSplit[T, P]},
		{Algorithm: Algorithm{Name: AlgoPARSSS, Parallel: true, FixedDepth: true, Baseline: AlgoSSS, Params: []string{"spawn_height", "trace"},
			Help: "PARSSS*: N processes running SSS* on their own subtrees, sharing the MINPROC array; --param spawn_height=…, --trace; --costs terminal counts time in terminals",
			Cite: "Bhattacharya & Bagchi §3"},
			run: runPARSSS[T, P]},
		{Algorithm: Algorithm{Name: AlgoPARITERSSS, Parallel: true, FixedDepth: true, Baseline: AlgoSSS, Params: []string{"memory", "spawn_height", "trace"},
			Help: "PARITERSSS*: PARSSS* over ITERSSS*, each process's OPEN + LIVEMINS bounded by --memory M ≥ M0",
			Cite: "Bhattacharya & Bagchi §5"},
			run: runPARSSS[T, P]},
		{Algorithm: Algorithm{Name: AlgoPVFSplitLB, Parallel: true, FixedDepth: true, Baseline: AlgoScout, Params: pvsplitLBParams,
			Help: "PVFSplit with straggler preemption",
			Cite: "Lu 1993 §5.3"},
			run: runPVSplit[T, P]},
		{Algorithm: Algorithm{Name: AlgoYBWC, Parallel: true, FixedDepth: true, Baseline: AlgoScout, Grain: true,
			Help: "Young Brothers Wait: the eldest child alone, then the younger brothers in parallel, the waiting master helping; --grain",
			Cite: "Feldmann 1993; Feldmann, Monien & Mysliwietz 1994"},
			run: runYBWC[T, P]},
		{Algorithm: Algorithm{Name: AlgoABDADA, Parallel: true, FixedDepth: true, Baseline: AlgoScout, Params: []string{"grain"},
			Help: "ABDADA: P searchers from the root over the shared table; a younger child another searcher is in is deferred to a second pass; --grain G: nodes with G plies or fewer to go are not counted (default 0, Weill's)",
			Cite: "Weill 1996, ICCA J. 19(1)"},
			run: RunABDADA[T, P]},
		{Algorithm: Algorithm{Name: AlgoLazySMP, Parallel: true, FixedDepth: true, Baseline: AlgoScout,
			Help: "Lazy SMP: P independent iterative-deepening threads sharing the table, helpers' depths staggered by Stockfish's skip blocks; the main thread's result",
			Cite: "Stockfish search.cpp, Thread::search (skip blocks)"},
			run: RunLazySMP[T, P]},
		{Algorithm: Algorithm{Name: AlgoTreeSplit, Parallel: true, FixedDepth: true, Baseline: AlgoAlphaBeta, Grain: true,
			Help: "tree splitting: every child of a node above the grain searched in parallel at once with the node's α as it starts, a fail high aborting the rest; serial alpha-beta below; --grain",
			Cite: "Fishburn 1981; Finkel & Fishburn 1983; Lu 1993 §3.2"},
			run: runTreeSplit[T, P]},
	}
	return rows
}

// The options of Lu's PVSplit family (PVSplitOptions) each row reads.
var (
	pvsplitParams   = []string{"granularity", "full_window_plies", "split_root", "no_restart", "shared_history", "private_tt"}
	pvsplitLBParams = append(slices.Clone(pvsplitParams), "lb_quorum", "lb_threshold", "lb_pick", "lb_resplit")
)

// noPos is a position type that is never instantiated with a value: it
// lets the table's metadata be read without a domain.
type noPos struct{}

func (*noPos) Moves([]game.Move) int    { return 0 }
func (*noPos) Captures([]game.Move) int { return 0 }
func (*noPos) Play(game.Move, *noPos)   {}
func (*noPos) Hash() uint64             { return 0 }
func (*noPos) Eval() game.Value         { return 0 }
func (*noPos) Terminal() game.Value     { return 0 }
func (*noPos) Draw() bool               { return false }
func (*noPos) IsCapture(game.Move) bool { return false }
func (*noPos) Gain(game.Move) int32     { return 0 }

// AlgoTable is the algorithm table as a value: its rows, serial
// algorithms first, each run by the code of a row of the literal table
// (its own, or the row With named). Front ends are handed one (the
// default, DefaultTable, or a test's own) and read it alone; the zero
// AlgoTable is the default.
type AlgoTable struct {
	rows  []Algorithm
	runAs []string // the literal row whose code runs each row
}

// defaultTable is the literal table's rows, read once.
var defaultTable = sync.OnceValue(func() AlgoTable {
	rows := table[noPos, *noPos]()
	t := AlgoTable{rows: make([]Algorithm, len(rows)), runAs: make([]string, len(rows))}
	for i, r := range rows {
		t.rows[i], t.runAs[i] = r.Algorithm, r.Name
	}
	return t
})

// DefaultTable is the literal algorithm table.
func DefaultTable() AlgoTable { return defaultTable() }

// get is t, or the default table for the zero AlgoTable.
func (t AlgoTable) get() AlgoTable {
	if t.rows == nil {
		return DefaultTable()
	}
	return t
}

// isDefault reports whether t is the literal table itself.
func (t AlgoTable) isDefault() bool {
	d := DefaultTable()
	return t.rows == nil || (len(t.rows) == len(d.rows) && &t.rows[0] == &d.rows[0])
}

// With is t with the row a added, run by the code of t's row runAs (a
// test's algorithm under a name of its own); it panics when t has no row
// runAs. t is not changed.
func (t AlgoTable) With(a Algorithm, runAs string) AlgoTable {
	t = t.get()
	i := slices.IndexFunc(t.rows, func(r Algorithm) bool { return r.Name == runAs })
	if i < 0 {
		panic("AlgoTable.With: no row " + runAs)
	}
	return AlgoTable{rows: append(slices.Clip(t.rows), a), runAs: append(slices.Clip(t.runAs), t.runAs[i])}
}

// Rows are the table's rows, serial algorithms first.
func (t AlgoTable) Rows() []Algorithm { return slices.Clone(t.get().rows) }

// Lookup finds an algorithm of the table by name.
func (t AlgoTable) Lookup(name string) (Algorithm, bool) {
	for _, a := range t.get().rows {
		if a.Name == name {
			return a, true
		}
	}
	return Algorithm{}, false
}

// runsAs is the literal row whose code runs the row name ("" if none).
func (t AlgoTable) runsAs(name string) string {
	t = t.get()
	if i := slices.IndexFunc(t.rows, func(r Algorithm) bool { return r.Name == name }); i >= 0 {
		return t.runAs[i]
	}
	return ""
}

// Names lists the table's algorithm names: all of them, or only the
// serial or only the parallel ones.
func (t AlgoTable) Names(which Which) []string {
	var out []string
	for _, a := range t.get().rows {
		if which == AllAlgos || (which == ParallelAlgos) == a.Parallel {
			out = append(out, a.Name)
		}
	}
	return out
}

// Help is a one-line description of an algorithm with its citation (""
// if unknown).
func (t AlgoTable) Help(name string) string {
	a, ok := t.Lookup(name)
	if !ok {
		return ""
	}
	return a.Help + " (" + a.Cite + ")"
}

// Unknown is the error for a name not in the table: it lists the serial
// and the parallel names.
func (t AlgoTable) Unknown(name string) error {
	if name == "" {
		return fmt.Errorf("no algorithm given (allowed: %s; parallel, on --workers or --sim: %s)",
			strings.Join(t.Names(SerialAlgos), ", "), strings.Join(t.Names(ParallelAlgos), ", "))
	}
	all := t.Names(AllAlgos)
	return fmt.Errorf("unknown algorithm %q%s (allowed: %s; parallel, on --workers or --sim: %s)", name, suggest.Hint(name, all),
		strings.Join(t.Names(SerialAlgos), ", "), strings.Join(t.Names(ParallelAlgos), ", "))
}

// Table returns the default algorithm table's rows, serial algorithms
// first.
func Table() []Algorithm { return DefaultTable().Rows() }

// Lookup finds an algorithm of the default table by name.
func Lookup(name string) (Algorithm, bool) { return DefaultTable().Lookup(name) }

// Names lists the default table's algorithm names: all of them, or only
// the serial or only the parallel ones.
func Names(which Which) []string { return DefaultTable().Names(which) }

// Which selects algorithms by kind in Names.
type Which int

// The kinds Names selects.
const (
	AllAlgos Which = iota
	SerialAlgos
	ParallelAlgos
)

// Algorithms lists the serial algorithm names (Search runs them).
func Algorithms() []string { return Names(SerialAlgos) }

// AlgorithmHelp is a one-line description of an algorithm of the
// default table with its citation ("" if unknown).
func AlgorithmHelp(name string) string { return DefaultTable().Help(name) }

// UnknownAlgorithm is the error for a name not in the default table: it
// lists the serial and the parallel names.
func UnknownAlgorithm(name string) error { return DefaultTable().Unknown(name) }

// codeOf is the literal row whose code runs opt.Algo in the options'
// table (nil if none).
func codeOf[T any, P game.Position[T]](opt Options) *row[T, P] {
	name := opt.Table().runsAs(opt.Algo)
	rows := table[T, P]()
	i := slices.IndexFunc(rows, func(r row[T, P]) bool { return r.Name == name })
	if i < 0 || name == "" {
		return nil
	}
	return &rows[i]
}

// RunParallel runs the parallel algorithm opt.Algo of the options'
// table (Options.Table) from root on the machine cfg describes.
func RunParallel[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*Parallel, *sched.Stats, error) {
	r := codeOf[T, P](opt)
	switch {
	case r == nil:
		return nil, nil, opt.Table().Unknown(opt.Algo)
	case r.run == nil:
		return nil, nil, fmt.Errorf("%s is a serial algorithm: it runs without --workers or --sim", opt.Algo)
	}
	return r.run(ctx, root, opt, cfg)
}
