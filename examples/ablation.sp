# A variant ablation: each of Jamboree's variants alone and all together,
# then steal ordering by levels and level waiting on top, on Kaufman's
# whole suite at depth 6, simulated P = 64 and 512 (the papers' machine
# sizes) and the pool at P = 2. Compare W, C and T_P in the report's summary.

set depth 6
set preset default
set tt 18
set grain 2
sweep --positions suite:kaufman --algos jamboree,jamboree+serialize2,jamboree+deferred,jamboree+rid,jamboree+serialize2+deferred+rid --workers 2 --sim 64,512
sweep --positions suite:kaufman --algos jamboree --workers 2 --sim 64,512 --levels
sweep --positions suite:kaufman --algos jamboree --workers 2 --sim 64,512 --levelwait
runs --summary --sweep all
report --sweep all --out ablation-report --title "Jamboree variant ablation"
