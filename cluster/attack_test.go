package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"splitpoint/experiment"
	"splitpoint/results"
)

// TestAttackEndToEnd runs a sweep with real processes: the splitpoint
// binary, built here, as the coordinator ("sweep --nats embedded") and as
// one worker with the sweep's workers' key; this test is the attacker,
// another process holding the same key, which tries each attack on the
// sweep: forged rows (another P, depth and value), a job's run on another
// job's subject, error results for every attempt of a job still to run,
// answers steered onto job subjects, reading the results stream through
// the JetStream API, thirty junk messages on a job's result subject, and
// control characters in its name and texts. The sweep finishes with
// exactly the planned runs, each equal to a local run's, and the
// coordinator's output holds one clean line per dropped message and the
// server's refusals.
func TestAttackEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs processes")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "splitpoint")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building splitpoint: %v\n%s", err, out)
	}
	port := freePort(t)
	url := fmt.Sprintf("nats://127.0.0.1:%d", port)
	const sweep = "attack"
	spec := []string{"--positions", "uniform:b=4,d=5,seed=3", "--algos", "jamboree,pnegamax", "--sim", "1,3,inf", "--depth", "5"}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	var coordOut, coordErr bytes.Buffer
	coord := exec.CommandContext(ctx, bin, append([]string{"sweep", "--nats", "embedded", "--nats-listen", "127.0.0.1",
		"--nats-port", fmt.Sprint(port), "--db", "r.db", "--resume", sweep}, spec...)...)
	coord.Dir, coord.Stdout, coord.Stderr = dir, &syncWriter{b: &coordOut}, &syncWriter{b: &coordErr}
	if err := coord.Start(); err != nil {
		t.Fatal(err)
	}
	defer coord.Process.Kill()
	key := filepath.Join(SweepStore(dir, sweep), "auth", RoleWorker+".nk")
	waitFor(t, func() bool { return strings.Contains(lockedString(&coordOut), "waiting for workers") }, "the coordinator to publish", &coordOut)

	// The plan, as the coordinator made it.
	s := experiment.NewSpec()
	for i := 0; i < len(spec); i += 2 {
		if err := s.Set(strings.TrimPrefix(spec[i], "--"), spec[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	jobs, err := experiment.Plan(s, experiment.LabEngine{})
	if err != nil {
		t.Fatal(err)
	}

	// The attacker: the workers' key, a name with escape sequences.
	nc, err := DialNow(url, "attacker\x1b[2J\x1b]0;owned\x07", Creds{File: key})
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.NewWithAPIPrefix(nc, WorkerAPI)
	send := func(subj string, m any) {
		data, ok := m.([]byte)
		if !ok {
			data, _ = json.Marshal(m)
		}
		pctx, pcancel := context.WithTimeout(ctx, 5*time.Second)
		defer pcancel()
		if _, err := js.Publish(pctx, subj, data); err != nil {
			t.Errorf("publishing on %s: %v", subj, err)
		}
	}
	// Forged rows: job 1 with P 999, depth 77 and a made-up value.
	forged := jobs[1].Row()
	id := "1"
	forged.Sweep, forged.Job, forged.P, forged.Depth, forged.Value = sweep, &id, results.Int(999), 77, 31337
	forged.Work, forged.Span, forged.Time, forged.TimeUnit, forged.Parallelism = 10, 10, 10, "units", 1
	send(ResultSubject(sweep, 1), ResultMsg{Kind: KindResult, Sweep: sweep, Job: 1, Try: 1, Worker: "attacker", Run: &forged})
	// A run whose body names job 2, on job 1's subject.
	other := forged
	id2 := "2"
	other.Job = &id2
	send(ResultSubject(sweep, 1), ResultMsg{Kind: KindResult, Sweep: sweep, Job: 2, Try: 1, Worker: "attacker", Run: &other})
	// Errors for every attempt of job 3, full of control characters.
	for try := 1; try <= MaxTries+1; try++ {
		send(ResultSubject(sweep, 3), ResultMsg{Kind: KindResult, Sweep: sweep, Job: 3, Try: try, Worker: "evil\x1b[31m\nworker",
			Error: "\x1b[2J\x1b]0;pwned\x07bad\r\nnews" + strings.Repeat("z", 70000)})
	}
	// Answers steered onto job subjects: a publish acknowledgement, a
	// pull's deliveries.
	for _, m := range []*nats.Msg{
		{Subject: ResultSubject(sweep, 0), Reply: JobSubject(sweep, 4), Data: []byte("steer")},
		{Subject: WorkerAPI + ".CONSUMER.MSG.NEXT." + JobsStream + "." + WorkersConsumer(sweep), Reply: JobSubject(sweep, 5), Data: []byte(`{"batch":1,"expires":100000000}`)},
	} {
		nc.PublishMsg(m)
	}
	// Reading the results stream through the API.
	for _, subj := range []string{"$JS.API.STREAM.MSG.GET." + ResultsStream, "$JS.API.STREAM.INFO." + ResultsStream,
		WorkerAPI + ".DIRECT.GET." + ResultsStream + ".splitpoint.results.other.0"} {
		rctx, rcancel := context.WithTimeout(ctx, 300*time.Millisecond)
		if msg, err := nc.RequestWithContext(rctx, subj, []byte(`{"seq":1}`)); err == nil && len(msg.Data) > 0 && msg.Header.Get("Status") == "" {
			t.Errorf("%s answered %q", subj, msg.Data)
		}
		rcancel()
	}
	// Thirty junk messages on job 0's result subject.
	for i := 0; i < 30; i++ {
		send(ResultSubject(sweep, 0), []byte(fmt.Sprintf("junk\x1b[%dm", i)))
	}
	nc.Flush()

	// The honest worker.
	var workerOut bytes.Buffer
	worker := exec.CommandContext(ctx, bin, "worker", "--nats", url, "--nats-creds", key, "--idle", "3s", "--ack-wait", "5s")
	worker.Dir, worker.Stdout, worker.Stderr = dir, &syncWriter{b: &workerOut}, &syncWriter{b: &workerOut}
	if err := worker.Start(); err != nil {
		t.Fatal(err)
	}
	defer worker.Process.Kill()
	if err := coord.Wait(); err != nil {
		t.Fatalf("the coordinator: %v\n%s\n%s", err, lockedString(&coordOut), lockedString(&coordErr))
	}
	worker.Wait()
	out, logged := lockedString(&coordOut), lockedString(&coordErr)
	if !strings.Contains(out, fmt.Sprintf("sweep %s: %d runs stored in r.db", sweep, len(jobs))) {
		t.Fatalf("the coordinator's output:\n%s", out)
	}
	if strings.ContainsAny(out+logged, "\x1b\x07\r") {
		t.Errorf("a control character reached the coordinator's output:\n%q\n%q", out, logged)
	}
	for _, want := range []string{`its depth is "77", the job's "5"`, "a result of job 2 belongs on splitpoint.results.attack.2",
		"not JSON", "an error from evil"} {
		if !strings.Contains(out, want) {
			t.Errorf("the coordinator's output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "not JSON"); n != 30+1 { // the junk, the steered "steer"
		t.Errorf("%d junk messages reported, want 31:\n%s", n, out)
	}
	for _, want := range []string{"refused: ", `Publish Violation - Subject "$JS.API.STREAM.MSG.GET.SPLITPOINT_RESULTS"`} {
		if !strings.Contains(logged, want) {
			t.Errorf("the server's log lacks %q:\n%s", want, logged)
		}
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 2000 {
			t.Errorf("a line of %d bytes", len(line))
		}
	}

	// Exactly the planned runs, each a local run's.
	st, err := results.OpenExisting(filepath.Join(dir, "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.Runs(sweep)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Failed != nil {
			t.Errorf("job %v recorded as failed: %s", r.Job, *r.Failed)
		}
	}
	sameRuns(t, localRuns(t, jobs), rows)
}

// freePort is a TCP port free on the loopback address now.
func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// syncWriter writes to a buffer shared with the test under a lock.
type syncWriter struct{ b *bytes.Buffer }

var outMu = make(chan struct{}, 1)

func (w *syncWriter) Write(p []byte) (int, error) {
	outMu <- struct{}{}
	defer func() { <-outMu }()
	return w.b.Write(p)
}

func lockedString(b *bytes.Buffer) string {
	outMu <- struct{}{}
	defer func() { <-outMu }()
	return b.String()
}

// waitFor waits up to 30s for cond.
func waitFor(t *testing.T, cond func() bool, what string, out *bytes.Buffer) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("waited 30s for %s:\n%s", what, lockedString(out))
}
