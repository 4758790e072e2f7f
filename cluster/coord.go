package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"splitpoint/experiment"
	"splitpoint/progress"
	"splitpoint/results"
	"splitpoint/suggest"
)

// Coordinator publishes a sweep's jobs and stores the runs the workers
// send back, each job once. Run again with the same ID (after a crash or
// Ctrl-C) it re-attaches: what the store holds is done, what is still on
// the jobs stream or waiting on the results stream is not published
// again, and the rest is.
type Coordinator struct {
	NC    *nats.Conn
	Store *results.Store
	// ID is the sweep's id ("": a new one, experiment.NewID).
	ID string
	// Out receives notes and, without Term, one line per stored run.
	Out io.Writer
	// Term, when not nil, is the terminal the live progress line is
	// drawn on.
	Term io.Writer
	// Poll is how long one fetch of results waits (0: 250ms).
	Poll time.Duration
	// AckWait is how long a fetched result may stay unacknowledged before
	// the server delivers it again (0: 5s): after a crash, the results the
	// dead coordinator had fetched come back to its successor that soon.
	AckWait time.Duration
	// AfterStore, if set, is called after each newly stored run with the
	// number of the sweep's jobs stored (a test cancels there).
	AfterStore func(done int, row *results.Run)
	// Progress, if set, is told once the jobs are published and after
	// each newly stored run (the terminal UI's run view).
	Progress func(Progress)
}

// Progress is where a distributed sweep stands: what Coordinator.Progress
// receives.
type Progress struct {
	Sweep     string
	Total     int // jobs planned
	Done      int // jobs stored (this time and before)
	Published int // jobs published this time
	// Job, Worker and Run are the run just stored (Run nil: the report
	// after publishing). Worker names the worker (host:pid) that ran it;
	// Run.Host its host.
	Job    int
	Worker string
	Run    *results.Run
}

// Outcome is what a distributed sweep did.
type Outcome struct {
	Sweep     string
	Total     int // jobs planned
	Done      int // jobs stored (this time and before)
	Published int // jobs published this time
	Dropped   int // redelivered or duplicate results dropped
	Rejected  int // malformed, foreign or impossible answers rejected
	Errors    int // errors workers answered (each job tried again, up to MaxTries)
	Failed    int // jobs recorded as failed after MaxTries errors
	// Withdrawn counts jobs a previous run of the coordinator left on the
	// jobs stream whose runs are stored (their acknowledgement was lost,
	// e.g. with the embedded server that died with that coordinator):
	// taken off the stream so that no worker runs them again.
	Withdrawn int
	Cancelled bool // Ctrl-C: the remaining jobs were cancelled

	unpublished map[int]bool // jobs not published: an answer waits for them
}

// consumerName is the coordinator's durable consumer of sweep's results.
func consumerName(sweep string) string { return "coord-" + sweep }

// Run publishes jobs (a sweep's plan, experiment.Plan) and collects their
// runs until every job is stored (a job whose workers failed MaxTries
// times is stored as a failed run), or ctx ends (the remaining jobs are
// purged and the workers told to drop them; what finished stays).
func (c *Coordinator) Run(ctx context.Context, jobs []experiment.Job) (*Outcome, error) {
	if c.ID == "" {
		c.ID = experiment.NewID(time.Now())
	}
	if err := CheckSweepID(c.ID); err != nil {
		return nil, err
	}
	poll := c.Poll
	if poll <= 0 {
		poll = 250 * time.Millisecond
	}
	k := &collector{c: c, ctx: ctx, jobs: jobs, out: &Outcome{Sweep: c.ID, Total: len(jobs), unpublished: map[int]bool{}}, tries: map[int]int{}, republished: map[int]bool{}, watch: map[int]watched{}}
	cons, err := k.open()
	if err != nil {
		return k.out, err
	}
	k.startLine()
	defer k.line.Stop()
	for k.out.Done < len(jobs) {
		if ctx.Err() != nil {
			k.out.Cancelled = true
			c.cancel(k.js, k.nonce)
			return k.out, ctx.Err()
		}
		batch, err := cons.Fetch(64, jetstream.FetchMaxWait(poll))
		if err != nil {
			return k.out, fmt.Errorf("fetching results: %w", err)
		}
		for msg := range batch.Messages() {
			if err := k.take(msg); err != nil {
				return k.out, err
			}
		}
		if err := batch.Error(); err != nil && !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, jetstream.ErrNoMessages) {
			if ctx.Err() == nil {
				return k.out, fmt.Errorf("fetching results: %w", err)
			}
		}
		if err := k.recheck(); err != nil && ctx.Err() == nil {
			return k.out, err
		}
	}
	k.close()
	return k.out, nil
}

// collector is the state of a coordinator's run: the plan, the jobs
// stored, the stale ones (answered before this run and still on the jobs
// stream), the outcome so far and the progress line.
type collector struct {
	c        *Coordinator
	ctx      context.Context
	js       jetstream.JetStream
	jobs     []experiment.Job
	finished map[string]bool
	stale    map[int]bool
	// tries is each job's current attempt (absent: the first); republished
	// the jobs published again this run, withdrawn once stored; watch the
	// jobs settle waits on (a copy still out, or an answer still to come).
	tries       map[int]int
	republished map[int]bool
	watch       map[int]watched
	nonce       string
	out         *Outcome
	line        *progress.Line
}

// open connects to the streams, reads what the store has of the sweep,
// makes the results consumer and publishes the jobs not stored.
func (k *collector) open() (jetstream.Consumer, error) {
	c, ctx := k.c, k.ctx
	ackWait := c.AckWait
	if ackWait <= 0 {
		ackWait = 5 * time.Second
	}
	js, err := jetstream.New(c.NC)
	if err != nil {
		return nil, err
	}
	k.js = js
	if err := EnsureStreams(ctx, js); err != nil {
		return nil, err
	}
	// A resumed sweep is the same sweep: the same spec (its digest,
	// stored with the sweep).
	if err := c.Store.ClaimSweep(ctx, c.ID, experiment.Digest(k.jobs)); err != nil {
		return nil, err
	}
	if k.finished, err = c.Store.Jobs(c.ID); err != nil {
		return nil, err
	}
	k.out.Done = len(k.finished)
	cons, err := js.CreateOrUpdateConsumer(ctx, ResultsStream, jetstream.ConsumerConfig{
		Durable: consumerName(c.ID), AckPolicy: jetstream.AckExplicitPolicy, AckWait: ackWait,
		FilterSubject: resultsPrefix + c.ID + ".>", MaxDeliver: -1})
	if err != nil {
		return nil, fmt.Errorf("results consumer: %w", err)
	}
	k.nonce = newNonce()
	if k.stale, err = c.publish(ctx, js, k.jobs, k.finished, k.nonce, k.out); err != nil {
		return nil, err
	}
	// A job not published because an answer to it waits on the results
	// stream is watched like one whose copy is out: if that answer was
	// handled before (junk, an error an earlier run handled), the job is
	// published once the recheck finds no copy and no answer after the
	// consumer's acknowledged floor.
	floor := cons.CachedInfo().AckFloor.Stream
	for i := range k.jobs {
		if !k.finished[strconv.Itoa(i)] && !k.stale[i] && k.out.unpublished[i] {
			k.watch[i] = watched{seq: floor}
		}
	}
	return cons, nil
}

// startLine starts the progress line and says what was published.
func (k *collector) startLine() {
	c, out := k.c, k.out
	w := c.Out
	on := false
	opt := progress.Options{PerItem: true, TTY: &on}
	if c.Term != nil {
		w, opt.TTY = c.Term, nil
	}
	k.line = progress.Start(w, "sweep", len(k.jobs), opt)
	if out.Done > 0 {
		k.note("sweep %s: %d of %d runs already stored, resuming", c.ID, out.Done, len(k.jobs))
	}
	if out.Withdrawn > 0 {
		k.note("sweep %s: %d stored jobs were still on the jobs stream, withdrawn unrun", c.ID, out.Withdrawn)
	}
	k.note("sweep %s: %d jobs published on %s, waiting for workers", c.ID, out.Published, c.NC.ConnectedUrlRedacted())
	if c.Progress != nil {
		c.Progress(Progress{Sweep: c.ID, Total: len(k.jobs), Done: out.Done, Published: out.Published, Job: -1})
	}
}

// note prints a line above the progress line: one line, whatever the
// worker-supplied text in it (suggest.Bound), no URL's password or token
// in it.
func (k *collector) note(format string, args ...any) {
	if c := k.c; c.Out != nil {
		msg := strings.ReplaceAll(suggest.Bound(maskURLs(fmt.Sprintf(format, args...))), "\n", " ")
		k.line.Print(func() { fmt.Fprintln(c.Out, msg) })
	}
}

// MaxTries is how many times a job is tried before it is recorded as
// failed: an error from a worker publishes it again (for any worker; the
// one that failed hands it back once so that another may take it) until
// this many attempts have failed.
const MaxTries = 3

// take handles one result message: a rejected one (dropped with one
// line), an error (the job tried again, or recorded as failed after
// MaxTries), or a run, stored once. A message that does not finish its
// job leaves the job answerable (settle). Its error ends the run (the
// store failed).
func (k *collector) take(msg jetstream.Msg) error {
	c, out := k.c, k.out
	m, err := DecodeResult(msg.Subject(), c.ID, len(k.jobs), msg.Data())
	if err == nil {
		m.Worker, m.Error = cleanText(m.Worker, MaxText), cleanText(m.Error, MaxText)
		if m.Run != nil {
			if e := CheckRun(c.ID, m.Job, &k.jobs[m.Job], m.Run); e != nil {
				err = fmt.Errorf("%w on %s: the run of job %d from %s: %v", ErrMessage, msg.Subject(), m.Job, m.Worker, e)
			}
		}
	}
	var seq uint64
	if meta, merr := msg.Metadata(); merr == nil {
		seq = meta.Sequence.Stream
	}
	if err != nil {
		out.Rejected++
		msg.Term()
		// A rejected answer must not stand for its job.
		if i, ok := jobOf(msg.Subject(), c.ID, len(k.jobs)); ok {
			again, serr := k.settle(i, seq, nil)
			if serr != nil {
				return serr
			}
			if again {
				err = fmt.Errorf("%w; job %d published again", err, i)
			}
		}
		k.note("%v: dropped", err)
		return nil
	}
	if m.Error == "" {
		return k.store(msg, m)
	}
	msg.Ack()
	cur := max(k.tries[m.Job], 1)
	switch {
	case k.finished[m.JobIDString()]:
		out.Dropped++
		k.note("sweep %s: job %d is stored already, an error for it from %s dropped: %s", c.ID, m.Job, m.Worker, m.Error)
		return nil
	case m.Try != cur:
		out.Dropped++
		k.note("sweep %s: job %d: an error from %s for attempt %d, not the current %d, dropped: %s", c.ID, m.Job, m.Worker, m.Try, cur, m.Error)
		_, err := k.settle(m.Job, seq, nil)
		return err
	}
	_, err = k.settle(m.Job, seq, m)
	return err
}

// settle keeps job i answerable after a message at sequence seq of the
// results stream that did not finish it (junk, a rejected run, an
// error, failure when it is a worker's error): while a copy of the job
// is on the jobs stream (queued, or running on a worker, which answers
// it) the job is watched (recheck); once none is, an answer that came
// after seq decides; without one the error counts (fail), or the job is
// published again. So junk cannot multiply a job, and an error counts
// only once its worker has let go of the job (a worker acknowledges a
// job after it sent its answer): an error forged while a copy is still
// to answer counts for nothing. It reports whether it published.
func (k *collector) settle(i int, seq uint64, failure *ResultMsg) (bool, error) {
	if k.finished[strconv.Itoa(i)] {
		delete(k.watch, i)
		return false, nil
	}
	w := k.watch[i]
	w.seq = max(w.seq, seq)
	if failure != nil {
		w.failure = failure
	}
	left, err := subjectsIn(k.ctx, k.js, JobsStream, JobSubject(k.c.ID, i))
	if err != nil {
		return false, err
	}
	if left[JobSubject(k.c.ID, i)] > 0 {
		k.watch[i] = w
		return false, nil
	}
	delete(k.watch, i)
	if s, err := k.js.Stream(k.ctx, ResultsStream); err == nil {
		if last, err := s.GetLastMsgForSubject(k.ctx, ResultSubject(k.c.ID, i)); err == nil && last.Sequence > w.seq {
			return false, nil // that answer decides
		}
	}
	if w.failure != nil {
		return k.fail(i, w.failure)
	}
	return true, k.republish(i, max(k.tries[i], 1))
}

// watched is a job settle found still on the jobs stream: the results
// stream's sequence of the last message handled for it, and the error of
// its worker that waits to count.
type watched struct {
	seq     uint64
	failure *ResultMsg
}

// recheck settles the watched jobs again.
func (k *collector) recheck() error {
	for i, w := range k.watch {
		if _, err := k.settle(i, w.seq, nil); err != nil {
			return err
		}
	}
	return nil
}

// republish publishes job i again as attempt try.
func (k *collector) republish(i, try int) error {
	k.republished[i] = true
	return k.c.publishOne(k.ctx, k.js, k.jobs, i, k.nonce, try)
}

// fail counts a worker's error m for job i: the job is published again
// as the next attempt until MaxTries attempts failed, then recorded as a
// failed run, so that the sweep finishes.
func (k *collector) fail(i int, m *ResultMsg) (bool, error) {
	c, out := k.c, k.out
	out.Errors++
	cur := max(k.tries[i], 1)
	if cur < MaxTries {
		k.tries[i] = cur + 1
		k.note("sweep %s: job %d failed on %s (attempt %d of %d), tried again: %s", c.ID, i, m.Worker, cur, MaxTries, m.Error)
		return true, k.republish(i, cur+1)
	}
	j := &k.jobs[i]
	row := j.Row()
	id := strconv.Itoa(i)
	row.Sweep, row.Version = c.ID, results.Version()
	row.Job, row.Created = &id, time.Now().UTC().Format(time.RFC3339Nano)
	why := fmt.Sprintf("failed on %d attempts, the last on worker %s: %s", MaxTries, m.Worker, m.Error)
	row.Failed = &why
	if _, err := c.Store.InsertJob(k.ctx, &row); err != nil {
		return false, err
	}
	out.Failed++
	k.note("sweep %s: job %d (%s) recorded as failed: %s", c.ID, i, row.Short(), why)
	return false, k.stored(i, "", &row)
}

// store stores a job's run (once: a run stored already is dropped).
func (k *collector) store(msg jetstream.Msg, m *ResultMsg) error {
	c, out := k.c, k.out
	row := *m.Run
	cleanRun(&row)
	id := m.JobIDString()
	row.ID, row.BaselineID, row.Job = 0, nil, &id
	fresh, err := c.Store.InsertJob(k.ctx, &row)
	if err != nil {
		return err
	}
	msg.Ack()
	if !fresh {
		out.Dropped++
		k.note("sweep %s: job %d from %s is stored already: dropped", c.ID, m.Job, m.Worker)
		return nil
	}
	return k.stored(m.Job, m.Worker, &row)
}

// stored counts job i's row, just stored, takes off the jobs stream a
// copy of it left there (published again, or answered before this run
// began and still there: its acknowledgement may be lost), and reports
// it.
func (k *collector) stored(i int, worker string, row *results.Run) error {
	c, out := k.c, k.out
	out.Done++
	k.finished[strconv.Itoa(i)] = true
	if k.stale[i] || k.republished[i] {
		delete(k.stale, i)
		delete(k.republished, i)
		c.withdraw(k.ctx, k.js, i)
	}
	what := fmt.Sprintf("%s (job %d, %s)", row.Short(), i, worker)
	if worker == "" {
		what = fmt.Sprintf("%s (job %d, failed)", row.Short(), i)
	}
	k.line.Done(out.Done, what)
	if c.AfterStore != nil {
		c.AfterStore(out.Done, row)
	}
	if c.Progress != nil {
		c.Progress(Progress{Sweep: c.ID, Total: len(k.jobs), Done: out.Done, Published: out.Published, Job: i, Worker: worker, Run: row})
	}
	return nil
}

// close deletes the sweep's consumer and results: done, they are no
// longer needed.
func (k *collector) close() {
	cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	k.js.DeleteConsumer(cctx, ResultsStream, consumerName(k.c.ID))
	if s, err := k.js.Stream(cctx, ResultsStream); err == nil {
		s.Purge(cctx, jetstream.WithPurgeSubject(resultsPrefix+k.c.ID+".>"))
	}
}

// JobIDString is the result's job id as the store keeps it.
func (m *ResultMsg) JobIDString() string { return strconv.Itoa(m.Job) }

// publish puts every job that is neither stored, nor still on the jobs
// stream, nor answered on the results stream, on the jobs stream. A job
// still on the jobs stream whose run is stored is withdrawn (a resumed
// sweep whose acknowledgement was lost: a worker would run it again); one
// whose answer waits on the results stream is returned in stale, to be
// withdrawn once stored.
func (c *Coordinator) publish(ctx context.Context, js jetstream.JetStream, jobs []experiment.Job, finished map[string]bool, nonce string, out *Outcome) (stale map[int]bool, err error) {
	queued, err := subjectsIn(ctx, js, JobsStream, jobsPrefix+c.ID+".>")
	if err != nil {
		return nil, err
	}
	answered, err := subjectsIn(ctx, js, ResultsStream, resultsPrefix+c.ID+".>")
	if err != nil {
		return nil, err
	}
	stale = map[int]bool{}
	var acks []jetstream.PubAckFuture
	for i := range jobs {
		onStream := queued[JobSubject(c.ID, i)] > 0
		switch {
		case finished[strconv.Itoa(i)] && onStream:
			if err := c.withdraw(ctx, js, i); err != nil {
				return nil, err
			}
			out.Withdrawn++
			continue
		case onStream && answered[ResultSubject(c.ID, i)] > 0:
			stale[i] = true
			continue
		}
		if finished[strconv.Itoa(i)] || onStream {
			continue
		}
		if answered[ResultSubject(c.ID, i)] > 0 {
			out.unpublished[i] = true
			continue
		}
		data, err := json.Marshal(NewJobMsg(c.ID, nonce, i, len(jobs), &jobs[i]))
		if err != nil {
			return nil, err
		}
		// The id deduplicates a retried publish of this coordinator; a
		// resumed coordinator publishes anew (a fresh nonce).
		f, err := js.PublishAsync(JobSubject(c.ID, i), data, jetstream.WithMsgID(fmt.Sprintf("%s/%d/%s", c.ID, i, nonce)))
		if err != nil {
			return nil, fmt.Errorf("publishing job %d: %w", i, err)
		}
		acks = append(acks, f)
	}
	select {
	case <-js.PublishAsyncComplete():
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(30 * time.Second):
		return nil, fmt.Errorf("publishing %d jobs: no acknowledgement from the server after 30s", len(acks))
	}
	for _, f := range acks {
		select {
		case err := <-f.Err():
			return nil, fmt.Errorf("publishing job %s: %w", f.Msg().Subject, err)
		default:
		}
	}
	out.Published = len(acks)
	return stale, nil
}

// withdraw takes job i off the jobs stream: its run is stored. A worker
// running it meanwhile finds its acknowledgement refused, which is
// harmless (the store keeps the job once).
func (c *Coordinator) withdraw(ctx context.Context, js jetstream.JetStream, i int) error {
	s, err := js.Stream(ctx, JobsStream)
	if err != nil {
		return err
	}
	if err := s.Purge(ctx, jetstream.WithPurgeSubject(JobSubject(c.ID, i))); err != nil {
		return fmt.Errorf("withdrawing stored job %d: %w", i, err)
	}
	return nil
}

// cancel purges the sweep's remaining jobs and tells the workers to drop
// the ones they are running (Ctrl-C, or a failed job).
func (c *Coordinator) cancel(js jetstream.JetStream, epoch string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if s, err := js.Stream(ctx, JobsStream); err == nil {
		s.Purge(ctx, jetstream.WithPurgeSubject(jobsPrefix+c.ID+".>"))
	}
	c.NC.Publish(CancelSubject(c.ID), []byte(epoch))
	c.NC.Flush()
}

func newNonce() string {
	var b [4]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// jobOf is the job index of a result subject of sweep.
func jobOf(subj, sweep string, total int) (int, bool) {
	rest, ok := strings.CutPrefix(subj, resultsPrefix+sweep+".")
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(rest)
	return i, err == nil && i >= 0 && i < total
}

// publishOne publishes job i again as attempt try (a fresh message id:
// the first may still be in the duplicate window).
func (c *Coordinator) publishOne(ctx context.Context, js jetstream.JetStream, jobs []experiment.Job, i int, nonce string, try int) error {
	m := NewJobMsg(c.ID, nonce, i, len(jobs), &jobs[i])
	m.Try = max(try, 1)
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = js.Publish(ctx, JobSubject(c.ID, i), data, jetstream.WithMsgID(fmt.Sprintf("%s/%d/%s-again-%s", c.ID, i, nonce, newNonce())))
	return err
}
