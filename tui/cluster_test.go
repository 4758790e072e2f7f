package tui_test

import (
	"context"
	"fmt"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/nats-io/nats.go/jetstream"

	"splitpoint/cluster"
	"splitpoint/experiment"
	"splitpoint/results"
)

// natsServer starts a JetStream server without a listener (DontListen);
// its inprocess:// URL reaches it from this process only, as any other
// URL in the machine pane.
func natsServer(t *testing.T) *cluster.Server {
	t.Helper()
	s, err := cluster.StartServer(cluster.ServerOptions{InProcess: true, StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	return s
}

// startWorker runs an in-process worker on host until the test ends.
func startWorker(t *testing.T, s *cluster.Server, name, host string) {
	t.Helper()
	nc, err := s.Connect(name)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	w := &cluster.Worker{NC: nc, Engine: experiment.LabEngine{}, Name: name, Host: cluster.Host{Name: host, CPU: "test", Cores: 1},
		Poll: 20 * time.Millisecond, AckWait: 5 * time.Second,
		Parallel: 1} // one job at a time: the golden view lists runs in the order they were stored
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := w.Run(ctx); err != nil {
			t.Error(err)
		}
	}()
	t.Cleanup(func() { cancel(); wg.Wait(); nc.Close() })
}

// chooseCluster moves to the machine pane and chooses the cluster with
// P = 1,2,4,16, and waits for the pane to show it and more.
func chooseCluster(t *testing.T, tm *teatest.TestModel, more ...string) {
	t.Helper()
	waitFor(t, tm, "uniform tree, b=4, d=6")
	keys(tm, "tab", "tab", "right", "right", "down", "down")
	for i := 0; i < 7; i++ {
		keys(tm, "right") // past the row's P to its sweeps
	}
	waitFor(t, tm, append([]string{"cluster (NATS)", "simulated P  ◀ 1,2,4,16 ▶"}, more...)...)
}

// what changes from one run to the next in a cluster run's view
var (
	sweepID  = regexp.MustCompile(`[0-9]{8}-[0-9]{6}-[0-9a-f]{8}`)
	serverID = regexp.MustCompile(`inprocess://[A-Z0-9]+`)
)

// TestClusterRun: the machine pane's cluster publishes the run (the
// position × jamboree × P = 1,2,4,16 at depth 5, and the serial baseline)
// as a sweep over NATS to an in-process worker; the run view shows the
// jobs stored and the worker and host of the latest, and every planned run
// is in the session's database once.
func TestClusterRun(t *testing.T) {
	s := natsServer(t)
	startWorker(t, s, "w1", "hostA")
	tm, sh := newUIWith(t, map[string]string{"nats": s.URL(), "depth": "5"})
	chooseCluster(t, tm, "splitpoint worker --nats", s.URL()[12:30])
	keys(tm, "r")
	waitFor(t, tm, "of 5 jobs stored", "w1 on hostA")
	waitFor(t, tm, "run finished: 5 runs stored by the workers")
	keys(tm, "q")
	v := tm.FinalModel(t, teatest.WithFinalTimeout(20*time.Second)).View()
	v = sweepID.ReplaceAllString(v, "SWEEP-ID")
	v = serverID.ReplaceAllString(v, "inprocess://SERVER-ID") // same length: cut as before
	golden.RequireEqual(t, []byte(v))

	if n := len(sh.S.Cells); n != 1 {
		t.Fatalf("%d cells, want the sweep", n)
	}
	want := "sweep --algos=jamboree --depth=5 --sim=1,2,4,16 --nats=" + s.URL() + " uniform:b=4,d=6,seed=1"
	if got := sh.S.Cells[0].Input; got != want {
		t.Errorf("cell %q, want %q", got, want)
	}
	// every planned run once
	spec := experiment.NewSpec()
	for k, v := range map[string]string{"positions": "uniform:b=4,d=6,seed=1", "algos": "jamboree", "sim": "1,2,4,16", "depth": "5"} {
		if err := spec.Set(k, v); err != nil {
			t.Fatal(err)
		}
	}
	jobs, err := experiment.Plan(spec, experiment.LabEngine{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := results.Open(sh.DB())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.Runs("")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(jobs) {
		t.Fatalf("%d runs in the database, %d planned", len(rows), len(jobs))
	}
	planned := map[string]int{}
	for _, j := range jobs {
		planned[fmt.Sprintf("%s %s %s %d", j.Role, j.Algo(), j.Machine.Kind, j.Machine.P)]++
	}
	for _, r := range rows {
		p := int64(0)
		if r.P != nil {
			p = *r.P
		}
		k := fmt.Sprintf("%s %s %s %d", r.Role, r.AlgoLabel(), r.Machine, p)
		if planned[k] != 1 {
			t.Errorf("run %s stored but not planned once (%d)", k, planned[k])
		}
		planned[k]--
		if r.Host == nil || *r.Host != "hostA" || r.Job == nil {
			t.Errorf("run %s: host %v, job %v", k, r.Host, r.Job)
		}
	}
}

// TestClusterCancel: x cancels the sweep: its jobs leave the stream (no
// worker is there to take them) and the UI says so.
func TestClusterCancel(t *testing.T) {
	s := natsServer(t)
	tm, sh := newUIWith(t, map[string]string{"nats": s.URL()})
	chooseCluster(t, tm)
	keys(tm, "r")
	waitFor(t, tm, "0 of 5 jobs stored", "no run stored yet: waiting for workers")
	keys(tm, "x")
	waitFor(t, tm, "run cancelled: the sweep's remaining jobs withdrawn, its 0 stored runs kept")
	keys(tm, "q")
	tm.FinalModel(t, teatest.WithFinalTimeout(20*time.Second))
	if n := len(sh.S.Cells); n != 1 || sh.S.Cells[0].Error == "" {
		t.Fatalf("cells: %+v", sh.S.Cells)
	}
	nc, err := s.Connect("check")
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	str, err := js.Stream(context.Background(), cluster.JobsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := str.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 0 {
		t.Errorf("%d jobs left on the stream after the cancel", info.State.Msgs)
	}
}

// TestClusterErrors: no server, or one that cannot be reached, is said in
// the machine pane; nothing runs and nothing panics.
func TestClusterErrors(t *testing.T) {
	tm, sh := newUI(t)
	chooseCluster(t, tm, "no NATS server: / on the server row")
	keys(tm, "r")
	waitFor(t, tm, "cluster: no NATS server: type its URL with /")
	if n := len(sh.S.Cells); n != 0 {
		t.Fatalf("%d cells, want none", n)
	}
	// a server nobody listens for, typed in the pane on the server row
	// (up from P: the last row)
	keys(tm, "1", "up", "up", "up", "/")
	tm.Type("nats://127.0.0.1:1")
	keys(tm, "enter")
	waitFor(t, tm, "server       ◀ nats://127.0.0.1:")
	keys(tm, "r")
	waitFor(t, tm, "error: sweep: connecting to nats://127.0.0.1:1: nats: no servers available for connection")
	keys(tm, "1")
	waitFor(t, tm, "error: sweep: connecting to", "no servers available for")
	finalView(t, tm)
}
