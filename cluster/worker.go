package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"splitpoint/experiment"
	"splitpoint/results"
	"splitpoint/suggest"
)

// Worker takes jobs from the jobs stream, runs each with
// experiment.RunJob on its Engine, publishes the run's row on the results
// stream and then acknowledges the job (so a worker that dies between the
// two leaves a job that is run again, and the store keeps it once). It
// runs up to Parallel simulated jobs at once; a pool or serial job, whose
// times are its measurement, runs alone (experiment.Job.Exclusive).
type Worker struct {
	NC     *nats.Conn
	Engine experiment.Engine
	// Host is recorded with every run (zero: ThisHost()).
	Host Host
	// Name names the worker in its answers and lines (""; host:pid).
	Name string
	// Out receives one line per thing the worker does (nil: none).
	Out io.Writer
	// AckWait is how long the server waits for an acknowledgement before
	// it gives a job to another worker (0: 30s). The running worker says
	// it is alive every AckWait/3.
	AckWait time.Duration
	// Poll is how long one fetch waits for a job (0: 1s); the worker
	// notices its context's end between fetches.
	Poll time.Duration
	// Idle, when > 0, stops the worker after that long without a job.
	Idle time.Duration
	// Parallel is how many simulated jobs run at once (0: one per core,
	// experiment.DefaultJobs); a job is fetched only when it could start.
	Parallel int
	// Jobs counts the runs this worker published.
	Jobs int
	// Sweep is the one sweep whose jobs the worker takes (its key's:
	// CredsInfo.Sweep), through the consumer WorkersConsumer(Sweep); ""
	// takes every sweep's.
	Sweep string
	// Files is the only directory file: positions are read from (nil:
	// none is; see admit.go).
	Files *os.Root
	// API is the prefix of the JetStream API the worker's connection
	// reaches ("": $JS.API; WorkerAPI with the workers' key of a server
	// the workbench started: CredsInfo.API).
	API string

	mu sync.Mutex // guards Jobs and Out across the running jobs
}

// say prints a line of the worker's log: one line, whatever text of a
// message it quotes (suggest.Bound), no URL's password or token in it.
func (w *Worker) say(format string, args ...any) {
	if w.Out != nil {
		msg := strings.ReplaceAll(suggest.Bound(maskURLs(fmt.Sprintf(format, args...))), "\n", " ")
		w.mu.Lock()
		fmt.Fprintf(w.Out, "worker %s: %s\n", w.Name, msg)
		w.mu.Unlock()
	}
}

// DefaultAckWait is the jobs consumer's AckWait when none is given.
const DefaultAckWait = 30 * time.Second

// Run works until ctx ends: then a job in progress is handed back at once
// (Nak) and Run returns nil.
func (w *Worker) Run(ctx context.Context) error {
	w.defaults()
	js, err := w.jetStream()
	if err != nil {
		return err
	}
	cons, err := w.consumer(ctx, js)
	if cons == nil {
		return err
	}
	l := &workLoop{w: w, ctx: ctx, js: js, cons: cons, cancelled: map[string]bool{}, current: map[*inProgress]bool{}, failed: map[string]bool{}}
	sub, err := w.NC.Subscribe(cancelFilter(w.Sweep), l.cancel)
	if err != nil {
		return err
	}
	defer sub.Unsubscribe()
	l.slots = experiment.NewSlots(w.Parallel)
	l.ended = make(chan struct{}, l.slots.N())
	defer l.drain()
	w.say("waiting for jobs on %s (%s, %d cores, %d simulated jobs at once, ack wait %s)", w.NC.ConnectedUrlRedacted(), w.Host.CPU, w.Host.Cores, l.slots.N(), w.AckWait)
	l.last = time.Now()
	for ctx.Err() == nil {
		for !l.slots.Free() {
			l.waitOne()
			l.touch()
		}
		msg, stop := l.next()
		if stop {
			break
		}
		if msg == nil {
			continue
		}
		if m, key, ok := l.admit(msg); ok {
			l.start(msg, m, key)
		}
	}
	l.drain()
	w.say("stopped after %d jobs", w.published())
	return nil
}

// jetStream is the JetStream API as the worker reaches it (API).
func (w *Worker) jetStream() (jetstream.JetStream, error) {
	if w.API != "" {
		return jetstream.NewWithAPIPrefix(w.NC, w.API)
	}
	return jetstream.New(w.NC)
}

// defaults fills in the worker's host, name, ack wait and poll interval.
func (w *Worker) defaults() {
	if w.Host == (Host{}) {
		w.Host = ThisHost()
	}
	if w.Name == "" {
		w.Name = fmt.Sprintf("%s:%d", w.Host.Name, os.Getpid())
	}
	if w.AckWait <= 0 {
		w.AckWait = DefaultAckWait
	}
	if w.Poll <= 0 {
		w.Poll = time.Second
	}
}

// consumer is the workers' consumer of the jobs stream. The server may
// not be up yet (a worker started before the coordinator): it tries
// again every Poll until ctx ends (then nil, nil).
func (w *Worker) consumer(ctx context.Context, js jetstream.JetStream) (jetstream.Consumer, error) {
	for waited := false; ; waited = true {
		// One attempt waits at most a few seconds: a server not up yet
		// is said once, then tried again every Poll.
		actx, cancel := context.WithTimeout(ctx, max(w.Poll, time.Second))
		var err error
		if w.API == "" {
			// A worker in the workers' account cannot, and need not:
			// its consumer's creation fails until the coordinator
			// made them.
			err = EnsureStreams(actx, js)
		}
		if err == nil {
			var cons jetstream.Consumer
			cons, err = js.CreateOrUpdateConsumer(actx, JobsStream, jetstream.ConsumerConfig{
				Durable: WorkersConsumer(w.Sweep), AckPolicy: jetstream.AckExplicitPolicy, AckWait: w.AckWait, MaxDeliver: -1,
				FilterSubject: jobsFilter(w.Sweep)})
			if err == nil {
				cancel()
				return cons, nil
			}
		}
		cancel()
		if ctx.Err() != nil {
			return nil, nil
		}
		if err := closedForGood(w.NC); err != nil {
			return nil, err
		}
		if !waited {
			w.say("waiting for the server at %s: %v", serverURLs(w.NC), err)
		}
		select {
		case <-ctx.Done():
			return nil, nil
		case <-time.After(w.Poll):
		}
	}
}

// inProgress is a job running, by the key of its sweep (sweep/epoch), and
// how to stop it.
type inProgress struct {
	key  string
	stop context.CancelFunc
}

// workLoop is the state of a worker's loop: the cancelled sweeps, the
// jobs in progress, the slots they hold and when the last one ended.
type workLoop struct {
	w    *Worker
	ctx  context.Context
	js   jetstream.JetStream
	cons jetstream.Consumer

	mu        sync.Mutex // over cancelled, current, last and failed
	cancelled map[string]bool
	current   map[*inProgress]bool
	last      time.Time
	// failed are the jobs (sweep/job) this worker answered with an
	// error, and whether it handed one back since: it hands a job it
	// failed back once, so that another worker may take it.
	failed map[string]bool

	slots *experiment.Slots
	ended chan struct{}
}

// cancel records a sweep's cancel and stops its jobs in progress.
func (l *workLoop) cancel(m *nats.Msg) {
	key := strings.TrimPrefix(m.Subject, cancelPrefix) + "/" + string(m.Data)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cancelled[key] = true
	for j := range l.current {
		if j.key == key {
			j.stop()
		}
	}
}

// waitOne waits for a job to end and frees its slot.
func (l *workLoop) waitOne() {
	<-l.ended
	l.slots.Ended()
}

// drain waits for every job in progress.
func (l *workLoop) drain() {
	for l.slots.Running() > 0 {
		l.waitOne()
	}
}

// touch notes that a job just ended (the idle time starts again).
func (l *workLoop) touch() {
	l.mu.Lock()
	l.last = time.Now()
	l.mu.Unlock()
}

// next fetches the next job: nil when there was none this Poll (or a job
// ended meanwhile), stop when the worker has been idle too long or ctx
// ended.
func (l *workLoop) next() (msg jetstream.Msg, stop bool) {
	w := l.w
	msg, err := l.cons.Next(jetstream.FetchMaxWait(w.Poll))
	if err == nil {
		return msg, false
	}
	l.mu.Lock()
	idle := w.Idle > 0 && l.slots.Running() == 0 && time.Since(l.last) > w.Idle
	l.mu.Unlock()
	select {
	case <-l.ended:
		l.slots.Ended()
		l.touch()
		return nil, false
	default:
	}
	switch {
	case errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoMessages):
		if idle {
			w.say("no job for %s", w.Idle)
		}
		return nil, idle
	case l.ctx.Err() != nil:
		return nil, true
	case idle:
		w.say("no job for %s (%v)", w.Idle, err)
		return nil, true
	}
	w.say("fetch: %v (retrying)", err)
	time.Sleep(w.Poll)
	return nil, false
}

// admit decodes a job and decides whether to run it: not a foreign or
// malformed message, nor another sweep's, nor one already answered, nor
// one of a cancelled sweep (each acknowledged or refused as it should).
func (l *workLoop) admit(msg jetstream.Msg) (m *JobMsg, key string, ok bool) {
	w := l.w
	m, err := DecodeJob(msg.Subject(), msg.Data())
	if err == nil {
		err = w.ownSweep(m)
	}
	if err != nil {
		w.say("%v", err)
		msg.Term()
		return nil, "", false
	}
	if meta, _ := msg.Metadata(); meta != nil && meta.NumDelivered > 1 && w.answered(l.ctx, m) {
		// Delivered again although a run of it was published (the
		// acknowledgement was lost): acknowledged without running it
		// twice.
		msg.Ack()
		w.say("job %s/%d: delivered again, but its run is on the results stream already: acknowledged without running it", m.Sweep, m.Job)
		return nil, "", false
	}
	key = m.Sweep + "/" + m.Epoch
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cancelled[key] {
		w.say("job %s/%d: its sweep was cancelled, dropped", m.Sweep, m.Job)
		msg.Term()
		return nil, "", false
	}
	if handed, ok := l.failed[m.JobKey()]; ok && !handed {
		// It failed here: another worker may take it first.
		l.failed[m.JobKey()] = true
		msg.NakWithDelay(time.Second)
		w.say("job %s/%d (attempt %d) failed here before: handed back for another worker", m.Sweep, m.Job, m.Try)
		return nil, "", false
	}
	return m, key, true
}

// start runs the job in a slot of its own (alone when it is timed) and
// answers it when it ends.
func (l *workLoop) start(msg jetstream.Msg, m *JobMsg, key string) {
	w := l.w
	exclusive := (&experiment.Job{Settled: m.Settled}).Exclusive()
	if !l.slots.CanStart(exclusive) {
		// A timed job: it waits, kept alive, until the jobs running
		// beside it have ended.
		stopAlive := keepAlive(msg, w.AckWait)
		l.drain()
		stopAlive()
	}
	l.mu.Lock()
	jobCtx, cancel := context.WithCancel(l.ctx)
	job := &inProgress{key: key, stop: cancel}
	l.current[job] = true
	l.mu.Unlock()
	l.slots.Start(exclusive)
	go func() {
		defer func() { l.ended <- struct{}{} }()
		res := w.run(jobCtx, msg, m)
		l.mu.Lock()
		l.last = time.Now()
		delete(l.current, job)
		wasCancelled := l.cancelled[key]
		l.mu.Unlock()
		cancel()
		switch {
		case l.ctx.Err() != nil:
			msg.Nak() // stopping: another worker takes it now
			w.say("job %s/%d handed back (stopping)", m.Sweep, m.Job)
		case wasCancelled && res.Run == nil:
			msg.Term()
			w.say("job %s/%d cancelled with its sweep", m.Sweep, m.Job)
		default:
			if res.Error != "" {
				l.mu.Lock()
				l.failed[m.JobKey()] = false
				l.mu.Unlock()
			}
			if err := w.publish(l.ctx, msg, m, res); err != nil {
				w.say("job %s/%d: %v (it will be delivered again)", m.Sweep, m.Job, err)
				msg.Nak()
			}
		}
	}()
}

// published is the number of runs published so far.
func (w *Worker) published() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.Jobs
}

// keepAlive tells the server every ackWait/3 that msg is in progress,
// until the returned function is called.
func keepAlive(msg jetstream.Msg, ackWait time.Duration) (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(ackWait / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				msg.InProgress()
			}
		}
	}()
	return func() { close(done) }
}

// run runs one job, telling the server it is in progress meanwhile.
func (w *Worker) run(ctx context.Context, msg jetstream.Msg, m *JobMsg) *ResultMsg {
	res := &ResultMsg{Kind: KindResult, Sweep: m.Sweep, Job: m.Job, Worker: w.Name, Try: m.Try}
	job, err := w.load(m)
	if err != nil {
		res.Error = err.Error()
		return res
	}
	row := job.Row()
	row.Sweep, row.Version = m.Sweep, results.Version()
	meta, _ := msg.Metadata()
	again := ""
	if meta != nil && meta.NumDelivered > 1 {
		again = fmt.Sprintf(" (delivery %d)", meta.NumDelivered)
	}
	w.say("job %s/%d of %d%s: %s", m.Sweep, m.Job, m.Total, again, row.Short())

	stopAlive := keepAlive(msg, w.AckWait)
	err = experiment.RunJob(ctx, w.Engine, &job, &row)
	stopAlive()
	if ctx.Err() != nil {
		res.Error = ctx.Err().Error()
		return res
	}
	if err != nil {
		res.Error = fmt.Sprintf("%s: %v", row.Short(), err)
		return res
	}
	id := m.JobID()
	cores := int64(w.Host.Cores)
	row.Job, row.Host, row.CPU, row.Cores = &id, &w.Host.Name, &w.Host.CPU, &cores
	row.Created = time.Now().UTC().Format(time.RFC3339Nano)
	res.Run = &row
	return res
}

// publish sends the result of job m (deduplicated by its sweep, job,
// epoch, attempt and the copy of the job) and acknowledges the job once
// the server has it.
func (w *Worker) publish(ctx context.Context, msg jetstream.Msg, m *JobMsg, res *ResultMsg) error {
	data, err := json.Marshal(res)
	if err != nil {
		return err
	}
	js, err := w.jetStream()
	if err != nil {
		return err
	}
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	// The id: a redelivered copy of the job answers once, a copy
	// published again (another stream sequence) anew.
	var seq uint64
	if meta, err := msg.Metadata(); err == nil {
		seq = meta.Sequence.Stream
	}
	id := fmt.Sprintf("%s/%d/%s/%d/%d", res.Sweep, res.Job, m.Epoch, m.Try, seq)
	if _, err := js.Publish(pctx, ResultSubject(res.Sweep, res.Job), data, jetstream.WithMsgID(id)); err != nil {
		return fmt.Errorf("publishing the result: %w", err)
	}
	w.mu.Lock()
	w.Jobs++
	w.mu.Unlock()
	if err := msg.DoubleAck(pctx); err != nil {
		// The run is on the results stream: the coordinator stores it. If
		// the job comes again, the worker that gets it finds the run there
		// (answered) and does not run it again.
		w.say("job %s/%d: the run is sent but acknowledging failed: %v", res.Sweep, res.Job, err)
		return nil
	}
	if res.Error != "" {
		w.say("job %s/%d failed: %s", res.Sweep, res.Job, res.Error)
	} else {
		w.say("job %s/%d done in %.3fs: value %d, %d nodes", res.Sweep, res.Job, res.Run.Seconds, res.Run.Value, res.Run.Nodes)
	}
	return nil
}

// answered reports whether the results stream holds a run of job m (a
// valid answer of its sweep, for the same position, algorithm, machine,
// role and repetition): the job need not run again. It reads the last
// message on the job's result subject with a direct get by that subject,
// which the workers' key allows for its sweep's results only.
func (w *Worker) answered(ctx context.Context, m *JobMsg) bool {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	api := w.API
	if api == "" {
		api = "$JS.API"
	}
	subj := ResultSubject(m.Sweep, m.Job)
	raw, err := w.NC.RequestWithContext(ctx, api+".DIRECT.GET."+ResultsStream+"."+subj, nil)
	if err != nil || raw.Header.Get("Status") != "" || raw.Header.Get(jetstream.SubjectHeader) != subj {
		return false
	}
	r, err := DecodeResult(subj, m.Sweep, m.Total, raw.Data)
	if err != nil || r.Run == nil || r.Error != "" || r.Job != m.Job {
		return false
	}
	run := r.Run
	return run.Position == m.Position && run.AlgoLabel() == m.algoLabel() && run.Machine == m.Settled.Machine.Kind && run.Role == m.Role && run.Rep == int64(m.Rep)
}
