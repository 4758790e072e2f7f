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
	out := &Outcome{Sweep: r.ID, Total: len(jobs)}
	prog := &progressLog{w: r.Out, total: len(jobs), start: now(), now: now}
	var line *progress.Line
	if r.Term != nil {
		on := true
		line = progress.Start(r.Term, "sweep", len(jobs), progress.Options{TTY: &on})
		defer line.Stop()
		prog.w = nil // the live line replaces the log; notes go through it
	}
	note := func(msg string) {
		if line != nil {
			line.Print(func() { fmt.Fprintln(r.Out, msg) })
		} else {
			prog.note(msg)
		}
	}
	version := results.Version()
	baseline := map[string]int64{} // position name → its baseline row
	planned := map[string]bool{}   // positions whose baseline comes before
	noted := false

	// This goroutine, the dispatcher, starts the jobs in plan order, each
	// on a goroutine of its own, and stores the finished runs in plan
	// order (so that their ids are those of a run one job at a time).
	type ended struct {
		i   int
		row results.Run
		err error
	}
	endc := make(chan ended, slots.N())
	fin := make([]*ended, len(jobs))
	running := map[int]bool{} // jobs running (their plan index)
	beside := make([]bool, len(jobs))
	var retry []int // runs stopped by the memory budget beside others: again, alone
	next, stored := 0, 0
	var stopErr error
	status := func() string {
		var names []string
		for i := range jobs {
			if running[i] {
				row := jobs[i].Row()
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
	start := func(i int, exclusive bool) {
		j := &jobs[i]
		row := j.Row()
		row.Sweep, row.Version = r.ID, version
		for k := range running {
			beside[i], beside[k] = true, true
		}
		running[i] = true
		slots.Start(exclusive)
		runCtx := ctx
		if line != nil {
			line.Item(stored, status())
			if slots.N() == 1 {
				runCtx = line.Context(ctx) // one run at a time: its live counters
			}
		}
		go func() {
			err := RunJob(runCtx, r.Engine, j, &row)
			endc <- ended{i, row, err}
		}()
	}
	// store stores the finished runs next in plan order (all: every
	// finished run, skipping those that did not finish).
	store := func(all bool) error {
		for ; stored < next; stored++ {
			e := fin[stored]
			if e == nil && !all {
				return nil
			}
			if e == nil || e.err != nil {
				continue
			}
			j := &jobs[stored]
			row := e.row
			if j.Role != results.RoleBaseline {
				id, ok := baseline[j.Position.Name]
				if !ok {
					continue // its baseline did not finish (a stopped sweep)
				}
				row.BaselineID = results.Int(id)
			}
			if row.Failed != nil {
				note(fmt.Sprintf("%s: FAILED (recorded, the sweep goes on): %s", row.Short(), *row.Failed))
			}
			row.Created = now().UTC().Format(time.RFC3339Nano)
			if err := r.Store.Insert(ctx, &row); err != nil {
				return err
			}
			if j.Role == results.RoleBaseline {
				baseline[j.Position.Name] = row.ID
			}
			out.Rows = append(out.Rows, row)
			prog.finished(len(out.Rows), row.Short(), slots.Running())
			if line != nil {
				line.Done(len(out.Rows), status())
			}
			if r.AfterRun != nil {
				r.AfterRun(len(out.Rows), &row)
			}
		}
		return nil
	}
	for {
		for stopErr == nil && ctx.Err() == nil {
			if len(retry) > 0 {
				if !slots.CanStart(true) {
					break
				}
				start(retry[0], true)
				beside[retry[0]] = false
				retry = retry[1:]
				continue
			}
			if next >= len(jobs) {
				break
			}
			j := &jobs[next]
			if j.Role == results.RoleBaseline {
				planned[j.Position.Name] = true
			} else if !planned[j.Position.Name] {
				row := j.Row()
				stopErr = fmt.Errorf("%s: no baseline run before it", row.Short())
				break
			}
			if !slots.CanStart(j.Exclusive()) {
				break
			}
			if j.Machine.Kind == sched.Pool && j.Machine.P > cores && !noted {
				noted = true
				note(fmt.Sprintf("note: pool runs with P > %d cores oversubscribe them: their wall time and speedup are not those of P processors", cores))
			}
			start(next, j.Exclusive())
			next++
		}
		if slots.Running() == 0 {
			break
		}
		e := <-endc
		slots.Ended()
		delete(running, e.i)
		switch {
		case ctx.Err() != nil:
			if e.err == nil {
				e.err = ctx.Err() // cut short: not stored
			}
			fin[e.i] = &e
		case e.err == nil && e.row.Failed != nil && beside[e.i] && slots.N() > 1:
			// The budget counts the whole process: the run beside it
			// may have taken the memory. Alone, as one job at a time
			// would have run it.
			retry = append(retry, e.i)
		default:
			fin[e.i] = &e
			if e.err != nil && stopErr == nil {
				stopErr = fmt.Errorf("%s: %w", e.row.Short(), e.err)
			}
		}
		if stopErr == nil && ctx.Err() == nil {
			if err := store(false); err != nil {
				stopErr = err
			}
		}
	}
	if stopErr == nil && ctx.Err() == nil {
		return out, nil
	}
	// Stopped: keep every run that finished, in plan order.
	if err := store(true); err != nil && stopErr == nil {
		stopErr = err
	}
	if ctx.Err() != nil {
		out.Cancelled = true
		return out, ctx.Err()
	}
	return out, stopErr
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
