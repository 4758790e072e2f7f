package experiment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"splitpoint/progress"
	"splitpoint/results"
	"splitpoint/sched"
)

// Runner runs a sweep's jobs and stores each finished run at once, in its
// own transaction: a sweep that is cancelled or killed keeps every run that
// finished.
type Runner struct {
	Store  *results.Store
	Engine Engine
	// Out receives the progress and the notes; nil: none.
	Out io.Writer
	// Term, when not nil, is the terminal the sweep's live progress line
	// (progress.Line: the run, its depth and nodes, the ETA) is drawn on;
	// otherwise Out gets one line per finished run.
	Term io.Writer
	// ID is the sweep's id; "" makes one from the time and 4 random bytes.
	ID string
	// AfterRun, if set, is called after each stored run with the number of
	// runs done (a test cancels the context there).
	AfterRun func(done int, row *results.Run)
	// NumCPU is the number of cores pool runs compare P with (0:
	// runtime.NumCPU()).
	NumCPU int
	// Now is the clock (nil: time.Now).
	Now func() time.Time
	// Jobs is how many simulated runs go at once (0: one per core,
	// DefaultJobs); pool and serial runs always run alone.
	Jobs int
	// OnStart, if set, is called as each job starts with the number of
	// jobs then running, itself included, and whether it runs alone (a
	// test's look at the overlap of jobs).
	OnStart func(running int, exclusive bool)
}

// Outcome is what a sweep did.
type Outcome struct {
	Sweep     string
	Total     int           // jobs planned
	Rows      []results.Run // the runs stored, in order
	Cancelled bool
}

// NewID makes a sweep id: the UTC time to the second and 8 hex digits.
func NewID(now time.Time) string {
	var b [4]byte
	rand.Read(b[:])
	return now.UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// Run runs jobs, up to Jobs at once (pool and serial runs alone: see
// Job.Exclusive), and stores the finished runs in plan order. It stops at
// the first error, or when ctx is cancelled (Outcome.Cancelled, and ctx's
// error); what finished before is stored either way and listed in the
// Outcome.
func (r *Runner) Run(ctx context.Context, jobs []Job) (*Outcome, error) {
	s := r.newSweep(ctx, jobs)
	if s.line != nil {
		defer s.line.Stop()
	}
	for {
		s.startJobs()
		if s.slots.Running() == 0 {
			break
		}
		s.ended(<-s.endc)
		if s.going() {
			if err := s.store(false); err != nil {
				s.stopErr = err
			}
		}
	}
	if s.going() {
		return s.out, nil
	}
	// Stopped: keep every run that finished, in plan order.
	if err := s.store(true); err != nil && s.stopErr == nil {
		s.stopErr = err
	}
	if ctx.Err() != nil {
		s.out.Cancelled = true
		return s.out, ctx.Err()
	}
	return s.out, s.stopErr
}

// sweepRun is one Runner.Run: its goroutine, the dispatcher, starts the jobs
// in plan order, each on a goroutine of its own, and stores the finished
// runs in plan order (so that their ids are those of a run one job at a
// time).
type sweepRun struct {
	r       *Runner
	ctx     context.Context
	jobs    []Job
	now     func() time.Time
	cores   int // pool runs with more processors oversubscribe the machine
	version string
	slots   *Slots
	out     *Outcome
	prog    *progressLog
	line    *progress.Line // the live progress line; nil: prog logs

	baseline map[string]int64 // position name → its baseline row
	planned  map[string]bool  // positions whose baseline comes before
	noted    bool             // the oversubscription note was given

	endc    chan jobEnd
	fin     []*jobEnd    // the finished jobs (plan index), until stored
	running map[int]bool // jobs running (their plan index)
	beside  []bool       // the job ran beside another
	retry   []int        // runs stopped by the memory budget beside others: again, alone
	next    int          // the next job of the plan to start
	stored  int          // the jobs before this one are stored (or skipped)
	stopErr error
}

// jobEnd is a job that finished: its plan index, its run and its error.
type jobEnd struct {
	i   int
	row results.Run
	err error
}

func (r *Runner) newSweep(ctx context.Context, jobs []Job) *sweepRun {
	now := r.Now
	if now == nil {
		now = time.Now
	}
	if r.ID == "" {
		r.ID = NewID(now())
	}
	cores := r.NumCPU
	if cores == 0 {
		cores = runtime.NumCPU()
	}
	slots := NewSlots(r.Jobs)
	slots.Hook = r.OnStart
	s := &sweepRun{
		r: r, ctx: ctx, jobs: jobs, now: now, cores: cores, version: results.Version(),
		slots:    slots,
		out:      &Outcome{Sweep: r.ID, Total: len(jobs)},
		prog:     &progressLog{w: r.Out, total: len(jobs), start: now(), now: now},
		baseline: map[string]int64{},
		planned:  map[string]bool{},
		endc:     make(chan jobEnd, slots.N()),
		fin:      make([]*jobEnd, len(jobs)),
		running:  map[int]bool{},
		beside:   make([]bool, len(jobs)),
	}
	if r.Term != nil {
		on := true
		s.line = progress.Start(r.Term, "sweep", len(jobs), progress.Options{TTY: &on})
		s.prog.w = nil // the live line replaces the log; notes go through it
	}
	return s
}

// going reports whether the sweep goes on: no error and not cancelled.
func (s *sweepRun) going() bool { return s.stopErr == nil && s.ctx.Err() == nil }

// note prints a message, above the live line when there is one.
func (s *sweepRun) note(msg string) {
	if s.line != nil {
		s.line.Print(func() { fmt.Fprintln(s.r.Out, msg) })
	} else {
		s.prog.note(msg)
	}
}

// status names the runs in progress, for the live line.
func (s *sweepRun) status() string {
	var names []string
	for i := range s.jobs {
		if s.running[i] {
			row := s.jobs[i].Row()
			names = append(names, row.Short())
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return fmt.Sprintf("%d running: %s", len(names), strings.Join(names, "; "))
}

// startJobs starts the runs to retry alone, then the plan's next jobs, as
// long as the slots take them and the sweep goes on.
func (s *sweepRun) startJobs() {
	for s.going() {
		if len(s.retry) > 0 {
			if !s.slots.CanStart(true) {
				return
			}
			s.start(s.retry[0], true)
			s.beside[s.retry[0]] = false
			s.retry = s.retry[1:]
			continue
		}
		if s.next >= len(s.jobs) {
			return
		}
		j := &s.jobs[s.next]
		if j.Role == results.RoleBaseline {
			s.planned[j.Position.Name] = true
		} else if !s.planned[j.Position.Name] {
			row := j.Row()
			s.stopErr = fmt.Errorf("%s: no baseline run before it", row.Short())
			return
		}
		if !s.slots.CanStart(j.Exclusive()) {
			return
		}
		if j.Machine == "pool" && j.P > s.cores && !s.noted {
			s.noted = true
			s.note(fmt.Sprintf("note: pool runs with P > %d cores oversubscribe them: their wall time and speedup are not those of P processors", s.cores))
		}
		s.start(s.next, j.Exclusive())
		s.next++
	}
}

// start runs job i on a goroutine of its own, which sends its end on endc.
func (s *sweepRun) start(i int, exclusive bool) {
	j := &s.jobs[i]
	row := j.Row()
	row.Sweep, row.Version = s.r.ID, s.version
	for k := range s.running {
		s.beside[i], s.beside[k] = true, true
	}
	s.running[i] = true
	s.slots.Start(exclusive)
	runCtx := s.ctx
	if s.line != nil {
		s.line.Item(s.stored, s.status())
		if s.slots.N() == 1 {
			runCtx = s.line.Context(s.ctx) // one run at a time: its live counters
		}
	}
	go func() {
		err := RunJob(runCtx, s.r.Engine, j, &row)
		s.endc <- jobEnd{i, row, err}
	}()
}

// ended takes the end of a job: finished (to store), cut short, or stopped
// by the memory budget beside another job (to run again, alone).
func (s *sweepRun) ended(e jobEnd) {
	s.slots.Ended()
	delete(s.running, e.i)
	switch {
	case s.ctx.Err() != nil:
		if e.err == nil {
			e.err = s.ctx.Err() // cut short: not stored
		}
		s.fin[e.i] = &e
	case e.err == nil && e.row.Failed != nil && s.beside[e.i] && s.slots.N() > 1:
		// The budget counts the whole process: the run beside it
		// may have taken the memory. Alone, as one job at a time
		// would have run it.
		s.retry = append(s.retry, e.i)
	default:
		s.fin[e.i] = &e
		if e.err != nil && s.stopErr == nil {
			s.stopErr = fmt.Errorf("%s: %w", e.row.Short(), e.err)
		}
	}
}

// store stores the finished runs next in plan order (all: every
// finished run, skipping those that did not finish).
func (s *sweepRun) store(all bool) error {
	for ; s.stored < s.next; s.stored++ {
		e := s.fin[s.stored]
		if e == nil && !all {
			return nil
		}
		if e == nil || e.err != nil {
			continue
		}
		if err := s.insert(&s.jobs[s.stored], e.row); err != nil {
			return err
		}
	}
	return nil
}

// insert stores job j's finished run, with its baseline's id, and reports
// it.
func (s *sweepRun) insert(j *Job, row results.Run) error {
	if j.Role != results.RoleBaseline {
		id, ok := s.baseline[j.Position.Name]
		if !ok {
			return nil // its baseline did not finish (a stopped sweep)
		}
		row.BaselineID = results.Int(id)
	}
	if row.Failed != nil {
		s.note(fmt.Sprintf("%s: FAILED (recorded, the sweep goes on): %s", row.Short(), *row.Failed))
	}
	row.Created = s.now().UTC().Format(time.RFC3339Nano)
	if err := s.r.Store.Insert(s.ctx, &row); err != nil {
		return err
	}
	if j.Role == results.RoleBaseline {
		s.baseline[j.Position.Name] = row.ID
	}
	s.out.Rows = append(s.out.Rows, row)
	s.prog.finished(len(s.out.Rows), row.Short(), s.slots.Running())
	if s.line != nil {
		s.line.Done(len(s.out.Rows), s.status())
	}
	if s.r.AfterRun != nil {
		s.r.AfterRun(len(s.out.Rows), &row)
	}
	return nil
}

// RunJob runs job j on eng into row (its settings filled by j.Row()) and
// times it: the one place a sweep's run is executed, locally (Runner) or on
// a worker (package cluster). A run past its memory budget is not an error:
// row.Failed says why it stopped and the sweep goes on.
func RunJob(ctx context.Context, eng Engine, j *Job, row *results.Run) error {
	t0 := time.Now()
	err := eng.Run(ctx, j, row)
	if row.Seconds == 0 {
		row.Seconds = time.Since(t0).Seconds()
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var memErr *sched.MemoryError
	if errors.As(err, &memErr) {
		msg := memErr.Error()
		row.Failed = &msg
		return nil
	}
	return err
}

// IsCancel reports whether err is a cancelled or expired context.
func IsCancel(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
