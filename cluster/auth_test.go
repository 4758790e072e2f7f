package cluster

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"splitpoint/algos"
	"splitpoint/experiment"
	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/sched"
)

// captureLog sends the standard logger (the server's refusals) to a
// buffer until the test ends.
func captureLog(t *testing.T) *syncBuffer {
	var b syncBuffer
	old, flags := log.Writer(), log.Flags()
	log.SetOutput(&b)
	log.SetFlags(0)
	t.Cleanup(func() { log.SetOutput(old); log.SetFlags(flags) })
	return &b
}

// sweepServer starts the server of "sweep --nats embedded" for sweep on
// the loopback interface, as the sweep command does (StartSweepServer).
func sweepServer(t *testing.T, dir, sweep string) *Server {
	t.Helper()
	srv, err := StartSweepServer(dir, sweep, "127.0.0.1", 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	return srv
}

// dialWith connects to the server with the key file as a command does.
func dialWith(t *testing.T, srv *Server, file string) *nats.Conn {
	t.Helper()
	nc, err := DialNow(srv.LocalURL(), "test", Creds{File: file})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// TestSweepServerAuth: the server of "sweep --nats embedded" says in its
// INFO that it requires authentication and refuses a client without its
// keys (with a log line); its key files are the owner's alone; a worker
// with the workers' key completes the sweep, while results it forges for
// jobs the plan does not have, results of another sweep, a job it tries to
// publish, an oversized message and a result for a job already stored
// change nothing: the store holds exactly the planned runs, each once.
func TestSweepServerAuth(t *testing.T) {
	logged := captureLog(t)
	dir := t.TempDir()
	const sweep = "authsweep"
	srv := sweepServer(t, dir, sweep)

	// INFO, read off the wire before any CONNECT.
	conn, err := net.Dial("tcp", strings.TrimPrefix(srv.LocalURL(), "nats://"))
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(conn).ReadString('\n')
	conn.Close()
	if err != nil {
		t.Fatal(err)
	}
	var info struct {
		AuthRequired bool `json:"auth_required"`
		MaxPayload   int  `json:"max_payload"`
	}
	if err := json.Unmarshal([]byte(strings.TrimPrefix(strings.TrimSpace(line), "INFO ")), &info); err != nil {
		t.Fatalf("INFO %q: %v", line, err)
	}
	if !info.AuthRequired || info.MaxPayload != MaxPayload {
		t.Fatalf("INFO %s: want auth_required and max_payload %d", line, MaxPayload)
	}

	// Without a key, or with a key of another server: refused.
	if nc, err := nats.Connect(srv.LocalURL()); err == nil || !errors.Is(err, nats.ErrAuthorization) {
		if nc != nil {
			nc.Close()
		}
		t.Fatalf("connecting without a key: %v, want %v", err, nats.ErrAuthorization)
	}
	other, err := NewAuth(sweep)
	if err != nil {
		t.Fatal(err)
	}
	if err := other.Save(filepath.Join(t.TempDir(), "other")); err != nil {
		t.Fatal(err)
	}
	if _, err := DialNow(srv.LocalURL(), "stranger", Creds{File: other.WorkerFile()}); !errors.Is(err, nats.ErrAuthorization) {
		t.Fatalf("connecting with another server's key: %v, want %v", err, nats.ErrAuthorization)
	}
	if !strings.Contains(logged.String(), "refused") {
		t.Errorf("no log line for the refused clients: %q", logged.String())
	}

	// The key files: 0600 in a 0700 directory.
	for path, want := range map[string]os.FileMode{srv.Auth.Dir: 0o700, srv.Auth.OwnerFile(): 0o600, srv.Auth.WorkerFile(): 0o600} {
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", path, st.Mode().Perm(), want)
		}
	}

	jobs := testPlan(t)[:6]
	st := openStore(t)
	coordNC := dialWith(t, srv, srv.Auth.OwnerFile())
	var out syncBuffer
	c := &Coordinator{NC: coordNC, Store: st, ID: sweep, Poll: 20 * time.Millisecond, Out: &out}

	// Bad traffic from a holder of the workers' key, before the sweep
	// starts: it waits on the results stream for the coordinator.
	bad := dialWith(t, srv, srv.Auth.WorkerFile())
	js, err := jetstream.New(bad)
	if err != nil {
		t.Fatal(err)
	}
	publish := func(subj string, data []byte) error {
		// A refused publish gets no acknowledgement: it times out.
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err := js.Publish(ctx, subj, data)
		return err
	}
	forge := func(subj string, m ResultMsg) error {
		data, _ := json.Marshal(m)
		return publish(subj, data)
	}
	run := jobs[0].Row()
	run.Sweep = sweep
	// a job the plan does not have: stored by the server, refused by the
	// coordinator
	if err := forge(ResultSubject(sweep, 99), ResultMsg{Kind: KindResult, Sweep: sweep, Job: 99, Worker: "forger", Run: &run}); err != nil {
		t.Fatalf("publishing a result on the sweep's subject: %v", err)
	}
	// malformed
	if err := publish(ResultSubject(sweep, 1), []byte("{not json")); err != nil {
		t.Fatal(err)
	}
	// another sweep's results, a job, a subscription to every job: not
	// allowed to the workers' key
	if err := forge(ResultSubject("other", 0), ResultMsg{Kind: KindResult, Sweep: "other", Job: 0, Run: &run}); err == nil {
		t.Error("the workers' key published a result of another sweep")
	}
	if err := publish(JobSubject(sweep, 7), []byte(`{}`)); err == nil {
		t.Error("the workers' key published a job")
	}
	// oversized: refused before it leaves
	if err := bad.Publish(ResultSubject(sweep, 2), make([]byte, MaxPayload+1)); !errors.Is(err, nats.ErrMaxPayload) {
		t.Errorf("an oversized message: %v, want %v", err, nats.ErrMaxPayload)
	}

	// A worker with the workers' key does the sweep; once a run is
	// stored, a duplicate of it is forged.
	var once sync.Once
	c.AfterStore = func(_ int, row *results.Run) {
		once.Do(func() {
			dup := *row
			id, _ := strconv.Atoi(*row.Job)
			if err := forge(ResultSubject(sweep, id), ResultMsg{Kind: KindResult, Sweep: sweep, Job: id, Worker: "forger", Run: &dup}); err != nil {
				t.Errorf("forging a duplicate: %v", err)
			}
		})
	}
	wctx, stop := context.WithCancel(context.Background())
	w := &Worker{NC: dialWith(t, srv, srv.Auth.WorkerFile()), Engine: experiment.LabEngine{}, Name: "w", Sweep: sweep, API: WorkerAPI,
		Poll: 20 * time.Millisecond, AckWait: 5 * time.Second}
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	o, err := c.Run(context.Background(), jobs)
	stop()
	if werr := <-done; werr != nil {
		t.Error(werr)
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if o.Done != len(jobs) || o.Rejected < 2 {
		t.Errorf("outcome %+v: want %d runs and the forged and malformed results rejected\n%s", o, len(jobs), out.String())
	}
	rows, err := st.Runs(sweep)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range rows {
		if r.Job == nil || seen[*r.Job] {
			t.Fatalf("run %v stored twice or without its job", r.Job)
		}
		seen[*r.Job] = true
	}
	if len(rows) != len(jobs) {
		t.Errorf("%d rows stored, want the %d planned", len(rows), len(jobs))
	}
	for _, want := range []string{"job 99 out of range", "not JSON"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no log line %q:\n%s", want, out.String())
		}
	}
}

// TestWorkerFiles: a worker reads file: positions only inside its --files
// directory; a job naming a file outside it (by an absolute path, by
// "..", by a symbolic link) or any file when it has none is refused with
// the reason, and the reason does not quote the file.
func TestWorkerFiles(t *testing.T) {
	base := t.TempDir()
	allowed := filepath.Join(base, "allowed")
	os.Mkdir(allowed, 0o755)
	const secret = "(7 SECRET-CONTENT 3)"
	os.WriteFile(filepath.Join(base, "secret.tree"), []byte(secret+"\n"), 0o600)
	os.WriteFile(filepath.Join(allowed, "ok.tree"), []byte("(3 5 (2 9))\n"), 0o644)
	os.WriteFile(filepath.Join(allowed, "bad.tree"), []byte("(3 "+secret+"\n"), 0o644)
	os.Symlink(filepath.Join(base, "secret.tree"), filepath.Join(allowed, "link.tree"))
	root, err := os.OpenRoot(allowed)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	job := func(load string) *JobMsg {
		return &JobMsg{Kind: KindJob, Sweep: "s", Job: 0, Total: 1, Role: results.RoleBaseline, LoadName: load, Position: load, Rep: 1,
			Settled: lab.Settled{Opt: algos.Options{Algo: "scout", Depth: 2}, Machine: sched.Machine{Kind: lab.Serial}}}
	}
	var log syncBuffer
	for _, tc := range []struct {
		name  string
		files *os.Root
		load  string
		want  string // "" : loaded
	}{
		{"inside, relative", root, "file:ok.tree", ""},
		{"inside, absolute", root, "file:" + filepath.Join(allowed, "ok.tree"), ""},
		{"absolute outside", root, "file:" + filepath.Join(base, "secret.tree"), "outside the directory of position files"},
		{"dot-dot", root, "file:../secret.tree", "outside the directory of position files"},
		{"symbolic link out", root, "file:link.tree", "not readable in the directory of position files"},
		{"missing", root, "file:none.tree", "not readable"},
		{"not understood", root, "file:bad.tree", "not a position file this worker reads"},
		{"no directory", nil, "file:ok.tree", "file positions are not read here"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := &Worker{Engine: experiment.LabEngine{}, Files: tc.files, Out: &log}
			_, err := w.load(job(tc.load))
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("err = %v, want %q", err, tc.want)
			case err != nil && strings.Contains(err.Error(), "SECRET"):
				t.Fatalf("the error quotes the file: %v", err)
			}
		})
	}
}

// TestJobCheck: a job is refused unless the sweep's command line could
// have planned it; the reason names the setting.
func TestJobCheck(t *testing.T) {
	good := JobMsg{Kind: KindJob, Sweep: "s", Job: 0, Total: 1, Role: results.RoleParallel, LoadName: "uniform:b=3,d=4,seed=1", Rep: 1,
		Settled: lab.Settled{Opt: algos.Options{Algo: "jamboree", Depth: 4}, Machine: sched.SimOf(4), AutoGrain: true}}
	if err := good.Check(experiment.LabEngine{}); err != nil {
		t.Fatalf("a planned job refused: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(m *JobMsg)
		want string
	}{
		{"depth", func(m *JobMsg) { m.Settled.Opt.Depth = 1000 }, `depth: "1000": not a whole number in 0…100`},
		{"negative depth", func(m *JobMsg) { m.Settled.Opt.Depth = -1 }, `depth: "-1": not a whole number`},
		{"simulated P", func(m *JobMsg) { m.Settled.Machine.P = 1 << 20 }, "simulated processors"},
		{"pool P", func(m *JobMsg) { m.Settled.Machine = sched.PoolOf(1 << 20) }, "1048576"},
		{"serial P", func(m *JobMsg) {
			m.Settled.Machine.Kind, m.Role, m.Settled.Opt.Algo = lab.Serial, results.RoleSerial, "alphabeta"
		}, "serial run on 4 processors"},
		{"machine", func(m *JobMsg) { m.Settled.Machine.Kind = "cloud" }, `machine "cloud"`},
		{"algorithm", func(m *JobMsg) { m.Settled.Opt.Algo = "quantum" }, "quantum"},
		{"variant", func(m *JobMsg) { m.Settled.Opt.Algo, m.Settled.Opt.Restart = "ybwc", true }, "restart"},
		{"serial algorithm on a machine", func(m *JobMsg) { m.Settled.Opt.Algo = "alphabeta" }, "alphabeta as a parallel run"},
		{"memory", func(m *JobMsg) { m.Settled.MaxMem = -5 }, ""},
		{"table", func(m *JobMsg) { m.Settled.Opt.TTBits = 99 }, `tt: "99": not a whole number in 0…30`},
		{"grain", func(m *JobMsg) { m.Settled.Opt.Grain, m.Settled.AutoGrain = 500, false }, `grain: "500": not a whole number in 0…100`},
		{"time", func(m *JobMsg) { m.Settled.Opt.Time = -time.Second }, "not a duration ≥ 0"},
		{"preset", func(m *JobMsg) { m.Settled.Preset = "turbo" }, `unknown preset "turbo"`},
		{"costs", func(m *JobMsg) { m.Settled.Costs.Node = -3 }, "costs"},
		{"role", func(m *JobMsg) { m.Role = "boss" }, `role "boss"`},
		{"repetition", func(m *JobMsg) { m.Rep = 0 }, "repetition 0"},
		{"sweep", func(m *JobMsg) { m.Sweep = "a.b" }, "sweep id"},
		{"position", func(m *JobMsg) { m.LoadName = " " }, "no position"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := good
			tc.edit(&m)
			err := m.Check(experiment.LabEngine{})
			if tc.want == "" {
				// max_mem < 0 is "none": the command line allows it
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "/0 refused") {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestWorkerOtherSweep: a worker bound to a sweep drops a job of another
// one with a log line.
func TestWorkerOtherSweep(t *testing.T) {
	w := &Worker{Sweep: "mine"}
	if err := w.ownSweep(&JobMsg{Sweep: "theirs", Job: 3}); err == nil || !errors.Is(err, ErrMessage) || !bytes.Contains([]byte(err.Error()), []byte("theirs/3")) {
		t.Fatalf("err = %v", err)
	}
	if err := (&Worker{}).ownSweep(&JobMsg{Sweep: "theirs"}); err != nil {
		t.Fatalf("an unbound worker refused a job: %v", err)
	}
}

// TestAuthTimeoutLogged: a client that connects and never presents a
// credential is closed at the auth timeout, and that refusal is logged
// with its reason, once; an owner that connects and leaves is not a
// refusal.
func TestAuthTimeoutLogged(t *testing.T) {
	var logged syncBuffer
	srv, err := StartServer(ServerOptions{Host: "127.0.0.1", Log: &logged, AuthTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	nc, err := srv.Connect("owner")
	if err != nil {
		t.Fatal(err)
	}
	nc.Close()
	c, err := net.Dial("tcp", strings.TrimPrefix(srv.LocalURL(), "nats://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// Read the INFO line and say nothing: the server closes the connection.
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	rest, _ := io.ReadAll(c)
	if !strings.Contains(string(rest), "Authentication Timeout") {
		t.Errorf("the server answered %q", rest)
	}
	var lines []string
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if lines = refusalLines(logged.String()); len(lines) > 0 {
			break
		}
	}
	time.Sleep(100 * time.Millisecond)
	lines = refusalLines(logged.String())
	if len(lines) != 1 || !strings.Contains(lines[0], "Authentication Timeout") {
		t.Errorf("refusals logged %q, want one authentication timeout; the log:\n%s", lines, logged.String())
	}
}

// refusalLines are the log's lines that record a refusal.
func refusalLines(log string) []string {
	var out []string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, "refused: ") {
			out = append(out, l)
		}
	}
	return out
}
