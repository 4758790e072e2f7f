# The quick form of examples/lu.sp: four of Lu's positions at depth 13, the
# four algorithms with 1–16 simulated searchers (under a minute).
set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
set depth 13
sweep --positions suite:tinsley#1-4 --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 1,2,4,8,16 --workers 1,2
runs --summary --sweep all
report --sweep all --out lu-quick-report --title "Lu's ParaChinook algorithms (quick form)"
