package algos

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"splitpoint/game"
	"splitpoint/sched"
)

// PARSSSResult is the outcome of RunPARSSS, with the measures of
// Bhattacharya & Bagchi's Tables 2 and 3 ("Searching Game Trees in
// Parallel Using SSS*", §4–5): the running time in terminalcounts under
// the paper's clock (PaperTime), the total terminals examined by all
// processes (Terminals), and beside them the strict machine's clock.
type PARSSSResult struct {
	Algo     string      `json:"algo"`
	Value    game.Value  `json:"value"`
	BestMove game.Move   `json:"best_move_code"`
	PV       []game.Move `json:"pv_codes"` // the best move only
	Depth    int         `json:"depth"`
	// N bounds the processes running at once (the machine's P, the root
	// process included; 0 = no bound); Memory is PARITERSSS*'s M per
	// process, 0 for PARSSS*.
	N           int `json:"n"`
	Memory      int `json:"memory,omitempty"`
	SpawnHeight int `json:"spawn_height"`
	// PaperTime is the running time under the paper's clock (§4): the
	// root process's terminalcount when s is SOLVED.
	PaperTime int64 `json:"paper_time"`
	// MachineTime is the machine's clock at the end (Stats.Time): on the
	// simulator with sched.TerminalCosts, terminalcounts on a strict
	// machine of N processors; TimeUnit names its unit.
	MachineTime int64  `json:"machine_time"`
	TimeUnit    string `json:"time_unit"`
	// Terminals counts the terminals examined by all processes, killed
	// ones included; Nodes the LIVE nodes processed by Γ.
	Terminals int64 `json:"terminals"`
	Nodes     int64 `json:"nodes"`
	// Spawned counts the processes created, the root process included;
	// Killed those killed by an ancestor (or a collapse).
	Spawned int `json:"spawned"`
	Killed  int `json:"killed"`
	// PeakOpen is the largest OPEN + LIVEMINS any process held (with
	// PARITERSSS*'s INACTIVE states and the nodes handed to running
	// child processes).
	PeakOpen  int             `json:"peak_open"`
	Processes []PARSSSProcess `json:"processes"`
	// SerialTerminals are the serial SSS*'s terminals (its running time in
	// terminal counts) and SpeedupOverSSS that over PaperTime, when the
	// report ran the baseline (CompareSerial).
	SerialTerminals int64   `json:"serial_terminals,omitempty"`
	SpeedupOverSSS  float64 `json:"speedup_over_sss,omitempty"`
	// Trace lists every terminal examined, when Options.Trace is set, by
	// process and count.
	Trace []PARSSSStep `json:"trace,omitempty"`
	// Minproc lists the writes of the MINPROC entries (§3(a)), when
	// Options.Trace is set, by process and time: a process's h after each
	// change (Remark 2) and its value when SOLVED.
	Minproc []PARSSSEntry `json:"minproc,omitempty"`
}

// PARSSSEntry is one write of a process's MINPROC entry.
type PARSSSEntry struct {
	Proc   int        `json:"proc"`
	Count  int64      `json:"count"` // the writer's terminalcount
	Clock  int64      `json:"clock"` // the machine's clock
	H      game.Value `json:"h"`
	Solved bool       `json:"solved"`
}

// PARSSSProcess is one process of a run (Bhattacharya & Bagchi §3(a): a
// MINPROC entry): its root, its final h and state, its counts on the
// paper's clock (§4) and what it examined.
type PARSSSProcess struct {
	ID        int        `json:"id"`     // 1 is the root process
	Parent    int        `json:"parent"` // 0 for the root process
	Root      string     `json:"root"`   // Dewey notation, "s" for the root
	Start     int64      `json:"start"`  // paper's count when spawned
	End       int64      `json:"end"`    // paper's count at the end
	Terminals int64      `json:"terminals"`
	PeakOpen  int        `json:"peak_open"`
	Value     game.Value `json:"value,omitempty"` // h when SOLVED
	Solved    bool       `json:"solved"`
	Killed    bool       `json:"killed"`
	KilledAt  int64      `json:"killed_at,omitempty"` // the machine's clock when its parent killed it
	Stopped   int64      `json:"stopped"`             // the machine's clock when it ended
}

// PARSSSStep is one terminal examined: a cell of Table 1.
type PARSSSStep struct {
	Proc   int        `json:"proc"`
	Count  int64      `json:"count"` // the process's terminalcount after it
	Clock  int64      `json:"clock"` // the machine's clock after it
	Leaf   string     `json:"leaf"`  // Dewey notation from 1, e.g. 1121
	Live   game.Value `json:"live"`  // h when selected
	Solved game.Value `json:"solved"`
}

// deweyString writes a path in the paper's Dewey notation (children
// numbered from 1, digits run together when all are below 10).
func deweyString(p []int32) string {
	if len(p) == 0 {
		return "s"
	}
	sep := ""
	if slices.Max(p) >= 9 {
		sep = "."
	}
	var b strings.Builder
	for i, x := range p {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.Itoa(int(x) + 1))
	}
	return b.String()
}

// result assembles the measures once the run is over.
func (r *pssRun[T, P]) result(opt Options, w *pssProc[T, P], cfg sched.Config, st *sched.Stats) *PARSSSResult {
	res := &PARSSSResult{Algo: opt.Algo, Value: w.final, BestMove: w.bestMove, Depth: r.depth, N: r.bound,
		Memory: r.memory, SpawnHeight: r.spawnHeight, PaperTime: w.count.Load(), Killed: int(r.killed.Load())}
	if w.bestMove != game.NoMove {
		res.PV = []game.Move{w.bestMove}
	}
	if st != nil {
		res.MachineTime = st.Time
		switch {
		case st.IsSim() && st.Costs == sched.TerminalCosts():
			res.TimeUnit = sched.TerminalTimeUnit
		default:
			res.TimeUnit = st.TimeUnit
		}
	}
	res.Spawned = len(r.procs)
	for _, p := range r.procs {
		parent := 0
		if p.parent != nil {
			parent = p.parent.id
		}
		pp := PARSSSProcess{ID: p.id, Parent: parent, Root: deweyString(p.dewey), Start: p.start, End: p.count.Load(),
			Terminals: p.leaves, PeakOpen: p.peak, Solved: p.solved, Killed: p.killed, KilledAt: p.killedAt, Stopped: p.stopped}
		if p.solved {
			pp.Value = p.final
		}
		res.Processes = append(res.Processes, pp)
		res.Terminals += p.leaves
		res.Nodes += p.nodes
		res.PeakOpen = max(res.PeakOpen, p.peak)
		res.Trace = append(res.Trace, p.trace...)
		res.Minproc = append(res.Minproc, p.writes...)
	}
	slices.SortStableFunc(res.Trace, func(a, b PARSSSStep) int {
		if a.Proc != b.Proc {
			return a.Proc - b.Proc
		}
		return int(a.Count - b.Count)
	})
	return res
}

// CompareSerial records the serial SSS*'s terminals, against which the
// paper measures speed-up (Tables 2 and 3): SerialTerminals and
// SpeedupOverSSS (serial terminals over the paper's clock).
func (r *PARSSSResult) CompareSerial(serial *Result) {
	r.SerialTerminals = int64(serial.Counters.Leaves)
	r.SpeedupOverSSS = r.Speedup(r.SerialTerminals)
}

// WriteText prints the paper's measures, and the trace when there is one,
// as the Detail of a parallel report.
func (r *PARSSSResult) WriteText(w io.Writer, _ MoveNamer, _ *sched.Stats) {
	var b strings.Builder
	r.writeMeasures(&b)
	if len(r.Trace) > 0 {
		r.WriteTrace(&b)
	}
	for _, l := range strings.SplitAfter(strings.TrimRight(b.String(), "\n"), "\n") {
		fmt.Fprint(w, "  "+l)
	}
	fmt.Fprintln(w)
}

// writeMeasures prints the paper's measures in a few lines (the caller
// prints the value, W, C and the runtime's counters).
func (r *PARSSSResult) writeMeasures(w io.Writer) {
	n := "unbounded"
	if r.N > 0 {
		n = strconv.Itoa(r.N)
	}
	fmt.Fprintf(w, "%s: N = %s processes", r.Algo, n)
	if r.Memory > 0 {
		fmt.Fprintf(w, ", M = %d states each", r.Memory)
	}
	fmt.Fprintf(w, ", no spawn below height %d\n", r.SpawnHeight)
	fmt.Fprintf(w, "running time: %d terminal counts (paper's clock: a process starts at its father's count, a MAX node solved waits for its children's)\n", r.PaperTime)
	switch r.TimeUnit {
	case "ns":
		fmt.Fprintf(w, "wall-clock time: %d ns (pool; terminal counts only on the paper's clock)\n", r.MachineTime)
	case "":
		fmt.Fprintf(w, "machine time: %d units\n", r.MachineTime)
	default:
		fmt.Fprintf(w, "machine time: %d %s (simulated machine, strict: W ≤ N·T)\n", r.MachineTime, r.TimeUnit)
	}
	fmt.Fprintf(w, "terminals examined by all processes: %d; nodes %d\n", r.Terminals, r.Nodes)
	fmt.Fprintf(w, "processes: %d spawned (root included), %d killed; largest OPEN+LIVEMINS held: %d\n", r.Spawned, r.Killed, r.PeakOpen)
	if r.SerialTerminals > 0 {
		fmt.Fprintf(w, "speed-up over serial SSS* (%d terminal counts): %.2f\n", r.SerialTerminals, r.SpeedupOverSSS)
	}
}

// Speedup is serial/PaperTime, the paper's speed-up (Table 2 against
// PARSSS* with N = 1, Table 3 against SSS*); 0 if undefined.
func (r *PARSSSResult) Speedup(serial int64) float64 {
	if r.PaperTime <= 0 {
		return 0
	}
	return float64(serial) / float64(r.PaperTime)
}

// WriteTrace prints the trace as the paper's Table 1: one row per
// terminalcount, for each process the leaf examined, its LIVE value (the
// merit when selected) and its SOLVED value. It needs Options.Trace.
func (r *PARSSSResult) WriteTrace(w io.Writer) {
	if len(r.Trace) == 0 {
		fmt.Fprintln(w, "(no trace: run with the trace option)")
		return
	}
	procs := 0
	var last int64
	cell := map[[2]int64]PARSSSStep{}
	for _, s := range r.Trace {
		procs = max(procs, s.Proc)
		last = max(last, s.Count)
		cell[[2]int64{int64(s.Proc), s.Count}] = s
	}
	val := func(v game.Value) string {
		if v >= sssInfinity {
			return "∞"
		}
		return strconv.Itoa(int(v))
	}
	fmt.Fprintf(w, "%5s", "count")
	for p := 1; p <= procs; p++ {
		fmt.Fprintf(w, " | %-8s %5s %6s", fmt.Sprintf("P%d leaf", p), "LIVE", "SOLVED")
	}
	fmt.Fprintln(w)
	for t := int64(1); t <= last; t++ {
		fmt.Fprintf(w, "%5d", t)
		for p := 1; p <= procs; p++ {
			if s, ok := cell[[2]int64{int64(p), t}]; ok {
				fmt.Fprintf(w, " | %-8s %5s %6s", s.Leaf, val(s.Live), val(s.Solved))
			} else {
				fmt.Fprintf(w, " | %-8s %5s %6s", "-", "", "")
			}
		}
		fmt.Fprintln(w)
	}
	if len(r.Minproc) > 0 {
		fmt.Fprintln(w, "MINPROC writes (process: h at its count/machine clock; * = SOLVED):")
		for p := 1; p <= procs; p++ {
			var parts []string
			for _, e := range r.Minproc {
				if e.Proc == p {
					star := ""
					if e.Solved {
						star = "*"
					}
					parts = append(parts, fmt.Sprintf("%s%s@%d/%d", val(e.H), star, e.Count, e.Clock))
				}
			}
			if len(parts) > 0 {
				fmt.Fprintf(w, "  P%d: %s\n", p, strings.Join(parts, " "))
			}
		}
	}
}
