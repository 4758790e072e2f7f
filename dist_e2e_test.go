package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"splitpoint/results"
)

// TestDistSIGKILL runs a sweep over NATS with real processes on the
// loopback address (issue #19): "splitpoint sweep --nats embedded" and two
// "splitpoint worker" processes, one killed with SIGKILL while it runs a
// job. The database ends with every planned run exactly once.
func TestDistSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs three processes")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "splitpoint")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	db := filepath.Join(dir, "r.db")
	coord := exec.CommandContext(ctx, bin, "sweep", "--nats", "embedded", "--nats-port", "0", "--db", db,
		"--positions", "uniform:b=5,d=8,seed=1,uniform:b=5,d=8,seed=2,uniform:b=5,d=8,seed=3",
		"--algos", "pnegamax,jamboree", "--depth", "8", "--sim", "1,4")
	coordOut := start(t, coord)
	var url string
	port := regexp.MustCompile(`nats://[^ ]*:(\d+)`)
	for l := range coordOut {
		if m := port.FindStringSubmatch(l); m != nil {
			url = "nats://127.0.0.1:" + m[1]
			break
		}
	}
	if url == "" {
		t.Fatal("the coordinator printed no worker command")
	}
	worker := func() (*exec.Cmd, <-chan string) {
		w := exec.CommandContext(ctx, bin, "worker", "--nats", url, "--ack-wait", "2s", "--idle", "5s")
		return w, start(t, w)
	}
	victim, victimOut := worker()
	taken := 0
	taking := regexp.MustCompile(`job \S+/\d+ of \d+`)
	for l := range victimOut {
		t.Log("victim: ", l)
		if taking.MatchString(l) {
			if taken++; taken == 3 {
				break
			}
		}
	}
	victim.Process.Signal(syscall.SIGKILL) // mid-job: its third job is not acknowledged
	victim.Wait()
	survivor, survivorOut := worker()
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		for l := range survivorOut {
			t.Log("survivor: ", l)
		}
	}()
	var all []string
	for l := range coordOut {
		all = append(all, l)
	}
	if err := coord.Wait(); err != nil {
		t.Fatalf("sweep: %v\n%s", err, strings.Join(all, "\n"))
	}
	survivor.Process.Signal(syscall.SIGINT)
	survivor.Wait()
	<-drained

	st, err := results.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.Runs("")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 15 {
		t.Fatalf("%d rows, want the 15 planned runs\n%s", len(rows), strings.Join(all, "\n"))
	}
	seen := map[string]bool{}
	for _, r := range rows {
		if r.Job == nil || seen[*r.Job] {
			t.Fatalf("job %v stored twice or without an id", r.Job)
		}
		seen[*r.Job] = true
	}
}

// start starts cmd with its standard output and error collected line by
// line; the channel closes when the process has exited.
func start(t *testing.T, cmd *exec.Cmd) <-chan string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close() // the child holds the write end: EOF when it exits
	ch := make(chan string, 1000)
	go func() {
		defer r.Close()
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			ch <- sc.Text()
		}
		close(ch)
	}()
	return ch
}
