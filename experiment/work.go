package experiment

import "splitpoint/sched"

// SerialWork is a serial search's cost on the cost model c, so that its
// work compares with a parallel run's W: Node per node, Eval per leaf
// (a static evaluation) and Gen per interior node (a move generation) —
// what the parallel searches charge for the same steps. On the ideal cost
// model (one unit per node) it is the node count.
func SerialWork(c sched.CostModel, nodes, interior, leaves uint64) int64 {
	return c.Node*int64(nodes) + c.Eval*int64(leaves) + c.Gen*int64(interior)
}
