package sched

import "strings"

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

// CM5Unit is the length in seconds of one unit of CM5Costs: a node's
// 4,800 cycles over its 30 units, 160 cycles of the 33 MHz SPARC (about
// 4.85 µs). A run on the CM-5's costs reports the CM-5's own seconds with
// it (solve --seconds clock).
const CM5Unit = 160.0 / 33e6

// TC2000Costs is a cost model of the BBN TC2000 on which Lu ran ParaChinook
// (Lu §4.2, 003:L926: a NUMA shared-memory machine whose processors reach
// each other's memory through a multistage Butterfly switch; the table in
// shared memory, "coordinated through the use of spin-wait locks",
// 003:L932). One unit is one microsecond; every cost comes from a
// published description of the hardware or of the sequential program on
// it, none from Lu's parallel results:
//
//   - node = 141: sequential Chinook on the TC2000 searched the suite's
//     54,031,430 nodes in 7,594 s (Lu Table C.1, 003:L1680-1699), 140.5 µs
//     a node, its evaluation, move generation and its own table probes
//     included (the sequential program probes the same shared table), so
//     eval, gen and the probes' own time are 0;
//   - a reference to another processor's memory through the switch is
//     taken as 4 µs: BBN gives the Butterfly's memory access time as
//     "typically less than 1 microsecond, 4 microseconds worst case
//     (without contention)" (BBN Advanced Computers, "BBN Butterfly
//     GP1000 and TC2000 Parallel Processor", netlib machines/bbn.tex), and
//     a remote reference about 15 times a local one (paralogos.com,
//     DeadSuper/Misc/BBN.html); the TC2000's own datasheet figure was not
//     found, so the Butterfly's bound stands for it;
//   - lock = 8: taking a spin lock is an atomic exchange on the lock word
//     (the MC88100's xmem) through the switch and freeing it a store: two
//     remote references;
//   - tt_lock = 8: a table access holds the entry's lock while it reads or
//     writes the 16-byte entry (128 MB for 2^23 entries, 003:L932): two
//     64-bit references (ld.d/st.d) through the switch;
//   - tt_locks = 4096: the thesis does not say how finely the table is
//     locked; the preset takes many locks (an entry contends only with the
//     entries of its stripe, close to a lock per entry); tt_locks=1, one
//     lock for the whole table, is the other bound the text allows;
//   - split_lock = 16: a post to a split node (the controller's piece of
//     work, a searcher's result: position, window, depth, value, about
//     32 bytes) holds the node's lock for four 64-bit remote writes;
//   - spawn = 4, wake = 4, abort = 4: FarmWork's signal to the searcher, a
//     returned result seen by the polling controller, and an interrupt
//     seen by a searcher are each one remote reference (003:L916).
//
// Steal and migrate are 0: Lu's searchers are given work by the
// controller and never steal. The switch's contention (hot spots of
// spinning processors) is not modelled: BBN's figures are without it.
func TC2000Costs() CostModel {
	return CostModel{Node: 141, Spawn: 4, Abort: 4, Wake: 4, Lock: 8, TTLock: 8, TTLocks: 4096, SplitLock: 16}
}

// TC2000CostsName is the name under which TC2000Costs is offered (--costs
// tc2000), and TC2000TimeUnit the name of its time unit.
const (
	TC2000CostsName = "tc2000"
	TC2000TimeUnit  = "µs"
)

// TC2000Unit is the length in seconds of one unit of TC2000Costs.
const TC2000Unit = 1e-6

// presetClocks are the lengths in seconds of one cost unit on the papers'
// machines whose presets state one; "unit" and "terminal" count work, not
// a machine's time, and have none.
var presetClocks = map[string]float64{CM5CostsName: CM5Unit, TC2000CostsName: TC2000Unit}

// PresetClock returns the length in seconds of one cost unit of the preset
// a cost model's text starts with ("cm5", "cm5,steal=32": keys given after
// it are in its units), ok false when the text names no preset or its
// preset states no clock.
func PresetClock(spec string) (float64, bool) {
	name, _, _ := strings.Cut(spec, ",")
	s, ok := presetClocks[strings.TrimSpace(name)]
	return s, ok
}
