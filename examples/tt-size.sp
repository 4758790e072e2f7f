# The transposition-table size study (StarTech Fig. 4): nodes searched
# against the table's size, serially and by Jamboree on 64 simulated
# processors, on the Bratko-Kopec positions 1–6 at depth 5.

set depth 5
set preset default
set grain 2
sweep --positions suite:bk#1-6 --algos jamboree --sim 64 --tt 8
sweep --positions suite:bk#1-6 --algos jamboree --sim 64 --tt 12
sweep --positions suite:bk#1-6 --algos jamboree --sim 64 --tt 16
sweep --positions suite:bk#1-6 --algos jamboree --sim 64 --tt 20
report --sweep all --out tt-size-report --title "Nodes against table size (StarTech Fig. 4)"
