package results

import (
	"math"
	"sort"
)

// derivedView is view derived: every row of runs with the measures of
// Derive against its baseline (a baseline row against itself). A measure
// that cannot be computed is NULL.
const derivedView = `CREATE VIEW IF NOT EXISTS derived AS
SELECT r.*,
  CASE WHEN r.time > 0 AND b.id IS NOT NULL THEN
    (CASE WHEN r.time_unit = 'units' THEN b.work ELSE b.time END) * 1.0 / r.time END AS speedup,
  CASE WHEN r.work > 0 AND b.id IS NOT NULL THEN b.work * 1.0 / r.work END AS efficiency,
  CASE WHEN b.nodes > 0 THEN r.nodes * 1.0 / b.nodes - 1 END AS search_overhead,
  CASE WHEN r.work > 0 THEN r.failed_work * 1.0 / r.work END AS failed_share,
  CASE WHEN r.work > 0 THEN r.cutoff_work * 1.0 / r.work END AS cutoff_share,
  CASE WHEN b.nodes > 0 THEN 1 - r.winner_nodes * 1.0 / b.nodes END AS node_saving,
  CASE WHEN b.id IS NOT NULL AND COALESCE(r.host, '') <> COALESCE(b.host, '') THEN 1 ELSE 0 END AS other_host
FROM runs r LEFT JOIN runs b
  ON b.id = CASE WHEN r.role = 'baseline' THEN r.id ELSE r.baseline_id END`

// Measures are the derived measures of one run against its serial
// baseline. NaN marks a measure that cannot be computed (no baseline, or
// the result does not carry the counter).
type Measures struct {
	// Speedup is T_S/T_P: on the simulator the baseline's work in cost
	// units over T_P in units; on the pool (and for serial rows) the
	// baseline's wall time over the run's.
	Speedup float64
	// Efficiency is T_S/W (StarTech §5): the baseline's work over the
	// run's work, both in cost units.
	Efficiency float64
	// SearchOverhead is nodes_P/nodes_serial − 1 (Lu, formula 3.3).
	SearchOverhead float64
	// IdleFraction is the runtime's idle time over P·T_P.
	IdleFraction float64
	// Parallelism is W/C.
	Parallelism float64
	// FailedShare and CutoffShare are StarTech's failed and cutoff work
	// over W.
	FailedShare, CutoffShare float64
	// NodeSaving is Vučković's (§6, Table 6.1): (single − nodes of the
	// processor whose move was chosen) / single, i.e.
	// 1 − winner_nodes/nodes_serial.
	NodeSaving float64
}

// Derive computes the measures of r against base, its baseline (nil: no
// baseline, so only the run's own measures).
func Derive(r, base *Run) Measures {
	nan := math.NaN()
	m := Measures{Speedup: nan, Efficiency: nan, SearchOverhead: nan, FailedShare: nan, CutoffShare: nan, NodeSaving: nan,
		IdleFraction: r.IdleFrac, Parallelism: r.Parallelism}
	if r.Work > 0 {
		if r.FailedWork != nil {
			m.FailedShare = float64(*r.FailedWork) / float64(r.Work)
		}
		if r.CutoffWork != nil {
			m.CutoffShare = float64(*r.CutoffWork) / float64(r.Work)
		}
	}
	if base == nil {
		return m
	}
	if r.Time > 0 {
		ts := base.Time
		if r.TimeUnit == "units" {
			ts = base.Work
		}
		m.Speedup = float64(ts) / float64(r.Time)
	}
	if r.Work > 0 {
		m.Efficiency = float64(base.Work) / float64(r.Work)
	}
	if base.Nodes > 0 {
		m.SearchOverhead = float64(r.Nodes)/float64(base.Nodes) - 1
		if r.WinnerNodes != nil {
			m.NodeSaving = 1 - float64(*r.WinnerNodes)/float64(base.Nodes)
		}
	}
	return m
}

// BaselineOf finds r's baseline among base (by id; a baseline row is its
// own), or nil.
func BaselineOf(r *Run, base map[int64]Run) *Run {
	if r.Role == RoleBaseline {
		return r
	}
	if r.BaselineID == nil {
		return nil
	}
	if b, ok := base[*r.BaselineID]; ok {
		return &b
	}
	return nil
}

// Stat is the mean and sample standard deviation (n − 1 in the
// denominator; 0 for one value) of the values that are not NaN, and how
// many there were.
type Stat struct {
	N        int
	Mean, SD float64
}

func stat(xs []float64) Stat {
	var s Stat
	var sum float64
	for _, x := range xs {
		if !math.IsNaN(x) {
			s.N++
			sum += x
		}
	}
	if s.N == 0 {
		return Stat{Mean: math.NaN(), SD: math.NaN()}
	}
	s.Mean = sum / float64(s.N)
	if s.N > 1 {
		var ss float64
		for _, x := range xs {
			if !math.IsNaN(x) {
				ss += (x - s.Mean) * (x - s.Mean)
			}
		}
		s.SD = math.Sqrt(ss / float64(s.N-1))
	}
	return s
}

// SummaryRow is one line of the summary: the runs of one algorithm with
// its variants on one machine with P processors, over the positions (and
// repetitions) of a sweep — the shape of Lu's tables 4.1 and 5.1–5.3.
type SummaryRow struct {
	Algo, Variants, Machine string
	P                       *int64
	Runs                    int
	Speedup, Efficiency     Stat
	SearchOverhead          Stat
	IdleFraction            Stat
	Parallelism             Stat
	FailedShare             Stat
	CutoffShare             Stat
	NodeSaving              Stat
	// OtherHost counts the pool runs whose speedup compares wall times
	// measured on two hosts (OtherHost), which WriteSummary notes.
	OtherHost int
	// Noisy counts the runs timed while other processes competed for the
	// cores (column noise), which WriteSummary notes.
	Noisy int
}

// OtherHost reports whether r and its baseline ran on different hosts
// (a worker's host, or the local machine when Host is NULL).
func OtherHost(r, base *Run) bool {
	if base == nil {
		return false
	}
	h := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	return h(r.Host) != h(base.Host)
}

// Label is the row's algorithm with its variants.
func (s *SummaryRow) Label() string {
	r := Run{Algo: s.Algo, Variants: s.Variants}
	return r.AlgoLabel()
}

// ProcsLabel is P as printed: a number, "inf" or "-".
func (s *SummaryRow) ProcsLabel() string {
	r := Run{P: s.P}
	return r.ProcsLabel()
}

// Finished is runs without the failed ones (Run.Failed).
func Finished(runs []Run) []Run {
	out := make([]Run, 0, len(runs))
	for _, r := range runs {
		if r.Failed == nil {
			out = append(out, r)
		}
	}
	return out
}

// Summarize groups runs by (algorithm, variants, machine, P) and gives
// each group's means and standard deviations. The baselines the rows
// point to must be among runs (as Runs(sweep) returns them).
func Summarize(runs []Run) []SummaryRow {
	runs = Finished(runs)
	base := map[int64]Run{}
	for _, r := range runs {
		if r.Role == RoleBaseline {
			base[r.ID] = r
		}
	}
	type key struct {
		algo, variants, machine string
		p                       int64
		hasP                    bool
	}
	type acc struct {
		row                                             SummaryRow
		sp, ef, so, idle, par, failed, cutoff, nodeSave []float64
	}
	groups := map[key]*acc{}
	var order []key
	for i := range runs {
		r := &runs[i]
		if r.Role == RoleSolve {
			continue // solve rows are summarised by their rating (t20)
		}
		k := key{algo: r.Algo, variants: r.Variants, machine: r.Machine}
		if r.P != nil {
			k.p, k.hasP = *r.P, true
		}
		a := groups[k]
		if a == nil {
			a = &acc{row: SummaryRow{Algo: r.Algo, Variants: r.Variants, Machine: r.Machine, P: r.P}}
			groups[k] = a
			order = append(order, k)
		}
		b := BaselineOf(r, base)
		m := Derive(r, b)
		a.row.Runs++
		if r.Machine == "pool" && OtherHost(r, b) {
			a.row.OtherHost++
		}
		if r.Noise != nil || (r.Machine == "pool" && b != nil && b.Noise != nil) {
			a.row.Noisy++
		}
		a.sp = append(a.sp, m.Speedup)
		a.ef = append(a.ef, m.Efficiency)
		a.so = append(a.so, m.SearchOverhead)
		a.idle = append(a.idle, m.IdleFraction)
		a.par = append(a.par, m.Parallelism)
		a.failed = append(a.failed, m.FailedShare)
		a.cutoff = append(a.cutoff, m.CutoffShare)
		a.nodeSave = append(a.nodeSave, m.NodeSaving)
	}
	out := make([]SummaryRow, 0, len(order))
	for _, k := range order {
		a := groups[k]
		a.row.Speedup, a.row.Efficiency, a.row.SearchOverhead = stat(a.sp), stat(a.ef), stat(a.so)
		a.row.IdleFraction, a.row.Parallelism = stat(a.idle), stat(a.par)
		a.row.FailedShare, a.row.CutoffShare, a.row.NodeSaving = stat(a.failed), stat(a.cutoff), stat(a.nodeSave)
		out = append(out, a.row)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Machine != b.Machine {
			return machineRank(a.Machine) < machineRank(b.Machine)
		}
		if a.Label() != b.Label() {
			return a.Label() < b.Label()
		}
		return procsRank(a.P) < procsRank(b.P)
	})
	return out
}

func machineRank(m string) int {
	switch m {
	case "serial":
		return 0
	case "pool":
		return 1
	}
	return 2
}

func procsRank(p *int64) float64 {
	r := Run{P: p}
	return r.Procs()
}
