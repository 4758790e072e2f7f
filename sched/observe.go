package sched

import "time"

// Snapshot is what a live view sees of a run while it runs (Config.Observe).
// Times are in the machine's unit: wall nanoseconds on the pool, virtual
// units on the simulator.
type Snapshot struct {
	Machine  string `json:"machine"`   // "pool" or "sim"
	Elapsed  int64  `json:"elapsed"`   // time since the run started
	TimeUnit string `json:"time_unit"` // "ns" or "units"
	Work     int64  `json:"work"`      // W so far, cost units
	Nodes    int64  `json:"nodes"`     // Node steps charged so far
	Steals   int64  `json:"steals"`
	Aborts   int64  `json:"aborts"`
	// Busy is each processor's busy time so far (nil on the infinite
	// machine). Busy[i]/Elapsed is processor i's utilization.
	Busy []int64 `json:"busy,omitempty"`
	// Parallelism is the number of tasks that could run at this moment:
	// running plus posted.
	Parallelism int64 `json:"parallelism"`
	// Progress is what the algorithm last published with
	// Task.SetProgress (Jamboree: the deepest completed iteration).
	Progress int64 `json:"progress"`
}

// SetProgress publishes an algorithm-defined progress value (e.g. the
// deepest completed iteration) that every later Snapshot carries.
func (t *Task) SetProgress(v int64) { t.m.progress.Store(v) }

// Default snapshot intervals (Config.ObserveEvery = 0).
const (
	observePoolEvery = int64(100 * time.Millisecond)
	observeSimEvery  = int64(1 << 16)
	// observeStride is how much work a pool worker charges between two
	// publications of its counters for the sampler.
	observeStride = 4096
)

// observeEvery is the interval between snapshots in the machine's unit.
func (m *machine) observeEvery() int64 {
	if m.cfg.ObserveEvery > 0 {
		return m.cfg.ObserveEvery
	}
	if m.sim {
		return observeSimEvery
	}
	return observePoolEvery
}

// publish makes a pool worker's counters readable by the sampler. It runs
// on the worker itself, from Charge when the clock passes the horizon
// (which stays at never unless the run is observed) and when an idle
// stretch ends.
func (p *proc) publish() {
	p.pubWork.Store(p.work)
	p.pubNodes.Store(p.tally.counts[Node])
	p.pubSteals.Store(p.tally.steals)
	p.pubIdle.Store(p.tally.idle)
	p.horizon = p.now + observeStride
}

// poolSnapshot reads the workers' published counters (sampler goroutine).
func (m *machine) poolSnapshot(busyWorkers, ready int64) Snapshot {
	now := time.Now()
	el := int64(now.Sub(m.start))
	s := Snapshot{Machine: Pool, Elapsed: el, TimeUnit: "ns", Aborts: m.aborts.Load(), Progress: m.progress.Load(),
		Busy: make([]int64, len(m.procs)), Parallelism: ready + busyWorkers}
	for i, q := range m.procs {
		s.Work += q.pubWork.Load()
		s.Nodes += q.pubNodes.Load()
		s.Steals += q.pubSteals.Load()
		idle := q.pubIdle.Load()
		if since := q.pubIdleSince.Load(); since != 0 {
			idle += max(now.UnixNano()-since, 0)
		}
		s.Busy[i] = min(max(el-idle, 0), el)
	}
	return s
}

// simSnapshot reads the simulated processors' counters at virtual time t
// (event loop, between two processor steps: no processor runs).
func (m *machine) simSnapshot(t int64) Snapshot {
	s := Snapshot{Machine: Sim, Elapsed: t, TimeUnit: "units", Aborts: m.aborts.Load(), Parallelism: m.ready + m.busy, Progress: m.progress.Load()}
	if !m.inf {
		s.Busy = make([]int64, len(m.procs))
	}
	for _, t := range m.tallies() {
		s.Nodes += t.counts[Node]
		s.Steals += t.steals
	}
	s.Work = m.idleWork
	for i, p := range m.procs {
		if p == nil {
			continue // compacted idle (compactIdle)
		}
		s.Work += p.work
		if !m.inf {
			s.Busy[i] = min(p.work+p.overhead, t)
		}
	}
	return s
}
