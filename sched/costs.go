package sched

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"splitpoint/suggest"
)

// Kind is the kind of a step charged with Ctx.Charge.
type Kind uint8

// The kinds of steps. Node, Eval, Gen, TTLocal, TTRemote and User are
// charged by algorithms; Spawn is charged by the runtime on every spawn.
const (
	Node     Kind = iota // one node of the search (the unit of the papers' node counts)
	Eval                 // one static evaluation
	Gen                  // one move generation
	TTLocal              // a transposition-table access held by this processor
	TTRemote             // a transposition-table access on another processor (StarTech's global table on the CM-5)
	Spawn                // posting a child task (charged to the parent)
	User                 // anything else an algorithm wants to account
	NumKinds
)

var kindNames = [NumKinds]string{"node", "eval", "gen", "tt_local", "tt_remote", "spawn", "user"}

// String is the kind's name as it appears in Stats.Counts.
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "kind?"
}

// CostModel gives the cost, in abstract time units, of each step. It is the
// simulator's machine description (in the spirit of StarTech's cycle
// accounting, Fig. 8, and of the *Socrates model T ≈ W/P + C); the pool
// uses it only to express W and C in the same units.
//
// The first group is work: it is added to W, to the running task's
// timestamp (so to C) and to the processor's clock. The second group is
// scheduling overhead, paid on the simulator only: it advances the clock of
// the processor that pays it but is neither work nor critical path.
//
// The zero CostModel means DefaultCosts: Node = 1, everything else 0 — an
// ideal machine on which T_1 = W and T_inf = C exactly.
type CostModel struct {
	Node     int64 `json:"node"`
	Eval     int64 `json:"eval"`
	Gen      int64 `json:"gen"`
	TTLocal  int64 `json:"tt_local"`
	TTRemote int64 `json:"tt_remote"`
	Spawn    int64 `json:"spawn"` // per spawn, charged to the parent (work and span)
	User     int64 `json:"user"`

	// Steal is the round trip of one steal request (StarTech: a message
	// to a random processor and the answer), paid by the thief per
	// attempt, failed or not.
	Steal int64 `json:"steal"`
	// Migrate is the copy of a stolen task's board state to the thief
	// (*Socrates §4.1 migration threads), paid by the thief per steal.
	Migrate int64 `json:"migrate"`
	// Abort is the latency of an abort message along one tree edge
	// (*Socrates §4.2): a descendant k edges below sees the abort
	// k·Abort units after it was issued.
	Abort int64 `json:"abort"`
	// Wake is the latency of a result or signal reaching a blocked
	// processor (a child's result to a waiting parent, an Event's signal
	// to a waiter): the waiter resumes Wake units after the event.
	Wake int64 `json:"wake"`

	// The locks of shared memory (lock.go), paid on the simulator only
	// and only at the charge points of an algorithm that takes them
	// (Lu's PVSplit family: the shared table and the split nodes). Each
	// is 0 in every preset but tc2000, so no other run takes a lock.
	//
	// Lock is taking a free lock and giving it back (an atomic exchange
	// on the lock word and the store that frees it), paid by the taker as
	// scheduling overhead. A processor that finds the lock held spins
	// until it is free: that wait is overhead too (Lock.Acquire).
	Lock int64 `json:"lock,omitempty"`
	// TTLock is how long a table access holds the table's lock (the
	// entry's read or write through the memory system). The access's own
	// time is part of Node (the serial program probes the same table), so
	// the hold delays only another processor that wants the lock.
	TTLock int64 `json:"tt_lock,omitempty"`
	// TTLocks is how many locks guard the table: an entry is guarded by
	// lock key mod TTLocks (0 with TTLock > 0 means one lock).
	TTLocks int64 `json:"tt_locks,omitempty"`
	// SplitLock is how long a post to a split node holds the node's lock:
	// the controller writing a piece of work, a searcher its result. The
	// poster spends it (Task.Post): the serial program posts nothing.
	SplitLock int64 `json:"split_lock,omitempty"`
}

// Locking reports whether c takes any lock (lock.go): a table or split
// lock held for some time, or taking a lock costs something.
func (c CostModel) Locking() bool { return c.Lock > 0 || c.TTLock > 0 || c.SplitLock > 0 }

// MaxCost is the largest cost ParseCosts accepts for any key (4096 units;
// the CM-5 preset's largest is 30).
//
// The bound keeps W, C and T_P in int64. Each is a sum of costs over a
// run's charged steps, and the idle time summed over the processors is at
// most P·T_P with P ≤ MaxSimProcs = 2^16. One step costs at most every
// key once, 11·2^12 < 2^16 units, so a processor's MaxRunSteps = 2^31 − 1
// steps (about two billion) cost under 2^47 and P·T_P stays under 2^63:
// no sum overflows for any depth or P in a run of fewer steps on one
// processor. A lock's wait (lock.go) is not a key's cost but the holds of
// the takers before it, each at most 2·MaxCost: it stays in the bound
// while the takes of all processors together are fewer than MaxRunSteps.
const MaxCost = 1 << 12

// MaxRunSteps is the number of charged steps on one processor up to
// which MaxCost keeps every sum in int64 (see MaxCost).
const MaxRunSteps = 1<<31 - 1

// CostBoundHelp states the bound on costs in the cost knob's help.
var CostBoundHelp = fmt.Sprintf("each cost 0…%d, so that W, C and T_P cannot overflow", MaxCost)

// DefaultCosts is the ideal machine: one unit per node, all else free.
func DefaultCosts() CostModel { return CostModel{Node: 1} }

func (c CostModel) table() [NumKinds]int64 {
	return [NumKinds]int64{c.Node, c.Eval, c.Gen, c.TTLocal, c.TTRemote, c.Spawn, c.User}
}

// fields names each CostModel field as ParseCosts and String spell it
// (the CostModel's JSON names).
func (c *CostModel) fields() []struct {
	key string
	p   *int64
} {
	return []struct {
		key string
		p   *int64
	}{
		{"node", &c.Node}, {"eval", &c.Eval}, {"gen", &c.Gen}, {"tt_local", &c.TTLocal}, {"tt_remote", &c.TTRemote},
		{"spawn", &c.Spawn}, {"user", &c.User}, {"steal", &c.Steal}, {"migrate", &c.Migrate}, {"abort", &c.Abort}, {"wake", &c.Wake},
		{"lock", &c.Lock}, {"tt_lock", &c.TTLock}, {"tt_locks", &c.TTLocks}, {"split_lock", &c.SplitLock},
	}
}

// CostKeys lists the keys ParseCosts accepts, in the CostModel's order.
func CostKeys() []string {
	var c CostModel
	var keys []string
	for _, f := range c.fields() {
		keys = append(keys, f.key)
	}
	return keys
}

// costPresets are the named cost models ParseCosts accepts before the
// key=value pairs.
var costPresets = map[string]func() CostModel{
	"unit":            DefaultCosts,
	TerminalCostsName: TerminalCosts,
	CM5CostsName:      CM5Costs,
	TC2000CostsName:   TC2000Costs,
}

// CostPresetNames lists the named cost models, sorted.
func CostPresetNames() []string {
	var out []string
	for k := range costPresets {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// ParseCosts reads a cost model written as an optional preset name and
// key=value pairs, comma-separated ("node=1,steal=20", "unit,abort=2"),
// on top of DefaultCosts. "" is DefaultCosts. The error names the pair at
// fault and what is allowed.
func ParseCosts(s string) (CostModel, error) {
	c := DefaultCosts()
	if strings.TrimSpace(s) == "" {
		return c, nil
	}
	fields := c.fields()
	for i, kv := range strings.Split(s, ",") {
		kv = strings.TrimSpace(kv)
		if p, ok := costPresets[kv]; ok && i == 0 {
			c = p()
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		idx := slices.IndexFunc(fields, func(f struct {
			key string
			p   *int64
		}) bool {
			return f.key == k
		})
		if !ok || idx < 0 {
			return c, fmt.Errorf("%s: want a preset (%s) first, then key=value pairs with keys %s",
				suggest.Echo(kv), strings.Join(CostPresetNames(), ", "), strings.Join(CostKeys(), ", "))
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > MaxCost {
			return c, fmt.Errorf("%s: %s is not a cost in 0…%d (a larger one could overflow W, C and T_P)", k, suggest.Echo(v), MaxCost)
		}
		*fields[idx].p = n
	}
	if c == (CostModel{}) {
		return c, fmt.Errorf("%s: every cost is 0, so nothing would take time (the zero model means unit costs: give node=1 or another cost)", suggest.Echo(s))
	}
	return c, nil
}

// String writes the costs that differ from DefaultCosts as ParseCosts
// reads them ("steal=20", "node=0,eval=1"); "" is DefaultCosts (and so is
// the zero CostModel, which means it). ParseCosts(c.String()) is c.
func (c CostModel) String() string {
	if c == (CostModel{}) {
		return ""
	}
	d := DefaultCosts()
	df := d.fields()
	var out []string
	for i, f := range c.fields() {
		if *f.p != *df[i].p {
			out = append(out, fmt.Sprintf("%s=%d", f.key, *f.p))
		}
	}
	return strings.Join(out, ",")
}
