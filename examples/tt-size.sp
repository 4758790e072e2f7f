# The transposition-table size study (StarTech Fig. 4): nodes searched
# against the table's size, serially and by Jamboree on 64 simulated
# processors, on the Bratko-Kopec positions 1–12 at depth 6.

set depth 6
set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param killer_handover=false
set grain 2
sweep --positions suite:bk#1-12 --algos jamboree --sim 64 --tt 8
sweep --positions suite:bk#1-12 --algos jamboree --sim 64 --tt 10
sweep --positions suite:bk#1-12 --algos jamboree --sim 64 --tt 12
sweep --positions suite:bk#1-12 --algos jamboree --sim 64 --tt 14
sweep --positions suite:bk#1-12 --algos jamboree --sim 64 --tt 16
sweep --positions suite:bk#1-12 --algos jamboree --sim 64 --tt 18
sweep --positions suite:bk#1-12 --algos jamboree --sim 64 --tt 20
# Nodes against the table's size, serial Scout and Jamboree (Fig. 4's "positions visited").
sql "SELECT tt_bits, SUM(CASE WHEN role = 'baseline' THEN nodes END) AS serial_nodes, SUM(CASE WHEN role = 'parallel' THEN nodes END) AS jamboree_nodes FROM runs GROUP BY tt_bits ORDER BY tt_bits"
report --sweep all --out tt-size-report --title "Nodes against table size (StarTech Fig. 4)"
