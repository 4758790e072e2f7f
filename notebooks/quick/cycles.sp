# The quick form of notebooks/cycles.sp: Kaufman 1 at depths 5 and 4; the
# chess work of Kaufman 1-3 at depth 6.
set preset default
set param killers=false,history=false,killer_handover=false
set grain 0
set seed 1
search suite:kaufman#1 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 5 --cycles
search suite:kaufman#1 --algo jamboree --variants deferred,rid,dist-tt --sim 512 --costs cm5 --depth 4 --cycles
sql "SELECT depth, ROUND(AVG(parallelism)) AS mean_w_over_c, ROUND(AVG(CASE WHEN json_extract(j.value, '$.name') = 'chess work' THEN json_extract(j.value, '$.share') END), 3) AS chess_work, ROUND(AVG(CASE WHEN json_extract(j.value, '$.name') = 'looking for work' THEN json_extract(j.value, '$.share') END), 3) AS looking, ROUND(AVG(CASE WHEN json_extract(j.value, '$.name') = 'idle, no work to take' THEN json_extract(j.value, '$.share') END), 3) AS idle FROM runs r, json_each(r.result, '$.cycles') j WHERE r.role = 'parallel' GROUP BY depth ORDER BY depth"
chesswork suite:kaufman#1-3 --algo jamboree --variants deferred,rid --depth 6 --workers 1
chesswork suite:kaufman#1-3 --algo scout --depth 6
