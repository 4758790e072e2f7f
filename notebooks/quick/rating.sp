# The quick form of notebooks/rating.sp: depth 4, five machine sizes.
set preset default
set param killers=false,history=false,killer_handover=false
# the papers' scheduler: a thief steals the last child (solve, like search,
# otherwise orders steals by levels on chess positions)
set levels false
set grain 0
set seed 1
solve suite:kaufman --algo jamboree --variants deferred,rid --depth 4 --time 10s --sim 1,16,32,256,512
# The paper's machine: the CM-5's costs, timed by its clock.
solve suite:kaufman --algo jamboree --variants deferred,rid --depth 4 --time 10s --sim 1,16,32,256,512 --costs cm5 --seconds clock
report --sweep all --out rating-quick-report --title "Rating against P (StarTech Fig. 5, quick form)"
# Solved positions and t20 per machine size: what sets the rating.
sql "SELECT CASE WHEN json_extract(costs, '$.node') = 30 THEN 'cm5' ELSE 'free' END AS machine, p, SUM(json_extract(result, '$.solved')) AS solved, (SELECT ROUND(SUM(seconds), 1) FROM (SELECT seconds FROM runs x WHERE x.role = 'solve' AND x.p = r.p AND x.costs = r.costs ORDER BY seconds LIMIT 20)) AS t20, ROUND(SUM(seconds), 1) AS all25 FROM runs r WHERE role = 'solve' GROUP BY costs, p ORDER BY machine DESC, p"
