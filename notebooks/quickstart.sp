# splitpoint quickstart — the README's main job.
#
# Jamboree with and without each of StarTech's variants (serialize two
# children, deferred reads, recursive iterative deepening) on six positions of
# Kaufman's suite, on the goroutine pool (P = 1, 2) and on the simulated
# machine (P = 1 … 512), beside the serial Scout baseline; then the fit of
# T_P = c1·W/P + c∞·C + c0 and an HTML report with the papers' figures.
# A few minutes on a 2-core machine; embedded data only.

load suite:kaufman#1-6
show
set depth 6
set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
set tt 18
set grain 2
sweep --positions suite:kaufman#1-6 --algos jamboree,jamboree+serialize2,jamboree+deferred,jamboree+rid --workers 1,2 --sim 1,2,4,8,16,32,64,128,256,512
fit --machine sim
report --out quickstart-report
