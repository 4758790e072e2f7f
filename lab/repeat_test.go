package lab

import (
	"context"
	"slices"
	"testing"

	"splitpoint/algos"
	"splitpoint/sched"
)

// TestParallelRepeated: n repetitions on the pool, each with its baseline;
// the report is the one of median time, its speedup the ratio of the
// medians; on the simulator there is one run.
func TestParallelRepeated(t *testing.T) {
	ctx := context.Background()
	its, err := Resolve("uniform:b=4,d=5,seed=2")
	if err != nil {
		t.Fatal(err)
	}
	it := its[0]
	opt := algos.Options{Algo: algos.AlgoJamboree}
	r, err := ParallelRepeated(ctx, it, opt, sched.Config{Machine: sched.PoolOf(2), Seed: 1}, BaselineMode{}, 5)
	if err != nil {
		t.Fatal(err)
	}
	rs := r.Repeats
	if rs == nil || rs.N != 5 || rs.Of != 5 || len(rs.Times) != 5 || len(rs.SerialSeconds) != 5 {
		t.Fatalf("repeats %+v", rs)
	}
	times := slices.Clone(rs.Times)
	slices.Sort(times)
	if r.Time != times[2] {
		t.Errorf("report time %d, median of %v is %d", r.Time, rs.Times, times[2])
	}
	ser := slices.Clone(rs.SerialSeconds)
	slices.Sort(ser)
	if r.Serial.Seconds != ser[2] || r.Speedup != ser[2]*1e9/float64(r.Time) {
		t.Errorf("serial %v speedup %v from %v", r.Serial.Seconds, r.Speedup, rs.SerialSeconds)
	}
	s, err := ParallelRepeated(ctx, it, opt, sched.Config{Machine: sched.SimOf(4), Seed: 1}, BaselineMode{}, 5)
	if err != nil || s.Repeats != nil {
		t.Errorf("simulator: %v, repeats %+v", err, s.Repeats)
	}
}
