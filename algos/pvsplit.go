package algos

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"time"

	"splitpoint/game"
	"splitpoint/sched"
	"splitpoint/tt"
)

// Lu's ParaChinook algorithms (Lu 1993, reading notes §1.2-§1.5): a
// controller walks the current variation and farms subtrees to searchers
// that run the serial Scout/PVS.
const (
	AlgoPVSplit    = "pvsplit"     // principal variation splitting (Lu Fig. 4.1)
	AlgoPVFSplit   = "pvfsplit"    // principal variation frontier splitting (Lu Fig. 5.1)
	AlgoPVSplitLB  = "pvsplit-lb"  // PVSplit with straggler preemption (Lu §5.3)
	AlgoPVFSplitLB = "pvfsplit-lb" // PVFSplit with straggler preemption (Lu §5.3)
)

// PVSplitAlgorithms lists the four names.
func PVSplitAlgorithms() []string {
	return []string{AlgoPVSplit, AlgoPVFSplit, AlgoPVSplitLB, AlgoPVFSplitLB}
}

// Defaults of PVSplitOptions (a zero field means its default).
const (
	// DefaultPVGranularity is MinGranularity, which the thesis never
	// gives (notes §1.2 ⚠AMB): nodes with at most 4 plies left are one
	// searcher's serial search.
	DefaultPVGranularity = 4
	// DefaultFullWindowPlies is Lu's "7 plies from the leaf nodes"
	// (notes §1.3, Lu §5.1, 003:L1015).
	DefaultFullWindowPlies = 7
	// DefaultLBQuorum is Lu's "more than a quarter of the searchers"
	// (notes §1.4, Lu §5.3, 003:L1213).
	DefaultLBQuorum = 0.25
	// DefaultLBThresholdSim is Lu's 5 s of real time at Chinook's node
	// rate (about 7,000 nodes/s, Table C.1): 35,000 nodes, i.e. units of
	// the simulator's default cost model (Node = 1); on a cost model whose
	// node costs more it is 35,000 node times (on tc2000, 4.9 s). Scale it with the
	// run (Lu's 5 s was 0.7-2.7 % of the serial times, notes §1.4).
	DefaultLBThresholdSim = 35000
	// DefaultLBThresholdPool is Lu's 5 s of wall-clock time.
	DefaultLBThresholdPool = int64(5 * time.Second)
)

// PVSplitOptions are the options of the four ParaChinook algorithms (one
// line of Options embeds them). Every zero value is Lu's setting or, where
// the thesis is silent, the documented choice; see RunPVSplit.
type PVSplitOptions struct {
	// Granularity is MinGranularity: a node with at most this many plies
	// left is searched whole by one searcher with the serial Scout; the
	// controller splits only above it. 0 = DefaultPVGranularity.
	Granularity int `json:"granularity,omitempty"`
	// FullWindowPlies: PVFSplit gives a speculative split node (one whose
	// first move is still being searched) a heuristic minimal window when
	// it has more than this many plies left, its full window otherwise.
	// 0 = DefaultFullWindowPlies (Lu's 7).
	FullWindowPlies int `json:"full_window_plies,omitempty"`
	// SplitRoot makes the root a split node (basic PVSplit); by default
	// the root's moves are searched in sequence, each by a parallel
	// PVSplit/PVFSplit (Lu's ParaChinook, §4.1, 003:L918-920).
	SplitRoot bool `json:"split_root,omitempty"`
	// NoRestart turns off Lu's window restart (§4.1, 003:L918): when a split
	// node's α rises, the searches it farmed with a lower α are
	// interrupted and farmed again with the new minimal window.
	NoRestart bool `json:"no_restart,omitempty"`
	// LBQuorum: -LB preempts when more than LBQuorum·P searchers have
	// been idle longer than LBThreshold. 0 = DefaultLBQuorum (Lu's ¼).
	LBQuorum float64 `json:"lb_quorum,omitempty"`
	// LBThreshold is the idle time before preemption, in the machine's
	// time unit (simulator units, pool nanoseconds). 0 = DefaultLBThresholdSim
	// or DefaultLBThresholdPool.
	LBThreshold int64 `json:"lb_threshold,omitempty"`
	// LBPick chooses the straggler among the searchers working for the
	// split node the controller is at: "longest" (Lu: the one that has
	// searched its subtree longest; the default) or "newest".
	LBPick string `json:"lb_pick,omitempty"`
	// LBResplit is how PVSplit-LB searches a preempted subtree again:
	// "pvfsplit" (the default: Lu's text says PVFSplit for both, §5.3, 003:L1207)
	// or "pvsplit". PVFSplit-LB always uses PVFSplit.
	LBResplit string `json:"lb_resplit,omitempty"`
	// SharedHistory gives the searchers and the controller one history
	// table (Lu's setting, §4.2, 003:L932); off, each has its own.
	SharedHistory bool `json:"shared_history,omitempty"`
	// PrivateTT gives every searcher and the controller a table of its own
	// of 2^TTBits entries instead of one shared table of that size (Lu:
	// one shared table whatever the number of searchers).
	PrivateTT bool `json:"private_tt,omitempty"`
}

// ValidatePVSplit checks the options of a PVSplit-family search.
func (o Options) ValidatePVSplit() error {
	if !slices.Contains(PVSplitAlgorithms(), o.Algo) {
		return fmt.Errorf("unknown algorithm %q (allowed: pvsplit, pvfsplit, pvsplit-lb, pvfsplit-lb)", o.Algo)
	}
	if err := checkFixedDepth(o.Algo, o.Depth); err != nil {
		return err
	}
	if o.TTBits < 0 || o.TTBits > tt.MaxBits {
		return fmt.Errorf("tt bits %d out of range (allowed: 0 = off, or 1..%d for 2^bits entries)", o.TTBits, tt.MaxBits)
	}
	p := o.PVSplitOptions
	if p.Granularity < 0 || p.Granularity > MaxDepth {
		return fmt.Errorf("granularity %d out of range (allowed: 0 = %d, or 1..%d plies)", p.Granularity, DefaultPVGranularity, MaxDepth)
	}
	if p.FullWindowPlies < 0 {
		return fmt.Errorf("full-window plies %d is negative", p.FullWindowPlies)
	}
	if p.LBQuorum < 0 || p.LBQuorum >= 1 {
		return fmt.Errorf("lb quorum %v out of range (allowed: 0 = ¼, or a fraction in (0, 1))", p.LBQuorum)
	}
	if p.LBThreshold < 0 {
		return fmt.Errorf("lb threshold %d is negative", p.LBThreshold)
	}
	if !slices.Contains([]string{"", "longest", "newest"}, p.LBPick) {
		return fmt.Errorf("lb pick %q unknown (allowed: longest, newest)", p.LBPick)
	}
	if !slices.Contains([]string{"", "pvfsplit", "pvsplit"}, p.LBResplit) {
		return fmt.Errorf("lb resplit %q unknown (allowed: pvfsplit, pvsplit)", p.LBResplit)
	}
	return nil
}

// PVSearcherStats is one searcher's share of a search, in the machine's
// time unit. Idle time is told apart as Lu's two causes (§4.2, 003:L924):
// Starved is time idle in a synchronization segment (the time between two
// split nodes' completions) in which the searcher got no work at all;
// Straggler is time idle in a segment in which it did work, i.e. after
// finishing its share, waiting for slower searchers before the controller
// could back up or find new work.
type PVSearcherStats struct {
	Busy      int64  `json:"busy"`
	Idle      int64  `json:"idle"`
	Starved   int64  `json:"starved"`
	Straggler int64  `json:"straggler"`
	Items     int64  `json:"items"` // pieces of work received
	Nodes     uint64 `json:"nodes"`
}

// PVPreemption is one straggler preemption of an -LB search.
type PVPreemption struct {
	At       int64 `json:"at"`        // when the straggler stopped (time unit of the machine)
	Ply      int   `json:"ply"`       // ply of the preempted subtree's root
	Depth    int   `json:"depth"`     // its remaining depth
	Ran      int64 `json:"ran"`       // how long the straggler had searched it
	Nodes    int64 `json:"nodes"`     // the work thrown away
	IdleOver int   `json:"idle_over"` // searchers idle for at least the threshold at At
}

// PVSplitResult is the outcome of a PVSplit-family search, with Lu's
// measures beside the value (the runtime's sched.Stats are returned too).
type PVSplitResult struct {
	Algo      string      `json:"algo"`
	Value     game.Value  `json:"value"`
	BestMove  game.Move   `json:"best_move_code"`
	PV        []game.Move `json:"pv_codes"`
	Depth     int         `json:"depth"` // deepest completed iteration
	Searchers int         `json:"searchers"`
	Options   Options     `json:"options"`
	Stopped   bool        `json:"stopped"`

	// Nodes is Lu's node count: every node visited by the controller and
	// the searchers, the work thrown away included.
	Nodes           uint64 `json:"nodes"`
	ControllerNodes uint64 `json:"controller_nodes"`
	SplitNodes      int64  `json:"split_nodes"` // nodes whose moves were farmed
	// Lu's starvation figures (§4.3): the moves of the split nodes
	// (SplitMoves/SplitNodes is their mean branching factor; searchers
	// over it the parallelism overload factor), how many split nodes were
	// capture nodes (checkers' narrow ones), and the most split nodes
	// (granularity nodes included) with work out at once.
	SplitMoves      int64  `json:"split_moves"`
	CaptureSplits   int64  `json:"capture_splits"`
	MaxActiveSplits int    `json:"max_active_splits"`
	Speculative     int64  `json:"speculative"` // PVFSplit: pieces farmed before the split node's first move was known
	Farmed          int64  `json:"farmed"`      // pieces of work handed to searchers
	Researches      int64  `json:"researches"`  // fail-high re-searches at split nodes (farmed or the controller's)
	Retests         int64  `json:"retests"`     // minimal-window tests repeated after α moved
	Restarts        int64  `json:"restarts"`    // searches interrupted by a rise of α (window restart)
	Cutoffs         int64  `json:"cutoffs"`     // cutoffs at split nodes that interrupted searchers
	AbortedNodes    uint64 `json:"aborted_nodes"`
	Preemptions     int64  `json:"preemptions"`
	PreemptedNodes  uint64 `json:"preempted_nodes"`
	// Syncs counts the synchronization points: split nodes the controller
	// backed up from (PVSplit: each waited for all its searchers).
	Syncs int64 `json:"syncs"`

	// Time is the controller's elapsed time (machine time unit).
	Time      int64             `json:"time"`
	TimeUnit  string            `json:"time_unit"`
	PerSearch []PVSearcherStats `json:"per_searcher"`
	// Percent of the time idle, starved, straggling: Lu's "% time idle",
	// the mean over the searchers of idle/Time (Lu §4.2, 003:L924), and its parts.
	IdlePct      float64 `json:"idle_pct"`
	StarvedPct   float64 `json:"starved_pct"`
	StragglerPct float64 `json:"straggler_pct"`
	// SyncIdle is the synchronization overhead (Lu §3.3: a searcher made
	// to wait for another): the straggler idle time, summed.
	SyncIdle   int64          `json:"sync_idle"`
	Preempted  []PVPreemption `json:"preempted,omitempty"`
	Iterations []JamIteration `json:"iterations,omitempty"`
	TT         tt.Stats       `json:"tt"`
	// Locks are the machine's locks, on a cost model that takes them
	// (tc2000): nil otherwise.
	Locks       *PVLockStats `json:"locks,omitempty"`
	serialNodes uint64
}

// SearchOverhead is Lu's search overhead (Formula 3.3, notes §1.1): nodes
// of the parallel search over the serial search's, minus one (negative
// when the parallel search visits fewer).
func SearchOverhead(parallelNodes, serialNodes uint64) float64 {
	if serialNodes == 0 {
		return 0
	}
	return float64(parallelNodes)/float64(serialNodes) - 1
}

// runPVSplit is RunPVSplit as a row of the table: the four names share it.
func runPVSplit[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*Parallel, *sched.Stats, error) {
	res, st, err := RunPVSplit[T, P](ctx, root, opt, cfg)
	if res == nil {
		return nil, st, err
	}
	return &Parallel{Value: res.Value, BestMove: res.BestMove, PV: res.PV, Depth: res.Depth, Iterations: res.Iterations,
		TT: res.TT, Stopped: res.Stopped, Detail: res}, st, err
}

// SearcherIdleFraction is Lu's idle time per searcher as a fraction
// (IdlePct/100): the results row's idle fraction (SearcherIdle).
func (r *PVSplitResult) SearcherIdleFraction() float64 { return r.IdlePct / 100 }

// CompareSerial records the serial node count for Lu's search overhead
// (the SerialComparing side of a Detail).
func (r *PVSplitResult) CompareSerial(serial *Result) { r.SetSerialNodes(serial.Nodes) }

// WriteText prints Lu's measures in a few lines (the Detail of a parallel
// report, whose caller prints the value, W, C and the runtime's counters).
func (r *PVSplitResult) WriteText(w io.Writer, _ MoveNamer, _ *sched.Stats) {
	fmt.Fprintf(w, "  %s: %d searchers (controller on its own processor), depth %d\n", r.Algo, r.Searchers, r.Depth)
	fmt.Fprintf(w, "  nodes %d (controller %d), split nodes %d, farmed %d (speculative %d), re-searches %d, re-tests %d, restarts %d, cutoffs %d (aborted %d nodes), syncs %d\n",
		r.Nodes, r.ControllerNodes, r.SplitNodes, r.Farmed, r.Speculative, r.Researches, r.Retests, r.Restarts, r.Cutoffs, r.AbortedNodes, r.Syncs)
	if r.SplitNodes > 0 {
		b := float64(r.SplitMoves) / float64(r.SplitNodes)
		fmt.Fprintf(w, "  split nodes: mean branching %.2f (parallelism overload %.1f), %d capture nodes, at most %d with work out at once\n",
			b, float64(r.Searchers)/b, r.CaptureSplits, r.MaxActiveSplits)
	}
	fmt.Fprintf(w, "  idle %.1f%% of %d %s per searcher: starved %.1f%%, stragglers %.1f%% (sync overhead %d %s)\n",
		r.IdlePct, r.Time, r.TimeUnit, r.StarvedPct, r.StragglerPct, r.SyncIdle, r.TimeUnit)
	if r.Options.Algo == AlgoPVSplitLB || r.Options.Algo == AlgoPVFSplitLB {
		fmt.Fprintf(w, "  preemptions %d, work thrown away %d nodes\n", r.Preemptions, r.PreemptedNodes)
	}
	if l := r.Locks; l != nil {
		fmt.Fprintf(w, "  locks: table %d takes (%d found it held, spun %d %s), split nodes %d takes (%d held, spun %d %s)\n",
			l.TTTakes, l.TTContended, l.TTWaited, r.TimeUnit, l.SplitTakes, l.SplitContended, l.SplitWaited, r.TimeUnit)
	}
	if r.serialNodes > 0 {
		fmt.Fprintf(w, "  search overhead %.1f%% over %d serial nodes\n", 100*SearchOverhead(r.Nodes, r.serialNodes), r.serialNodes)
	}
}

// PVLuMeasures are Lu's figures of one search against the serial one
// (notes §1.1): speedup T_1/T_n (Formula 3.1), speedup efficiency
// speedup/n (3.2), search overhead (3.3) and % time idle.
type PVLuMeasures struct {
	Speedup        float64 `json:"speedup"`
	Efficiency     float64 `json:"efficiency"`
	SearchOverhead float64 `json:"search_overhead"`
	IdlePct        float64 `json:"idle_pct"`
	StarvedPct     float64 `json:"starved_pct"`
	StragglerPct   float64 `json:"straggler_pct"`
}

// Lu computes Lu's measures from the serial search's node count and time
// (in the machine's unit: on the simulator the serial search's cost, e.g.
// its node count with the default cost model; on the pool its wall
// nanoseconds). The searchers are n; the controller is not counted.
func (r *PVSplitResult) Lu(serialNodes uint64, serialTime int64) PVLuMeasures {
	m := PVLuMeasures{SearchOverhead: SearchOverhead(r.Nodes, serialNodes),
		IdlePct: r.IdlePct, StarvedPct: r.StarvedPct, StragglerPct: r.StragglerPct}
	if r.Time > 0 {
		m.Speedup = float64(serialTime) / float64(r.Time)
	}
	if r.Searchers > 0 {
		m.Efficiency = m.Speedup / float64(r.Searchers)
	}
	return m
}

// SetSerialNodes records the serial node count WriteText's search
// overhead line is computed from (0: no such line).
func (r *PVSplitResult) SetSerialNodes(n uint64) { r.serialNodes = n }

// RunPVSplit runs one of Lu's four ParaChinook algorithms (opt.Algo:
// pvsplit, pvfsplit, pvsplit-lb, pvfsplit-lb) from root to opt.Depth on
// the machine cfg describes, with cfg.P searchers (pool: 0 = GOMAXPROCS;
// the simulator needs P ≥ 1).
//
// Processes. The controller is the root task, on a processor of its own
// that is not counted (Lu §4.2, 003:L928-930): the machine run has cfg.P+1
// processors, processor 0 the controller, 1…P the searchers. The
// controller farms each piece of work with SpawnOn to an idle searcher's
// processor and waits with WaitAny (on the pool it mostly sleeps; on the
// simulator it charges one sched.Node per node it expands itself, at the
// split nodes). A searcher runs the serial Scout on its subtree with its
// Searcher (kept across pieces: its killers, its history unless shared),
// charging sched.Node per node and polling aborts (an interrupt is Abort),
// and its leaves and move generations at the end of the piece (charge.go).
//
// PVSplit (Fig. 4.1, notes §1.2). At a node with more than Granularity
// plies left the controller searches the first move itself (recursively,
// full window), then farms every other move to idle searchers with the
// minimal window (α, α+1), in order; a fail high with α < v < β is
// re-searched (α, β) by a searcher; a value ≥ β is a cutoff that
// interrupts the node's searchers; the controller waits for all of them
// (WorkOut = 0) before it backs up. Nodes with Granularity plies or fewer
// are one searcher's serial search. Lu's two enhancements are on: window
// restart (NoRestart) and the root rule (SplitRoot).
//
// Where the thesis is silent or loose (notes §1.2, §5.1), the choices:
// the node at the granularity on the controller's path (the PV's last
// split level) is farmed to a searcher like any other piece, the
// controller does not search it itself; a fail high is re-searched with
// (α, β), α the node's current one, not Lu's (value, β); and every result
// is kept as bounds lo ≤ value ≤ hi on its move, so that a test that
// failed high against an α that has risen since (Lu's pseudo-code takes
// it as the node's score) is tested again with the new α (Retests).
//
// PVFSplit (Fig. 5.1, notes §1.3). Several split nodes on the current
// variation. The controller farms moves of an ALL (or PV) node it is at;
// at a CUT node it searches the moves itself in sequence. An idle searcher
// with no local work gets work from GetOtherSplitNode: the next node nearer
// the root with work, all ALL/PV nodes before any CUT node (a CUT node only
// when the alternative is starvation); the root is never chosen unless
// SplitRoot. A node whose first move is still being searched is split
// speculatively: SynthMinWindow gives its moves the minimal window
// (h, h+1), h the best score of the deepest split node that has one
// (signed by parity), else the previous iteration's root value (signed by
// parity), clamped into the node's window; with FullWindowPlies or fewer
// plies left, or no h, its full window. Every result is kept as bounds on
// its move; when the node's α is known, moves whose bounds do not settle
// them are tested or re-searched again. A cutoff at any split node
// interrupts its searchers and the controller backs up to it at once.
// Only the root synchronizes.
//
// Straggler preemption, -LB (§5.3, notes §1.4). When more than LBQuorum·P
// searchers have been idle for LBThreshold or longer, the straggler (by
// LBPick) is interrupted and its subtree is searched again by the
// controller with PVFSplit (PVSplit-LB: LBResplit), which farms it to the
// idle searchers; the table keeps what the straggler stored, the rest of
// its work is thrown away (PreemptedNodes). Choice: only the searchers
// working for the split node the controller is at, on subtrees of more
// than Granularity plies, can be preempted (the controller can only
// descend into those at once). The rule is evaluated by the straggler at
// each node from the idle times the controller publishes after each event,
// so on the simulator it fires at the exact virtual time the rule holds.
//
// Measures: the returned sched.Stats are the machine's (P+1 processors,
// processor 0 the controller: its idle time is in IdleFraction); Lu's
// per-searcher figures are in the result (PerSearch, IdlePct …), measured
// by the controller's clock (virtual time on the simulator, wall time on
// the pool, where the waiting controller spins and then sleeps as any
// idle worker does).
//
// Lu's setting (§4.2): one table of 2^TTBits entries shared by all (Lu:
// 2^23; PrivateTT), a history table shared without locks (SharedHistory:
// here each searcher copies it in before a piece of work and adds its
// changes back atomically after, so no update is lost), iterative
// deepening (opt.Iterative). Aspiration, time and node limits are not
// used. With the table off the value equals the serial Scout's.
func RunPVSplit[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*PVSplitResult, *sched.Stats, error) {
	if err := opt.ValidatePVSplit(); err != nil {
		return nil, nil, err
	}
	n := cfg.P
	if cfg.IsSim() {
		if n < 1 {
			return nil, nil, fmt.Errorf("%s needs a finite number of searchers on the simulator (--sim P with P ≥ 1)", opt.Algo)
		}
	} else if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	mcfg := cfg
	mcfg.P = n + 1
	var table *tt.Table
	if !opt.PrivateTT {
		table = tt.New(opt.TTBits)
	}
	r, st, err := sched.Run(ctx, mcfg, func(c sched.Ctx) any {
		e := newPVEngine[T, P](c, root, opt, n, table, cfg)
		return e.run()
	})
	res, _ := r.(*PVSplitResult)
	return res, st, err
}
