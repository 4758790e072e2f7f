# *Socrates's performance model (Joerg & Kuszmaul 1994, §2.5 eq. 1) and
# StarTech's (Kuszmaul 1995, eq. 2): T_P = c1·W/P + c∞·C + c0 fitted to runs
# spanning machine sizes and depths, as *Socrates did on its eight problems
# (Fig. 6: suite socrates), then the papers' method, developing on small
# machines and predicting big ones: the fit of the runs with P ≤ 32 predicts
# P = 64 … 512. Beside the papers' form, the bounds model
# cmax·max(W/P, C) + cmin·min(W/P, C) fitted on relative residuals (fit
# --help says why).
#
# The paper's configuration as far as the workbench has it: Jamboree with
# *Socrates's scheduler (steal ordering by levels, level waiting) and the
# table distributed over the processors (*Socrates §4.3, §4.4, §5.1), on the
# simulated machine with the CM-5 cost model, P = 1 … 512, depths 4, 5 and
# 6, seed 1. Then the ablations, one setting at a time: depth 5 alone, the
# fit of P ≤ 128 (machine sizes), Kaufman's positions 1–8 instead of
# Fig. 6's, the ideal machine's unit costs instead of the CM-5's.

set preset default
# each processor's own killer moves (algos/killers.go)
set param killer_handover=false
set grain 0
set seed 1
set costs cm5
set depth 4
sweep --positions suite:socrates --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
set depth 6
sweep --positions suite:socrates --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
set depth 5
sweep --positions suite:socrates --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
# Ablation "depth range": depth 5 alone (the last sweep), the setting the
# other ablations change one thing of.
fit --machine sim
fit --machine sim --validate-maxp 32
# The paper's configuration: every depth.
fit --sweep all --machine sim
fit --sweep all --machine sim --model nointercept
fit --sweep all --machine sim --model bounds --weights relative
fit --sweep all --machine sim --validate-maxp 32
fit --sweep all --machine sim --model bounds --weights relative --validate-maxp 32
# Ablation "machine sizes": the small machine up to P = 128.
fit --sweep all --machine sim --validate-maxp 128
report --sweep all --out model-report --title "The performance model T_P = c1·W/P + c∞·C + c0 (*Socrates eq. 1)"
# Ablation "positions": Kaufman's rating-test positions 1–8 at depth 5, all
# else as above (compare with the depth-5 fits of Fig. 6's).
sweep --positions suite:kaufman#1-8 --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
fit --machine sim
fit --machine sim --validate-maxp 32
# Ablation "costs": the ideal machine (one unit per node, steals and table
# reads free) on Fig. 6's positions at depth 5.
set costs unit
sweep --positions suite:socrates --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
fit --machine sim
fit --machine sim --validate-maxp 32
