# Lu's ParaChinook experiments (Lu 1993, Tables 4.1, 5.1, 5.2,
# 5.3): PVSplit, PVFSplit and their straggler-preempting -LB versions with
# 1, 2, 4, 8 and 16 searchers on the 20 positions of Lu's Tinsley–Chinook
# 1992 suite, on the simulated machine (one unit per node) and on the
# goroutine pool with 1 and 2 workers (this machine's cores; the controller
# is a goroutine of its own, mostly asleep), against the
# serial Scout of the same position (the baseline: speedup, search
# overhead). The setting is Lu's: one shared table of fixed size whatever
# the number of searchers, iterative deepening, move ordering with the
# history heuristic (the default preset; 2^20 entries where Lu had 2^23),
# the default granularity (4 plies). Depth 15 for every position: the
# serial searches are then 0.5–4 M nodes, the size of Lu's (Table C.1:
# 10^5–10^7). The summary gives, per algorithm and searcher count, mean and
# standard deviation over the 20 positions of the speedup, the search
# overhead (Lu's formula 3.3) and the idle time per searcher: Lu's three
# columns. docs/reproductions.md sets them beside Lu's tables.
#
#   go run . run examples/lu.sp        (about 10 minutes on 2 cores)

set preset default
# the papers' scheduler: a thief steals the last child (sweeps, like search,
# otherwise order steals by levels on chess and checkers positions)
set levels false
set depth 15
sweep --positions suite:tinsley --algos pvsplit,pvfsplit,pvsplit-lb,pvfsplit-lb --sim 1,2,4,8,16 --workers 1,2
runs --summary --sweep all
report --sweep all --out lu-report --title "Lu's ParaChinook algorithms on the Tinsley–Chinook 1992 suite"
