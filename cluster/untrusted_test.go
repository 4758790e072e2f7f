package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"splitpoint/algos"
	"splitpoint/experiment"
	"splitpoint/game"
	"splitpoint/lab"
	"splitpoint/results"
)

// plannedRuns is the plan of testPlan with each job's run, as a worker
// of sweep "s" answers it.
func plannedRuns(t *testing.T) ([]experiment.Job, []results.Run) {
	t.Helper()
	jobs := testPlan(t)
	rows := localRuns(t, jobs)
	for i := range rows {
		id := strconv.Itoa(i)
		rows[i].Sweep, rows[i].Job, rows[i].ID, rows[i].BaselineID = "s", &id, 0, nil
	}
	return jobs, rows
}

// TestForgedRunRejected: a run is stored only when every column its job
// determines is the job's and its measurements are possible for the job;
// each forgery below (a column of another job, the job number of another
// job in the body or on the subject, impossible measurements) is refused
// with the reason, and every planned run passes.
func TestForgedRunRejected(t *testing.T) {
	jobs, rows := plannedRuns(t)
	for i := range rows {
		if err := CheckRun("s", i, &jobs[i], &rows[i]); err != nil {
			t.Fatalf("job %d's own run refused: %v", i, err)
		}
	}
	pick := func(role, machine string) int {
		for i := range jobs {
			if jobs[i].Role == role && rows[i].Machine == machine && rows[i].P != nil && *rows[i].P > 1 || jobs[i].Role == role && machine == "serial" {
				return i
			}
		}
		t.Fatalf("no %s %s job", role, machine)
		return 0
	}
	sim, base := pick(results.RoleParallel, "sim"), pick(results.RoleBaseline, "serial")
	for _, tc := range []struct {
		name string
		job  int
		edit func(r *results.Run)
		want string
	}{
		{"P 999", sim, func(r *results.Run) { r.P = results.Int(999) }, `its p is "999", the job's "3"`},
		{"depth 77", sim, func(r *results.Run) { r.Depth = 77 }, `its depth is "77"`},
		{"seed", sim, func(r *results.Run) { r.Seed++ }, "its seed is"},
		{"algorithm", sim, func(r *results.Run) { r.Algo = "alphabeta" }, "its algo is"},
		{"variants", sim, func(r *results.Run) { r.Variants = "restart" }, "its variants is"},
		{"position", sim, func(r *results.Run) { r.Position = "uniform:b=2,d=2,seed=9" }, "its position is"},
		{"machine", sim, func(r *results.Run) { r.Machine = "pool" }, "its machine is"},
		{"role", sim, func(r *results.Run) { r.Role = results.RoleSerial }, "its role is"},
		{"repetition", sim, func(r *results.Run) { r.Rep = 2 }, "its rep is"},
		{"costs", sim, func(r *results.Run) { r.Costs = `{"node":2}` }, "its costs is"},
		{"table", sim, func(r *results.Run) { r.TTBits = 20 }, "its tt_bits is"},
		{"sweep", sim, func(r *results.Run) { r.Sweep = "other" }, "its sweep is"},
		{"job number in the row", sim, func(r *results.Run) { id := "0"; r.Job = &id }, "its job is"},
		{"result's depth", sim, func(r *results.Run) { r.Result = resultWith(t, r.Result, "depth", 7) }, "its result records"},
		{"value", sim, func(r *results.Run) { r.Value = int64(game.Inf) + 1 }, "outside the game's bounds"},
		{"no work", sim, func(r *results.Run) { r.Work, r.Span = 0, 0 }, "want 1 ≤ C ≤ W"},
		{"C > W", sim, func(r *results.Run) { r.Span = r.Work + 1 }, "want 1 ≤ C ≤ W"},
		{"T below C", sim, func(r *results.Run) { r.Time = r.Span - 1 }, "below the critical path"},
		{"T below W/P", sim, func(r *results.Run) { r.Time = r.Work / (*r.P * 2) }, "below W/P"},
		{"parallelism", sim, func(r *results.Run) { r.Parallelism *= 2 }, "is not W/C"},
		{"negative nodes", sim, func(r *results.Run) { r.Nodes = -1 }, "nodes -1 is negative"},
		{"idle", sim, func(r *results.Run) { r.IdleFrac = 2 }, "idle_fraction"},
		{"par_below10 above 1", sim, func(r *results.Run) { f := 1.0118; r.ParBelow10 = &f }, "par_below10 1.0118 is out of range 0…1"},
		{"par_below10 negative", sim, func(r *results.Run) { f := -0.1; r.ParBelow10 = &f }, "par_below10 -0.1 is out of range"},
		{"serial C ≠ W", base, func(r *results.Run) { r.Span = r.Work - 1; r.Parallelism = float64(r.Work) / float64(r.Span) }, "a serial run with C"},
		{"a failure without a budget", base, func(r *results.Run) { s := "out of memory"; r.Failed = &s }, "no memory budget"},
		{"time unit", base, func(r *results.Run) { r.TimeUnit = "units" }, "want ns"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rows[tc.job]
			tc.edit(&r)
			j := jobs[tc.job]
			if tc.name == "a failure without a budget" {
				j.MaxMem = -1
			}
			err := CheckRun("s", tc.job, &j, &r)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
	// The job number: the body's must be the subject's.
	data, _ := json.Marshal(ResultMsg{Kind: KindResult, Sweep: "s", Job: 1, Try: 1, Run: &rows[1]})
	if _, err := DecodeResult(ResultSubject("s", 0), "s", len(jobs), data); err == nil || !strings.Contains(err.Error(), "belongs on splitpoint.results.s.1") {
		t.Errorf("job 1's result on job 0's subject: %v", err)
	}
}

// resultWith is a run's result JSON with its option key set to v.
func resultWith(t *testing.T, result, key string, v any) string {
	var m map[string]any
	if err := json.Unmarshal([]byte(result), &m); err != nil {
		t.Fatal(err)
	}
	m["options"].(map[string]any)[key] = v
	data, _ := json.Marshal(m)
	return string(data)
}

// TestForgedRunsNotStored: a coordinator given forged runs (another P,
// depth and value for job 0, job 1's run on job 0's subject) drops each
// with one line and stores exactly the planned runs.
func TestForgedRunsNotStored(t *testing.T) {
	jobs, rows := plannedRuns(t)
	jobs, rows = jobs[:4], rows[:4]
	_, connect := inProcess(t)
	nc := connect("forger")
	js, _ := jetstream.New(nc)
	ctx := context.Background()
	if err := EnsureStreams(ctx, js); err != nil {
		t.Fatal(err)
	}
	forged := rows[1]
	forged.Sweep, forged.P, forged.Depth, forged.Value = "forged", results.Int(999), 77, 4242
	id := "1"
	forged.Job = &id
	for _, m := range []struct {
		subj string
		msg  ResultMsg
	}{
		{ResultSubject("forged", 1), ResultMsg{Kind: KindResult, Sweep: "forged", Job: 1, Try: 1, Worker: "x", Run: &forged}},
		{ResultSubject("forged", 0), ResultMsg{Kind: KindResult, Sweep: "forged", Job: 1, Try: 1, Worker: "x", Run: &forged}},
	} {
		data, _ := json.Marshal(m.msg)
		if _, err := js.Publish(ctx, m.subj, data); err != nil {
			t.Fatal(err)
		}
	}
	stop := startWorkers(t, connect, 1, experiment.LabEngine{})
	defer stop()
	var out syncBuffer
	st := openStore(t)
	c := &Coordinator{NC: connect("coord"), Store: st, ID: "forged", Poll: 20 * time.Millisecond, Out: &out}
	o, err := c.Run(ctx, jobs)
	if err != nil {
		t.Fatal(err)
	}
	if o.Done != len(jobs) || o.Rejected != 2 {
		t.Errorf("outcome %+v\n%s", o, out.String())
	}
	stored, _ := st.Runs("forged")
	sameRuns(t, localRuns(t, jobs), stored)
	for _, want := range []string{`its depth is "77", the job's "5"`, "belongs on splitpoint.results.forged.1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no line %q:\n%s", want, out.String())
		}
	}
}

// failing is an engine whose jobs of one position and algorithm fail
// with an error full of control characters, times times (then run); the
// errors are counted over every worker sharing it.
type failing struct {
	experiment.LabEngine
	algo  string
	times int32
	n     atomic.Int32
}

const nasty = "\x1b[2J\x1b]0;owned\x07boom\nline two\r"

func (e *failing) Run(ctx context.Context, j *experiment.Job, row *results.Run) error {
	if j.Opt.Algo == e.algo && j.Rep == 1 && j.Opt.Seed == 1 && j.Machine.P == 3 && (e.times < 0 || e.n.Add(1) <= e.times) {
		return errors.New(nasty + strings.Repeat("x", 70000))
	}
	return e.LabEngine.Run(ctx, j, row)
}

// TestWorkerErrorRetried: a worker's error never stops a sweep. Failing
// once, the job is run again and the sweep stores every planned run;
// failing every time, it is recorded as failed after MaxTries attempts
// and the sweep still finishes; no control character of the worker's
// name or error reaches the coordinator's lines or the store, and each
// line is bounded.
func TestWorkerErrorRetried(t *testing.T) {
	all := testPlan(t)
	var jobs []experiment.Job
	for _, j := range all {
		if j.Position.Name == all[0].Position.Name && (j.Role != results.RoleParallel || j.Machine.IsSim()) {
			jobs = append(jobs, j)
		}
	}
	for _, tc := range []struct {
		name   string
		times  int32
		failed int
	}{{"once", 1, 0}, {"always", -1, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			_, connect := inProcess(t)
			eng := &failing{algo: "jamboree", times: tc.times}
			ctx, cancel := context.WithCancel(context.Background())
			w := &Worker{NC: connect("w"), Engine: eng, Name: "evil\x1b[31mworker\n", Poll: 20 * time.Millisecond, AckWait: 2 * time.Second}
			done := make(chan error, 1)
			go func() { done <- w.Run(ctx) }()
			var out syncBuffer
			st := openStore(t)
			id := "err" + tc.name
			c := &Coordinator{NC: connect("coord"), Store: st, ID: id, Poll: 20 * time.Millisecond, Out: &out}
			o, err := c.Run(context.Background(), jobs)
			cancel()
			<-done
			if err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			if o.Done != len(jobs) || o.Failed != tc.failed || o.Errors == 0 || (tc.failed == 1 && o.Errors != MaxTries) {
				t.Fatalf("outcome %+v, %d jobs\n%s", o, len(jobs), out.String())
			}
			rows, _ := st.Runs(id)
			if len(rows) != len(jobs) {
				t.Fatalf("%d rows, want %d", len(rows), len(jobs))
			}
			var failed []results.Run
			for _, r := range rows {
				if r.Failed != nil {
					failed = append(failed, r)
				}
			}
			if len(failed) != tc.failed {
				t.Fatalf("%d failed rows, want %d", len(failed), tc.failed)
			}
			if tc.failed == 1 && (!strings.Contains(*failed[0].Failed, "boom") || strings.ContainsAny(*failed[0].Failed, "\x1b\n\r\x07") || len(*failed[0].Failed) > 2*MaxText+100) {
				t.Errorf("failed row's reason %q", *failed[0].Failed)
			}
			if tc.failed == 0 {
				sameRuns(t, localRuns(t, jobs), rows)
			}
			log := out.String()
			if strings.ContainsAny(log, "\x1b\x07\r") || !strings.Contains(log, "boom") {
				t.Errorf("coordinator's lines:\n%q", log)
			}
			for _, line := range strings.Split(log, "\n") {
				if len(line) > 1000 {
					t.Errorf("a line of %d bytes", len(line))
				}
			}
		})
	}
}

// TestForgedErrorsDoNotFailAJob: errors a holder of the workers' key
// forges for a job still to be answered, for every attempt, count for
// nothing: the job's run is stored.
func TestForgedErrorsDoNotFailAJob(t *testing.T) {
	jobs := testPlan(t)[:3]
	_, connect := inProcess(t)
	nc := connect("forger")
	js, _ := jetstream.New(nc)
	ctx := context.Background()
	var out syncBuffer
	st := openStore(t)
	c := &Coordinator{NC: connect("coord"), Store: st, ID: "forgederr", Poll: 20 * time.Millisecond, Out: &out}
	c.Progress = func(p Progress) {
		if p.Run != nil {
			return
		}
		// published, no worker yet: errors for job 1, every attempt
		for try := 1; try <= MaxTries+1; try++ {
			data, _ := json.Marshal(ResultMsg{Kind: KindResult, Sweep: "forgederr", Job: 1, Try: try, Worker: "forger", Error: "forged"})
			if _, err := js.Publish(ctx, ResultSubject("forgederr", 1), data); err != nil {
				t.Error(err)
			}
		}
		go func() {
			time.Sleep(300 * time.Millisecond) // the coordinator sees them first
			stop := startWorkers(t, connect, 1, experiment.LabEngine{})
			t.Cleanup(stop)
		}()
	}
	o, err := c.Run(ctx, jobs)
	if err != nil {
		t.Fatal(err)
	}
	if o.Done != len(jobs) || o.Failed != 0 {
		t.Fatalf("outcome %+v\n%s", o, out.String())
	}
	rows, _ := st.Runs("forgederr")
	sameRuns(t, localRuns(t, jobs), rows)
}

// TestJunkDoesNotMultiplyJobs: thirty junk messages on a job's result
// subject while the job waits for a worker leave one copy of it on the
// jobs stream; the sweep then stores every planned run once.
func TestJunkDoesNotMultiplyJobs(t *testing.T) {
	jobs := testPlan(t)[:3]
	_, connect := inProcess(t)
	nc := connect("junk")
	js, _ := jetstream.New(nc)
	ctx := context.Background()
	st := openStore(t)
	var out syncBuffer
	c := &Coordinator{NC: connect("coord"), Store: st, ID: "junk", Poll: 20 * time.Millisecond, Out: &out}
	var copies map[string]uint64
	c.Progress = func(p Progress) {
		if p.Run != nil {
			return
		}
		for i := 0; i < 30; i++ {
			if _, err := js.Publish(ctx, ResultSubject("junk", 0), []byte(fmt.Sprintf("junk %d", i))); err != nil {
				t.Error(err)
			}
		}
		go func() {
			// Once the coordinator has read the junk, count the copies
			// of job 0 and let a worker do the sweep.
			for dl := time.Now().Add(10 * time.Second); time.Now().Before(dl); time.Sleep(20 * time.Millisecond) {
				if strings.Count(out.String(), "not JSON") == 30 {
					break
				}
			}
			copies, _ = subjectsIn(ctx, js, JobsStream, JobSubject("junk", 0))
			stop := startWorkers(t, connect, 1, experiment.LabEngine{})
			t.Cleanup(stop)
		}()
	}
	o, err := c.Run(ctx, jobs)
	if err != nil {
		t.Fatal(err)
	}
	if n := copies[JobSubject("junk", 0)]; n != 1 {
		t.Errorf("%d copies of job 0 after 30 junk messages, want 1\n%s", n, out.String())
	}
	if o.Done != len(jobs) || o.Rejected != 30 || o.Published != len(jobs) {
		t.Errorf("outcome %+v", o)
	}
	rows, _ := st.Runs("junk")
	sameRuns(t, localRuns(t, jobs), rows)
}

// TestWorkerKeyConfined: the workers' key of a sweep's server does only
// its sweep's work. An answer of the server to a message of the key
// (a publish acknowledgement, an API response, delivered jobs) steered to
// a job's subject lands in the workers' account, not on the jobs stream;
// another sweep's results cannot be read through the JetStream API; and
// each refusal (an unknown key, a subject not allowed) is logged with the
// server's reason.
func TestWorkerKeyConfined(t *testing.T) {
	logged := captureLog(t)
	const sweep = "confined"
	srv := sweepServer(t, t.TempDir(), sweep)
	owner := dialWith(t, srv, srv.Auth.OwnerFile())
	ojs, _ := jetstream.New(owner)
	ctx := context.Background()
	if err := EnsureStreams(ctx, ojs); err != nil {
		t.Fatal(err)
	}
	// Another sweep's result on the same server, a job of this one.
	if _, err := ojs.Publish(ctx, ResultSubject("other", 0), []byte(`{"secret": "another sweep's run"}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := ojs.Publish(ctx, JobSubject(sweep, 0), []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	wk := dialWith(t, srv, srv.Auth.WorkerFile())
	wjs, _ := jetstream.NewWithAPIPrefix(wk, WorkerAPI)
	if _, err := wjs.CreateOrUpdateConsumer(ctx, JobsStream, jetstream.ConsumerConfig{Durable: WorkersConsumer(sweep),
		AckPolicy: jetstream.AckExplicitPolicy, FilterSubject: jobsFilter(sweep)}); err != nil {
		t.Fatal(err)
	}
	// Steering: a result whose acknowledgement, a pull whose jobs and an
	// acknowledgement whose answer would go to job subjects.
	steer := func(subj, reply, data string) {
		m := nats.NewMsg(subj)
		m.Reply, m.Data = reply, []byte(data)
		if err := wk.PublishMsg(m); err != nil {
			t.Fatal(err)
		}
	}
	steer(ResultSubject(sweep, 0), JobSubject(sweep, 5), "x")
	steer(ResultSubject(sweep, 0), JobSubject("other", 5), "x")
	steer(WorkerAPI+".CONSUMER.MSG.NEXT."+JobsStream+"."+WorkersConsumer(sweep), JobSubject(sweep, 6), `{"batch":1,"expires":200000000}`)
	wk.Flush()
	time.Sleep(500 * time.Millisecond)
	subs, err := subjectsIn(ctx, ojs, JobsStream, ">")
	if err != nil {
		t.Fatal(err)
	}
	for s := range subs {
		if s != JobSubject(sweep, 0) {
			t.Errorf("a steered answer landed on the jobs stream as %s (%v)", s, subs)
		}
	}
	// Reading another sweep's results: every way is refused.
	for _, subj := range []string{
		"$JS.API.STREAM.MSG.GET." + ResultsStream,
		"$JS.API.DIRECT.GET." + ResultsStream + "." + ResultSubject("other", 0),
		WorkerAPI + ".DIRECT.GET." + ResultsStream + "." + ResultSubject("other", 0),
		WorkerAPI + ".STREAM.INFO." + ResultsStream,
		"$JS.API.STREAM.INFO." + ResultsStream,
	} {
		rctx, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		msg, err := wk.RequestWithContext(rctx, subj, []byte(`{"last_by_subj":"splitpoint.results.other.0","subjects_filter":">"}`))
		cancel()
		if err == nil && (strings.Contains(string(msg.Data), "secret") || strings.Contains(string(msg.Data), "other")) {
			t.Errorf("%s answered %q", subj, msg.Data)
		}
	}
	// Its own sweep's run it may read back.
	if _, err := ojs.Publish(ctx, ResultSubject(sweep, 3), []byte(`{"mine": 1}`)); err != nil {
		t.Fatal(err)
	}
	msg, err := wk.Request(WorkerAPI+".DIRECT.GET."+ResultsStream+"."+ResultSubject(sweep, 3), nil, 2*time.Second)
	if err != nil || string(msg.Data) != `{"mine": 1}` {
		t.Errorf("reading its own sweep's run: %v %v", msg, err)
	}
	// An unknown key.
	other, _ := NewAuth(sweep)
	dir := filepath.Join(t.TempDir(), "k")
	other.Save(dir)
	DialNow(srv.LocalURL(), "stranger", Creds{File: other.WorkerFile()})
	time.Sleep(300 * time.Millisecond)
	log := logged.String()
	for _, want := range []string{
		`refused: `, `authentication error`,
		`Publish Violation - Subject "$JS.API.STREAM.MSG.GET.SPLITPOINT_RESULTS"`,
		`Publish Violation - Subject "` + WorkerAPI + `.DIRECT.GET.SPLITPOINT_RESULTS.splitpoint.results.other.0"`,
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the server's log lacks %q:\n%s", want, log)
		}
	}
}

// TestURLSecretsMasked: a worker waiting for a server whose URL holds a
// password or a token prints neither; nor do the coordinator's and the
// server's lines (maskURLs).
func TestURLSecretsMasked(t *testing.T) {
	for _, url := range []string{"nats://alice:s3cret-pw@127.0.0.1:1", "nats://s3cret-token@127.0.0.1:1"} {
		nc, err := Dial(url, "w", Creds{})
		if err != nil {
			t.Fatal(err)
		}
		var out syncBuffer
		ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
		(&Worker{NC: nc, Engine: experiment.LabEngine{}, Name: "w", Out: &out, Poll: 50 * time.Millisecond}).Run(ctx)
		cancel()
		nc.Close()
		if !strings.Contains(out.String(), "waiting for the server at nats://") || strings.Contains(out.String(), "s3cret") {
			t.Errorf("%s: the worker printed\n%s", url, out.String())
		}
	}
	for in, want := range map[string]string{
		"connecting to nats://u:p@h:4222 and tls://tok@h2: refused": "connecting to nats://u:xxxxx@h:4222 and tls://xxxxx@h2: refused",
		"no URL here":             "no URL here",
		"nats://h:4222/a@b":       "nats://h:4222/a@b",
		"[nats://a:b@x nats://y]": "[nats://a:xxxxx@x nats://y]",
	} {
		if got := maskURLs(in); got != want {
			t.Errorf("maskURLs(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTwoSweepsOneDirectory: two sweeps' embedded servers started in one
// directory at once each have their own store and keys: neither
// overwrites the other's, and one's workers' key does not open the
// other's server.
func TestTwoSweepsOneDirectory(t *testing.T) {
	dir := t.TempDir()
	a := sweepServer(t, dir, "sweep-a")
	keyA, err := os.ReadFile(a.Auth.WorkerFile())
	if err != nil {
		t.Fatal(err)
	}
	b := sweepServer(t, dir, "sweep-b")
	if a.StoreDir() == b.StoreDir() || a.Auth.Dir == b.Auth.Dir {
		t.Fatalf("one store or key directory for two sweeps: %s %s", a.StoreDir(), b.StoreDir())
	}
	if again, _ := os.ReadFile(a.Auth.WorkerFile()); string(again) != string(keyA) {
		t.Fatal("the second sweep overwrote the first's key")
	}
	if _, err := DialNow(b.LocalURL(), "crossed", Creds{File: a.Auth.WorkerFile()}); !errors.Is(err, nats.ErrAuthorization) {
		t.Fatalf("sweep a's key on sweep b's server: %v", err)
	}
	dialWith(t, a, a.Auth.WorkerFile()) // still its own
	if _, err := StartSweepServer(dir, "../escape", "127.0.0.1", 0); err == nil {
		t.Fatal("a sweep id naming another directory was taken")
	}
}

// TestResumeOtherSpec: a sweep resumed with a spec other than its own is
// refused with one line naming both digests; with its own it goes on.
func TestResumeOtherSpec(t *testing.T) {
	jobs := testPlan(t)[:3]
	_, connect := inProcess(t)
	stop := startWorkers(t, connect, 1, experiment.LabEngine{})
	defer stop()
	st := openStore(t)
	c := &Coordinator{NC: connect("coord"), Store: st, ID: "resume1", Poll: 20 * time.Millisecond}
	if _, err := c.Run(context.Background(), jobs); err != nil {
		t.Fatal(err)
	}
	other := testPlan(t)[:4]
	c2 := &Coordinator{NC: connect("coord2"), Store: st, ID: "resume1", Poll: 20 * time.Millisecond}
	_, err := c2.Run(context.Background(), other)
	a, b := experiment.Digest(jobs), experiment.Digest(other)
	if !errors.Is(err, results.ErrOtherSpec) || !strings.Contains(err.Error(), a) || !strings.Contains(err.Error(), b) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("resumed with another spec: %v (digests %s, %s)", err, a, b)
	}
	rows, _ := st.Runs("resume1")
	if len(rows) != len(jobs) {
		t.Fatalf("%d rows after a refused resume, want %d", len(rows), len(jobs))
	}
	c3 := &Coordinator{NC: connect("coord3"), Store: st, ID: "resume1", Poll: 20 * time.Millisecond}
	if o, err := c3.Run(context.Background(), jobs); err != nil || o.Done != len(jobs) {
		t.Fatalf("resumed with its own spec: %+v, %v", o, err)
	}
}

// TestForgedShareRejected: a root-split answer that is not the share
// asked for (other moves, a best move not among them, a value out of the
// game's bounds) fails the split with the reason, and the searcher's
// host is printed as one clean line.
func TestForgedShareRejected(t *testing.T) {
	items, err := lab.Resolve("uniform:b=4,d=4,seed=1")
	if err != nil {
		t.Fatal(err)
	}
	opt := algos.Options{Algo: algos.AlgoRootSplit, Depth: 4}
	for _, tc := range []struct {
		name string
		edit func(r *ShareReply)
		want string
	}{
		{"other moves", func(r *ShareReply) { r.Share.Moves = append(r.Share.Moves, 99) }, "other moves"},
		{"best move", func(r *ShareReply) { r.Share.BestMove = 77 }, "best move is not one of"},
		{"value", func(r *ShareReply) { r.Share.Value = game.Inf + 5 }, "outside the game's bounds"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, connect := inProcess(t)
			liar := connect("liar")
			liar.QueueSubscribe(RootSplitSubject, "searchers", func(m *nats.Msg) {
				var req ShareRequest
				json.Unmarshal(m.Data, &req)
				rep := answerShare(m.Data, "\x1b[2Jhost\n", nil)
				tc.edit(&rep)
				data, _ := json.Marshal(rep)
				m.Respond(data)
			})
			liar.Flush()
			_, _, err := RemoteRootSplit(context.Background(), connect("master"), items[0], opt, 1)
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.ContainsAny(err.Error(), "\x1b\n") {
				t.Fatalf("err = %q, want %q", err, tc.want)
			}
		})
	}
}

// TestResumeAfterJunk: junk on a job's result subject that an earlier
// run of the coordinator handled does not keep a resumed coordinator from
// publishing the job (it would wait for ever).
func TestResumeAfterJunk(t *testing.T) {
	jobs := testPlan(t)[:3]
	_, connect := inProcess(t)
	nc := connect("junk")
	js, _ := jetstream.New(nc)
	ctx := context.Background()
	if err := EnsureStreams(ctx, js); err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(ctx, ResultSubject("rj", 0), []byte("junk")); err != nil {
		t.Fatal(err)
	}
	st := openStore(t)
	first, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
	defer cancel()
	c := &Coordinator{NC: connect("coord1"), Store: st, ID: "rj", Poll: 20 * time.Millisecond, AckWait: time.Second}
	if o, err := c.Run(first, jobs); !errors.Is(err, context.DeadlineExceeded) || o.Rejected != 1 {
		t.Fatalf("first run: %+v, %v", o, err)
	}
	stop := startWorkers(t, connect, 1, experiment.LabEngine{})
	defer stop()
	second, cancel2 := context.WithTimeout(ctx, 20*time.Second)
	defer cancel2()
	c2 := &Coordinator{NC: connect("coord2"), Store: st, ID: "rj", Poll: 20 * time.Millisecond, AckWait: time.Second}
	o, err := c2.Run(second, jobs)
	if err != nil || o.Done != len(jobs) {
		t.Fatalf("resumed: %+v, %v", o, err)
	}
	rows, _ := st.Runs("rj")
	sameRuns(t, localRuns(t, jobs), rows)
}
