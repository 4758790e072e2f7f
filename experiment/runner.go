package experiment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"runtime"
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

// Run runs jobs in order. It stops at the first error, or when ctx is
// cancelled (Outcome.Cancelled, and ctx's error); what finished before is
// stored either way and listed in the Outcome.
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
	out := &Outcome{Sweep: r.ID, Total: len(jobs)}
	prog := &progressLog{w: r.Out, total: len(jobs), start: now(), now: now}
	var line *progress.Line
	if r.Term != nil {
		on := true
		line = progress.Start(r.Term, "sweep", len(jobs), progress.Options{TTY: &on})
		defer line.Stop()
		prog.w = nil // the live line replaces the log; notes go through it
	}
	version := results.Version()
	baseline := map[string]int64{} // position name → its baseline row
	noted := false
	for i := range jobs {
		j := &jobs[i]
		if ctx.Err() != nil {
			out.Cancelled = true
			return out, ctx.Err()
		}
		if j.Machine == "pool" && j.P > cores && !noted {
			noted = true
			msg := fmt.Sprintf("note: pool runs with P > %d cores oversubscribe them: their wall time and speedup are not those of P processors", cores)
			if line != nil {
				line.Print(func() { fmt.Fprintln(r.Out, msg) })
			} else {
				prog.note(msg)
			}
		}
		row := j.Row()
		row.Sweep, row.Version = r.ID, version
		if j.Role != results.RoleBaseline {
			id, ok := baseline[j.Position.Name]
			if !ok {
				return out, fmt.Errorf("%s: no baseline run before it", row.Short())
			}
			row.BaselineID = results.Int(id)
		}
		runCtx := ctx
		if line != nil {
			line.Item(i, row.Short())
			runCtx = line.Context(ctx)
		}
		err := RunJob(runCtx, r.Engine, j, &row)
		if ctx.Err() != nil {
			out.Cancelled = true // the run was cut short: not stored
			return out, ctx.Err()
		}
		if err != nil {
			return out, fmt.Errorf("%s: %w", row.Short(), err)
		}
		if row.Failed != nil {
			note := fmt.Sprintf("%s: FAILED (recorded, the sweep goes on): %s", row.Short(), *row.Failed)
			if line != nil {
				line.Print(func() { fmt.Fprintln(r.Out, note) })
			} else {
				prog.note(note)
			}
		}
		row.Created = now().UTC().Format(time.RFC3339Nano)
		if err := r.Store.Insert(ctx, &row); err != nil {
			return out, err
		}
		if j.Role == results.RoleBaseline {
			baseline[j.Position.Name] = row.ID
		}
		out.Rows = append(out.Rows, row)
		prog.finished(i+1, row.Short())
		if r.AfterRun != nil {
			r.AfterRun(i+1, &row)
		}
	}
	return out, nil
}

// RunJob runs job j on eng into row (its settings filled by j.Row()) and
// times it: the one place a sweep's run is executed, locally (Runner) or on
// a worker (package dist). A run past its memory budget is not an error:
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
