# The quick form of examples/model.sp: *Socrates Fig. 6 (a)–(d) at depth 4
# in the paper's configuration (CM-5 costs, distributed table, levels and
# level waiting), P = 1 … 512.
set preset default
# each processor's own killer moves (algos/killers.go)
set param killer_handover=false
set grain 0
set seed 1
set costs cm5
set depth 4
sweep --positions suite:socrates#1-4 --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
fit --sweep all --machine sim
fit --sweep all --machine sim --model nointercept
fit --sweep all --machine sim --model bounds --weights relative
fit --sweep all --machine sim --validate-maxp 32
fit --sweep all --machine sim --model bounds --weights relative --validate-maxp 32
report --sweep all --out model-quick-report --title "The performance model (*Socrates eq. 1, quick form)"
