package results

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
)

// Roles of a row.
const (
	RoleBaseline = "baseline"
	RoleSerial   = "serial"
	RoleParallel = "parallel"
	// RoleSolve is a parallel solve of a test position: Seconds is the
	// time to the right move (the limit when unsolved), the result JSON
	// holds "solved".
	RoleSolve = "solve"
)

// PInf is the p column of a run on the simulator's infinite machine.
const PInf = -1

// Run is one row of table runs (see the package documentation for the
// meaning of each column). Nullable columns are pointers.
type Run struct {
	ID          int64   `json:"id"`
	Sweep       string  `json:"sweep"`
	Created     string  `json:"created"`
	Version     string  `json:"version"`
	Role        string  `json:"role"`
	Position    string  `json:"position"`
	PositionID  string  `json:"position_id"`
	Domain      string  `json:"domain"`
	Algo        string  `json:"algo"`
	Variants    string  `json:"variants"`
	Depth       int64   `json:"depth"`
	TimeLimitNS int64   `json:"time_limit_ns"`
	Machine     string  `json:"machine"`
	P           *int64  `json:"p"`
	Seed        int64   `json:"seed"`
	Rep         int64   `json:"rep"`
	TTBits      int64   `json:"tt_bits"`
	Costs       string  `json:"costs"`
	Levels      bool    `json:"levels"`
	LevelWait   bool    `json:"levelwait"`
	Value       int64   `json:"value"`
	BestMove    string  `json:"best_move"`
	Nodes       int64   `json:"nodes"`
	Leaves      int64   `json:"leaves"`
	Work        int64   `json:"work"`
	Span        int64   `json:"span"`
	Parallelism float64 `json:"parallelism"`
	Time        int64   `json:"time"`
	TimeUnit    string  `json:"time_unit"`
	Seconds     float64 `json:"seconds"`
	Tasks       int64   `json:"tasks"`
	Steals      int64   `json:"steals"`
	StealTries  int64   `json:"steal_attempts"`
	Aborts      int64   `json:"aborts"`
	AbortedTask int64   `json:"aborted_tasks"`
	IdleFrac    float64 `json:"idle_fraction"`
	BlockedKids int64   `json:"blocked_children"`
	BlockedShr  int64   `json:"blocked_shared"`
	BlockedPar  int64   `json:"blocked_parent"`
	Overhead    int64   `json:"overhead"`
	FailedWork  *int64  `json:"failed_work"`
	CutoffWork  *int64  `json:"cutoff_work"`
	WinnerNodes *int64  `json:"winner_nodes"`
	BaselineID  *int64  `json:"baseline_id"`
	Result      string  `json:"result"`
	// Failed is why a run that could not finish stopped (its memory
	// budget, sched.MemoryError): a sweep records it and goes on. NULL for
	// a finished run; summaries and fits leave failed runs out.
	Failed *string `json:"failed"`
	// Job is the run's job id within its sweep when a worker ran it
	// (dist: a sweep spread over NATS); the store keeps one row per
	// (sweep, job) whatever the redeliveries. NULL for local runs.
	Job *string `json:"job"`
	// Host, CPU and Cores are the machine a worker ran the run on
	// (hostname, CPU model, logical cores); NULL for local runs. A pool
	// run's speedup compares wall times, so the summary says when a run
	// and its baseline ran on different hosts.
	Host  *string `json:"host"`
	CPU   *string `json:"cpu"`
	Cores *int64  `json:"cores"`
	// Noise is a one-line warning on a timing taken while other processes
	// competed for the cores (NULL when the cores were free, and for
	// simulated runs, whose time is not measured); OtherCores is how many
	// cores other processes kept busy on average during the run (NULL when
	// not measured). See lab.Noise.
	Noise      *string  `json:"noise"`
	OtherCores *float64 `json:"other_cores"`
	// ParBelow10 is the fraction of the run's time during which fewer
	// than 10 tasks could run (its parallelism profile,
	// sched.Profile.FractionBelow: *Socrates §2.5 measured "for half the
	// run-time there is often less than 10-fold parallelism" on the
	// infinite machine); NULL for a run without a profile.
	ParBelow10 *float64 `json:"par_below10"`
}

// column is one column of table runs: its name, SQL type and the field
// that holds it.
type column struct {
	name, typ string
	field     func(r *Run) any // a pointer to the field
}

var columns = []column{
	{"id", "INTEGER PRIMARY KEY AUTOINCREMENT", func(r *Run) any { return &r.ID }},
	{"sweep", "TEXT NOT NULL", func(r *Run) any { return &r.Sweep }},
	{"created", "TEXT NOT NULL", func(r *Run) any { return &r.Created }},
	{"version", "TEXT NOT NULL", func(r *Run) any { return &r.Version }},
	{"role", "TEXT NOT NULL", func(r *Run) any { return &r.Role }},
	{"position", "TEXT NOT NULL", func(r *Run) any { return &r.Position }},
	{"position_id", "TEXT NOT NULL", func(r *Run) any { return &r.PositionID }},
	{"domain", "TEXT NOT NULL", func(r *Run) any { return &r.Domain }},
	{"algo", "TEXT NOT NULL", func(r *Run) any { return &r.Algo }},
	{"variants", "TEXT NOT NULL", func(r *Run) any { return &r.Variants }},
	{"depth", "INTEGER NOT NULL", func(r *Run) any { return &r.Depth }},
	{"time_limit_ns", "INTEGER NOT NULL", func(r *Run) any { return &r.TimeLimitNS }},
	{"machine", "TEXT NOT NULL", func(r *Run) any { return &r.Machine }},
	{"p", "INTEGER", func(r *Run) any { return &r.P }},
	{"seed", "INTEGER NOT NULL", func(r *Run) any { return &r.Seed }},
	{"rep", "INTEGER NOT NULL", func(r *Run) any { return &r.Rep }},
	{"tt_bits", "INTEGER NOT NULL", func(r *Run) any { return &r.TTBits }},
	{"costs", "TEXT NOT NULL", func(r *Run) any { return &r.Costs }},
	{"levels", "INTEGER NOT NULL", func(r *Run) any { return &r.Levels }},
	{"levelwait", "INTEGER NOT NULL", func(r *Run) any { return &r.LevelWait }},
	{"value", "INTEGER NOT NULL", func(r *Run) any { return &r.Value }},
	{"best_move", "TEXT NOT NULL", func(r *Run) any { return &r.BestMove }},
	{"nodes", "INTEGER NOT NULL", func(r *Run) any { return &r.Nodes }},
	{"leaves", "INTEGER NOT NULL", func(r *Run) any { return &r.Leaves }},
	{"work", "INTEGER NOT NULL", func(r *Run) any { return &r.Work }},
	{"span", "INTEGER NOT NULL", func(r *Run) any { return &r.Span }},
	{"parallelism", "REAL NOT NULL", func(r *Run) any { return &r.Parallelism }},
	{"time", "INTEGER NOT NULL", func(r *Run) any { return &r.Time }},
	{"time_unit", "TEXT NOT NULL", func(r *Run) any { return &r.TimeUnit }},
	{"seconds", "REAL NOT NULL", func(r *Run) any { return &r.Seconds }},
	{"tasks", "INTEGER NOT NULL", func(r *Run) any { return &r.Tasks }},
	{"steals", "INTEGER NOT NULL", func(r *Run) any { return &r.Steals }},
	{"steal_attempts", "INTEGER NOT NULL", func(r *Run) any { return &r.StealTries }},
	{"aborts", "INTEGER NOT NULL", func(r *Run) any { return &r.Aborts }},
	{"aborted_tasks", "INTEGER NOT NULL", func(r *Run) any { return &r.AbortedTask }},
	{"idle_fraction", "REAL NOT NULL", func(r *Run) any { return &r.IdleFrac }},
	{"blocked_children", "INTEGER NOT NULL", func(r *Run) any { return &r.BlockedKids }},
	{"blocked_shared", "INTEGER NOT NULL", func(r *Run) any { return &r.BlockedShr }},
	{"blocked_parent", "INTEGER NOT NULL", func(r *Run) any { return &r.BlockedPar }},
	{"overhead", "INTEGER NOT NULL", func(r *Run) any { return &r.Overhead }},
	{"failed_work", "INTEGER", func(r *Run) any { return &r.FailedWork }},
	{"cutoff_work", "INTEGER", func(r *Run) any { return &r.CutoffWork }},
	{"winner_nodes", "INTEGER", func(r *Run) any { return &r.WinnerNodes }},
	{"baseline_id", "INTEGER REFERENCES runs(id)", func(r *Run) any { return &r.BaselineID }},
	{"result", "TEXT NOT NULL", func(r *Run) any { return &r.Result }},
	{"failed", "TEXT", func(r *Run) any { return &r.Failed }},
	{"job", "TEXT", func(r *Run) any { return &r.Job }},
	{"host", "TEXT", func(r *Run) any { return &r.Host }},
	{"cpu", "TEXT", func(r *Run) any { return &r.CPU }},
	{"cores", "INTEGER", func(r *Run) any { return &r.Cores }},
	{"noise", "TEXT", func(r *Run) any { return &r.Noise }},
	{"other_cores", "REAL", func(r *Run) any { return &r.OtherCores }},
	{"par_below10", "REAL", func(r *Run) any { return &r.ParBelow10 }},
}

// Columns lists the columns of table runs in order.
func Columns() []string {
	out := make([]string, len(columns))
	for i, c := range columns {
		out[i] = c.name
	}
	return out
}

// Int is a helper for the nullable columns: a pointer to n.
func Int(n int64) *int64 { return &n }

// ProcsLabel prints p as the tables do: "inf" for PInf, "-" for NULL.
func (r *Run) ProcsLabel() string {
	switch {
	case r.P == nil:
		return "-"
	case *r.P == PInf:
		return "inf"
	}
	return fmt.Sprint(*r.P)
}

// Procs is p as a number for fits: +Inf for PInf, 1 for a serial row.
func (r *Run) Procs() float64 {
	switch {
	case r.P == nil:
		return 1
	case *r.P == PInf:
		return math.Inf(1)
	}
	return float64(*r.P)
}

// AlgoLabel is the algorithm with its variants, e.g. "jamboree+deferred".
func (r *Run) AlgoLabel() string {
	if r.Variants == "" {
		return r.Algo
	}
	return r.Algo + "+" + r.Variants
}

// optionalKeys are the counters a result may carry in its JSON that have
// a column of their own.
var optionalKeys = []struct {
	key   string
	field func(r *Run) **int64
}{
	{"failed_work", func(r *Run) **int64 { return &r.FailedWork }},
	{"cutoff_work", func(r *Run) **int64 { return &r.CutoffWork }},
	{"winner_nodes", func(r *Run) **int64 { return &r.WinnerNodes }},
}

// SetResult stores v's JSON in r.Result and copies the optional counters
// it carries (failed_work, cutoff_work, winner_nodes) to their columns, so
// that an algorithm that reports them needs no change here. A counter is
// the first field of that name, at any depth, that is a number or an
// object with a numeric "total" (as Jamboree's work by node type).
func (r *Run) SetResult(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("result of %s on %s: %w", r.AlgoLabel(), r.Position, err)
	}
	r.Result = string(b)
	var tree any
	if json.Unmarshal(b, &tree) != nil {
		return nil
	}
	for _, k := range optionalKeys {
		if n, ok := findCounter(tree, k.key); ok {
			*k.field(r) = &n
		}
	}
	return nil
}

// findCounter looks for key breadth-first in a decoded JSON tree.
func findCounter(tree any, key string) (int64, bool) {
	queue := []any{tree}
	for len(queue) > 0 {
		node := queue[0]
		queue = queue[1:]
		switch x := node.(type) {
		case map[string]any:
			if v, ok := x[key]; ok {
				if n, ok := counterValue(v); ok {
					return n, true
				}
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				queue = append(queue, x[k])
			}
		case []any:
			queue = append(queue, x...)
		}
	}
	return 0, false
}

func counterValue(v any) (int64, bool) {
	switch x := v.(type) {
	case float64:
		return int64(x), true
	case map[string]any:
		if t, ok := x["total"].(float64); ok {
			return int64(t), true
		}
	}
	return 0, false
}

// Short is a one-line description of the run, for progress lines.
func (r *Run) Short() string {
	var b strings.Builder
	b.WriteString(r.AlgoLabel())
	if r.Machine != "serial" {
		fmt.Fprintf(&b, " %s p=%s", r.Machine, r.ProcsLabel())
	}
	fmt.Fprintf(&b, " on %s", r.Position)
	if r.Rep > 1 {
		fmt.Fprintf(&b, " rep %d", r.Rep)
	}
	return b.String()
}
