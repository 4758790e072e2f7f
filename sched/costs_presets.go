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

// CM5Costs is a cost model of StarTech on the 512-processor CM-5, as the
// papers describe the machine (Kuszmaul 1995, "StarTech" §2–4; Joerg and
// Kuszmaul 1994, "*Socrates" §5.1), for the cycle accounting of StarTech
// Fig. 8. One unit is about 160 cycles of the CM-5's 33 MHz SPARC:
//
//   - node = 30: StarTech's serial program visits 161,625,376 positions in
//     23,337 s with no table (Fig. 4), about 6,900 a second, so about 4,800
//     cycles a node — its evaluation, move generation and Jamboree control
//     flow included (Fig. 9 breaks them down), so eval and gen are 0;
//   - tt_remote = 10: a global table read is a round trip through the data
//     network, "around 1600 cycles" (*Socrates §5.1), during which the
//     processor waits (Fig. 8: 14.4 % of the cycles); tt_local = 1: a read
//     of the processor's own share of the table;
//   - steal = 16: a work request is a message to a random processor that
//     answers when it next polls, at its next node: about half a node
//     plus the round trip;
//   - migrate = 4: the stolen position's board travels with the answer;
//   - abort = 4, wake = 4: an abort or a result is one active message
//     along one tree edge;
//   - spawn = 1: posting a child on the processor's own queue.
//
// The papers give no more than that; the model is a documented choice,
// offered as the preset "cm5" and overridable key by key ("cm5,steal=32").
func CM5Costs() CostModel {
	return CostModel{Node: 30, TTLocal: 1, TTRemote: 10, Spawn: 1, Steal: 16, Migrate: 4, Abort: 4, Wake: 4}
}

// CM5CostsName is the name under which CM5Costs is offered (--costs cm5).
const CM5CostsName = "cm5"
