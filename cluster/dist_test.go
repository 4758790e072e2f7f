package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"splitpoint/experiment"
	"splitpoint/results"
	"splitpoint/results/resultstest"
)

// inProcess starts a JetStream server without a listener (DontListen) and
// returns it with a connection maker.
func inProcess(t *testing.T) (*Server, func(name string) *nats.Conn) {
	t.Helper()
	s, err := StartServer(ServerOptions{InProcess: true, StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	return s, func(name string) *nats.Conn {
		nc, err := s.Connect(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		return nc
	}
}

// testPlan is a small sweep: two seeded trees, serial, pool and simulated
// runs of two algorithms.
func testPlan(t *testing.T) []experiment.Job {
	t.Helper()
	s := experiment.NewSpec()
	for k, v := range map[string]string{
		"positions": "uniform:b=4,d=5,seed=3,ordered:b=3,d=6,seed=7,order=p0.7", "algos": "pnegamax,jamboree,alphabeta",
		"depth": "5", "sim": "1,3,inf", "workers": "2", "seeds": "1,2",
	} {
		if err := s.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	jobs, err := experiment.Plan(s, experiment.LabEngine{})
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}

func openStore(t *testing.T) *results.Store { return resultstest.Open(t) }

// startWorkers runs n workers until the returned stop is called.
func startWorkers(t *testing.T, connect func(string) *nats.Conn, n int, eng experiment.Engine) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		w := &Worker{NC: connect(fmt.Sprint("w", i)), Engine: eng, Name: fmt.Sprint("w", i), Poll: 50 * time.Millisecond, AckWait: 2 * time.Second}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := w.Run(ctx); err != nil {
				t.Error(err)
			}
		}()
	}
	return func() { cancel(); wg.Wait() }
}

// key identifies a planned run across two sweeps.
func key(r *results.Run) string {
	return fmt.Sprintf("%s %s %s %s %s %d %d", r.Role, r.Position, r.AlgoLabel(), r.Machine, r.ProcsLabel(), r.Seed, r.Rep)
}

// sameRuns checks that the distributed sweep's rows are the local sweep's,
// run for run: value, nodes, W and C (pool runs: value; their counters
// depend on the goroutines' timing), and that each row has its baseline.
func sameRuns(t *testing.T, local, remote []results.Run) {
	t.Helper()
	if len(local) != len(remote) {
		t.Fatalf("%d local rows, %d distributed", len(local), len(remote))
	}
	byKey := map[string]*results.Run{}
	ids := map[int64]*results.Run{}
	for i := range remote {
		r := &remote[i]
		if byKey[key(r)] != nil {
			t.Fatalf("run %s twice", key(r))
		}
		byKey[key(r)] = r
		ids[r.ID] = r
		if r.Job == nil || r.Host == nil || r.Cores == nil {
			t.Errorf("%s: no job or host recorded", key(r))
		}
	}
	for i := range local {
		l := &local[i]
		r := byKey[key(l)]
		if r == nil {
			t.Errorf("run %s missing", key(l))
			continue
		}
		if l.Value != r.Value {
			t.Errorf("%s: value %d locally, %d distributed", key(l), l.Value, r.Value)
		}
		if l.Machine != "pool" && (l.Nodes != r.Nodes || l.Work != r.Work || l.Span != r.Span || l.Time != r.Time && l.Machine == "sim") {
			t.Errorf("%s: nodes/W/C/T %d/%d/%d/%d locally, %d/%d/%d/%d distributed", key(l), l.Nodes, l.Work, l.Span, l.Time, r.Nodes, r.Work, r.Span, r.Time)
		}
		if r.Role != results.RoleBaseline {
			if r.BaselineID == nil || ids[*r.BaselineID] == nil || ids[*r.BaselineID].Position != r.Position || ids[*r.BaselineID].Role != results.RoleBaseline {
				t.Errorf("%s: baseline %v is not its position's", key(r), r.BaselineID)
			}
		}
	}
}

func localRuns(t *testing.T, jobs []experiment.Job) []results.Run {
	t.Helper()
	st := openStore(t)
	o, err := (&experiment.Runner{Store: st, Engine: experiment.LabEngine{}}).Run(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	return o.Rows
}

// TestSweepThreeWorkers: a sweep spread over three workers in one process
// stores the local sweep's runs, run for run.
func TestSweepThreeWorkers(t *testing.T) {
	jobs := testPlan(t)
	_, connect := inProcess(t)
	stop := startWorkers(t, connect, 3, experiment.LabEngine{})
	defer stop()
	st := openStore(t)
	c := &Coordinator{NC: connect("coord"), Store: st, ID: "three", Poll: 50 * time.Millisecond}
	o, err := c.Run(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	if o.Done != len(jobs) || o.Published != len(jobs) || o.Rejected != 0 {
		t.Fatalf("outcome %+v, %d jobs", o, len(jobs))
	}
	rows, err := st.Runs("three")
	if err != nil {
		t.Fatal(err)
	}
	sameRuns(t, localRuns(t, jobs), rows)
}

// stopOnce is an engine that cancels a worker's context while its nth
// job (counted over all workers sharing it) runs.
type stopOnce struct {
	experiment.LabEngine
	n      int32
	count  atomic.Int32
	cancel context.CancelFunc
}

func (e *stopOnce) Run(ctx context.Context, j *experiment.Job, row *results.Run) error {
	if e.count.Add(1) == e.n {
		e.cancel()
		<-ctx.Done() // the worker stops mid-job
		return ctx.Err()
	}
	return e.LabEngine.Run(ctx, j, row)
}

// TestWorkerKilledMidJob: a worker whose context is cancelled mid-job
// hands the job back; the other workers finish the sweep and no run is
// lost or stored twice.
func TestWorkerKilledMidJob(t *testing.T) {
	jobs := testPlan(t)
	_, connect := inProcess(t)
	ctx, cancel := context.WithCancel(context.Background())
	victim := &Worker{NC: connect("victim"), Engine: &stopOnce{n: 3, cancel: cancel}, Name: "victim", Poll: 20 * time.Millisecond, AckWait: 2 * time.Second}
	done := make(chan error, 1)
	go func() { done <- victim.Run(ctx) }()
	st := openStore(t)
	c := &Coordinator{NC: connect("coord"), Store: st, ID: "kill", Poll: 50 * time.Millisecond}
	var stop func()
	c.AfterStore = func(n int, _ *results.Run) {
		if n == 1 { // the others join once the victim has worked
			stop = startWorkers(t, connect, 2, experiment.LabEngine{})
		}
	}
	o, err := c.Run(context.Background(), jobs)
	if stop != nil {
		stop()
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if victim.Jobs != 2 {
		t.Errorf("the victim published %d jobs, want 2 before it was stopped", victim.Jobs)
	}
	rows, _ := st.Runs("kill")
	if o.Done != len(jobs) {
		t.Fatalf("outcome %+v", o)
	}
	sameRuns(t, localRuns(t, jobs), rows)
}

// TestCoordinatorRestart: a coordinator stopped after a few runs, and
// started again with the same sweep id, finishes the sweep without
// publishing or storing anything twice.
func TestCoordinatorRestart(t *testing.T) {
	jobs := testPlan(t)
	_, connect := inProcess(t)
	stop := startWorkers(t, connect, 2, experiment.LabEngine{})
	defer stop()
	st := openStore(t)
	crashAfter(t, connect("coord1"), st, "restart", jobs, 5)
	second := &Coordinator{NC: connect("coord2"), Store: st, ID: "restart", Poll: 20 * time.Millisecond, AckWait: time.Second}
	o2, err := second.Run(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	if o2.Done != len(jobs) {
		t.Fatalf("second outcome %+v", o2)
	}
	rows, _ := st.Runs("restart")
	sameRuns(t, localRuns(t, jobs), rows)
}

// TestForeignMessages: a malformed job and a foreign message on the jobs
// stream, and a malformed result on the results stream, are rejected with
// a clear error and the sweep finishes.
func TestForeignMessages(t *testing.T) {
	jobs := testPlan(t)[:4]
	_, connect := inProcess(t)
	nc := connect("intruder")
	js, _ := jetstream.New(nc)
	ctx := context.Background()
	if err := EnsureStreams(ctx, js); err != nil {
		t.Fatal(err)
	}
	for subj, data := range map[string]string{
		"splitpoint.jobs.foreign.0":  `{"hello": "world"}`,
		"splitpoint.jobs.foreign.1":  `not json`,
		"splitpoint.jobs.foreign.2":  `{"kind": "splitpoint/job/3", "sweep": "foreign", "job": 7, "total": 3}`,
		"splitpoint.results.mixed.0": `{"kind": "splitpoint/result/2", "sweep": "mixed", "job": 0, "bogus": 1}`,
		"splitpoint.results.mixed.1": `{"kind": "splitpoint/result/2", "sweep": "other", "job": 1, "error": "x"}`,
	} {
		if _, err := js.Publish(ctx, subj, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	var log syncBuffer
	ctxW, cancel := context.WithCancel(ctx)
	w := &Worker{NC: connect("w"), Engine: experiment.LabEngine{}, Name: "w", Poll: 20 * time.Millisecond, Out: &log}
	done := make(chan error, 1)
	go func() { done <- w.Run(ctxW) }()
	var clog syncBuffer
	c := &Coordinator{NC: connect("coord"), Store: openStore(t), ID: "mixed", Poll: 20 * time.Millisecond, Out: &clog}
	o, err := c.Run(ctx, jobs)
	cancel()
	if err2 := <-done; err2 != nil {
		t.Fatal(err2)
	}
	if err != nil {
		t.Fatal(err)
	}
	if o.Done != len(jobs) || o.Rejected != 2 || o.Published != len(jobs)-2 {
		t.Errorf("outcome %+v\n%s", o, clog.String())
	}
	for _, want := range []string{
		`rejected message on splitpoint.jobs.foreign.0: kind "", want "splitpoint/job/3" (a foreign message)`,
		`rejected message on splitpoint.jobs.foreign.1: not JSON`,
		`rejected message on splitpoint.jobs.foreign.2: job 7 of 3 of sweep "foreign" is out of range`,
	} {
		if !contains(log.String(), want) {
			t.Errorf("worker log lacks %q:\n%s", want, log.String())
		}
	}
	for _, want := range []string{
		`rejected message on splitpoint.results.mixed.0: malformed splitpoint/result/2: json: unknown field "bogus"`,
		`rejected message on splitpoint.results.mixed.1: a result of sweep "other", want "mixed"; job 1 published again`,
	} {
		if !contains(clog.String(), want) {
			t.Errorf("coordinator log lacks %q:\n%s", want, clog.String())
		}
	}
}

// TestCancelSweep: Ctrl-C (the coordinator's context) purges the sweep's
// remaining jobs and keeps what finished; resumed with the same id, the
// coordinator publishes the purged jobs again and the sweep completes with
// every run once.
func TestCancelSweep(t *testing.T) {
	jobs := testPlan(t)
	_, connect := inProcess(t)
	stop := startWorkers(t, connect, 2, experiment.LabEngine{})
	defer stop()
	st := openStore(t)
	nc := connect("coord")
	ctx, cancel := context.WithCancel(context.Background())
	c := &Coordinator{NC: nc, Store: st, ID: "ctrlc", Poll: 20 * time.Millisecond, AckWait: time.Second}
	c.AfterStore = func(n int, _ *results.Run) {
		if n == 4 {
			cancel()
		}
	}
	o, err := c.Run(ctx, jobs)
	if !errors.Is(err, context.Canceled) || !o.Cancelled {
		t.Fatalf("err %v, outcome %+v", err, o)
	}
	js, _ := jetstream.New(nc)
	left, err := subjectsIn(context.Background(), js, JobsStream, jobsPrefix+"ctrlc.>")
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Errorf("%d jobs left on the stream after Ctrl-C", len(left))
	}
	kept, _ := st.Runs("ctrlc")
	if len(kept) < 4 || len(kept) == len(jobs) {
		t.Fatalf("kept %d of %d", len(kept), len(jobs))
	}
	again := &Coordinator{NC: nc, Store: st, ID: "ctrlc", Poll: 20 * time.Millisecond, AckWait: time.Second}
	o, err = again.Run(context.Background(), jobs)
	if err != nil {
		t.Fatal(err)
	}
	if o.Published == 0 || o.Done != len(jobs) {
		t.Fatalf("resumed: %+v", o)
	}
	rows, _ := st.Runs("ctrlc")
	sameRuns(t, localRuns(t, jobs), rows)
}
