# The quick form of examples/workpath.sp: Kaufman 1-3 at depth 4.
set depth 4
set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param no_killer_handover=true
set grain 0
set seed 1
sweep --positions suite:kaufman#1-3 --algos jamboree+deferred+rid --sim 1,2,4,8,16,32,128,512
runs --summary
sql "SELECT r.p, COUNT(*) AS positions, ROUND(1.0 * SUM(r.work) / SUM(b.work), 2) AS w_over_serial, ROUND(MIN(1.0 * r.work / b.work), 2) AS min_ratio, ROUND(MAX(1.0 * r.work / b.work), 2) AS max_ratio, ROUND(AVG(r.span)) AS mean_c, ROUND(100.0 * SUM(r.span) / SUM(r.work), 3) AS c_pct_of_w FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.role = 'parallel' GROUP BY r.p ORDER BY r.p"
report --out workpath-quick-report --title "Work and critical path against P (StarTech Figs. 6 and 7, quick form)"
