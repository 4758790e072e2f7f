# The quick form of notebooks/lu.sp: Lu's configuration (preset parachinook)
# on four of Lu's positions at depth 13 (Lu's are 15–19), the four
# algorithms with 2–16 simulated searchers, and each one-setting ablation on
# one position (under a minute); then the main sweep again on Lu's machine,
# the BBN TC2000 (--costs tc2000: remote references, spin locks on the
# table and at split nodes; docs/simulator.md), and with one table lock,
# the other bound of Lu's unstated lock granularity, on one position.
set preset parachinook
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
set depth 13
sweep --positions suite:tinsley#1-4 --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 2,4,8,16
runs --summary --sweep all
sql "SELECT algo, p, count(*) AS positions, round(avg(speedup), 2) AS speedup, round(100 * avg(search_overhead), 1) AS so_pct, round(100 * avg(idle_fraction), 1) AS idle_pct, round(100 * avg(speedup) / p, 1) AS efficiency_band, round(100 - 100 * avg(speedup) / p - 100 * avg(idle_fraction), 1) AS other_band FROM derived WHERE role = 'parallel' AND tt_bits = 23 AND json_extract(costs, '$.wake') = 0 AND json_extract(result, '$.options.pvsplit.lb_threshold') IS NULL GROUP BY algo, p ORDER BY algo, p"
sql "SELECT count(*) AS positions, min(depth) AS min_depth, max(depth) AS max_depth, sum(nodes) AS nodes, round(1.0 * sum(json_extract(result, '$.moves') + COALESCE(json_extract(result, '$.q_capture_moves'), 0)) / sum(json_extract(result, '$.interior') + COALESCE(json_extract(result, '$.q_capture_nodes'), 0)), 2) AS branching, round(1.0 * sum(json_extract(result, '$.capture_moves') + COALESCE(json_extract(result, '$.q_capture_moves'), 0)) / sum(json_extract(result, '$.capture_nodes') + COALESCE(json_extract(result, '$.q_capture_nodes'), 0)), 2) AS at_captures, round(1.0 * sum(json_extract(result, '$.quiet_moves')) / sum(json_extract(result, '$.quiet_nodes')), 2) AS otherwise FROM runs WHERE role = 'baseline' AND tt_bits = 23"
sweep --positions suite:tinsley#1 --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 2,16 --costs node=1,spawn=7,wake=7
sweep --positions suite:tinsley#1 --algos pvsplit-lb,pvfsplit-lb --sim 8,16 --param lb_threshold=70000
set preset default
sweep --positions suite:tinsley#1 --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 2,16
sql "SELECT CASE WHEN tt_bits = 20 THEN 'preset default' WHEN json_extract(costs, '$.tt_locks') = 1 THEN 'tc2000, one table lock' WHEN json_extract(costs, '$.lock') > 0 THEN 'tc2000' WHEN json_extract(costs, '$.wake') > 0 THEN 'spawn=7,wake=7' WHEN json_extract(result, '$.options.pvsplit.lb_threshold') IS NOT NULL THEN 'lb_threshold=70000' ELSE 'Lu''s configuration' END AS setting, algo, p, count(*) AS positions, round(avg(speedup), 2) AS speedup, round(100 * avg(search_overhead), 1) AS so_pct, round(100 * avg(idle_fraction), 1) AS idle_pct FROM derived WHERE role = 'parallel' AND position_id = 'game 1' GROUP BY setting, algo, p ORDER BY algo, p, setting"
set preset parachinook
sweep --positions suite:tinsley#1-4 --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 2,4,8,16 --costs tc2000
sweep --positions suite:tinsley#1 --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 2,16 --costs tc2000,tt_locks=1
sql "SELECT CASE WHEN json_extract(costs, '$.tt_locks') = 1 THEN 'tc2000, one table lock' WHEN json_extract(costs, '$.lock') > 0 THEN 'tc2000' ELSE 'free' END AS costs_of, algo, p, count(*) AS positions, round(avg(speedup), 2) AS speedup, round(100 * avg(search_overhead), 1) AS so_pct, round(100 * avg(idle_fraction), 1) AS idle_pct, sum(json_extract(result, '$."' || algo || '".locks.tt_waited') + json_extract(result, '$."' || algo || '".locks.split_waited')) AS lock_spin_us FROM derived WHERE role = 'parallel' AND tt_bits = 23 AND (json_extract(costs, '$.lock') > 0 OR json_extract(costs, '$.wake') = 0) AND json_extract(result, '$.options.pvsplit.lb_threshold') IS NULL AND position_id = 'game 1' GROUP BY costs_of, algo, p ORDER BY algo, p, costs_of"
report --sweep all --out lu-quick-report --title "Lu's ParaChinook algorithms (quick form)"
