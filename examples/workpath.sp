# StarTech Figs. 6 and 7: the work W and the critical path C of each of
# Kaufman's 25 positions on machines of 1 to 512 processors (the paper's
# sizes), beside the best serial search ('S' in the figures: Scout with the
# same options), and the claim that Jamboree does "2 to 3 times more work
# than our best serial implementation" (abstract). Jamboree with StarTech's
# settings (deferred reads, recursive iterative deepening), depth 6,
# simulated machine, seed 1. The report draws one W and one C chart per
# position.

set depth 6
set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param killer_handover=false
set grain 0
set seed 1
sweep --positions suite:kaufman --algos jamboree+deferred+rid --sim 1,2,4,8,16,32,128,512
runs --summary
# W / W_serial per machine size (the paper: 2 to 3 at 512; "the work
# increases by about a factor of two to three as the number of processors
# increases from 1 to 128", *Socrates §2.5), and C's spread across P.
sql "SELECT r.p, COUNT(*) AS positions, ROUND(1.0 * SUM(r.work) / SUM(b.work), 2) AS w_over_serial, ROUND(MIN(1.0 * r.work / b.work), 2) AS min_ratio, ROUND(MAX(1.0 * r.work / b.work), 2) AS max_ratio, ROUND(AVG(r.span)) AS mean_c, ROUND(100.0 * SUM(r.span) / SUM(r.work), 3) AS c_pct_of_w FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.role = 'parallel' GROUP BY r.p ORDER BY r.p"
report --out workpath-report --title "Work and critical path against P (StarTech Figs. 6 and 7)"
