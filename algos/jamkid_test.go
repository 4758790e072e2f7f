package algos

import (
	"context"
	"testing"
	"unsafe"

	"splitpoint/metrics"
	"splitpoint/sched"
)

// TestJamKidSize holds a kid at 32 bytes: at P = 65,536 on Kaufman #1 at
// depth 4 some 660,000 are in flight at once.
func TestJamKidSize(t *testing.T) {
	if n := unsafe.Sizeof(jamKid{}); n > 32 {
		t.Errorf("jamKid is %d bytes, want at most 32", n)
	}
}

// TestJamKidKeep checks that a kid gives back the record it kept, whole:
// counts of 32 bits in the kid, larger counts and splits in a record of
// the engine's list, which fold gives back to the list.
func TestJamKidKeep(t *testing.T) {
	for _, m := range []sched.Machine{sched.PoolOf(1), sched.SimOf(1)} {
		_, _, err := sched.Run(context.Background(), sched.Config{Machine: m, Seed: 1}, func(c sched.Ctx) any {
			jamKidKeep(t, c)
			return nil
		})
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
	}
}

func jamKidKeep(t *testing.T, c sched.Ctx) {
	l := sched.NewScratchList(c, func() *workRec { return new(workRec) })
	big := int64(1) << 33
	for _, tc := range []struct {
		name     string
		r        workRec
		wantMore bool
	}{
		{"empty", workRec{}, false},
		{"counts", workRec{nodes: 12345, horizon: 678}, false},
		{"largest 32-bit counts", workRec{nodes: 1<<32 - 1, horizon: 1<<32 - 1}, false},
		{"nodes past 32 bits", workRec{nodes: big, horizon: 3}, true},
		{"horizon past 32 bits", workRec{nodes: 3, horizon: big}, true},
		{"a split", workRec{nodes: 9, horizon: 2, failed: [4]int64{0, 4}}, true},
	} {
		for _, own := range []bool{false, true} {
			var k jamKid
			if own {
				r := l.Get(c)
				*r = tc.r
				k.keepOwn(c, l, r)
			} else {
				r := tc.r
				k.keep(c, l, &r)
			}
			if got := k.more != nil; got != tc.wantMore {
				t.Errorf("%s (own %v): a record of the list kept: %v, want %v", tc.name, own, got, tc.wantMore)
			}
			var got workRec
			if k.fold(c, l, &got, workUseful, metrics.CUT); got != tc.r {
				t.Errorf("%s (own %v): folded as useful work it gives %+v, want %+v", tc.name, own, got, tc.r)
			}
			if k.more != nil || k.nodes != 0 || k.horizon != 0 {
				t.Errorf("%s (own %v): the kid is not empty after fold: nodes %d, horizon %d, more %v", tc.name, own, k.nodes, k.horizon, k.more)
			}
		}
	}
}
