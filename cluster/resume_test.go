package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"splitpoint/experiment"
	"splitpoint/results"
)

// counting is an engine that counts the completed runs of each planned
// job (over every worker sharing it).
type counting struct {
	experiment.LabEngine
	mu   sync.Mutex
	runs map[string]int
}

func jobKey(j *experiment.Job) string {
	return fmt.Sprintf("%s %s %s %s %d %d %d", j.Role, j.Position.Name, j.Algo(), j.Machine.Kind, j.Machine.P, j.Opt.Seed, j.Rep)
}

func (e *counting) Run(ctx context.Context, j *experiment.Job, row *results.Run) error {
	err := e.LabEngine.Run(ctx, j, row)
	if err == nil && ctx.Err() == nil {
		e.mu.Lock()
		if e.runs == nil {
			e.runs = map[string]int{}
		}
		e.runs[jobKey(j)]++
		e.mu.Unlock()
	}
	return err
}

// once checks that every planned job was run to the end exactly once.
func (e *counting) once(t *testing.T, jobs []experiment.Job) {
	t.Helper()
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := range jobs {
		if n := e.runs[jobKey(&jobs[i])]; n != 1 {
			t.Errorf("job %d (%s) run %d times, want once", i, jobKey(&jobs[i]), n)
		}
	}
}

// TestResumeRunsEachJobOnce: a coordinator that crashed mid-sweep, with
// jobs whose runs it had stored still on the jobs stream (their
// acknowledgements lost, as when the embedded server dies with the
// coordinator between a worker's answer and its ack), is restarted with
// the same sweep id: it withdraws those jobs instead of letting a worker
// run them again, and every job is run to the end exactly once.
func TestResumeRunsEachJobOnce(t *testing.T) {
	jobs := testPlan(t)
	_, connect := inProcess(t)
	eng := &counting{}
	stop := startWorkers(t, connect, 2, eng)
	st := openStore(t)
	crashAfter(t, connect("coord1"), st, "resume", jobs, 5)
	stop() // a job in progress is handed back unfinished

	// Two stored jobs are still on the jobs stream, as the lost
	// acknowledgements leave them.
	stored, err := st.Jobs("resume")
	if err != nil {
		t.Fatal(err)
	}
	js, _ := jetstream.New(connect("crash"))
	lost := 0
	for id := range stored {
		i, _ := strconv.Atoi(id)
		data, _ := json.Marshal(NewJobMsg("resume", "crashed", i, len(jobs), &jobs[i]))
		if _, err := js.Publish(context.Background(), JobSubject("resume", i), data); err != nil {
			t.Fatal(err)
		}
		if lost++; lost == 2 {
			break
		}
	}
	// delivered to a worker that answered, and not acknowledged
	cons, err := js.CreateOrUpdateConsumer(context.Background(), JobsStream, jetstream.ConsumerConfig{
		Durable: WorkersName, AckPolicy: jetstream.AckExplicitPolicy, AckWait: 2 * time.Second, MaxDeliver: -1,
		FilterSubject: jobsPrefix + ">"})
	if err != nil {
		t.Fatal(err)
	}
	for range lost {
		msg, err := cons.Next(jetstream.FetchMaxWait(5 * time.Second))
		if err != nil {
			t.Fatal(err)
		}
		msg.Nak()
	}

	second := &Coordinator{NC: connect("coord2"), Store: st, ID: "resume", Poll: 20 * time.Millisecond, AckWait: time.Second}
	// the workers come back once the coordinator has published
	second.Progress = func(p Progress) {
		if p.Run == nil {
			stop = startWorkers(t, connect, 2, eng)
		}
	}
	o2, err := second.Run(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	if o2.Done != len(jobs) {
		t.Fatalf("second outcome %+v, want %d done", o2, len(jobs))
	}
	if o2.Withdrawn != 2 {
		t.Errorf("second outcome %+v, want 2 withdrawn", o2)
	}
	stop()
	eng.once(t, jobs)
	rows, _ := st.Runs("resume")
	sameRuns(t, localRuns(t, jobs), rows)
}

// TestRedeliveredAnsweredJob: a job delivered again although its run is on
// the results stream (the first worker's acknowledgement was lost) is
// acknowledged by the worker that gets it without running it again.
func TestRedeliveredAnsweredJob(t *testing.T) {
	jobs := testPlan(t)[:1]
	_, connect := inProcess(t)
	js, _ := jetstream.New(connect("setup"))
	ctx := context.Background()
	if err := EnsureStreams(ctx, js); err != nil {
		t.Fatal(err)
	}
	// the run, as the first worker sent it
	j := jobs[0]
	row := j.Row()
	row.Sweep = "again"
	if err := (experiment.LabEngine{}).Run(ctx, &j, &row); err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(ResultMsg{Kind: KindResult, Sweep: "again", Job: 0, Worker: "first", Run: &row})
	if _, err := js.Publish(ctx, ResultSubject("again", 0), data); err != nil {
		t.Fatal(err)
	}
	// the job, delivered once to the first worker and not acknowledged
	data, _ = json.Marshal(NewJobMsg("again", "e", 0, 1, &jobs[0]))
	if _, err := js.Publish(ctx, JobSubject("again", 0), data); err != nil {
		t.Fatal(err)
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, JobsStream, jetstream.ConsumerConfig{
		Durable: WorkersName, AckPolicy: jetstream.AckExplicitPolicy, AckWait: 2 * time.Second, MaxDeliver: -1,
		FilterSubject: jobsPrefix + ">"})
	if err != nil {
		t.Fatal(err)
	}
	msg, err := cons.Next(jetstream.FetchMaxWait(5 * time.Second))
	if err != nil {
		t.Fatal(err)
	}
	msg.Nak()

	eng := &counting{}
	var log syncBuffer
	wctx, stop := context.WithCancel(ctx)
	w := &Worker{NC: connect("w"), Engine: eng, Name: "w", Poll: 20 * time.Millisecond, AckWait: 2 * time.Second, Out: &log}
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	deadline := time.Now().Add(20 * time.Second)
	for !contains(log.String(), "acknowledged without running it") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !contains(log.String(), "job again/0: delivered again, but its run is on the results stream already: acknowledged without running it") {
		t.Fatalf("worker log:\n%s", log.String())
	}
	if len(eng.runs) != 0 || w.Jobs != 0 {
		t.Errorf("the job ran again: %v, %d published", eng.runs, w.Jobs)
	}
	left, err := subjectsIn(ctx, js, JobsStream, jobsPrefix+"again.>")
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Errorf("the job is still on the stream: %v", left)
	}
}
