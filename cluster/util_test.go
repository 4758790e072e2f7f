package cluster

import (
	"bytes"
	"context"
	"splitpoint/experiment"
	"splitpoint/results"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
)

// syncBuffer is a bytes.Buffer safe for a worker's goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// crashAfter runs a coordinator of sweep id over nc that crashes (its
// connection closes, not a Ctrl-C) once it has stored n runs, and returns
// what it did; the sweep must not have finished.
func crashAfter(t *testing.T, nc *nats.Conn, st *results.Store, id string, jobs []experiment.Job, n int) *Outcome {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &Coordinator{NC: nc, Store: st, ID: id, Poll: 20 * time.Millisecond, AckWait: time.Second}
	crashed := false
	c.AfterStore = func(k int, _ *results.Run) {
		if k == n && !crashed {
			crashed = true
			nc.Close()
			cancel()
		}
	}
	o, _ := c.Run(ctx, jobs)
	if o.Done < n || o.Done == len(jobs) {
		t.Fatalf("first coordinator stored %d of %d", o.Done, len(jobs))
	}
	return o
}
