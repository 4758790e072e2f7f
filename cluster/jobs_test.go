package cluster

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"splitpoint/experiment"
	"splitpoint/results"
)

// overlapEngine counts the jobs running at once and notes whether a pool
// or serial job ever ran beside another.
type overlapEngine struct {
	experiment.LabEngine
	active, most atomic.Int32
	crowded      atomic.Bool // an exclusive job saw another running
}

func (e *overlapEngine) Run(ctx context.Context, j *experiment.Job, row *results.Run) error {
	n := e.active.Add(1)
	defer e.active.Add(-1)
	for m := e.most.Load(); n > m && !e.most.CompareAndSwap(m, n); m = e.most.Load() {
	}
	if j.Exclusive() && n != 1 {
		e.crowded.Store(true)
	}
	err := e.LabEngine.Run(ctx, j, row)
	if j.Exclusive() && e.active.Load() != 1 {
		e.crowded.Store(true)
	}
	return err
}

// TestWorkerParallel: one worker running three simulated jobs at once
// stores the local sweep's runs, and its pool and serial jobs run alone.
func TestWorkerParallel(t *testing.T) {
	jobs := testPlan(t)
	_, connect := inProcess(t)
	eng := &overlapEngine{}
	ctx, cancel := context.WithCancel(context.Background())
	w := &Worker{NC: connect("w"), Engine: eng, Name: "w", Poll: 50 * time.Millisecond, AckWait: 2 * time.Second, Parallel: 3}
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	st := openStore(t)
	c := &Coordinator{NC: connect("coord"), Store: st, ID: "par", Poll: 50 * time.Millisecond}
	o, err := c.Run(context.Background(), jobs)
	cancel()
	if werr := <-done; werr != nil {
		t.Fatal(werr)
	}
	if err != nil {
		t.Fatal(err)
	}
	if o.Done != len(jobs) {
		t.Fatalf("outcome %+v, %d jobs", o, len(jobs))
	}
	if eng.crowded.Load() {
		t.Error("a pool or serial job ran beside another")
	}
	rows, err := st.Runs("par")
	if err != nil {
		t.Fatal(err)
	}
	sameRuns(t, localRuns(t, jobs), rows)
	t.Logf("at most %d jobs at once", eng.most.Load())
}
