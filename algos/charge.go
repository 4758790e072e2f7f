package algos

import (
	"splitpoint/metrics"
	"splitpoint/sched"
	"splitpoint/tt"
)

// Steps are what a search does that a cost model prices: the nodes it
// visits, its leaves (the nodes a static evaluation, a draw, a table answer
// or a position without moves decides, as the serial search counts
// Counters.Leaves) and its move generations (Counters.Gens: every call of
// Moves or Captures). A serial search's steps priced by a cost model are
// its work in the units of a parallel run (SerialWork), and every parallel
// algorithm charges the machine for exactly these steps, through the
// helpers of this file, so that W and W_serial are measured alike.
type Steps struct {
	Nodes  uint64 `json:"nodes"`
	Leaves uint64 `json:"leaves"`
	Gens   uint64 `json:"gens"`
}

// StepsOf are the steps a Searcher's counters record.
func StepsOf(c *metrics.Counters) Steps { return Steps{c.Nodes, c.Leaves, c.Gens} }

// Work is s priced by c: Node per node, Eval per leaf, Gen per move
// generation (the zero CostModel is sched.DefaultCosts).
func (s Steps) Work(c sched.CostModel) int64 {
	if c == (sched.CostModel{}) {
		c = sched.DefaultCosts()
	}
	return c.Node*int64(s.Nodes) + c.Eval*int64(s.Leaves) + c.Gen*int64(s.Gens)
}

// SerialWork is a serial search's work in the cost units of a parallel
// run on cost model c, for efficiency W_serial/W: its Steps priced by c
// (Node per node, Eval per leaf, Gen per move generation). Every parallel
// algorithm charges the same three steps for what it searches (charge.go),
// so with any cost model the efficiency compares like with like. Search
// and sweeps use this one formula.
func SerialWork(c sched.CostModel, r *Result) int64 { return StepsOf(&r.Counters).Work(c) }

// chargeNode charges one node.
func chargeNode(c sched.Ctx) { c.Charge(sched.Node, 1) }

// chargeLeaf charges one leaf: a node decided without a move generation
// (static evaluation, draw, table answer) or a position without moves.
func chargeLeaf(c sched.Ctx) { c.Charge(sched.Eval, 1) }

// chargeGen charges one move generation.
func chargeGen(c sched.Ctx) { c.Charge(sched.Gen, 1) }

// chargeLeafNode charges a node that is a leaf: the node, then its leaf.
func chargeLeafNode(c sched.Ctx) {
	c.Charge(sched.Node, 1)
	c.Charge(sched.Eval, 1)
}

// chargeLastLeafNode is chargeLeafNode as the task's last step
// (sched.Ctx.ChargeLast): the leaf first, then the node.
func chargeLastLeafNode(c sched.Ctx) {
	c.Charge(sched.Eval, 1)
	c.ChargeLast(sched.Node, 1)
}

// chargeSteps charges s: its nodes first, then its leaves and move
// generations. A step whose cost is zero adds nothing, and charged right
// after another charge it is never where a simulated processor yields, so
// the leaves and generations change no run on the default cost model.
func chargeSteps(t *sched.Task, s Steps) {
	if s.Nodes > 0 {
		t.Charge(sched.Node, int64(s.Nodes))
	}
	if s.Leaves > 0 {
		t.Charge(sched.Eval, int64(s.Leaves))
	}
	if s.Gens > 0 {
		t.Charge(sched.Gen, int64(s.Gens))
	}
}

// meter charges the steps a Searcher counted since the meter last charged
// or was reset: the serial searches of a parallel algorithm are charged
// through one, node by node on the simulator (the Hook, whose clock orders
// the processors node by node) or at their end on the pool.
type meter struct{ last Steps }

// reset starts the meter at the counters' present values.
func (m *meter) reset(c *metrics.Counters) { m.last = StepsOf(c) }

// since are the steps counted since the last charge or reset.
func (m *meter) since(c *metrics.Counters) Steps {
	return Steps{c.Nodes - m.last.Nodes, c.Leaves - m.last.Leaves, c.Gens - m.last.Gens}
}

// charge charges t the steps counted since the last charge and returns
// them.
func (m *meter) charge(t *sched.Task, c *metrics.Counters) Steps {
	s := m.since(c)
	chargeSteps(t, s)
	m.last = StepsOf(c)
	return s
}

// chargeWork is charge for a search whose Hook charged each node as it
// was visited (chargeNode): its leaves and move generations only.
func (m *meter) chargeWork(t *sched.Task, c *metrics.Counters) Steps {
	s := m.since(c)
	chargeSteps(t, Steps{Leaves: s.Leaves, Gens: s.Gens})
	m.last = StepsOf(c)
	return s
}

// meterHook is the Hook of a Searcher that charges every step as it
// goes: at each node the node, then the leaves and move generations
// counted since the last node. It polls for an abort.
type meterHook struct {
	c     sched.Ctx
	s     *metrics.Counters
	steps meter
}

func (h *meterHook) Node() bool {
	chargeNode(h.c)
	h.steps.chargeWork(h.c.Self(), h.s)
	return h.c.Aborted()
}

// chargeTT charges a table access on a table distributed over the
// processors (StarTech Fig. 3): sched.TTLocal when the key's home,
// key mod P, is the accessing processor, sched.TTRemote otherwise (always
// on the infinite machine).
func chargeTT(c sched.Ctx, key uint64) {
	if tt.Home(key, c.NumProcs()) == c.Proc() {
		c.Charge(sched.TTLocal, 1)
	} else {
		c.Charge(sched.TTRemote, 1)
	}
}
