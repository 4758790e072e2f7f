# The quick form of notebooks/modern.sp: BK 1-3 at depth 4, P = 1, 16, 512
# on the simulator, 2-game matches at 50 ms a move.
set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param killer_handover=false
set seed 1
set depth 4
sweep --positions suite:bk#1-3 --algos jamboree,ybwc,abdada,lazysmp,rootsplit,pvsplit,pvfsplit --workers 1,2
runs --summary
sweep --positions suite:bk#1-3 --algos jamboree,ybwc,abdada,lazysmp,rootsplit,pvsplit,pvfsplit --sim 1,16,512
runs --summary
fit --machine sim
fit --machine sim --model bounds --weights relative
match --a algo=jamboree,workers=2,movetime=50ms --b algo=jamboree,workers=1,movetime=50ms --book suite:bk#1 --games 2
match --a algo=ybwc,workers=2,movetime=50ms --b algo=ybwc,workers=1,movetime=50ms --book suite:bk#1 --games 2
report --sweep all --out modern-quick-report --title "The modern comparison (quick form)"
