# Lu's ParaChinook experiments (Lu 1993, Tables 4.1, 5.1, 5.2, 5.3) in
# Lu's configuration: PVSplit, PVFSplit and their straggler-preempting -LB
# versions with 2, 4, 8 and 16 searchers on the 20 positions of Lu's
# Tinsley–Chinook 1992 suite, each searched to Lu's own nominal depth
# (15, 17 or 19 plies: the suite carries Table C.1's depths, so no depth is
# set here), on the simulated machine (one unit per node; the controller on
# a processor of its own, not counted, as on Lu's TC2000), against the
# serial Scout of the same position and options (the baseline: speedup,
# search overhead). The options are ParaChinook's (preset parachinook,
# Lu §4.2): one shared table of 2^23 entries whatever the number of
# searchers, iterative deepening, the table's move then the history
# heuristic, one history table shared by the searchers, no endgame
# databases. The summary gives Lu's three columns (mean and standard
# deviation over the positions of the speedup, the search overhead, Lu's
# formula 3.3, and the idle time per searcher); the first query adds the
# bands of Lu's utilization profiles (Figures 4.5, 5.5, 5.7: efficiency,
# idle, other overheads), the second the branching factors of the serial
# searches as Lu measures them (§3.10).
#
# Then one setting at a time, on Lu's games 7, 13, 19, 27 and 33 (the
# suite's smallest searches, 1.7-3.5 M nodes at depth 15), moving where the
# run differs from Lu's machine or program: messages that cost time (spawn
# and wake about 1 ms at Chinook's 7,000 nodes/s), the -LB idle threshold
# scaled to the size of the trees here (twice Lu's 5 s), and the
# workbench's own engine configuration (preset default: killers, MVV-LVA, a
# 2^20 table, a history table per searcher).
#
# Then the main sweep again on Lu's machine, the BBN TC2000 (--costs tc2000:
# a node 141 µs, spin locks on the table's entries and at split nodes, the
# controller's messages one remote reference; docs/simulator.md), and the
# five positions with one lock for the whole table, the other bound of the
# lock granularity Lu does not give. reproduce judges every claim on these
# runs too and lists the verdicts the machine changes.
#
#   go run . run notebooks/lu.sp        (about half an hour alone on 2 cores)

set preset parachinook
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
sweep --positions suite:tinsley --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 2,4,8,16
runs --summary --sweep all
sql "SELECT algo, p, count(*) AS positions, round(avg(speedup), 2) AS speedup, round(100 * avg(search_overhead), 1) AS so_pct, round(100 * avg(idle_fraction), 1) AS idle_pct, round(100 * avg(speedup) / p, 1) AS efficiency_band, round(100 - 100 * avg(speedup) / p - 100 * avg(idle_fraction), 1) AS other_band FROM derived WHERE role = 'parallel' AND tt_bits = 23 AND json_extract(costs, '$.wake') = 0 AND json_extract(result, '$.options.pvsplit.lb_threshold') IS NULL GROUP BY algo, p ORDER BY algo, p"
sql "SELECT count(*) AS positions, min(depth) AS min_depth, max(depth) AS max_depth, sum(nodes) AS nodes, round(1.0 * sum(json_extract(result, '$.moves') + COALESCE(json_extract(result, '$.q_capture_moves'), 0)) / sum(json_extract(result, '$.interior') + COALESCE(json_extract(result, '$.q_capture_nodes'), 0)), 2) AS branching, round(1.0 * sum(json_extract(result, '$.capture_moves') + COALESCE(json_extract(result, '$.q_capture_moves'), 0)) / sum(json_extract(result, '$.capture_nodes') + COALESCE(json_extract(result, '$.q_capture_nodes'), 0)), 2) AS at_captures, round(1.0 * sum(json_extract(result, '$.quiet_moves')) / sum(json_extract(result, '$.quiet_nodes')), 2) AS otherwise FROM runs WHERE role = 'baseline' AND tt_bits = 23"
# One difference at a time, on five of the positions.
sweep --positions suite:tinsley#3,suite:tinsley#6,suite:tinsley#10,suite:tinsley#13,suite:tinsley#17 --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 2,16 --costs node=1,spawn=7,wake=7
sweep --positions suite:tinsley#3,suite:tinsley#6,suite:tinsley#10,suite:tinsley#13,suite:tinsley#17 --algos pvsplit-lb,pvfsplit-lb --sim 8,16 --param lb_threshold=70000
sweep --positions suite:tinsley --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 2,4,8,16 --costs tc2000
sweep --positions suite:tinsley#3,suite:tinsley#6,suite:tinsley#10,suite:tinsley#13,suite:tinsley#17 --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 2,16 --costs tc2000,tt_locks=1
sql "SELECT CASE WHEN json_extract(costs, '$.lock') > 0 THEN 'tc2000' ELSE 'free' END AS costs_of, algo, p, count(*) AS positions, round(avg(speedup), 2) AS speedup, round(100 * avg(search_overhead), 1) AS so_pct, round(100 * avg(idle_fraction), 1) AS idle_pct, round(100 * avg(speedup) / p, 1) AS efficiency_band, round(100 - 100 * avg(speedup) / p - 100 * avg(idle_fraction), 1) AS other_band FROM derived WHERE role = 'parallel' AND tt_bits = 23 AND (json_extract(costs, '$.lock') > 0 AND json_extract(costs, '$.tt_locks') > 1 OR json_extract(costs, '$.wake') = 0) AND json_extract(result, '$.options.pvsplit.lb_threshold') IS NULL GROUP BY costs_of, algo, p ORDER BY algo, p, costs_of"
set preset default
sweep --positions suite:tinsley#3,suite:tinsley#6,suite:tinsley#10,suite:tinsley#13,suite:tinsley#17 --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 2,16
sql "SELECT CASE WHEN tt_bits = 20 THEN 'preset default' WHEN json_extract(costs, '$.tt_locks') = 1 THEN 'tc2000, one table lock' WHEN json_extract(costs, '$.lock') > 0 THEN 'tc2000' WHEN json_extract(costs, '$.wake') > 0 THEN 'spawn=7,wake=7' WHEN json_extract(result, '$.options.pvsplit.lb_threshold') IS NOT NULL THEN 'lb_threshold=70000' ELSE 'Lu''s configuration' END AS setting, algo, p, count(*) AS positions, round(avg(speedup), 2) AS speedup, round(100 * avg(search_overhead), 1) AS so_pct, round(100 * avg(idle_fraction), 1) AS idle_pct FROM derived WHERE role = 'parallel' AND position_id IN ('game 7', 'game 13', 'game 19', 'game 27', 'game 33') GROUP BY setting, algo, p ORDER BY algo, p, setting"
report --sweep all --out lu-report --title "Lu's ParaChinook algorithms on the Tinsley–Chinook 1992 suite"
