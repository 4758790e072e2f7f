package sched

import (
	"math/rand/v2"
	"testing"
)

// TestDequePushN: posting a range's elements with one pushN leaves a deque
// that gives, under any mix of pops and steals with any level bounds, the
// same elements in the same order as posting them one push at a time.
func TestDequePushN(t *testing.T) {
	for seed := range uint64(200) {
		for _, levels := range []bool{false, true} {
			rnd := rand.New(rand.NewPCG(seed, 1))
			one, bulk := deque{levels: levels}, deque{levels: levels}
			for step := range 60 {
				switch op := rnd.IntN(4); {
				case op < 2: // post a range
					r := &taskRange{level: int32(rnd.IntN(5))}
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
