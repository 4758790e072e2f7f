# StarTech's and *Socrates's tuning variants (Kuszmaul 1995, §4; Joerg &
# Kuszmaul 1994, §4.3-4.4) on 512 simulated processors, Kaufman 1-8 at
# depth 5, grain 0 (Jamboree in parallel to the leaves, as the papers ran
# it), the machine's seed 1.
#
# StarTech's configuration: preset startech (moves ordered by the table
# and the captures' gains, no killers or history: algos.Presets), a thief
# steals the last child (no levels). The workbench's engine configuration
# (preset default) beside it, and *Socrates's scheduler (levels, level
# waiting) on preset default. Ablations, one setting at a time: the
# ordering (each preset), the costs (the CM-5 model), no iterative
# deepening at the root (Kaufman 1-4, depth 5) and the depth (5 and 7).
# Each claim is judged at the deepest depth its configurations ran: 7,
# where W/C at P = 512 is in the papers' regime. The verdict table
# follows the run.
#
#   splitpoint reproduce startech-variants
set grain 0
set seed 1
set levels false
set levelwait false
set depth 5
set preset startech
sweep --positions suite:kaufman#1-8 --algos jamboree,jamboree+rid,jamboree+deferred,jamboree+serialize2,jamboree+serialize2+rid --sim 512
sweep --positions suite:kaufman#1-8 --algos jamboree --sim 512 --levels
sweep --positions suite:kaufman#1-8 --algos jamboree --sim 512 --levels --levelwait
sweep --positions suite:kaufman#1-4 --algos jamboree,jamboree+rid,jamboree+deferred --sim 512 --costs cm5
sweep --positions suite:kaufman#1-4 --algos jamboree,jamboree+rid,jamboree+serialize2+rid --sim 512 --param iterative=false
set preset default
sweep --positions suite:kaufman#1-8 --algos jamboree,jamboree+rid,jamboree+deferred,jamboree+serialize2,jamboree+serialize2+rid --sim 512
sweep --positions suite:kaufman#1-8 --algos jamboree --sim 512 --levels
sweep --positions suite:kaufman#1-8 --algos jamboree --sim 512 --levels --levelwait
sweep --positions suite:kaufman#1-4 --algos jamboree --sim 512 --costs cm5
sweep --positions suite:kaufman#1-4 --algos jamboree --sim 512 --costs cm5 --levels
sweep --positions suite:kaufman#1-4 --algos jamboree --sim 512 --costs cm5 --levels --levelwait
# The papers' regime: depth 7 gives W/C in the high hundreds to thousands
# at P = 512 (StarTech: over 500 after serializing, 000:L399), for every
# configuration a claim reads, on the free machine and on the CM-5 model.
set depth 7
sweep --positions suite:kaufman#1-8 --algos jamboree,jamboree+rid --sim 512
sweep --positions suite:kaufman#1-8 --algos jamboree --sim 512 --levels
sweep --positions suite:kaufman#1-8 --algos jamboree --sim 512 --levels --levelwait
sweep --positions suite:kaufman#1-8 --algos jamboree,jamboree+rid --sim 512 --costs cm5
sweep --positions suite:kaufman#1-8 --algos jamboree --sim 512 --costs cm5 --levels
sweep --positions suite:kaufman#1-8 --algos jamboree --sim 512 --costs cm5 --levels --levelwait
set preset startech
sweep --positions suite:kaufman#1-8 --algos jamboree,jamboree+rid,jamboree+deferred,jamboree+serialize2+rid --sim 512
sweep --positions suite:kaufman#1-8 --algos jamboree,jamboree+rid,jamboree+deferred,jamboree+serialize2+rid --sim 512 --costs cm5
runs --summary --sweep all
# W/C per configuration at P = 512 (the papers' regime: hundreds to thousands).
sql "SELECT algo || CASE WHEN variants <> '' THEN '+' || variants ELSE '' END || CASE WHEN json_extract(result, '$.options.killers') THEN ' default' ELSE ' startech' END || CASE WHEN levels THEN ' levels' ELSE '' END || CASE WHEN levelwait THEN ' levelwait' ELSE '' END || CASE WHEN json_extract(costs, '$.node') = 30 THEN ' cm5' ELSE '' END || CASE WHEN json_extract(result, '$.options.iterative') THEN '' ELSE ' noid' END || ' d' || depth AS config, COUNT(*) AS runs, SUM(parallelism > 500) AS wc_over_500, ROUND(MIN(parallelism)) AS min_wc, ROUND(1.0 * SUM(work) / SUM(span)) AS wc, SUM(work) AS total_w, SUM(time) AS total_t FROM runs WHERE role = 'parallel' GROUP BY config ORDER BY config"
# Failed and cutoff work by Knuth-Moore type (StarTech §4, 000:L393-395).
sql "SELECT algo || CASE WHEN variants <> '' THEN '+' || variants ELSE '' END || CASE WHEN json_extract(result, '$.options.killers') THEN ' default' ELSE ' startech' END || CASE WHEN levels THEN ' levels' ELSE '' END || CASE WHEN levelwait THEN ' levelwait' ELSE '' END || CASE WHEN json_extract(costs, '$.node') = 30 THEN ' cm5' ELSE '' END || CASE WHEN json_extract(result, '$.options.iterative') THEN '' ELSE ' noid' END || ' d' || depth AS config, ROUND(100.0 * SUM(failed_work) / SUM(json_extract(result, '$.jamboree.work.nodes')), 1) AS failed_pct, ROUND(100.0 * SUM(cutoff_work) / SUM(json_extract(result, '$.jamboree.work.nodes')), 1) AS cutoff_pct, ROUND(100.0 * SUM(json_extract(result, '$.jamboree.work.failed_work.cut')) / SUM(json_extract(result, '$.jamboree.work.failed_work.total')), 1) AS failed_on_type2_pct, ROUND(100.0 * SUM(json_extract(result, '$.jamboree.work.failed_work.all')) / SUM(json_extract(result, '$.jamboree.work.failed_work.total')), 1) AS failed_on_type3_pct, SUM(json_extract(result, '$.jamboree.work.serialized2')) AS serialized2 FROM runs WHERE role = 'parallel' GROUP BY config ORDER BY config"
# Each configuration against plain Jamboree with the same preset, costs
# and depth, on the same positions: total T (> 1 is faster), W and C.
sql "SELECT v.algo || CASE WHEN v.variants <> '' THEN '+' || v.variants ELSE '' END || CASE WHEN json_extract(v.result, '$.options.killers') THEN ' default' ELSE ' startech' END || CASE WHEN v.levels THEN ' levels' ELSE '' END || CASE WHEN v.levelwait THEN ' levelwait' ELSE '' END || CASE WHEN json_extract(v.costs, '$.node') = 30 THEN ' cm5' ELSE '' END || CASE WHEN json_extract(v.result, '$.options.iterative') THEN '' ELSE ' noid' END || ' d' || v.depth AS config, COUNT(*) AS positions, ROUND(1.0 * SUM(b.time) / SUM(v.time), 3) AS speed_vs_plain, ROUND(1.0 * SUM(v.work) / SUM(b.work), 3) AS work_vs_plain, ROUND(1.0 * SUM(v.span) / SUM(b.span), 3) AS span_vs_plain FROM runs v JOIN runs b ON b.position_id = v.position_id AND b.p = v.p AND b.depth = v.depth AND b.costs = v.costs AND json_extract(b.result, '$.options.killers') = json_extract(v.result, '$.options.killers') AND json_extract(b.result, '$.options.iterative') = json_extract(v.result, '$.options.iterative') AND b.role = 'parallel' AND b.variants = '' AND NOT b.levels AND NOT b.levelwait WHERE v.role = 'parallel' GROUP BY config ORDER BY config"
report --sweep all --out ablation-report --title "StarTech and *Socrates variants at P = 512 (StarTech §4, *Socrates §4.3-4.4)"
