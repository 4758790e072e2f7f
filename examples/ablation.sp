# StarTech's and *Socrates's tuning variants in the papers' regime
# (Kuszmaul 1995; Joerg & Kuszmaul 1994): each of StarTech's three
# improvements (serialize2, deferred, rid) alone and together, and
# *Socrates's two scheduler changes (steal ordering by levels, level
# waiting), on Kaufman's whole suite at depth 7 on 512 simulated
# processors, where the searches' average parallelism W/C is in
# the hundreds to thousands (StarTech: over 1000, over 500 after
# serializing). Grain 0: Jamboree in parallel to the leaves, as the papers
# ran it. Seeds: the machine's seed 1 (set seed).

set depth 7
set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param no_killer_handover=true
set grain 0
set seed 1
sweep --positions suite:kaufman --algos jamboree,jamboree+serialize2,jamboree+deferred,jamboree+rid,jamboree+serialize2+deferred+rid --sim 512
sweep --positions suite:kaufman --algos jamboree --sim 512 --levels
sweep --positions suite:kaufman --algos jamboree --sim 512 --levels --levelwait
runs --summary --sweep all
# W/C per run: how many runs are in the papers' regime (W/C > 500).
sql "SELECT algo || CASE WHEN variants <> '' THEN '+' || variants ELSE '' END || CASE WHEN levels THEN ' levels' ELSE '' END || CASE WHEN levelwait THEN ' levelwait' ELSE '' END AS config, COUNT(*) AS runs, SUM(parallelism > 500) AS wc_over_500, ROUND(MIN(parallelism)) AS min_wc, ROUND(AVG(parallelism)) AS mean_wc, ROUND(MAX(parallelism)) AS max_wc, SUM(work) AS total_w, SUM(time) AS total_t FROM runs WHERE role = 'parallel' GROUP BY config ORDER BY config"
# Failed and cutoff work by Knuth-Moore type (StarTech §4: cutoff work
# 10-30 % of all work, failed work under 2 %, 50-90 % of the failed work
# on type-2 nodes).
sql "SELECT algo || CASE WHEN variants <> '' THEN '+' || variants ELSE '' END || CASE WHEN levels THEN ' levels' ELSE '' END || CASE WHEN levelwait THEN ' levelwait' ELSE '' END AS config, ROUND(100.0 * SUM(failed_work) / SUM(work), 1) AS failed_pct, ROUND(100.0 * SUM(cutoff_work) / SUM(work), 1) AS cutoff_pct, ROUND(100.0 * SUM(json_extract(result, '$.jamboree.work.failed_work.cut')) / SUM(json_extract(result, '$.jamboree.work.failed_work.total')), 1) AS failed_on_type2_pct, ROUND(100.0 * SUM(json_extract(result, '$.jamboree.work.failed_work.all')) / SUM(json_extract(result, '$.jamboree.work.failed_work.total')), 1) AS failed_on_type3_pct FROM runs WHERE role = 'parallel' GROUP BY config ORDER BY config"
# Each variant against plain Jamboree, position by position: the ratio of
# total T_P (performance: > 1 is faster) and of total W.
sql "SELECT v.algo || CASE WHEN v.variants <> '' THEN '+' || v.variants ELSE '' END || CASE WHEN v.levels THEN ' levels' ELSE '' END || CASE WHEN v.levelwait THEN ' levelwait' ELSE '' END AS config, ROUND(1.0 * SUM(b.time) / SUM(v.time), 3) AS speed_vs_plain, ROUND(1.0 * SUM(v.work) / SUM(b.work), 3) AS work_vs_plain, ROUND(1.0 * SUM(v.span) / SUM(b.span), 3) AS span_vs_plain FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.role = 'parallel' AND b.variants = '' AND NOT b.levels AND NOT b.levelwait WHERE v.role = 'parallel' GROUP BY config ORDER BY config"
report --sweep all --out ablation-report --title "Jamboree variant ablation at P = 512, depth 7 (StarTech §4, *Socrates §4.3-4.4)"
