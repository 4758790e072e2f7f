package lab

import (
	"encoding/json"
	"fmt"
	"math"

	"splitpoint/algos"
	"splitpoint/results"
	"splitpoint/sched"
)

// Settings is how a run was made, as its results row records it: the one
// description a sweep's job, a recorded search and a parallel solve all
// fill in.
type Settings struct {
	Role     string // results.RoleBaseline, RoleSerial, RoleParallel or RoleSolve
	Position string // the position's canonical name
	ID       string // its suite id
	Domain   string
	Opt      algos.Options // the algorithm, its variants and the search options
	// Machine is the machine of a parallel run; nil for a serial run.
	Machine *sched.Config
	Rep     int // 1-based repetition
}

// SettingsOf is the Settings of a run of opt on it.
func SettingsOf(role string, it *Item, opt algos.Options, cfg *sched.Config) Settings {
	return Settings{Role: role, Position: it.Name, ID: it.ID, Domain: it.Domain(), Opt: opt, Machine: cfg, Rep: 1}
}

// Settings are the Settings of the settled run s of a position (its
// name, suite id and domain), repetition rep: the row a sweep's job and a
// cluster's worker record (NewRow with s.Costs).
func (s Settled) Settings(role, position, id, domain string, rep int) Settings {
	out := Settings{Role: role, Position: position, ID: id, Domain: domain, Opt: s.Opt, Rep: rep}
	if s.Parallel() {
		cfg := s.Config(sched.Config{ProfileBuckets: 64})
		out.Machine = &cfg
	}
	return out
}

// RowSettled is the settled run a results row records, read back from
// its result column (the options and the machine the run ran with), for
// running it again.
func RowSettled(result string) (Settled, error) {
	var stored struct {
		Options algos.Options `json:"options"`
		Config  *sched.Config `json:"config"`
	}
	if err := json.Unmarshal([]byte(result), &stored); err != nil {
		return Settled{}, fmt.Errorf("a row's result: %w", err)
	}
	s := Settled{Opt: stored.Options, Machine: sched.Machine{Kind: Serial}, Costs: sched.DefaultCosts()}
	if c := stored.Config; c != nil {
		s.Machine, s.Levels, s.LevelWait, s.Costs, s.MaxMem = c.Machine, c.Levels, c.LevelWait, c.Costs, c.MaxMem
		s.Opt.Seed = c.Seed
	}
	return s, nil
}

// PColumn is the p column of a results row for machine m: results.PInf
// for infinitely many simulated processors.
func PColumn(m sched.Machine) *int64 {
	if m.Infinite() {
		return results.Int(results.PInf)
	}
	return results.Int(int64(m.P))
}

// NewRow is the results row of a run with its settings filled in and no
// counters. A serial run's row is on machine "serial" with costs of the
// ideal machine unless given.
func NewRow(s Settings, costs sched.CostModel) results.Run {
	c, _ := json.Marshal(costs)
	r := results.Run{Role: s.Role, Position: s.Position, PositionID: s.ID, Domain: s.Domain, Algo: s.Opt.Algo,
		Variants: s.Opt.VariantLabel(), Depth: int64(s.Opt.Depth), TimeLimitNS: int64(s.Opt.Time), Machine: "serial",
		Seed: int64(s.Opt.Seed), Rep: int64(max(s.Rep, 1)), TTBits: int64(s.Opt.TTBits), Costs: string(c), Result: "{}"}
	if m := s.Machine; m != nil {
		r.Machine, r.P, r.Seed = kindOf(m.Machine), PColumn(m.Machine), int64(m.Seed)
		r.Levels, r.LevelWait = m.Levels, m.LevelWait
	}
	return r
}

// FillSerial fills a serial run's counters and result: its work in the
// cost units of costs (algos.SerialWork, what a parallel search charges
// for the same nodes), span = work, parallelism 1, time the wall time.
func FillSerial(row *results.Run, rep *SearchReport, costs sched.CostModel) error {
	c := rep.Counters
	row.Value, row.BestMove, row.Nodes, row.Leaves = int64(rep.Value), rep.BestMoveText, int64(c.Nodes), int64(c.Leaves)
	row.Work = algos.SerialWork(costs, rep.Result)
	row.Span, row.Parallelism = row.Work, 1
	row.Time, row.TimeUnit, row.Seconds = max(int64(rep.Seconds*1e9), 1), "ns", rep.Seconds
	rep.Noise.SetRow(row)
	return row.SetResult(rep)
}

// FillParallel fills a parallel run's counters and result from its report.
func FillParallel(row *results.Run, rep *ParallelReport) error {
	s := rep.Stats
	row.Value, row.BestMove = int64(rep.Value), rep.BestMove
	row.Nodes, row.Leaves = s.Counts["node"], s.Counts["eval"]
	row.Work, row.Span, row.Parallelism, row.Time, row.TimeUnit = s.Work, s.Span, s.Parallelism, s.Time, s.TimeUnit
	if s.TimeUnit == "ns" {
		row.Seconds = float64(s.Time) / 1e9
	}
	row.Tasks, row.Steals, row.StealTries, row.Aborts, row.AbortedTask = s.Tasks, s.Steals, s.StealAttempts, s.Aborts, s.AbortedTasks
	row.IdleFrac, row.Overhead = s.IdleFraction, s.Overhead
	if d, ok := rep.Detail.(algos.SearcherIdle); ok {
		row.IdleFrac = d.SearcherIdleFraction() // Lu: idle per searcher, the controller not counted
	}
	row.BlockedKids, row.BlockedShr, row.BlockedPar = s.BlockedChildren, s.BlockedShared, s.BlockedParent
	if f := s.Profile.FractionBelow(10); !math.IsNaN(f) {
		row.ParBelow10 = &f
	}
	rep.Noise.SetRow(row)
	return row.SetResult(rep)
}
