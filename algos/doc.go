// Package algos owns splitpoint's game-tree search algorithms, serial and
// parallel, each written once as a generic function over the game.Position
// contract; the algorithm table that names them (table.go), from which the
// command line, the REPL, the TUI, sweeps and help know them; their options
// (Options, the variant table, named parameters); and what they report
// (Result for a serial search, Parallel and an algorithm's Detail for a
// parallel one). It does not own the machines they run on (package sched),
// the games (game, games/…) or the run settings a front end resolves
// (lab).
//
// Serial algorithms (Search runs them): negamax (*Socrates, Joerg &
// Kuszmaul 1994, Fig. 1), fail-soft alpha-beta (*Socrates Fig. 3), Pearl's
// Scout / PVS (StarTech, Kuszmaul 1995, Fig. 1; *Socrates Fig. 4), MTD(f)
// (Plaat et al. 1996), SSS* and ITERSSS* (Bhattacharya & Bagchi), with
// iterative deepening, aspiration windows, quiescence search, a
// transposition table and move ordering (TT move, MVV-LVA, killers,
// history). Solve and SolveSummary measure the time to solve test
// positions and Kaufman's rating estimate (StarTech §3).
//
// Parallel algorithms (RunParallel runs them on a sched machine, the pool
// of goroutines or the simulated machine of P processors):
//
//   - pnegamax: plain parallel negamax, every child in parallel (*Socrates Fig. 1);
//   - jamboree: Jamboree search with StarTech's variants (StarTech Fig. 2, §4; *Socrates Fig. 5);
//   - rootsplit: static root splitting (Vučković 2007);
//   - pvsplit, pvfsplit, pvsplit-lb, pvfsplit-lb: Lu's principal variation
//     splitting, frontier splitting and straggler preemption (Lu 1993 Fig. 4.1, 5.1, §5.3);
//   - parsss, paritersss: PARSSS* and PARITERSSS* (Bhattacharya & Bagchi §3, §5);
//   - ybwc: Young Brothers Wait (Feldmann 1993);
//   - abdada: ABDADA (Weill 1996);
//   - lazysmp: Lazy SMP (Stockfish's thread pool with skip blocks).
//
// Adding an algorithm is one file here and one row in table (see
// CONTRIBUTING.md); the row says what the rest of the program needs to
// know: its name, whether it is parallel, its variants, its serial
// baseline, whether it takes a grain, whether it searches to a fixed depth
// only, its help and citation.
//
// # Files
//
// The table and the options:
//
//   - table.go: the algorithm table (Algorithm, Table, Lookup, RunParallel).
//   - options.go: Options, presets and Options.Validate.
//   - validate.go: ValidateParallel and the fixed-depth rule (Algorithm.FixedDepth).
//   - variants.go: the variant table (Jamboree's StarTech variants).
//   - params.go: options settable by name (--param).
//
// The serial search:
//
//   - searcher.go: Searcher, the serial engine every search and every
//     parallel algorithm's serial subtrees run on: node entry, the table
//     cut, terminal values, the bookkeeping at the end of a node.
//   - negamax.go, alphabeta.go, scout.go, mtdf.go, quiesce.go: the node routines.
//   - aspiration.go, order.go (move ordering and sortScored), killers.go
//     (killer moves and their handover to a stolen child).
//   - search.go, result.go: Search and its Result; solve.go: Solve.
//   - sss.go, sss_open.go, itersss.go, sssrun.go: SSS* and ITERSSS* over their OPEN list.
//   - searcher_pool.go: the Searchers parallel runs reuse; searcher_rows.go:
//     the per-ply rows a simulated processor borrows for each serial search,
//     so that only the processors searching hold them.
//
// Shared parallel machinery:
//
//   - parallel.go: Parallel, Detail and the interfaces a Detail may add,
//     JamIteration.
//   - charge.go: the one cost-charging helper: Steps, SerialWork, the
//     charges of a node, a leaf and a move generation, and the meter that
//     charges a Searcher's steps.
//   - latent.go: the pool's latent children (tests or younger brothers a
//     steal request promotes to tasks).
//   - split.go: a Searcher's interruptible plies, where an inline node splits.
//   - rootiter.go: iterative deepening at the root of a parallel search.
//   - smp.go: the searchers of ABDADA and Lazy SMP, each a Searcher on its
//     own processor over a shared table.
//
// The parallel algorithms, one file each, with their detail:
//
//   - pnegamax.go, and runPNegamax in parallel.go.
//   - jamboree.go (Fig. 2; the node's frame, jamNode), jamboree_latent.go
//     (the pool's loop), jamboree_inline.go (inline nodes below the grain),
//     jamboree_deferred.go (the serial part and deferred reads),
//     jamboree_variants.go (the StarTech variants), jamboree_killers.go,
//     jamboree_work.go (failed, cutoff and aborted work), jamboree_detail.go.
//   - rootsplit.go, rootsplit_detail.go.
//   - pvsplit.go (options and result), pvsplit_engine.go (the controller
//     and its searchers), pvfsplit.go, pvsplit_lb.go.
//   - parsss.go, parsss_local.go (a process's SSS*), parsss_result.go,
//     parsss_tables.go.
//   - ybwc.go, ybwc_latent.go, ybwc_detail.go.
//   - abdada.go, lazysmp.go.
package algos
