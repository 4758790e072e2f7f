package algos

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"splitpoint/game"
	"splitpoint/sched"
)

// The names of Bhattacharya & Bagchi's parallel SSS* algorithms.
const (
	AlgoPARSSS     = "parsss"
	AlgoPARITERSSS = "paritersss"
)

// isParSSS reports whether algo is PARSSS* or PARITERSSS*.
func isParSSS(algo string) bool { return algo == AlgoPARSSS || algo == AlgoPARITERSSS }

// SSSParallelOptions are the options of PARSSS* and PARITERSSS* (embedded
// in Options). The process bound N is the machine's P (see RunPARSSS) and
// PARITERSSS*'s memory per process is Options.Memory.
type SSSParallelOptions struct {
	// SpawnHeight forbids spawning a process on a node whose height (the
	// plies left to the search depth) is below it. Bhattacharya & Bagchi
	// used 4 in their experiments (§4, "we did not allow processes to be
	// spawned on nodes at heights < 4"); 0, the default, allows every
	// height, as their Table 1 example needs (node 2 there has height 3).
	SpawnHeight int `json:"spawn_height,omitempty"`
	// Trace records every terminal examined (process, count, leaf, LIVE
	// and SOLVED values) in PARSSSResult.Trace, for the Table 1 view.
	Trace bool `json:"trace,omitempty"`
}

// ErrPARSSSNodeLimit ends a PARSSS* or PARITERSSS* run whose processes
// together expanded or evaluated more than Options.MaxNodes nodes.
var ErrPARSSSNodeLimit = errors.New("parsss: node limit reached")

// errPARSSSKilled ends a process that an ancestor killed.
var errPARSSSKilled = errors.New("parsss: process killed")

// RunPARSSS is Bhattacharya & Bagchi's PARSSS* ("Searching Game Trees in
// Parallel Using SSS*", IJCAI-87, §2–3, procedures PARSSSROOT and PARSSS*)
// and, when opt.Algo is AlgoPARITERSSS, their PARITERSSS* (§5): at most N
// processes, each running SSS* (resp. ITERSSS* with opt.Memory states)
// on a local OPEN list over its own subtree, coordinated through the
// shared array MINPROC. N is the machine's P: cfg.P on the simulator (0,
// the infinite machine, means no bound) and the pool's worker count. The
// root process counts in N, as in PARSSSROOT.
//
// Each process p (the root MAX node s for the first, a MIN node for every
// other) repeats, as in the paper's pseudo-code:
//
//  1. move into OPEN the roots of its child processes that MINPROC shows
//     SOLVED (Remark 1);
//  2. x := FIRST(OPEN ∪ LIVEMINS), the highest merit, ties to the node
//     leftmost in the tree (the rule under which Table 1 reproduces; the
//     paper gives none);
//  3. MINPROC[p].h := max(h(x), the h of its live child processes, and for
//     PARITERSSS* the h of its INACTIVE states) (Remark 2);
//  4. spawn processes on the first min(free slots, |LIVEMINS|) nodes of
//     LIVEMINS, sorted shallowest first (Remark 3) and, for PARITERSSS*,
//     INACTIVE first; nodes of height below SpawnHeight are never given
//     away;
//  5. apply SSS*'s Γ to x (see SSS), except that a LIVE MAX node's
//     children go to LIVEMINS, and that a SOLVED MIN node x = x'.j (x ≠ p)
//     first kills the child processes rooted below x' whose MINPROC h is at
//     most h(x) and solves x' only when none is left below it (Remark 4);
//     otherwise x goes back into OPEN and the process waits ("until the
//     h-values drop or some other MIN successor of x solves x", §2).
//
// Choices where the paper is silent (reading notes §2.8):
//
//   - Waiting. The paper's process spins on x; here it blocks on a
//     sched.Cond until one of its child processes changes its MINPROC
//     entry, so a spin costs no simulated time, as in the paper's clock;
//     the wait is accounted as blocked on shared state.
//   - Killing. Abort marks the process and its descendants (a killed
//     process's subprocesses die with it; the paper does not say); each
//     stops at its next step, before examining another terminal (on the simulator
//     the mark arrives after CostModel.Abort per edge). A killed process
//     keeps its slot until it has stopped, so N counts killed processes
//     that have not stopped yet; with the terminal cost model that is no
//     time at all.
//   - Shared state. MINPROC entries are sched.Cells written by their owner
//     only (§3: "a specific entry can be modified by only one process")
//     and read by the parent, which joins the writer's timestamp; the free
//     slots N are a Cell updated atomically (the paper's one lock). Every
//     write of an entry is announced on the parent's Cond.
//   - Processes are pinned (SpawnOn) to a free slot's processor, so a
//     waiting process holds its processor as the paper's did.
//
// Costs: one sched.Node per LIVE node Γ processes, one sched.Eval per
// terminal examined and one sched.Gen per move generation (charge.go); with sched.TerminalCosts the simulated clock is the
// paper's terminalcount on a strict machine. The paper's own clock (§4:
// a process starts at its father's count, adds one per terminal, and
// before declaring a MAX node SOLVED takes the maximum of its count and
// those of every process it spawned) is kept beside it in PaperTime. We
// read "every process it spawned" literally: all of them, finished and
// killed ones included (a child solved or killed counts with its count at
// that moment, as if it stopped at once), and "a MAX node" as any,
// terminals included. The paper's clock lets the total terminals
// exceed N × time (Table 2 row 10): a process that waited has a count
// behind the machine's clock, and its next child starts from it. A strict
// machine cannot (W ≤ N·T); see TestPARSSSClocks.
//
// PARITERSSS* reads §5 as IterSSS does (see IterSSS for the suspension,
// waking and collapse rules, which are the same here, per process); each
// process has its own opt.Memory ≥ M0 = ⌈d/2⌉(b−1)+1 (0 means M0). A node
// handed to a child process still counts against its parent's memory,
// which must take the node back when the process solves it, so no process
// ever holds more than M states. Because IterSSS suspends the first MAX
// child x.1 of a MIN node x where the paper suspends x itself, a suspended
// x.1 whose parent has nothing else below it stands for the paper's
// INACTIVE MIN node x in LIVEMINS: such an x is offered to new processes
// before the ACTIVE ones. A collapse (when suspending would get nowhere)
// may forget a subtree below which a child process runs: the process is
// killed and its subtree searched again later from its MINPROC h. With
// N = 1 PARSSS* examines exactly the terminals of SSS and PARITERSSS*
// those of IterSSS with the same M, in the same order (the same counts of
// terminals and nodes, the same largest OPEN; TestPARSSSOneProcess).
func RunPARSSS[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*PARSSSResult, *sched.Stats, error) {
	if !isParSSS(opt.Algo) {
		opt.Algo = AlgoPARSSS
	}
	if err := checkFixedDepth(opt.Algo, opt.Depth); err != nil {
		return nil, nil, err
	}
	if opt.SpawnHeight < 0 {
		return nil, nil, fmt.Errorf("%s: spawn height %d is negative", opt.Algo, opt.SpawnHeight)
	}
	depth := min(opt.Depth, game.MaxPly)
	mem := 0
	if opt.Algo == AlgoPARITERSSS {
		b := IterSSSBranching(root)
		m0 := IterSSSMinMemory(depth, b)
		mem = opt.Memory
		if mem == 0 {
			mem = m0
		}
		if mem < m0 {
			return nil, nil, fmt.Errorf("%w: M = %d, M0 = ⌈%d/2⌉(%d−1)+1 = %d", ErrIterSSSMemory, mem, depth, b, m0)
		}
	}
	r := &pssRun[T, P]{depth: depth, memory: mem, spawnHeight: opt.SpawnHeight, trace: opt.Trace, maxNodes: opt.MaxNodes}
	out, st, err := sched.Run(ctx, cfg, func(c sched.Ctx) any {
		n := c.NumProcs()
		r.base = c.Proc()
		r.bound = n
		r.slots = make([]int, 0, max(n, 1))
		for i := n - 1; i >= 1; i-- {
			r.slots = append(r.slots, i) // taken from the end: lowest first
		}
		if n > 0 {
			r.freeHint.Store(int64(n - 1))
		} else {
			r.freeHint.Store(1 << 40)
		}
		r.free.Store(c, n-1)
		w := &pssProc[T, P]{run: r, id: 1, slot: 0, pos: *root, h0: sssInfinity}
		r.procs = append(r.procs, w)
		w.entry.Store(c, pssEntry{h: sssInfinity})
		t := c.SpawnOn(r.base, func(c sched.Ctx) any { r.process(c, w); return nil })
		c.Wait(t)
		return w
	})
	if err != nil {
		return nil, st, err
	}
	if r.err != nil {
		return nil, st, r.err
	}
	w, _ := out.(*pssProc[T, P])
	if w == nil || !w.solved {
		return nil, st, fmt.Errorf("%s: the root process did not finish", opt.Algo)
	}
	res := r.result(opt, w, cfg, st)
	return res, st, nil
}

// runPARSSS is RunPARSSS as a row of the table (both names).
func runPARSSS[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*Parallel, *sched.Stats, error) {
	res, st, err := RunPARSSS[T, P](ctx, root, opt, cfg)
	if res == nil {
		return nil, st, err
	}
	return &Parallel{Value: res.Value, BestMove: res.BestMove, PV: res.PV, Depth: res.Depth, Detail: res}, st, err
}

// pssEntry is a MINPROC entry: the process's current h and whether its
// root is SOLVED (then h is its value).
type pssEntry struct {
	h      game.Value
	solved bool
}

// pssRun is the state the processes of one run share: MINPROC is spread
// over the processes' entries, N is free.
type pssRun[T any, P game.Position[T]] struct {
	depth, memory, spawnHeight int
	trace                      bool

	base  int // processor of the run's root task; slot i runs on base+i
	bound int // N; 0 = no bound (infinite simulated machine)
	// free is the paper's N, the number of processes that may still be
	// spawned; slots (guarded by free's update) are the free processor
	// slots, freeHint a lock-free peek at free.
	free     sched.Cell[int]
	slots    []int
	nextSlot int // on the unbounded machine
	freeHint atomic.Int64

	// maxNodes is Options.MaxNodes (0: none); nodes counts the nodes all
	// processes expanded or evaluated, only when there is a limit.
	maxNodes uint64
	nodes    atomic.Uint64

	mu     sync.Mutex
	procs  []*pssProc[T, P] // every process, by id−1
	err    error
	failed atomic.Bool
	killed atomic.Int64
}

// reserve takes up to want free slots.
func (r *pssRun[T, P]) reserve(c sched.Ctx, want int) []int {
	if want <= 0 || r.freeHint.Load() <= 0 {
		return nil
	}
	var got []int
	r.free.Update(c, func(n int) int {
		if r.bound == 0 {
			for range want {
				r.nextSlot++
				got = append(got, r.nextSlot)
			}
			return n
		}
		k := min(n, want)
		for range k {
			got = append(got, r.slots[len(r.slots)-1])
			r.slots = r.slots[:len(r.slots)-1]
		}
		r.freeHint.Store(int64(n - k))
		return n - k
	})
	return got
}

// release gives a stopped process's slot back.
func (r *pssRun[T, P]) release(c sched.Ctx, slot int) {
	if r.bound == 0 || slot == 0 {
		return
	}
	r.free.Update(c, func(n int) int {
		r.slots = append(r.slots, slot)
		// Keep the lowest slot at the end, so the choice is reproducible
		// whatever the order of releases.
		for i := len(r.slots) - 1; i > 0 && r.slots[i] > r.slots[i-1]; i-- {
			r.slots[i], r.slots[i-1] = r.slots[i-1], r.slots[i]
		}
		r.freeHint.Store(int64(n + 1))
		return n + 1
	})
}

// fail records the first error of a process (ITERSSS* stuck) and makes
// every process stop.
func (r *pssRun[T, P]) fail(err error) {
	r.mu.Lock()
	if r.err == nil {
		r.err = err
	}
	r.mu.Unlock()
	r.failed.Store(true)
}

// pssProc is one PARSSS* process: its MINPROC entry, its clock in the
// paper's terminalcounts, and what it measured.
type pssProc[T any, P game.Position[T]] struct {
	run    *pssRun[T, P]
	id     int
	slot   int
	parent *pssProc[T, P]
	dewey  []int32 // child indices (from 0) from s to the process's root
	pos    T       // the root's position
	h0     game.Value

	entry   sched.Cell[pssEntry] // MINPROC entry, written by this process only
	count   atomic.Int64         // the paper's terminalcount
	kidsGen atomic.Uint64        // bumped by a child process on every entry write
	kids    sched.Cond

	// Parent's side: the task, the node in the parent's tree, the entry
	// as last read.
	task     *sched.Task
	node     int32
	cacheH   game.Value
	cacheS   bool
	killed   bool
	killedAt int64 // the killer's clock

	// Measured by the process itself, read after the run.
	start    int64
	stopped  int64 // the machine's clock when the process ended
	leaves   int64
	nodes    int64
	peak     int
	final    game.Value
	bestMove game.Move
	solved   bool
	trace    []PARSSSStep
	writes   []PARSSSEntry
}

// logEntry records a write of w's MINPROC entry when tracing.
func (w *pssProc[T, P]) logEntry(c sched.Ctx, h game.Value, solved bool) {
	if w.run.trace {
		w.writes = append(w.writes, PARSSSEntry{Proc: w.id, Count: w.count.Load(), Clock: c.Now(), H: h, Solved: solved})
	}
}

// notifyParent announces a change of w's entry (or w's end) to its parent.
func (w *pssProc[T, P]) notifyParent(c sched.Ctx) {
	if p := w.parent; p != nil {
		p.kidsGen.Add(1)
		p.kids.Broadcast(c)
	}
}

// process runs one PARSSS* process to its end.
func (r *pssRun[T, P]) process(c sched.Ctx, w *pssProc[T, P]) {
	defer func() {
		w.stopped = c.Now()
		w.notifyParent(c)
		r.release(c, w.slot)
	}()
	w.start = w.count.Load()
	l := newPSSLocal[T, P](r, w)
	err := l.loop(c)
	if err == nil {
		// kill processes running on successors of p; MINPROC state := SOLVED
		for _, k := range slices.Clone(l.kids) {
			l.kill(c, k)
		}
		w.solved = true
		w.entry.Store(c, pssEntry{h: w.final, solved: true})
		w.logEntry(c, w.final, true)
		return
	}
	if err != errPARSSSKilled {
		r.fail(err)
	}
	for _, k := range l.kids {
		c.Abort(k.task)
	}
}
