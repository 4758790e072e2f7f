package lab

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/progress"
	"splitpoint/sched"
	"splitpoint/tt"

	"github.com/dustin/go-humanize"
)

// ParallelReport is one parallel search's result: the value, the runtime's
// measurements (work, span, parallelism, time, steals, …), the comparison
// with the serial baseline and the algorithm's own account (Detail, whose
// JSON stands under the algorithm's name).
type ParallelReport struct {
	Position string        `json:"position"`
	ID       string        `json:"id,omitempty"`
	Algo     string        `json:"algo"`
	Depth    int           `json:"depth"`
	Value    game.Value    `json:"value"`
	BestMove string        `json:"best_move"`
	Best     game.Move     `json:"best_move_code"`
	PV       []string      `json:"pv"`
	Config   sched.Config  `json:"config"`
	Options  algos.Options `json:"options"`
	// DepthNote says where the depth came from when none was given (a
	// synthetic tree's own).
	DepthNote string `json:"depth_note,omitempty"`
	// Notes say which settings were chosen for the user and why (the
	// preset, the grain, the baseline).
	Notes []string `json:"notes,omitempty"`
	*sched.Stats
	// Iterations are the completed iterations and when each finished.
	Iterations []algos.JamIteration `json:"iterations,omitempty"`
	// TreeEnd: iterative deepening stopped at Depth, where the tree ends.
	TreeEnd bool     `json:"tree_end,omitempty"`
	TT      tt.Stats `json:"tt"`
	// Serial is the baseline: the serial algorithm of the algorithm's row
	// with the same options, run here; nil when not run.
	Serial *Baseline `json:"serial,omitempty"`
	// Efficiency is W_serial / W (StarTech: the serial program's work over
	// the parallel program's). Speedup is T_serial / T_P: on the simulator
	// T_serial = W_serial (one processor of the same cost model), on the
	// pool the wall times.
	Efficiency float64      `json:"efficiency"`
	Speedup    float64      `json:"speedup"`
	Detail     algos.Detail `json:"-"`
	// Cancelled is set when the run was stopped before it finished: its
	// figures are those of the work done so far.
	Cancelled bool `json:"cancelled,omitempty"`
	// Failed says why a run that could not finish stopped (its memory
	// budget: sched.MemoryError).
	Failed string `json:"failed,omitempty"`
	// Cycles is the run's cycle accounting in StarTech Fig. 8's
	// categories (AccountCycles; simulated finite machines only).
	Cycles []sched.CycleShare `json:"cycles,omitempty"`
	// Repeats is set on a pool run repeated for its timing
	// (ParallelRepeated): this report is the median repetition's.
	Repeats *Repeats `json:"repeats,omitempty"`
	// Noise says whether other processes competed for the cores while a
	// pool run was timed (nil on the simulator, whose time is counted).
	Noise *Noise `json:"noise,omitempty"`
}

// AccountCycles fills r.Cycles from the run's counters (sched.Stats.Cycles).
func (r *ParallelReport) AccountCycles() error {
	c, err := r.Stats.Cycles()
	r.Cycles = c
	return err
}

// Baseline is the serial search a parallel run is measured against.
type Baseline struct {
	Algo    string     `json:"algo"`
	Value   game.Value `json:"serial_value"`
	Nodes   uint64     `json:"serial_nodes"`
	Seconds float64    `json:"serial_seconds"`
	Work    int64      `json:"serial_work"` // in the run's cost units: algos.SerialWork
	// Cached is set when the baseline came from the results database (an
	// earlier run of the same serial search), not run now.
	Cached bool `json:"cached,omitempty"`
	// RowID is its row in the results database (0: not stored): a
	// recorded search points to it as its baseline.
	RowID int64 `json:"-"`
}

// MarshalJSON writes the report with its Detail under the algorithm's
// name ("jamboree": {…}, "rootsplit": {…}).
func (r *ParallelReport) MarshalJSON() ([]byte, error) {
	type plain ParallelReport
	b, err := json.Marshal((*plain)(r))
	if err != nil || r.Detail == nil {
		return b, err
	}
	d, err := json.Marshal(r.Detail)
	if err != nil {
		return nil, err
	}
	return append(append(append(b[:len(b)-1], fmt.Sprintf(",%q:", r.Algo)...), d...), '}'), nil
}

// Parallel runs the parallel algorithm opt.Algo on the item on the
// machine cfg describes, then the serial algorithm of its row with the
// same options for the efficiency and the speedup, as base says (run it,
// reuse a cached one, or skip it). A cancelled run returns its report
// marked Cancelled with ctx's error.
func Parallel(ctx context.Context, it *Item, opt algos.Options, cfg sched.Config, base BaselineMode) (*ParallelReport, error) {
	opt, note := it.TreeDepth(opt)
	if err := checkTable(opt, cfg.MemoryBudget()); err != nil {
		return nil, err
	}
	if live := progress.LiveFrom(ctx); live != nil {
		prev := cfg.Observe
		live.Simulated.Store(cfg.IsSim())
		cfg.Observe = func(s sched.Snapshot) {
			live.Nodes.Store(s.Nodes)
			live.Depth.Store(s.Progress)
			if prev != nil {
				prev(s)
			}
		}
	}
	probe := poolNoise(cfg)
	res, st, err := it.dom.parallel(ctx, opt, cfg)
	if st == nil {
		return nil, err
	}
	cfg.Observe = nil
	rep := &ParallelReport{Position: it.Name, ID: it.ID, Algo: opt.Algo, Depth: opt.Depth, PV: []string{}, Config: cfg,
		Options: opt, DepthNote: note, Stats: st, Noise: probe.stop()}
	if res == nil {
		return rep, err
	}
	rep.Value, rep.Depth, rep.Best, rep.BestMove, rep.PV = res.Value, res.Depth, res.BestMove, it.MoveText(res.BestMove), it.dom.moveTexts(res.PV)
	rep.Iterations, rep.TT, rep.Detail, rep.TreeEnd = res.Iterations, res.TT, res.Detail, res.TreeEnd
	if n, ok := res.Detail.(algos.MoveNaming); ok {
		n.NameMoves(it.MoveText)
	}
	if err != nil {
		rep.Cancelled = ctx.Err() != nil
		var memErr *sched.MemoryError
		if errors.As(err, &memErr) {
			rep.Failed = memErr.Error()
		}
		return rep, err
	}
	row, _ := opt.Table().Lookup(opt.Algo)
	if base.Skip || row.Baseline == "" {
		return rep, nil
	}
	ser, rowID, fromCache, err := base.baseline(ctx, it, SerialOptions(opt, row.Baseline))
	if err != nil {
		rep.Cancelled = ctx.Err() != nil
		return rep, err
	}
	rep.compare(ser, cfg.Costs)
	rep.Serial.Cached, rep.Serial.RowID = fromCache, rowID
	return rep, nil
}

// SerialOptions are the options of a parallel run's serial baseline: the
// same search with algorithm algo and nothing that changes only the
// parallel search (algos.Options.Serial).
func SerialOptions(opt algos.Options, algo string) algos.Options { return opt.Serial(algo) }

// compare measures the run against the serial search ser.
func (r *ParallelReport) compare(ser *algos.Result, costs sched.CostModel) {
	b := &Baseline{Algo: ser.Options.Algo, Value: ser.Value, Nodes: ser.Nodes, Seconds: ser.Seconds, Work: algos.SerialWork(costs, ser)}
	r.Serial = b
	if r.Work > 0 {
		r.Efficiency = float64(b.Work) / float64(r.Work)
	}
	if r.Time > 0 {
		if r.TimeUnit == "ns" {
			r.Speedup = b.Seconds * 1e9 / float64(r.Time)
		} else {
			r.Speedup = float64(b.Work) / float64(r.Time)
		}
	}
	if c, ok := r.Detail.(algos.SerialComparing); ok {
		c.CompareSerial(ser)
	}
}

// WriteText prints a parallel search result for people.
func (r *ParallelReport) WriteText(w io.Writer) {
	s := r.Stats
	fmt.Fprintf(w, "search %s\n", title(r.Position, r.ID))
	fmt.Fprintf(w, "  options: %s\n", r.Options)
	fmt.Fprintf(w, "  %s\n", MachineLine(r.Config))
	if r.DepthNote != "" {
		fmt.Fprintf(w, "  %s\n", r.DepthNote)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "  %s\n", n)
	}
	if s.Note != "" {
		fmt.Fprintf(w, "  NOTE: %s\n", s.Note)
	}
	r.Noise.writeText(w)
	if r.Failed != "" {
		fmt.Fprintf(w, "  STOPPED: %s\n", r.Failed)
		return
	}
	if r.Cancelled {
		fmt.Fprintf(w, "  CANCELLED after %d nodes (work W %d, time %s, %d tasks)", s.Counts["node"], s.Work, metrics.FormatTime(s.Time, s.TimeUnit), s.Tasks)
		if n := len(r.Iterations); n > 0 {
			it := r.Iterations[n-1]
			fmt.Fprintf(w, "; deepest completed iteration: depth %d, value %d", it.Depth, it.Value)
		} else {
			fmt.Fprintf(w, "; no iteration completed, so no value, and no serial baseline was run")
		}
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintf(w, "  value %s at depth %d", game.Describe(game.Value(r.Value)), r.Depth)
	if r.BestMove != "" {
		fmt.Fprintf(w, ", best move %s", r.BestMove)
	}
	if r.TreeEnd {
		fmt.Fprintf(w, " (no depth horizon was met: the whole tree was searched, and iterations stop here)")
	}
	fmt.Fprintln(w)
	if len(r.PV) > 0 {
		fmt.Fprintf(w, "  pv: %s\n", strings.Join(r.PV, " "))
	}
	tp := metrics.FormatTime(s.Time, s.TimeUnit)
	switch {
	case s.TimeUnit == "ns":
		tp += " wall"
	case s.Costs == sched.TerminalCosts():
		tp = fmt.Sprintf("%d %s", s.Time, sched.TerminalTimeUnit)
	default:
		costs := s.Costs.String()
		if !strings.Contains(costs, "node=") {
			costs = strings.TrimSuffix("node=1,"+costs, ",")
		}
		tp += fmt.Sprintf(" (a unit is the cost model's: %s)", costs)
	}
	fmt.Fprintf(w, "  work W %d, critical path C %d, parallelism W/C %.2f, time T_P %s\n", s.Work, s.Span, s.Parallelism, tp)
	fmt.Fprintf(w, "  tasks %d, steals %d of %d attempts, aborts %d (%d tasks aborted), idle fraction %.3f\n",
		s.Tasks, s.Steals, s.StealAttempts, s.Aborts, s.AbortedTasks, s.IdleFraction)
	if s.Promotions > 0 {
		fmt.Fprintf(w, "  latent tests promoted to tasks %d times (steal requests and helpful waits)\n", s.Promotions)
	}
	fmt.Fprintf(w, "  blocked on children %s, on shared state %s, on parents %s; scheduling overhead %s\n",
		metrics.FormatTime(s.BlockedChildren, s.TimeUnit), metrics.FormatTime(s.BlockedShared, s.TimeUnit), metrics.FormatTime(s.BlockedParent, s.TimeUnit), metrics.FormatTime(s.Overhead, s.TimeUnit))
	if s.CPUNS > 0 {
		fmt.Fprintf(w, "  cpu %.3f s\n", float64(s.CPUNS)/1e9)
	}
	if s.PeakLiveProcs > 0 {
		fmt.Fprintf(w, "  memory: peak %d live processors, %s in use at the peak (%s a live processor, an upper bound)\n",
			s.PeakLiveProcs, humanize.IBytes(uint64(max(s.PeakMem, 0))), humanize.IBytes(uint64(max(s.BytesPerLiveProc, 0))))
	}
	if r.Detail != nil {
		r.Detail.WriteText(w, nil, s)
	}
	if b := r.Serial; b != nil {
		from := ""
		if b.Cached {
			from = " (cached: run earlier with the same options)"
		}
		fmt.Fprintf(w, "  serial %s: value %d, nodes %d, W_serial %d, %.3f s%s; efficiency W_serial/W %.3f (the work), speedup %.2f (T_S/T_P, the time)\n",
			b.Algo, b.Value, b.Nodes, b.Work, b.Seconds, from, r.Efficiency, r.Speedup)
	}
	if r.Repeats != nil {
		r.Repeats.writeText(w, r.Speedup)
	}
	if len(r.Cycles) > 0 {
		sched.WriteCycles(w, r.Cycles)
		if b := r.Serial; b != nil && s.P > 0 && s.Time > 0 {
			all := float64(s.P) * float64(s.Time)
			fmt.Fprintf(w, "    the serial %s's work is %.1f %% of all cycles, %.1f %% of the chess work (Fig. 8: 21.4 %%, of which the paper leaves ambiguous)\n",
				b.Algo, 100*float64(b.Work)/all, 100*float64(b.Work)/float64(r.Cycles[0].Units))
		}
	}
}

// MachineLine describes the machine of a run in one line, with its seed,
// scheduler options and non-zero costs.
func MachineLine(cfg sched.Config) string {
	costs := cfg.Costs.String()
	if costs == "" {
		costs = "unit (node=1)"
	}
	return fmt.Sprintf("machine=%s p=%s seed=%d levels=%t levelwait=%t costs=%s", kindOf(cfg.Machine), cfg.PLabel(), cfg.Seed, cfg.Levels, cfg.LevelWait, costs)
}

func kindOf(m sched.Machine) string {
	if m.Kind == "" {
		return sched.Pool
	}
	return m.Kind
}
