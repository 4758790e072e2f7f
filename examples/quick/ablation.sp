# The quick form of examples/ablation.sp: Kaufman 1–3 at depth 5.
set depth 5
set preset default
set tt 18
set grain 2
sweep --positions suite:kaufman#1-3 --algos jamboree,jamboree+serialize2,jamboree+deferred,jamboree+rid,jamboree+serialize2+deferred+rid --sim 64,512
sweep --positions suite:kaufman#1-3 --algos jamboree --sim 64,512 --levels
sweep --positions suite:kaufman#1-3 --algos jamboree --sim 64,512 --levelwait
runs --summary --sweep all
report --sweep all --out ablation-report --title "Jamboree variant ablation (quick form)"
