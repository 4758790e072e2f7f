package sched

import "fmt"

// Stats is the measurement of one run, on either machine.
//
// Work and Span are in cost units on both machines: Work is W, the total
// cost charged by all tasks — speculative and aborted work included — and
// Span is C, the critical path measured by timestamping (*Socrates Fig. 9:
// every task carries the largest stamp of what it depends on plus the cost
// of its own steps; the root's final stamp is C). On the simulator Time is
// T_P in virtual units, and T_P ≥ max(W/P, C), T_1 = W and T_inf = C on the
// ideal cost model; on the pool Time is wall-clock nanoseconds.
//
// The time accounting follows StarTech Fig. 8: per processor busy and idle
// time, and among the idle time what was spent blocked waiting for
// children, for shared state and for parents/controllers (in Time's unit).
type Stats struct {
	Machine             // the machine of the run ("machine" and "p" in JSON)
	Seed      uint64    `json:"seed"`
	Levels    bool      `json:"levels"`
	LevelWait bool      `json:"level_wait"`
	Costs     CostModel `json:"costs"`

	Work        int64   `json:"work"`              // W, cost units
	Span        int64   `json:"span"`              // C, cost units
	Parallelism float64 `json:"parallelism"`       // W/C
	Time        int64   `json:"time"`              // T_P: virtual units (sim) or wall ns (pool)
	TimeUnit    string  `json:"time_unit"`         // "units" or "ns"
	TimeNS      int64   `json:"time_ns,omitempty"` // T_P in wall ns on the pool (Time there); absent on the simulator, whose time is units
	CPUNS       int64   `json:"cpu_ns,omitempty"`

	Counts        map[string]int64 `json:"counts"` // Charge calls' n by kind
	Tasks         int64            `json:"tasks"`  // tasks run, the root included
	Steals        int64            `json:"steals"`
	StealAttempts int64            `json:"steal_attempts"`
	Aborts        int64            `json:"aborts"`        // Abort calls
	AbortedTasks  int64            `json:"aborted_tasks"` // tasks that ended marked aborted
	// Promotions counts the pool's promotions of latent children into
	// tasks (steal requests, heartbeats, helpful waits; local.go).
	Promotions int64 `json:"promotions,omitempty"`

	Busy            []int64 `json:"busy,omitempty"` // per processor (omitted on the infinite machine)
	Idle            []int64 `json:"idle,omitempty"`
	Overhead        int64   `json:"overhead"` // sim: steal requests and migrations
	IdleTotal       int64   `json:"idle_total"`
	BlockedChildren int64   `json:"blocked_children"`
	BlockedShared   int64   `json:"blocked_shared"`
	BlockedParent   int64   `json:"blocked_parent"`
	// LockUnits is the processor-time spent on the simulated machine's
	// spin locks (Lock): spinning while another holds one, taking it, and
	// holding it for a post the serial program does not make. It is part
	// of Overhead (busy time); only machines with lock costs (tc2000) have
	// any.
	LockUnits    int64   `json:"lock_units,omitempty"`
	IdleFraction float64 `json:"idle_fraction"` // idle / (P·Time); 0 on the infinite machine
	ProcsUsed    int     `json:"procs_used"`    // processors created (the infinite machine's peak)

	// Memory of a simulated run: PeakLiveProcs is the most
	// processors that had a task at once (running one, or waiting at a
	// join or on shared state: each then has a goroutine stack); PeakMem
	// the process's largest resident set sampled during the run (pool
	// too; memory.go: memSampler); BytesPerLiveProc is PeakMem less the
	// resident set before the run, over PeakLiveProcs (an upper bound: it
	// charges the run's other memory, the table and garbage included, to
	// the processors). MaxMem is the budget (0: none).
	PeakLiveProcs    int   `json:"peak_live_procs,omitempty"`
	PeakMem          int64 `json:"peak_mem_bytes,omitempty"`
	BytesPerLiveProc int64 `json:"bytes_per_live_proc,omitempty"`
	MaxMem           int64 `json:"max_mem_bytes,omitempty"`

	Oversubscribed bool     `json:"oversubscribed,omitempty"`
	Note           string   `json:"note,omitempty"`
	Profile        *Profile `json:"profile,omitempty"`
}

// Simulated is s without the host's measurements (PeakMem,
// BytesPerLiveProc): what one seed reproduces bit for bit on the
// simulator.
func (s *Stats) Simulated() Stats {
	c := *s
	c.PeakMem, c.BytesPerLiveProc = 0, 0
	return c
}

// String is a one-line summary.
func (s *Stats) String() string {
	return fmt.Sprintf("%s W=%d C=%d W/C=%.2f T=%d%s steals=%d/%d aborts=%d idle=%.3f",
		s.Machine, s.Work, s.Span, s.Parallelism, s.Time, s.TimeUnit, s.Steals, s.StealAttempts, s.Aborts, s.IdleFraction)
}

func (m *machine) stats(end int64) *Stats {
	s := &Stats{
		Machine: Machine{P: m.nprocs}, Seed: m.cfg.Seed, Levels: m.cfg.Levels, LevelWait: m.levelWait, Costs: m.cm,
		Time: end, Counts: map[string]int64{}, Aborts: m.aborts.Load(), ProcsUsed: len(m.procs),
	}
	if m.sim {
		s.Kind, s.TimeUnit = Sim, "units"
	} else {
		s.Kind, s.TimeUnit, s.TimeNS = Pool, "ns", end
	}
	var counts [NumKinds]int64
	for _, t := range m.tallies() {
		for k := range counts {
			counts[k] += t.counts[k]
		}
		s.Tasks += t.started
		s.Steals += t.steals
		s.StealAttempts += t.attempts
		s.AbortedTasks += t.abortedTasks
		s.BlockedChildren += t.blocked[WaitChildren]
		s.BlockedShared += t.blocked[WaitShared]
		s.BlockedParent += t.blocked[WaitParent]
		s.LockUnits += t.locks
	}
	if !m.sim {
		for _, p := range m.procs {
			s.Promotions += p.lat.promotions
		}
	}
	s.Work, s.Overhead = m.idleWork, m.idleOverhead // (the infinite machine's compacted idle processors)
	for _, p := range m.procs {
		if p == nil {
			continue
		}
		s.Work += p.work
		s.Overhead += p.overhead
		if !m.inf {
			var busy, idle int64
			if m.sim {
				busy = p.work + p.overhead
				idle = max(end-busy, 0)
			} else {
				idle = min(p.tally.idle, end)
				busy = end - idle
			}
			s.Busy = append(s.Busy, busy)
			s.Idle = append(s.Idle, idle)
			s.IdleTotal += idle
		}
	}
	for k, n := range counts {
		if n != 0 {
			s.Counts[Kind(k).String()] = n
		}
	}
	if m.root != nil {
		s.Span = m.root.span
	}
	if s.Span > 0 {
		s.Parallelism = float64(s.Work) / float64(s.Span)
	}
	if !m.inf && end > 0 {
		s.IdleFraction = float64(s.IdleTotal) / (float64(len(m.procs)) * float64(end))
	}
	s.Profile = m.prof.profile(end)
	if m.sim {
		s.PeakLiveProcs, s.PeakMem, s.MaxMem = m.peakLive, m.peakUsed, m.limit
		if m.peakLive > 0 {
			s.BytesPerLiveProc = max(m.peakUsed-m.baseUsed, 0) / int64(m.peakLive)
		}
	} else {
		s.PeakMem, s.MaxMem = m.peakUsed, m.limit
	}
	return s
}
