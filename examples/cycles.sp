# StarTech Fig. 8: how a 512-processor search spends its cycles, from the
# simulator's counters (sched.Stats.Cycles) on the cost model "cm5"
# (sched.CM5Costs: a node about 4,800 CM-5 cycles, a global table read a
# 1,600-cycle round trip, a steal request a message answered at the
# victim's next node). As the figure: a Kaufman problem, with deferred
# reads and recursive iterative deepening, the table distributed over the
# processors (dist-tt), at depth 7 (W/C over 1000). Seed 1.

set preset default
# each processor's own killer moves, as these figures were measured before
# the killer handover (algos/killers.go)
set param killer_handover=false
set grain 0
set seed 1
search suite:kaufman#1 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 7 --cycles
search suite:kaufman#2 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 7 --cycles
search suite:kaufman#4 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 7 --cycles
