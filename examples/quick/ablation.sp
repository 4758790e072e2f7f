# The quick form of examples/ablation.sp: Kaufman 1-3 at depth 5 (W/C in
# the hundreds, not yet the papers' regime), the same tables.
set depth 5
set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param no_killer_handover=true
set grain 0
set seed 1
sweep --positions suite:kaufman#1-3 --algos jamboree,jamboree+serialize2,jamboree+deferred,jamboree+rid,jamboree+serialize2+deferred+rid --sim 512
sweep --positions suite:kaufman#1-3 --algos jamboree --sim 512 --levels
sweep --positions suite:kaufman#1-3 --algos jamboree --sim 512 --levels --levelwait
runs --summary --sweep all
sql "SELECT algo || CASE WHEN variants <> '' THEN '+' || variants ELSE '' END || CASE WHEN levels THEN ' levels' ELSE '' END || CASE WHEN levelwait THEN ' levelwait' ELSE '' END AS config, COUNT(*) AS runs, SUM(parallelism > 500) AS wc_over_500, ROUND(MIN(parallelism)) AS min_wc, ROUND(AVG(parallelism)) AS mean_wc, ROUND(MAX(parallelism)) AS max_wc, SUM(work) AS total_w, SUM(time) AS total_t FROM runs WHERE role = 'parallel' GROUP BY config ORDER BY config"
sql "SELECT algo || CASE WHEN variants <> '' THEN '+' || variants ELSE '' END || CASE WHEN levels THEN ' levels' ELSE '' END || CASE WHEN levelwait THEN ' levelwait' ELSE '' END AS config, ROUND(100.0 * SUM(failed_work) / SUM(work), 1) AS failed_pct, ROUND(100.0 * SUM(cutoff_work) / SUM(work), 1) AS cutoff_pct, ROUND(100.0 * SUM(json_extract(result, '$.jamboree.work.failed_work.cut')) / SUM(json_extract(result, '$.jamboree.work.failed_work.total')), 1) AS failed_on_type2_pct, ROUND(100.0 * SUM(json_extract(result, '$.jamboree.work.failed_work.all')) / SUM(json_extract(result, '$.jamboree.work.failed_work.total')), 1) AS failed_on_type3_pct FROM runs WHERE role = 'parallel' GROUP BY config ORDER BY config"
sql "SELECT v.algo || CASE WHEN v.variants <> '' THEN '+' || v.variants ELSE '' END || CASE WHEN v.levels THEN ' levels' ELSE '' END || CASE WHEN v.levelwait THEN ' levelwait' ELSE '' END AS config, ROUND(1.0 * SUM(b.time) / SUM(v.time), 3) AS speed_vs_plain, ROUND(1.0 * SUM(v.work) / SUM(b.work), 3) AS work_vs_plain, ROUND(1.0 * SUM(v.span) / SUM(b.span), 3) AS span_vs_plain FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.role = 'parallel' AND b.variants = '' AND NOT b.levels AND NOT b.levelwait WHERE v.role = 'parallel' GROUP BY config ORDER BY config"
report --sweep all --out ablation-quick-report --title "Jamboree variant ablation (quick form)"
