# StarTech Fig. 5: Kaufman's rating estimate 2930 - 200·log10(t20) against
# the machine size, from the 20 fastest solution times of the 25 positions
# (an unsolved position counts as the time limit). Jamboree with StarTech's
# settings on the simulated machine, iterative deepening to depth 6;
# simulated times are converted to seconds at this computer's serial speed
# (solve's own note says how), and on the CM-5 twin at the CM-5's clock.
# Seed 1.

set preset default
# StarTech's ordering: the table's move alone
set param killers=false,history=false,killer_handover=false
# the papers' scheduler: a thief steals the last child (solve, like search,
# otherwise orders steals by levels on chess positions)
set levels false
set grain 0
set seed 1
solve suite:kaufman --algo jamboree --variants deferred,rid --depth 6 --time 60s --sim 1,2,4,8,16,32,64,128,256,512
# The paper's machine: the same solves on the CM-5's costs, timed by the
# CM-5's clock (a node about 145 µs, StarTech Fig. 4's serial rate), so the
# 60 s limit is 60 CM-5 seconds, as StarTech's times are.
solve suite:kaufman --algo jamboree --variants deferred,rid --depth 6 --time 60s --sim 1,2,4,8,16,32,64,128,256,512 --costs cm5 --seconds clock
report --sweep all --out rating-report --title "Rating against P (StarTech Fig. 5)"
# Solved positions and t20 per machine size: what sets the rating.
sql "SELECT CASE WHEN json_extract(costs, '$.node') = 30 THEN 'cm5' ELSE 'free' END AS machine, p, SUM(json_extract(result, '$.solved')) AS solved, (SELECT ROUND(SUM(seconds), 1) FROM (SELECT seconds FROM runs x WHERE x.role = 'solve' AND x.p = r.p AND x.costs = r.costs ORDER BY seconds LIMIT 20)) AS t20, ROUND(SUM(seconds), 1) AS all25 FROM runs r WHERE role = 'solve' GROUP BY costs, p ORDER BY machine DESC, p"
