package experiment

import "runtime"

// Concurrent jobs. A simulated run is single-threaded and deterministic:
// what it computes does not depend on what else the process does, so a
// sweep runs as many of them at once as it has cores, and stores their
// rows in plan order (the rows, ids included, are those of a run one job
// at a time, but for the wall-clock fields). A pool run's times are its
// measurement, and so are a serial run's (the pool's speedups divide by
// them): such a job is exclusive, it waits until no other runs and holds
// the process alone.

// Exclusive reports whether j must run alone: its wall time is a
// measurement (the goroutine pool, or a serial search).
func (j *Job) Exclusive() bool { return !j.Machine.IsSim() }

// DefaultJobs is the number of jobs run at once when none is given: the
// number of cores.
func DefaultJobs() int { return runtime.NumCPU() }

// JobsOrDefault is n, or DefaultJobs when n ≤ 0.
func JobsOrDefault(n int) int {
	if n <= 0 {
		return DefaultJobs()
	}
	return n
}

// Slots counts the jobs running at once, for the one goroutine that
// starts them and learns of their ends (a sweep's dispatcher, a worker's
// loop): a job may start when fewer than N run and no exclusive one does;
// an exclusive job starts when none runs and keeps every slot until it
// ends.
type Slots struct {
	n       int
	running int
	excl    bool
	// Hook, when not nil, is called by Start with the number of jobs then
	// running, the new one included, and whether it is exclusive (a
	// test's look at how jobs overlap).
	Hook func(running int, exclusive bool)
}

// NewSlots makes slots for n jobs at once (n ≤ 0: DefaultJobs).
func NewSlots(n int) *Slots { return &Slots{n: JobsOrDefault(n)} }

// N is the number of slots.
func (s *Slots) N() int { return s.n }

// Running is the number of jobs started and not ended.
func (s *Slots) Running() int { return s.running }

// Free reports whether a job that is not exclusive could start now.
func (s *Slots) Free() bool { return !s.excl && s.running < s.n }

// CanStart reports whether a job could start now.
func (s *Slots) CanStart(exclusive bool) bool {
	if exclusive {
		return s.running == 0
	}
	return s.Free()
}

// Start takes a slot for a job (CanStart must hold).
func (s *Slots) Start(exclusive bool) {
	s.running++
	s.excl = exclusive
	if s.Hook != nil {
		s.Hook(s.running, exclusive)
	}
}

// Ended gives back the slot of a job that ended.
func (s *Slots) Ended() {
	s.running--
	s.excl = false
}
