# StarTech Figs. 8 and 9: how a 512-processor search spends its cycles, and
# how its chess work divides.
#
# Fig. 8 from the simulator's counters (sched.Stats.Cycles) on the cost
# model "cm5" (sched.CM5Costs: a node about 4,800 CM-5 cycles, a global
# table read a 1,600-cycle round trip, a steal request a message answered at
# the victim's next node). As the figure: Kaufman problems, with deferred
# reads and recursive iterative deepening, the table distributed over the
# processors (dist-tt), at depth 7 (W/C over 1000), moves ordered by the
# table alone (StarTech has no killer or history tables). Seed 1.

set preset default
# StarTech's ordering: the table's move alone
set param killers=false,history=false,killer_handover=false
set grain 0
set seed 1
search suite:kaufman#1 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 7 --cycles
search suite:kaufman#2 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 7 --cycles
search suite:kaufman#4 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 7 --cycles
# The search-size ablation: the same at depth 6 (a smaller search leaves
# more of the machine idle).
search suite:kaufman#1 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 6 --cycles
search suite:kaufman#2 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 6 --cycles
search suite:kaufman#4 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 6 --cycles
sql "SELECT depth, ROUND(AVG(parallelism)) AS mean_w_over_c, ROUND(AVG(CASE WHEN json_extract(j.value, '$.name') = 'chess work' THEN json_extract(j.value, '$.share') END), 3) AS chess_work, ROUND(AVG(CASE WHEN json_extract(j.value, '$.name') = 'looking for work' THEN json_extract(j.value, '$.share') END), 3) AS looking, ROUND(AVG(CASE WHEN json_extract(j.value, '$.name') = 'idle, no work to take' THEN json_extract(j.value, '$.share') END), 3) AS idle FROM runs r, json_each(r.result, '$.cycles') j WHERE r.role = 'parallel' GROUP BY depth ORDER BY depth"

# Fig. 9 from the host's CPU profiler (chesswork): the chess work of
# Jamboree (StarTech's settings, on one pool worker, so that all of its
# time is chess work) and of the serial Scout (StarTech: "in my serial
# program, the control flow of the α-β search algorithm consumes about a
# quarter of all the processor cycles"), Kaufman's 25 positions at depth 7.
chesswork suite:kaufman --algo jamboree --variants deferred,rid --depth 7 --workers 1
chesswork suite:kaufman --algo scout --depth 7
