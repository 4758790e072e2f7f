package algos

import (
	"slices"
	"sync/atomic"
)

// Straggler preemption, the "-LB" of PVSplit-LB and PVFSplit-LB (Lu §5.3,
// reading notes §1.4): "when more than a quarter of the searchers are idle
// for longer than 5 seconds, then the searcher who has been searching its
// assigned subtree for the longest time is selected for preemption".
//
// The controller evaluates the rule after every event (a result taken in,
// work farmed): with k = ⌊LBQuorum·P⌋ + 1 searchers needed and the idle
// ones sorted by when they became idle, the rule will hold at the k-th
// of those times plus LBThreshold, as long as nothing changes — and only
// the controller changes who is idle, re-evaluating each time. It
// publishes that time and the straggler it picks (pvOrder); the straggler
// notices at its next node that its clock has reached the time and stops
// (on the simulator exactly then, on the pool within 64 nodes).

// pvOrder is the published rule: item is preempted at time at. idle are
// the times at which the idle searchers became idle (sorted), kept to
// report how many were over the threshold when it fired.
type pvOrder struct {
	item      int64
	at        int64
	idle      []int64
	threshold int64
}

type pvOrderPtr = atomic.Pointer[pvOrder]

// pvLB is the -LB state of the controller.
type pvLB struct {
	order     pvOrderPtr
	quorum    float64
	threshold int64
	newest    bool
}

// idleOver is the number of searchers that had been idle for at least the
// threshold at time t, under the rule o.
func (o *pvOrder) idleOver(t int64) int {
	if o == nil {
		return 0
	}
	k := 0
	for _, s := range o.idle {
		if s+o.threshold <= t {
			k++
		}
	}
	return k
}

// lbUpdate re-evaluates the rule and publishes it (or withdraws it).
// Eligible are the searchers working on moves of the split node the
// controller is at, with more than Granularity plies left (a smaller
// subtree would be one searcher's serial search again).
func (e *pvEngine[T, P]) lbUpdate() {
	l := &e.lbc
	var idle []int64
	for s, b := range e.busy {
		if !b {
			idle = append(idle, e.idleFrom[s])
		}
	}
	k := int(l.quorum*float64(e.n)) + 1
	if len(idle) < k {
		l.withdraw()
		return
	}
	slices.Sort(idle)
	at := idle[k-1] + l.threshold
	f := e.frames[e.top]
	var pick *pvItem[T]
	for _, it := range e.items {
		if it.frame != f.ply || it.gen != f.gen || it.cancelled || it.kind == pvNode || it.depth <= e.gran {
			continue
		}
		if pick == nil || (l.newest && it.start > pick.start) || (!l.newest && it.start < pick.start) {
			pick = it
		}
	}
	if pick == nil {
		l.withdraw()
		return
	}
	if cur := l.order.Load(); cur != nil && cur.item == pick.id && cur.at == at && slices.Equal(cur.idle, idle) {
		return
	}
	l.order.Store(&pvOrder{item: pick.id, at: at, idle: idle, threshold: l.threshold})
}

func (l *pvLB) withdraw() {
	if l.order.Load() != nil {
		l.order.Store(nil)
	}
}
