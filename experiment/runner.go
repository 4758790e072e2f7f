package experiment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"sort"
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
	d := r.dispatcher(ctx, jobs)
	if d.line != nil {
		defer d.line.Stop()
	}
	for {
		d.startMore()
		if d.slots.Running() == 0 {
			break
		}
		d.ended(<-d.endc)
		if d.stopErr == nil && ctx.Err() == nil {
			if err := d.store(false); err != nil {
				d.stopErr = err
			}
		}
	}
	if d.stopErr == nil && ctx.Err() == nil {
		return d.out, nil
	}
	// Stopped: keep every run that finished, in plan order.
	if err := d.store(true); err != nil && d.stopErr == nil {
		d.stopErr = err
	}
	if ctx.Err() != nil {
		d.out.Cancelled = true
		return d.out, ctx.Err()
	}
	return d.out, d.stopErr
}

// endedJob is a job that ended: its plan index, its row and its error.
type endedJob struct {
	i   int
	row results.Run
	err error
}

// dispatch is the state of a sweep's dispatcher, the goroutine that
// starts the jobs in plan order, each on a goroutine of its own, and
// stores the finished runs in plan order (so that their ids are those of
// a run one job at a time).
type dispatch struct {
	r       *Runner
	ctx     context.Context
	jobs    []Job
	now     func() time.Time
	cores   int
	version string
	slots   *Slots
	out     *Outcome
	prog    *progressLog
	line    *progress.Line

	baseline map[string]int64 // position name → its baseline row
	planned  map[string]bool  // positions whose baseline comes before
	noted    bool             // the note on oversubscribed cores was printed

	endc    chan endedJob
	fin     []*endedJob
	running map[int]bool // jobs running (their plan index)
	beside  []bool       // jobs that ran beside another
	retry   []int        // runs stopped by the memory budget beside others: again, alone
	order   []int        // the jobs in the order they start (startOrder)
	next    int          // the next job of order to start
	stored  int          // the next job to store (plan order)
	stopErr error
}

// dispatcher readies the dispatcher of jobs: the sweep's id, its slots,
// its progress log or live line.
func (r *Runner) dispatcher(ctx context.Context, jobs []Job) *dispatch {
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
	d := &dispatch{r: r, ctx: ctx, jobs: jobs, now: now, cores: cores, version: results.Version(), slots: NewSlots(r.Jobs),
		out: &Outcome{Sweep: r.ID, Total: len(jobs)}, prog: &progressLog{w: r.Out, total: len(jobs), start: now(), now: now},
		baseline: map[string]int64{}, planned: map[string]bool{},
		fin: make([]*endedJob, len(jobs)), running: map[int]bool{}, beside: make([]bool, len(jobs))}
	d.slots.Hook = r.OnStart
	d.endc = make(chan endedJob, d.slots.N())
	if r.Term != nil {
		on := true
		d.line = progress.Start(r.Term, "sweep", len(jobs), progress.Options{TTY: &on})
		d.prog.w = nil // the live line replaces the log; notes go through it
	}
	return d
}

// note prints a note above the live line, or in the log.
func (d *dispatch) note(msg string) {
	if d.line != nil {
		d.line.Print(func() { fmt.Fprintln(d.r.Out, msg) })
	} else {
		d.prog.note(msg)
	}
}

// status names the jobs running, for the live line.
func (d *dispatch) status() string {
	var names []string
	for i := range d.jobs {
		if d.running[i] {
			row := d.jobs[i].Row()
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

// startMore starts the jobs that may start now: the runs to retry alone
// first, then the next in plan order while slots are free.
func (d *dispatch) startMore() {
	for d.stopErr == nil && d.ctx.Err() == nil {
		if len(d.retry) > 0 {
			if !d.slots.CanStart(true) {
				return
			}
			d.start(d.retry[0], true)
			d.beside[d.retry[0]] = false
			d.retry = d.retry[1:]
			continue
		}
		if d.order == nil && !d.startOrder() {
			return
		}
		if d.next >= len(d.order) {
			return
		}
		i := d.order[d.next]
		j := &d.jobs[i]
		if !d.slots.CanStart(j.Exclusive()) {
			return
		}
		if d.slots.N() > 1 && !j.Exclusive() && d.next > 0 && d.jobs[d.order[d.next-1]].Exclusive() {
			d.sortLongestFirst(d.order[d.next:])
			i = d.order[d.next]
			j = &d.jobs[i]
		}
		if j.Machine.Kind == sched.Pool && j.Machine.P > d.cores && !d.noted {
			d.noted = true
			d.note(fmt.Sprintf("note: pool runs with P > %d cores oversubscribe them: their wall time and speedup are not those of P processors", d.cores))
		}
		d.start(i, j.Exclusive())
		d.next++
	}
}

// startOrder checks that every position's baseline comes before its
// other runs in plan order, and orders the jobs to start: the exclusive
// ones (serial baselines, pool runs: each alone) first, in plan order,
// then the simulated ones, which run side by side, the longest first
// (sortLongestFirst, once the exclusive ones have ended), so that the
// last jobs of a sweep to end are short ones and the cores stay busy to
// its end. One job at a time, the plan's order. The runs are stored in
// plan order whatever the order they ran in, and a simulated run is the
// same bit for bit.
func (d *dispatch) startOrder() bool {
	var excl, sim []int
	for i := range d.jobs {
		j := &d.jobs[i]
		if j.Role == results.RoleBaseline {
			d.planned[j.Position.Name] = true
		} else if !d.planned[j.Position.Name] {
			row := j.Row()
			d.stopErr = fmt.Errorf("%s: no baseline run before it", row.Short())
			return false
		}
		if j.Exclusive() {
			excl = append(excl, i)
		} else {
			sim = append(sim, i)
		}
	}
	if d.slots.N() == 1 {
		// One job at a time: the plan's order (what a cancelled
		// sweep keeps is then a prefix of the plan).
		d.order = make([]int, len(d.jobs))
		for i := range d.order {
			d.order[i] = i
		}
		return true
	}
	d.order = append(excl, sim...)
	if len(excl) == 0 {
		d.sortLongestFirst(d.order)
	}
	return true
}

// sortLongestFirst sorts the simulated jobs is by their estimated length,
// the longest first (ties in plan order): the serial baseline's time on
// the job's position (the finished baseline run's; without one, the
// nodes of a tree of the job's depth), times a factor growing with P (the
// simulator's cost per node grows with the machine: steals and
// speculative nodes).
func (d *dispatch) sortLongestFirst(is []int) {
	base := map[string]float64{}
	for i, e := range d.fin {
		if e != nil && e.err == nil && d.jobs[i].Role == results.RoleBaseline {
			base[d.jobs[i].Position.Name] = e.row.Seconds
		}
	}
	est := make(map[int]float64, len(is))
	for _, i := range is {
		j := &d.jobs[i]
		b, ok := base[j.Position.Name]
		if !ok || b <= 0 {
			b = math.Pow(6, float64(j.Opt.Depth)) // nodes of an alpha-beta tree, about
		}
		p := j.Machine.P
		if p <= 0 {
			p = 1 << 16 // the infinite machine
		}
		est[i] = b * (1 + math.Log2(float64(p))/4)
	}
	sort.SliceStable(is, func(a, b int) bool { return est[is[a]] > est[is[b]] })
}

// start starts job i on a goroutine of its own.
func (d *dispatch) start(i int, exclusive bool) {
	j := &d.jobs[i]
	row := j.Row()
	row.Sweep, row.Version = d.r.ID, d.version
	for k := range d.running {
		d.beside[i], d.beside[k] = true, true
	}
	d.running[i] = true
	d.slots.Start(exclusive)
	runCtx := d.ctx
	if d.line != nil {
		d.line.Item(d.stored, d.status())
		if d.slots.N() == 1 {
			runCtx = d.line.Context(d.ctx) // one run at a time: its live counters
		}
	}
	go func() {
		err := RunJob(runCtx, d.r.Engine, j, &row)
		d.endc <- endedJob{i, row, err}
	}()
}

// ended takes a job that ended: finished (or cut short), or to run again
// alone when the memory budget stopped it beside others.
func (d *dispatch) ended(e endedJob) {
	d.slots.Ended()
	delete(d.running, e.i)
	switch {
	case d.ctx.Err() != nil:
		if e.err == nil {
			e.err = d.ctx.Err() // cut short: not stored
		}
		d.fin[e.i] = &e
	case e.err == nil && e.row.Failed != nil && d.beside[e.i] && d.slots.N() > 1:
		// The budget counts the whole process: the run beside it
		// may have taken the memory. Alone, as one job at a time
		// would have run it.
		d.retry = append(d.retry, e.i)
	default:
		d.fin[e.i] = &e
		if e.err != nil && d.stopErr == nil {
			d.stopErr = fmt.Errorf("%s: %w", e.row.Short(), e.err)
		}
	}
}

// store stores the finished runs next in plan order (all: every
// finished run, skipping those that did not finish).
func (d *dispatch) store(all bool) error {
	for ; d.stored < len(d.jobs); d.stored++ {
		e := d.fin[d.stored]
		if e == nil && !all {
			return nil
		}
		if e == nil || e.err != nil {
			continue
		}
		j := &d.jobs[d.stored]
		row := e.row
		if j.Role != results.RoleBaseline {
			id, ok := d.baseline[j.Position.Name]
			if !ok {
				continue // its baseline did not finish (a stopped sweep)
			}
			row.BaselineID = results.Int(id)
		}
		if row.Failed != nil {
			d.note(fmt.Sprintf("%s: FAILED (recorded, the sweep goes on): %s", row.Short(), *row.Failed))
		}
		row.Created = d.now().UTC().Format(time.RFC3339Nano)
		if err := d.r.Store.Insert(d.ctx, &row); err != nil {
			return err
		}
		if j.Role == results.RoleBaseline {
			d.baseline[j.Position.Name] = row.ID
		}
		d.out.Rows = append(d.out.Rows, row)
		d.prog.finished(len(d.out.Rows), row.Short(), d.slots.Running())
		if d.line != nil {
			d.line.Done(len(d.out.Rows), d.status())
		}
		if d.r.AfterRun != nil {
			d.r.AfterRun(len(d.out.Rows), &row)
		}
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
