package sched

// TerminalCosts is the cost model of Bhattacharya & Bagchi's experiments
// ("Searching Game Trees in Parallel Using SSS*", §3 example and §4): the
// unit of time is the terminalcount, the time taken to examine one
// terminal node, and nothing else costs anything. Algorithms charge one
// Eval step per terminal examined (SSS*'s family charges exactly that:
// see algos.RunPARSSS), so on this model W is the number of terminals
// examined by all processes and the simulated clock counts terminals.
func TerminalCosts() CostModel { return CostModel{Eval: 1} }

// TerminalCostsName is the name under which TerminalCosts is offered
// (--costs terminal), and TerminalTimeUnit the name of its time unit.
const (
	TerminalCostsName = "terminal"
	TerminalTimeUnit  = "terminal counts"
)
