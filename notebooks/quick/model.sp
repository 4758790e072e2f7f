# The quick form of notebooks/model.sp: *Socrates Fig. 6 (a)–(d) at depth 4
# in the paper's configuration (CM-5 costs, distributed table, levels and
# level waiting), P = 1 … 512.
set preset default
# each processor's own killer moves (algos/killers.go)
set param killer_handover=false
set grain 0
set seed 1
set costs cm5
set depth 4
sweep --positions suite:socrates#1-4 --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
fit --sweep all --machine sim
fit --sweep all --machine sim --model nointercept
fit --sweep all --machine sim --model bounds --weights relative
fit --sweep all --machine sim --validate-maxp 32
fit --sweep all --machine sim --model bounds --weights relative --validate-maxp 32
report --sweep all --out model-quick-report --title "The performance model (*Socrates eq. 1, quick form)"
# The ablation table of the full form (here only the paper's configuration
# and its runs with P ≤ W/C have runs).
sql "WITH r AS (SELECT CASE WHEN position LIKE 'suite:kaufman#%' THEN 'kaufman' WHEN json_extract(costs, '$.steal') = 0 THEN 'unit' ELSE 'paper' END AS cfg, depth, p, work * 1.0 / p AS x, span * 1.0 AS y, time * 1.0 AS t, work * 1.0 / span AS wc FROM runs WHERE role = 'parallel' AND failed IS NULL AND machine = 'sim' AND p > 0 AND time > 0), sets AS (SELECT '1 the paper''s configuration (depth 4)' AS config, * FROM r WHERE cfg = 'paper' UNION ALL SELECT '2 depth 5 alone', * FROM r WHERE cfg = 'paper' AND depth = 5 UNION ALL SELECT '3 depth 6 alone', * FROM r WHERE cfg = 'paper' AND depth = 6 UNION ALL SELECT '4 runs with P ≤ W/C', * FROM r WHERE cfg = 'paper' AND p <= wc UNION ALL SELECT '5 Kaufman''s positions 1-8 (depth 5)', * FROM r WHERE cfg = 'kaufman' UNION ALL SELECT '6 unit costs (depth 5)', * FROM r WHERE cfg = 'unit'), s AS (SELECT config, COUNT(*) AS n, SUM(x * x) AS sxx, SUM(x * y) AS sxy, SUM(y * y) AS syy, SUM(x * t) AS sxt, SUM(y * t) AS syt, SUM(CASE WHEN p <= 32 THEN x * x END) AS qxx, SUM(CASE WHEN p <= 32 THEN x * y END) AS qxy, SUM(CASE WHEN p <= 32 THEN y * y END) AS qyy, SUM(CASE WHEN p <= 32 THEN x * t END) AS qxt, SUM(CASE WHEN p <= 32 THEN y * t END) AS qyt, SUM(CASE WHEN p <= 128 THEN x * x END) AS hxx, SUM(CASE WHEN p <= 128 THEN x * y END) AS hxy, SUM(CASE WHEN p <= 128 THEN y * y END) AS hyy, SUM(CASE WHEN p <= 128 THEN x * t END) AS hxt, SUM(CASE WHEN p <= 128 THEN y * t END) AS hyt FROM sets GROUP BY config), c AS (SELECT config, n, (sxt * syy - syt * sxy) / (sxx * syy - sxy * sxy) AS c1, (syt * sxx - sxt * sxy) / (sxx * syy - sxy * sxy) AS cinf, (qxt * qyy - qyt * qxy) / (qxx * qyy - qxy * qxy) AS q1, (qyt * qxx - qxt * qxy) / (qxx * qyy - qxy * qxy) AS qinf, (hxt * hyy - hyt * hxy) / (hxx * hyy - hxy * hxy) AS h1, (hyt * hxx - hxt * hxy) / (hxx * hyy - hxy * hxy) AS hinf FROM s) SELECT config, n AS runs, ROUND(MIN(wc)) AS min_wc, ROUND(MAX(wc)) AS max_wc, ROUND(c1, 3) AS c1, ROUND(cinf, 3) AS c_inf, ROUND(100 * AVG(ABS(t - c1 * x - cinf * y) / t), 2) AS mean_rel_err_pct, ROUND(q1, 3) AS c1_p32, ROUND(qinf, 3) AS c_inf_p32, ROUND(100 * (SUM(CASE WHEN p = 512 THEN q1 * x + qinf * y END) / SUM(CASE WHEN p = 512 THEN t END) - 1), 1) AS p512_err_from_p32_pct, ROUND(100 * (SUM(CASE WHEN p = 512 THEN h1 * x + hinf * y END) / SUM(CASE WHEN p = 512 THEN t END) - 1), 1) AS p512_err_from_p128_pct FROM sets JOIN c USING (config) GROUP BY config ORDER BY config"
