# The modern comparison: every parallel algorithm of the
# workbench on the same positions, one evaluation, one table, one harness —
# Jamboree (StarTech), Lu's PVSplit and PVFSplit, Vučković's root
# splitting, and what engines run today: Feldmann's Young Brothers Wait
# (ybwc), Weill's ABDADA and Stockfish's Lazy SMP. Bratko-Kopec 1-12, the
# default preset, seed 1.
#
# 1. Time-to-depth speedup and search overhead on the goroutine pool at
#    P = 1, 2 (this machine's cores), depth 6.
# 2. W, C, parallelism and T_P on the simulated machine, P = 1 … 512
#    (depth 5: at 512 processors ABDADA and Lazy SMP search the tree many
#    times over), and
#    the T_P model fitted per algorithm (the papers' form and the bounds
#    model).
# 3. The Elo of 2 workers against 1 at a fixed time control on the pool,
#    per algorithm (24 games from the Bratko-Kopec positions, colours
#    reversed in pairs).

set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param killer_handover=false
set seed 1
set depth 6
sweep --positions suite:bk#1-12 --algos jamboree,ybwc,abdada,lazysmp,rootsplit,pvsplit,pvfsplit --workers 1,2
runs --summary
set depth 5
sweep --positions suite:bk#1-12 --algos jamboree,ybwc,abdada,lazysmp,rootsplit,pvsplit,pvfsplit --sim 1,4,16,64,256,512
runs --summary
fit --machine sim
fit --machine sim --model bounds --weights relative
match --a algo=jamboree,workers=2,tc=2+0.05 --b algo=jamboree,workers=1,tc=2+0.05 --book suite:bk#1-12 --games 24
match --a algo=ybwc,workers=2,tc=2+0.05 --b algo=ybwc,workers=1,tc=2+0.05 --book suite:bk#1-12 --games 24
match --a algo=abdada,workers=2,tc=2+0.05 --b algo=abdada,workers=1,tc=2+0.05 --book suite:bk#1-12 --games 24
match --a algo=lazysmp,workers=2,tc=2+0.05 --b algo=lazysmp,workers=1,tc=2+0.05 --book suite:bk#1-12 --games 24
report --sweep all --out modern-report --title "The modern comparison: Jamboree, PVSplit, root splitting, YBWC, ABDADA, Lazy SMP"
