# The quick form of examples/tt-size.sp: BK 1–4 at depth 5, three table sizes.
set depth 5
set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param no_killer_handover=true
set grain 2
sweep --positions suite:bk#1-4 --algos jamboree --sim 64 --tt 8
sweep --positions suite:bk#1-4 --algos jamboree --sim 64 --tt 12
sweep --positions suite:bk#1-4 --algos jamboree --sim 64 --tt 16
# Nodes against the table's size, serial Scout and Jamboree (Fig. 4's "positions visited").
sql "SELECT tt_bits, SUM(CASE WHEN role = 'baseline' THEN nodes END) AS serial_nodes, SUM(CASE WHEN role = 'parallel' THEN nodes END) AS jamboree_nodes FROM runs GROUP BY tt_bits ORDER BY tt_bits"
report --sweep all --out tt-size-quick-report --title "Nodes against table size (StarTech Fig. 4, quick form)"
