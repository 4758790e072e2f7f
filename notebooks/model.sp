# *Socrates's performance model (Joerg & Kuszmaul 1994, §2.5 eq. 1) and
# StarTech's (Kuszmaul 1995, eq. 2): T_P = c1·W/P + c∞·C + c0 fitted to runs
# spanning machine sizes and depths, as *Socrates did on its eight problems
# (Fig. 6: suite socrates), then the papers' method, developing on small
# machines and predicting big ones: the fit of the runs with P ≤ 32 predicts
# P = 64 … 512. Beside the papers' form, the bounds model
# cmax·max(W/P, C) + cmin·min(W/P, C) fitted on relative residuals (fit
# --help says why).
#
# The paper's configuration as far as the workbench has it: Jamboree with
# *Socrates's scheduler (steal ordering by levels, level waiting) and the
# table distributed over the processors (*Socrates §4.3, §4.4, §5.1), on the
# simulated machine with the CM-5 cost model, P = 1 … 512, depths 4, 5 and
# 6, seed 1. Then the ablations, one setting at a time: depth 5 alone, the
# fit of P ≤ 128 (machine sizes), Kaufman's positions 1–8 instead of
# Fig. 6's, the ideal machine's unit costs instead of the CM-5's.

set preset default
# each processor's own killer moves (algos/killers.go)
set param killer_handover=false
set grain 0
set seed 1
set costs cm5
set depth 4
sweep --positions suite:socrates --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
set depth 6
sweep --positions suite:socrates --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
set depth 5
sweep --positions suite:socrates --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
# Ablation "depth range": depth 5 alone (the last sweep), the setting the
# other ablations change one thing of.
fit --machine sim
fit --machine sim --validate-maxp 32
# The paper's configuration: every depth.
fit --sweep all --machine sim
fit --sweep all --machine sim --model nointercept
fit --sweep all --machine sim --model bounds --weights relative
fit --sweep all --machine sim --validate-maxp 32
fit --sweep all --machine sim --model bounds --weights relative --validate-maxp 32
# Ablation "machine sizes": the small machine up to P = 128.
fit --sweep all --machine sim --validate-maxp 128
report --sweep all --out model-report --title "The performance model T_P = c1·W/P + c∞·C + c0 (*Socrates eq. 1)"
# Ablation "positions": Kaufman's rating-test positions 1–8 at depth 5, all
# else as above (compare with the depth-5 fits of Fig. 6's).
sweep --positions suite:kaufman#1-8 --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
fit --machine sim
fit --machine sim --validate-maxp 32
# Ablation "costs": the ideal machine (one unit per node, steals and table
# reads free) on Fig. 6's positions at depth 5.
set costs unit
sweep --positions suite:socrates --algos jamboree+dist-tt --levels --levelwait --sim 1,2,4,8,16,32,64,128,256,512
fit --machine sim
fit --machine sim --validate-maxp 32
# The ablations side by side, each a set of the runs above: the papers'
# form as *Socrates printed it (T = c1·W/P + c∞·C, its constant 0) fitted
# by least squares to all of the set's runs (c1, c_inf, mean relative
# error) and to those with P ≤ 32 and P ≤ 128, predicting the set's total
# time at P = 512 (relative error). Row 4 keeps the runs of the paper's
# configuration whose average parallelism W/C is at least P, the regime of
# *Socrates's CM-5 runs (W/C in the thousands at P ≤ 512).
sql "WITH r AS (SELECT CASE WHEN position LIKE 'suite:kaufman#%' THEN 'kaufman' WHEN json_extract(costs, '$.steal') = 0 THEN 'unit' ELSE 'paper' END AS cfg, depth, p, work * 1.0 / p AS x, span * 1.0 AS y, time * 1.0 AS t, work * 1.0 / span AS wc FROM runs WHERE role = 'parallel' AND failed IS NULL AND machine = 'sim' AND p > 0 AND time > 0), sets AS (SELECT '1 the paper''s configuration (depths 4-6)' AS config, * FROM r WHERE cfg = 'paper' UNION ALL SELECT '2 depth 5 alone', * FROM r WHERE cfg = 'paper' AND depth = 5 UNION ALL SELECT '3 depth 6 alone', * FROM r WHERE cfg = 'paper' AND depth = 6 UNION ALL SELECT '4 runs with P ≤ W/C', * FROM r WHERE cfg = 'paper' AND p <= wc UNION ALL SELECT '5 Kaufman''s positions 1-8 (depth 5)', * FROM r WHERE cfg = 'kaufman' UNION ALL SELECT '6 unit costs (depth 5)', * FROM r WHERE cfg = 'unit'), s AS (SELECT config, COUNT(*) AS n, SUM(x * x) AS sxx, SUM(x * y) AS sxy, SUM(y * y) AS syy, SUM(x * t) AS sxt, SUM(y * t) AS syt, SUM(CASE WHEN p <= 32 THEN x * x END) AS qxx, SUM(CASE WHEN p <= 32 THEN x * y END) AS qxy, SUM(CASE WHEN p <= 32 THEN y * y END) AS qyy, SUM(CASE WHEN p <= 32 THEN x * t END) AS qxt, SUM(CASE WHEN p <= 32 THEN y * t END) AS qyt, SUM(CASE WHEN p <= 128 THEN x * x END) AS hxx, SUM(CASE WHEN p <= 128 THEN x * y END) AS hxy, SUM(CASE WHEN p <= 128 THEN y * y END) AS hyy, SUM(CASE WHEN p <= 128 THEN x * t END) AS hxt, SUM(CASE WHEN p <= 128 THEN y * t END) AS hyt FROM sets GROUP BY config), c AS (SELECT config, n, (sxt * syy - syt * sxy) / (sxx * syy - sxy * sxy) AS c1, (syt * sxx - sxt * sxy) / (sxx * syy - sxy * sxy) AS cinf, (qxt * qyy - qyt * qxy) / (qxx * qyy - qxy * qxy) AS q1, (qyt * qxx - qxt * qxy) / (qxx * qyy - qxy * qxy) AS qinf, (hxt * hyy - hyt * hxy) / (hxx * hyy - hxy * hxy) AS h1, (hyt * hxx - hxt * hxy) / (hxx * hyy - hxy * hxy) AS hinf FROM s) SELECT config, n AS runs, ROUND(MIN(wc)) AS min_wc, ROUND(MAX(wc)) AS max_wc, ROUND(c1, 3) AS c1, ROUND(cinf, 3) AS c_inf, ROUND(100 * AVG(ABS(t - c1 * x - cinf * y) / t), 2) AS mean_rel_err_pct, ROUND(q1, 3) AS c1_p32, ROUND(qinf, 3) AS c_inf_p32, ROUND(100 * (SUM(CASE WHEN p = 512 THEN q1 * x + qinf * y END) / SUM(CASE WHEN p = 512 THEN t END) - 1), 1) AS p512_err_from_p32_pct, ROUND(100 * (SUM(CASE WHEN p = 512 THEN h1 * x + hinf * y END) / SUM(CASE WHEN p = 512 THEN t END) - 1), 1) AS p512_err_from_p128_pct FROM sets JOIN c USING (config) GROUP BY config ORDER BY config"
