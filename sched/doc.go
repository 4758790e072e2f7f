// Package sched is the parallel runtime of splitpoint: the contract every
// parallel search algorithm is written against (Ctx), and two machines that
// run the same algorithm code — a real goroutine pool and a simulated
// machine of P processors (1…MaxSimProcs = 65536, or infinitely many) with a
// virtual clock.
//
// The split follows the papers: the algorithm only exposes parallelism
// (spawn, sync, abort, levels), the scheduler decides where and when it runs
// (Joerg & Kuszmaul 1994, *Socrates on Cilk, §3; Kuszmaul 1995, StarTech,
// "randomized work stealing"), and performance is understood through the
// work W and the critical path C, both measured as the program runs by
// timestamping (*Socrates Fig. 9; StarTech §"critical path and work").
//
// Execution model, the same on both machines: every processor owns a deque
// of spawned tasks. Spawn pushes the child at the bottom of the spawning
// processor's deque and the parent goes on (help-first). A processor takes
// its own work from the bottom (newest, deepest) and an idle processor
// steals from the top (oldest, shallowest) of a victim chosen at random
// with the run's seeded generator (*Socrates §3). A task runs to completion
// on the processor that started it; its stack is never moved.
//
// Waiting for children is helpful (Cilk, Zugzwang's "helpful master"; Lu
// §2.4): a task that must wait for children runs other work on its own
// processor meanwhile — first its own unstolen children, then pinned
// processes sent to the processor, then stolen work — nested on top of
// itself. With Config.LevelWait it only takes work at the level of the
// children it waits for or deeper (*Socrates §4.4). See DESIGN notes in
// doc.go for the effect on W and C.
//
// Example: ExampleRun runs a fork-join program on a simulated machine of
// 64 processors and reads its work, critical path and time
// (example_test.go).
package sched

// Design notes.
//
// One scheduler, two clocks. Both machines run the same scheduling code:
// proc.find (mail, own deque, steal), proc.run (a task to its end, then an
// implicit Sync) and proc.waitKids (the helpful wait). What differs is
// time and idleness: a pool worker is a goroutine that spins (yielding) and
// then sleeps when it finds nothing (pool.go: backoff); a simulated processor is a coroutine (iter.Pull)
// that parks, and the event loop in sim.go resumes the processor with the
// smallest virtual clock (from P = 256 it asks the caches for the next
// processor's lines while the current one runs: simprefetch.go). Charge
// is the same code on both: on the pool the
// processor's "clock" is simply the work it has charged and the horizon is
// never reached, so the per-node cost is one indexed multiply, four adds,
// one compare (Charge) and one atomic load and compare (Aborted).
//
// Helpful waiting and its effect on W and C (*Socrates §4.4; Zugzwang's
// helpful master in Lu §2.4). A task that waits for children does not
// leave its processor idle: it runs, nested on its own stack, first its
// own unstarted children (so with no steals a run is the serial
// depth-first order), then processes pinned to its processor, then stolen
// work. Nesting never moves a task's stack, so a Go closure can hold
// pointers into its parent's frame (the board, the values array) with no
// migration handler. The price is the one *Socrates §4.4 describes: when
// the awaited children finish while the processor is inside an unrelated
// stolen search B, the waiting task resumes only after B ends. C — the
// dataflow's critical path, measured by the timestamps — is unchanged by
// this (timestamps do not see the schedule), but the run time T_P grows
// (the waiting task, and all above it, are stalled), and for speculative
// algorithms W grows too: the stalled parent's siblings go on with looser
// bounds, and B's result reaches its own parent late. Config.LevelWait is
// the *Socrates remedy: a waiting task only takes work at the level of
// the children it waits for or deeper, so it never starts an unrelated
// shallower search; it idles instead (idle time goes up, stalls go away).
// Own children are always allowed, and pinned processes always run.
//
// Steal ordering by levels (*Socrates §4.3). Without Config.Levels a deque
// is the plain Cilk deque: the owner takes the newest child (LIFO, so
// siblings run last-spawned first) and thieves the oldest. With Levels the
// deque is grouped by level: the owner takes from its deepest level and
// thieves from the shallowest, and inside a level both take the oldest
// first, so siblings start in the order the algorithm spawned them (best
// move first) whether stolen or not. Levels default to depth in the spawn
// tree (Spawn and Go give Level()+1); SpawnAt sets them explicitly.
//
// Timestamps (*Socrates Fig. 9, StarTech's critical path). Every task
// carries span, the length of the longest dependence chain ending at its
// current point. Charge adds the step's cost; a child starts with its
// parent's span at the spawn (after the spawn cost); Sync and Wait join
// the children's final spans (max), WaitAny joins the one it returns. Across
// shared state: Event.Signal records the signaller's span and Event.Wait
// joins it; Cell.Store stamps the value and Cell.Load joins that stamp;
// Cond.Wait joins the largest stamp of all broadcasts so far (an upper
// bound when the condition depends on only some of them). The root's
// final span is C. Scheduling overheads (steal requests, migration,
// wake-up latency) advance clocks but not spans: C is the ideal machine's
// critical path, and on the simulator T_inf = C exactly when Wake = 0.
//
// The simulated machine's cost model (costs.go) prices work (node, eval,
// move generation, TT access local or remote, spawn, user) and overheads
// (steal request round trip per attempt, board copy per migration, abort
// message per tree edge, wake-up latency). A steal draws the number of
// random requests until one hits a processor with work from the geometric
// law of uniform probing and charges Steal for each; an idle processor
// with no work anywhere sleeps until work appears instead of simulating
// every failed request. Work W counts all charged work, speculative and
// aborted included.
//
// Abort (*Socrates §4.2). Each task's children since its last Sync form
// its abort table, a list published with one atomic store per spawn. Abort
// marks the subtree by walking the tables; a child spawned by an aborted
// task inherits the mark; a task sees the mark at its next poll (on the
// simulator, once its clock reaches the mark's arrival time). Tasks blocked
// on an Event or Cond are woken by an abort. Check unwinds an aborted task
// with a panic that run recovers; other panics abort the run and become
// Run's error.
//
// Processes (Lu's PVSplit controller and searchers, PARSSS*'s N processes,
// root splitting). SpawnOn pins a task to a processor's mailbox, which the
// processor serves before its deque; pinned tasks are never stolen. A task
// blocked on an Event or Cond holds its processor (StarTech's deferred
// reads: better idle than generating redundant work), so processes that
// wait for each other must own distinct processors: Processes(c, n, fn)
// puts process i on processor (c.Proc()+i) mod P and requires n ≤ P.
// A controller that must share a processor with a searcher (Lu §4.1) is
// written as process 0 polling its mailbox of results between searches,
// not as a blocked waiter.
//
// Per-task memory. Go (spawn without a handle) lets the runtime recycle
// the child's Task once Sync has joined it, so such a spawn allocates only
// the closure. FreeList gives per-processor scratch (PNegamax keeps each
// task's game.Stack there): a task never changes processor, so its
// processor's list needs no lock. On the simulator, where hundreds of
// thousands of tasks and processors may be live at once, a Task is 128
// bytes (its function and its result share a field) and a processor 336:
// the simulated processors share one list of recycled tasks and one tally
// of counts (procTally), and keep only their clock, queues and busy time.
//
// Latent children and the pool's promoted DAG. On the pool an
// algorithm may expose children as latent ones (local.go: Latent): the
// parent's own task runs them inline, one after the other, and only those
// a steal request, a heartbeat (Config.Heartbeat) or a wait with nothing
// posted promotes become tasks — the oldest first, those of the worker's
// shallowest source (Acar, Charguéraud & Rainey, PPoPP 2013: private
// deques, steal requests answered by polling; Acar et al., PLDI 2018:
// heartbeats). A latent child nobody asks for costs a call; the poll that
// answers requests is the abort poll every node makes already (Aborted,
// Check: one more load, of a flag that only thieves write).
// Task.LatentRange (latentrange.go) is such a source for a range of
// children, on both machines: latent children on the pool, the
// simulator's lazy range there, and one loop over either (WaitNext,
// AbortRest, WaitRange, ReleaseRange; Respawn for a child restarted).
// Jamboree's tests and YBWC's younger brothers are such ranges, so that
// the finest grain does not pay a task per child on the pool; on one
// worker Jamboree then searches exactly as the serial Scout. A loop that
// has not even made its
// children latent (a serial search's loop, algos/jamboree_inline.go) asks
// Task.Wanted between two children and, when a request is pending that no
// registered source can answer, registers the remaining children then —
// its own, or those of a loop further up the same serial search (the
// shallowest that has some), which goes on searching its current child
// and joins the registered ones when it comes back to its loop.
//
// What this means for the pool's W and C. The simulator runs the
// algorithm's own DAG (every child spawned: the range is lazy there, not
// latent), so the simulated W and C are the algorithm's, unchanged by
// promotion. The pool's timestamps follow what ran: an inline child's
// charges go to its parent's span in sequence, as a call's would, so the
// C the pool reports is the critical path of the promoted DAG — the
// algorithm's DAG with every fork that was not promoted made serial. It
// is the parallelism the run exposed, not the parallelism the algorithm
// has: it grows toward W as fewer forks are promoted (with one worker, no
// heartbeat and no Eager, nothing is promoted and C = W), and differs from
// run to run. For the algorithm's C, run the simulator. W keeps its
// meaning (every charged step), and a speculative search's W still depends
// on the schedule: an inline test is not aborted by a sibling's fail high
// that a promoted test found meanwhile (its parent is suspended below it
// on the same stack), only when its node's task is aborted. Config.Eager
// promotes every child at registration: the pool then runs the
// algorithm's DAG, every child a task, as the simulator does.
