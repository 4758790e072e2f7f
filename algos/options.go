package algos

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"splitpoint/tt"
)

// MaxDepth is the deepest nominal search depth Options accepts; the plies
// between it and game.MaxPly are left to quiescence search.
const MaxDepth = 100

// Options selects an algorithm and its enhancements. The zero value of
// every enhancement is "off"; Presets gives named combinations.
type Options struct {
	Algo  string `json:"algo"`  // a name of the algorithm table (Table)
	Depth int    `json:"depth"` // nominal depth in plies; 0 = up to MaxDepth under Time
	// TTBits sizes the transposition table at 2^TTBits entries; 0 = off
	// (mtdf then uses a private table of 2^MTDFFallbackBits entries: MTD(f)
	// is a sequence of null-window searches that needs memory to be more
	// than a slow alpha-beta).
	TTBits     int           `json:"tt_bits"`
	Iterative  bool          `json:"iterative"`  // iterative deepening 1, 2, …, Depth
	Aspiration int           `json:"aspiration"` // half-width of the aspiration window around the previous iteration's value; 0 = off
	Quiescence bool          `json:"quiescence"` // search Captures below the horizon
	TTMove     bool          `json:"tt_move"`    // order the table's best move first
	MVVLVA     bool          `json:"mvv_lva"`    // order captures by Gain, before quiet moves
	Killers    bool          `json:"killers"`    // two killer moves per ply
	History    bool          `json:"history"`    // history heuristic for quiet moves
	Seed       uint64        `json:"seed"`       // recorded with the result; serial searches are deterministic and do not use it
	Time       time.Duration `json:"time_ns"`    // wall-clock limit; 0 = none (implies Iterative)
	MaxNodes   uint64        `json:"max_nodes"`  // node limit; 0 = none
	// Memory bounds the OPEN list of itersss at Memory entries; 0 means
	// Bhattacharya & Bagchi's minimum M0 = ⌈d/2⌉(b−1)+1.
	Memory int `json:"memory"`

	// ParallelOptions are the fields that change only a parallel search:
	// a parallel run's serial baseline clears them (Serial). Embedded
	// without a tag, their fields are Options' own in JSON and SetParams.
	ParallelOptions

	// splitEvery, in tests only, makes Jamboree's inline nodes split
	// (jamboree_inline.go) before every splitEvery-th child they ask
	// about, whether a thief asked or not, so that the split is tested
	// at every point and not where timing puts it.
	splitEvery int

	// table is the algorithm table Algo names a row of (nil: the
	// default): InTable.
	table *AlgoTable
}

// InTable is o with Algo a row of table t: Validate, SetVariants, Search
// and RunParallel find the algorithm's row and code there. The default
// table leaves o as it is.
func (o Options) InTable(t AlgoTable) Options {
	o.table = nil
	if !t.isDefault() {
		o.table = &t
	}
	return o
}

// Table is the algorithm table Algo names a row of (InTable; the default
// when none was given).
func (o Options) Table() AlgoTable {
	if o.table == nil {
		return DefaultTable()
	}
	return *o.table
}

// ParallelOptions are the options that change only a parallel search:
// the variants, the grain, the killer handover, the table's distribution
// and the parallel algorithms' own options. Omitted from JSON when off, so
// the serial algorithms' output is unchanged. A new option of a parallel
// algorithm goes here, so that its serial baseline (Options.Serial) does
// not see it.
type ParallelOptions struct {
	// The Jamboree variants (StarTech §4), each an independent toggle,
	// and its grain; see Jamboree.
	Serialize2 bool `json:"serialize2,omitempty"` // search a second child serially at a type-2 node that dropped below α
	Deferred   bool `json:"deferred,omitempty"`   // deferred reads: wait for a search in progress of the same position
	RID        bool `json:"rid,omitempty"`        // recursive iterative deepening for the first move
	// Restart is Lu's window restart (§4.1, 003:L918) in Jamboree: when a
	// re-search raises a node's α, its running tests that started with a
	// lower α are interrupted and started again, and a failed test whose
	// α has since risen is tested again before it is re-searched.
	Restart bool `json:"restart,omitempty"`
	// SerializeAll and Value2 are the serializations the papers tried and
	// set aside (faster on a small machine, slower on a big one): StarTech
	// §4's full serialization of type-2/3 nodes that dropped below α, and
	// *Socrates §2.5's valuing of the first two children.
	SerializeAll bool `json:"serialize_all,omitempty"` // search every child serially at a type-2/3 node that dropped below α
	Value2       bool `json:"value2,omitempty"`        // value the first two children before the parallel tests
	Grain        int  `json:"grain,omitempty"`         // remaining depth at or below which a node is searched by the serial Scout
	// KillerHandover: a Jamboree test or YBWC brother that another
	// processor runs starts with the killer moves of its node's owner
	// (killers.go), not with that processor's own. The presets with
	// killers turn it on, and so does the killers ordering.
	KillerHandover bool `json:"killer_handover,omitempty"`
	// DistTT distributes the table over the processors (StarTech Fig. 3):
	// an access to a key whose home (key mod P) is another processor is
	// charged sched.TTRemote, one at home sched.TTLocal.
	DistTT bool `json:"dist_tt,omitempty"`
	// RootReorder: each searcher of a root split (rootsplit.go) searches
	// the move that was best in its previous iteration first, as a serial
	// root does with the table's move, instead of its dealt order in every
	// iteration.
	RootReorder bool `json:"root_reorder,omitempty"`
	// The options of Lu's PVSplit family (pvsplit.go) and of PARSSS* and
	// PARITERSSS* (parsss.go); omitted from JSON when zero.
	PVSplitOptions     `json:"pvsplit,omitzero"`
	SSSParallelOptions `json:"parsss,omitzero"`
}

// MTDFFallbackBits sizes the private table of mtdf when TTBits is 0.
const MTDFFallbackBits = 16

// Presets returns the named option sets. Depth is left 0: the caller sets
// it (or Time).
//
//   - plain: the bare algorithm (Scout), no table, no ordering, no
//     iterative deepening, no quiescence: the setting of the Knuth–Moore
//     minimal-tree tests.
//   - default: Scout, a 2^20 table, iterative deepening, aspiration ±50,
//     quiescence and every ordering heuristic.
//   - ordering-off: default without TT move, MVV-LVA, killers and history.
//   - mtdf: default with MTD(f) and no aspiration (MTD(f) needs none).
//   - startech: StarTech's move ordering, by the transposition table and
//     the captures' gains (Kuszmaul 1995, §4 "Three Improvement
//     Strategies", 000:L375: "StarTech uses its global transposition
//     table to improve move ordering. Most other programs use additional
//     move-ordering mechanisms such as the killer table [GEC67] and the
//     history table [MOS86]. StarTech does not use any such additional
//     move-ordering heuristics"): default without killers and history.
//     MVV-LVA stays: the paper sorts moves (StarTech Fig. 9, 000:L356: "2.0% of all
//     the cycles are spent sorting the moves", a sort that the table's
//     one move does not need) and says that without recursive iterative
//     deepening "StarTech chooses the right first move 85%–95% of the
//     time" (StarTech §4, 000:L375); on Kaufman's position 1 at depth 5 the table with
//     MVV-LVA puts the best move first at 86 % of the nodes, the table
//     alone at 54 % (with a quiescence search 60 times larger). Quiescence
//     stays ("trying out all the captures", StarTech §5, 000:L427), and so do iterative
//     deepening and the aspiration window, which the paper does not
//     mention, so that startech differs from default in killers and
//     history alone. Recursive iterative deepening is the Jamboree variant
//     rid, not part of the preset.
//   - parachinook: the search options of Lu's ParaChinook experiments
//     (Lu 1993 §2.3 and §4.2, 003:L498-500, L932): one table of 2^23
//     entries shared by all searchers, iterative deepening, the table's
//     move first and the others by the history heuristic, one history
//     table shared by the searchers; no killers, no MVV-LVA. Lu used no
//     endgame databases in these experiments (003:L928), nor does the
//     workbench.
func Presets() map[string]Options {
	def := Options{Algo: AlgoScout, TTBits: 20, Iterative: true, Aspiration: 50, Quiescence: true,
		TTMove: true, MVVLVA: true, Killers: true, History: true, ParallelOptions: ParallelOptions{KillerHandover: true}}
	off := def
	off.TTMove, off.MVVLVA, off.Killers, off.History, off.KillerHandover = false, false, false, false, false
	mtdf := def
	mtdf.Algo, mtdf.Aspiration = AlgoMTDF, 0
	lu := def
	lu.TTBits, lu.MVVLVA, lu.Killers, lu.KillerHandover = 23, false, false, false
	lu.SharedHistory = true
	startech := def
	startech.Killers, startech.History, startech.KillerHandover = false, false, false
	return map[string]Options{
		"plain":        {Algo: AlgoScout},
		"default":      def,
		"ordering-off": off,
		"mtdf":         mtdf,
		"parachinook":  lu,
		"startech":     startech,
	}
}

// PresetNames lists the preset names in sorted order.
func PresetNames() []string {
	var names []string
	for n := range Presets() {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Validate reports the first invalid option, with what is allowed.
func (o Options) Validate() error {
	a, ok := o.Table().Lookup(o.Algo)
	if !ok {
		return o.Table().Unknown(o.Algo)
	}
	if a.FixedDepth {
		if err := checkFixedDepth(o.Algo, o.Depth); err != nil {
			return err
		}
	}
	if o.Depth < 0 || o.Depth > MaxDepth {
		return fmt.Errorf("depth %d out of range (allowed: 1..%d, or 0 with a time limit)", o.Depth, MaxDepth)
	}
	if o.Depth == 0 && o.Time <= 0 && o.MaxNodes == 0 {
		return fmt.Errorf("depth 0 needs a time or node limit (allowed depths: 1..%d; a synthetic tree without a depth is searched whole)", MaxDepth)
	}
	if o.TTBits < 0 || o.TTBits > tt.MaxBits {
		return fmt.Errorf("tt bits %d out of range (allowed: 0 = off, or 1..%d for 2^bits entries)", o.TTBits, tt.MaxBits)
	}
	if o.Aspiration < 0 {
		return fmt.Errorf("aspiration window %d is negative (allowed: 0 = off, or a half-width > 0)", o.Aspiration)
	}
	if (o.Algo == AlgoSSS || o.Algo == AlgoIterSSS || isParSSS(o.Algo)) && o.Memory < 0 {
		return fmt.Errorf("memory %d is negative (allowed: 0 = M0, or M ≥ M0)", o.Memory)
	}
	if o.Time < 0 {
		return fmt.Errorf("time limit %v is negative (allowed: 0 = none, or a positive duration)", o.Time)
	}
	return nil
}

// String prints every setting as name=value, under the names SetParams
// reads (so that the line can be given back as --param): the fields
// Options always stores in JSON first, then every other field that is
// not zero (variants, grain, the killer handover, each algorithm's own
// options). It walks the fields as SetParams does, so a new field is
// printed with no change here.
func (o Options) String() string {
	var always, set []string
	for _, p := range params(&o) {
		s := p.String()
		switch {
		case !p.omit:
			always = append(always, p.Name+"="+s)
		case !p.v.IsZero():
			set = append(set, p.Name+"="+s)
		}
	}
	return strings.Join(append(always, set...), " ")
}

// Serial is o with every field that changes only a parallel search
// cleared (ParallelOptions) and algo as the algorithm: the options of a
// parallel run's serial baseline. Two parallel runs whose Serial options
// are equal have the same serial search.
func (o Options) Serial(algo string) Options {
	s := o
	s.Algo = algo
	s.ParallelOptions = ParallelOptions{}
	return s
}

// ordering reports whether any move-ordering heuristic is on.
func (o Options) ordering() bool { return o.TTMove || o.MVVLVA || o.Killers || o.History }
