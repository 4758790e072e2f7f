package sched

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestDequePushN: posting a range's elements with one pushN leaves a deque
// that gives, under any mix of pops, steals and popRange with any level
// bounds, the same elements in the same order as posting them one push at
// a time; popRange takes what pops would take while they give elements of
// its range.
func TestDequePushN(t *testing.T) {
	for seed := range uint64(200) {
		for _, levels := range []bool{false, true} {
			rnd := rand.New(rand.NewPCG(seed, 1))
			one, bulk := deque{levels: levels}, deque{levels: levels}
			var ranges []*taskRange
			for step := range 60 {
				switch op := rnd.IntN(5); {
				case op == 4 && len(ranges) > 0: // take a range's elements
					r := ranges[rnd.IntN(len(ranges))]
					min := int32(anyLevel)
					if rnd.IntN(3) == 0 {
						min = int32(rnd.IntN(5))
					}
					var want, got []int32
					for {
						save := one
						save.items = append([]job(nil), one.items...)
						save.groups = append([]group(nil), one.groups...)
						for i := range save.groups {
							save.groups[i].items = append([]job(nil), one.groups[i].items...)
						}
						x := one.pop(min)
						if x.r != r || x.t != nil {
							one = save // that pop was not one of r's
							break
						}
						want = append(want, x.j)
					}
					n := bulk.popRange(r, min, func(j int32) { got = append(got, j) })
					if n != len(got) || fmt.Sprint(want) != fmt.Sprint(got) || one.n != bulk.n {
						t.Fatalf("seed %d levels %v step %d: pops took %v (n %d), popRange %v, %d (n %d)", seed, levels, step, want, one.n, got, n, bulk.n)
					}
				case op < 2: // post a range
					r := &taskRange{level: int32(rnd.IntN(5))}
					ranges = append(ranges, r)
					n := int32(1 + rnd.IntN(70))
					for j := range n {
						one.push(job{r: r, j: j})
					}
					bulk.pushN(job{r: r}, n)
				default: // take one
					min := int32(anyLevel)
					if rnd.IntN(3) == 0 {
						min = int32(rnd.IntN(5))
					}
					var a, b job
					if op == 2 {
						a, b = one.pop(min), bulk.pop(min)
					} else {
						a, b = one.steal(min), bulk.steal(min)
					}
					if a != b || one.n != bulk.n {
						t.Fatalf("seed %d levels %v step %d op %d: one push at a time gave %+v (n %d), pushN %+v (n %d)", seed, levels, step, op, a, one.n, b, bulk.n)
					}
				}
			}
		}
	}
}
