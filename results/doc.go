// Package results is the store of experiment runs: one SQLite database
// (pure Go, modernc.org/sqlite, WAL mode) whose table runs holds one row per
// search a sweep ran, with its settings, its counters and the full JSON of
// its result.
//
// # Schema
//
// Table runs (Columns lists them in order):
//
//   - id: row id; sweep: the sweep's id; created: RFC 3339 UTC time the
//     run finished; version: the build's version (Version).
//   - role: "baseline" (the serial search each position is measured
//     against), "serial" (another serial algorithm) or "parallel".
//   - position, position_id, domain: the position's name (it loads the
//     position again), its suite id ("" if none) and "chess", "checkers"
//     or "synth".
//   - algo, variants: the algorithm and its variants, "+"-joined in the
//     order given ("" for none), e.g. jamboree and serialize2+deferred.
//   - depth, time_limit_ns: the depth (0 with a time limit) and the time
//     limit (0 = none).
//   - machine: "serial", "pool" or "sim"; p: processors: NULL for serial
//     rows, -1 for the simulator's infinite machine (--sim inf), else P.
//   - seed, rep (1-based repetition), tt_bits (0 = no table), costs (the
//     cost model as JSON), levels, levelwait (0/1).
//   - value, best_move, nodes, leaves: the search's value, best move
//     ("" on synthetic trees) and node counts (parallel rows: the Node and
//     Eval charges).
//   - work, span, parallelism: W and C in cost units and W/C. For serial
//     rows work = span = the serial search's cost on the sweep's cost model
//     (algos.SerialWork: Node·nodes, what the parallel searches charge for the same nodes),
//     so that on the simulator T_S = work.
//   - time, time_unit: T_P in "units" (simulator) or "ns" (pool wall
//     time; serial rows: the search's wall time); seconds: wall seconds.
//   - tasks, steals, steal_attempts, aborts, aborted_tasks, idle_fraction,
//     blocked_children, blocked_shared, blocked_parent, overhead: the
//     runtime's counters (0 for serial rows).
//   - failed_work, cutoff_work, winner_nodes: NULL unless the result's
//     JSON carries them (StarTech's failed and cutoff work; the nodes of the
//     sub-search whose move was chosen, for Vučković's node saving).
//   - baseline_id: for non-baseline rows, the id of the position's
//     baseline row: in the same sweep, or, for a search recorded outside
//     a sweep, the cached baseline under sweep "baselines"
//     (Store.WithBaselines brings those in).
//   - result: the full JSON of the result.
//   - failed: NULL for a finished run; why a run stopped short (its memory
//     budget), for a sweep's run recorded as failed. Summaries and fits
//     leave failed runs out. Added in schema 2; Open adds it to older
//     databases.
//   - job, host, cpu, cores: for a run a worker ran (package cluster, a sweep
//     over NATS): its job id in the sweep (unique per sweep: a redelivered
//     job is stored once) and the worker's hostname, CPU model and logical
//     cores; NULL for local runs. Added in schema 3.
//   - noise, other_cores: for a timed run (the pool, and serial runs), a
//     one-line warning when other processes competed for the cores while
//     it ran (NULL when they did not), and the mean number of cores those
//     processes kept busy (NULL when not measured). Timings of noisy rows
//     are not those of a quiet machine. Added in schema 4.
//   - par_below10: the fraction of a parallel run's time during which
//     fewer than 10 tasks could run, from its parallelism profile (the
//     profile's exact low levels, sched.Profile.Low, are in the result's
//     JSON under "profile"); NULL without a profile. Added in schema 5.
//
// View derived adds the measures of Derive to every row: speedup,
// efficiency, search_overhead, failed_share, cutoff_share, node_saving, and
// other_host: 1 when the run and its baseline ran on different hosts (a
// pool speedup then compares two machines), else 0.
package results
