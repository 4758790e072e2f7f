# *Socrates's performance model (Joerg & Kuszmaul 1994, §2.5 eq. 1) and
# StarTech's (Kuszmaul 1995, eq. 2): T_P = c1·W/P + c∞·C + c0 fitted to runs
# spanning machine sizes and depths, as *Socrates did on its eight problems
# (Fig. 6: suite socrates, the seven that survive); then the papers' method,
# developing on small machines and predicting big ones: the fit of the runs with P ≤ 32 predicts P = 64 … 512.
# Beside the papers' form, the bounds model cmax·max(W/P, C) + cmin·min(W/P,
# C) fitted on relative residuals (fit --help says why). Jamboree with
# *Socrates's scheduler (steal ordering by levels, level waiting) on the
# simulated machine, depths 5 and 6, seed 1.

set preset default
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param killer_handover=false
set grain 0
set seed 1
set depth 5
sweep --positions suite:socrates --algos jamboree --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
set depth 6
sweep --positions suite:socrates --algos jamboree --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
fit --sweep all --machine sim
fit --sweep all --machine sim --model nointercept
fit --sweep all --machine sim --model bounds --weights relative
fit --sweep all --machine sim --validate-maxp 32
fit --sweep all --machine sim --model bounds --weights relative --validate-maxp 32
report --sweep all --out model-report --title "The performance model T_P = c1·W/P + c∞·C + c0 (*Socrates eq. 1)"
