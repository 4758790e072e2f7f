package reproductions

import (
	"context"
	"fmt"
	"math"
	"strings"

	"splitpoint/fits"
)

// modelAblationTable is the query of model.sp's last table: the papers'
// form as *Socrates printed it (T = c1·W/P + c∞·C) fitted by least squares
// to each ablation's runs, one setting at a time toward the paper (rows 1
// to 6: the paper's configuration at depths 4–6, depth 5 alone, depth 6
// alone, the runs with P ≤ W/C, Kaufman's positions, unit costs), with
// each set's W/C range, c1, c∞, mean relative error in %, the fit of
// P ≤ 32 and its prediction of the total at P = 512 (% off), and that of
// P ≤ 128.
const modelAblationTable = "WITH r AS (SELECT CASE WHEN position LIKE 'suite:kaufman#%' THEN 'kaufman' WHEN json_extract(costs, '$.steal') = 0 THEN 'unit' ELSE 'paper' END AS cfg, depth, p, work * 1.0 / p AS x, span * 1.0 AS y, time * 1.0 AS t, work * 1.0 / span AS wc FROM runs WHERE role = 'parallel' AND failed IS NULL AND machine = 'sim' AND p > 0 AND time > 0), sets AS (SELECT '1 the paper''s configuration (depths 4-6)' AS config, * FROM r WHERE cfg = 'paper' UNION ALL SELECT '2 depth 5 alone', * FROM r WHERE cfg = 'paper' AND depth = 5 UNION ALL SELECT '3 depth 6 alone', * FROM r WHERE cfg = 'paper' AND depth = 6 UNION ALL SELECT '4 runs with P ≤ W/C', * FROM r WHERE cfg = 'paper' AND p <= wc UNION ALL SELECT '5 Kaufman''s positions 1-8 (depth 5)', * FROM r WHERE cfg = 'kaufman' UNION ALL SELECT '6 unit costs (depth 5)', * FROM r WHERE cfg = 'unit'), s AS (SELECT config, COUNT(*) AS n, SUM(x * x) AS sxx, SUM(x * y) AS sxy, SUM(y * y) AS syy, SUM(x * t) AS sxt, SUM(y * t) AS syt, SUM(CASE WHEN p <= 32 THEN x * x END) AS qxx, SUM(CASE WHEN p <= 32 THEN x * y END) AS qxy, SUM(CASE WHEN p <= 32 THEN y * y END) AS qyy, SUM(CASE WHEN p <= 32 THEN x * t END) AS qxt, SUM(CASE WHEN p <= 32 THEN y * t END) AS qyt, SUM(CASE WHEN p <= 128 THEN x * x END) AS hxx, SUM(CASE WHEN p <= 128 THEN x * y END) AS hxy, SUM(CASE WHEN p <= 128 THEN y * y END) AS hyy, SUM(CASE WHEN p <= 128 THEN x * t END) AS hxt, SUM(CASE WHEN p <= 128 THEN y * t END) AS hyt FROM sets GROUP BY config), c AS (SELECT config, n, (sxt * syy - syt * sxy) / (sxx * syy - sxy * sxy) AS c1, (syt * sxx - sxt * sxy) / (sxx * syy - sxy * sxy) AS cinf, (qxt * qyy - qyt * qxy) / (qxx * qyy - qxy * qxy) AS q1, (qyt * qxx - qxt * qxy) / (qxx * qyy - qxy * qxy) AS qinf, (hxt * hyy - hyt * hxy) / (hxx * hyy - hxy * hxy) AS h1, (hyt * hxx - hxt * hxy) / (hxx * hyy - hxy * hxy) AS hinf FROM s) SELECT config, n AS runs, ROUND(MIN(wc)) AS min_wc, ROUND(MAX(wc)) AS max_wc, ROUND(c1, 3) AS c1, ROUND(cinf, 3) AS c_inf, ROUND(100 * AVG(ABS(t - c1 * x - cinf * y) / t), 2) AS mean_rel_err_pct, ROUND(q1, 3) AS c1_p32, ROUND(qinf, 3) AS c_inf_p32, ROUND(100 * (SUM(CASE WHEN p = 512 THEN q1 * x + qinf * y END) / SUM(CASE WHEN p = 512 THEN t END) - 1), 1) AS p512_err_from_p32_pct, ROUND(100 * (SUM(CASE WHEN p = 512 THEN h1 * x + hinf * y END) / SUM(CASE WHEN p = 512 THEN t END) - 1), 1) AS p512_err_from_p128_pct FROM sets JOIN c USING (config) GROUP BY config ORDER BY config"

// modelRow is one row of modelAblationTable.
type modelRow struct {
	runs, minWC, maxWC, c1, cinf, mre, c1p32, cinfp32, err32, err128 float64
}

// modelAblations reads modelAblationTable by row number (1 to 6); nil
// when the run holds none of its runs.
func modelAblations(ctx context.Context, db Querier) (map[int]modelRow, error) {
	t, err := db.Query(ctx, modelAblationTable)
	if err != nil {
		return nil, err
	}
	out := map[int]modelRow{}
	for _, r := range t.Rows {
		if len(r) < 11 {
			continue
		}
		var k int
		fmt.Sscanf(fmt.Sprint(r[0]), "%d", &k)
		out[k] = modelRow{num(r[1]), num(r[2]), num(r[3]), num(r[4]), num(r[5]), num(r[6]), num(r[7]), num(r[8]), num(r[9]), num(r[10])}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// socratesUnitRuns selects the runs of the ablation "costs": Fig. 6's
// positions on the ideal machine (one unit per node, steals and table
// reads free), *Socrates's scheduler otherwise.
const socratesUnitRuns = "role = 'parallel' AND failed IS NULL AND machine = 'sim' AND p > 0 AND time > 0" +
	" AND position LIKE 'suite:socrates#%' AND algo = 'jamboree' AND variants = 'dist-tt' AND levels AND levelwait" +
	" AND json_extract(costs, '$.steal') = 0"

// correlationOf is the correlation of the full model fitted to the runs
// where selects (NaN when there are none or the fit fails).
func correlationOf(ctx context.Context, db Querier, where string) float64 {
	r, err := fitted(where, func(r *fits.Result) float64 { return r.Correlation })(ctx, db)
	if err != nil {
		return math.NaN()
	}
	return r
}

// pct1 prints a percentage the table printed (one decimal).
func pct1(x float64) string { return fmt.Sprintf("%.1f %%", x) }

// rangeOf prints the range of pick over the rows: "0.95–0.98".
func rangeOf(rows map[int]modelRow, pick func(modelRow) float64) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range rows {
		lo, hi = math.Min(lo, pick(r)), math.Max(hi, pick(r))
	}
	return fmt.Sprintf("%.2f–%.2f", lo, hi)
}

// modelTable is the run's ablation table (modelAblations) and its row 1,
// the run's own configuration; nil rows when the table or its row 1 is
// missing.
func modelTable(ctx context.Context, db Querier) (map[int]modelRow, modelRow, error) {
	rows, err := modelAblations(ctx, db)
	r1, ok := rows[1]
	if err != nil || !ok {
		return nil, modelRow{}, err
	}
	return rows, r1, nil
}

// reasonFit is the reason of the fit's error over all runs: the runs with
// more processors than parallelism, and the ablation table.
func reasonFit(ctx context.Context, db Querier) (string, error) {
	rows, r1, err := modelTable(ctx, db)
	if err != nil || rows == nil {
		return "", err
	}
	out := fmt.Sprintf("the error is in the runs whose machine has more processors than the search has parallelism (P > W/C; W/C is %.0f to %.0f here, in the thousands in *Socrates's runs): there a thief of the CM-5 cost model probes many idle processors (16 units a request) before it finds work", r1.minWC, r1.maxWC)
	if over, err := rowOf(ctx, db, "SELECT AVG(time / (work * 1.0 / p + span)), MAX(time / (work * 1.0 / p + span)), MAX(p) FROM runs WHERE "+socratesRuns+" AND p = (SELECT MAX(p) FROM runs WHERE "+socratesRuns+")"); err == nil && !math.IsNaN(over[0]) {
		out += fmt.Sprintf(", and at P = %.0f T is %.1f times W/P + C on average (up to %.1f times), time neither W nor C counts", over[2], over[0], over[1])
	}
	var parts []string
	if r4, ok := rows[4]; ok {
		parts = append(parts, fmt.Sprintf("the runs with P ≤ W/C (row 4, the paper's regime) fit with mean relative error %s (all runs: %s, the form *Socrates printed)", pct1(r4.mre), pct1(r1.mre)))
	}
	r2, ok2 := rows[2]
	if r6, ok := rows[6]; ok && ok2 {
		parts = append(parts, fmt.Sprintf("unit costs, steals free (row 6), %s against %s for the same depth (row 2)", pct1(r6.mre), pct1(r2.mre)))
	}
	if r3, ok := rows[3]; ok {
		parts = append(parts, fmt.Sprintf("depth 6 alone (row 3), %s", pct1(r3.mre)))
	}
	if r5, ok := rows[5]; ok && ok2 {
		s := fmt.Sprintf("Kaufman's positions instead of Fig. 6's (row 5), %s", pct1(r5.mre))
		if r4, ok := rows[4]; ok && math.Abs(r5.mre-r2.mre) < math.Abs(r5.mre-r4.mre) {
			s += ", so the positions are not the cause"
		}
		parts = append(parts, s)
	}
	if len(parts) > 0 {
		out += ". The ablation table, one setting at a time toward the paper: " + strings.Join(parts, "; ")
	}
	cu, cc := correlationOf(ctx, db, socratesUnitRuns+" AND depth = 5"), correlationOf(ctx, db, socratesRuns+" AND depth = 5")
	if !math.IsNaN(cu) && !math.IsNaN(cc) {
		out += fmt.Sprintf(". The correlation follows: %.5f with unit costs against %.5f with CM-5 costs at depth 5 (the full model fitted to each)", cu, cc)
	}
	return out, nil
}

// offBy prints a prediction's relative error in %: "75.6 % low".
func offBy(x float64) string {
	if x < 0 {
		return pct1(-x) + " low"
	}
	return pct1(x) + " high"
}

// reasonPredict is the reason of the predictions of the big machine from
// the small one: the ablation table's predictions and c∞.
func reasonPredict(ctx context.Context, db Querier) (string, error) {
	rows, r1, err := modelTable(ctx, db)
	if err != nil || rows == nil {
		return "", err
	}
	out := fmt.Sprintf("the CM-5 cost model's steal latency at P > W/C, which small machines do not show. Fitted on P ≤ 32 the model predicts the total time at P = 512 %s (ablation table, row 1); fitting on P ≤ 128 instead (the ablation \"machine sizes\") brings it to %s", offBy(r1.err32), offBy(r1.err128))
	r2, ok2 := rows[2]
	if r5, ok := rows[5]; ok && ok2 {
		out += fmt.Sprintf(", and Kaufman's positions (row 5) give %s against %s for Fig. 6's at the same depth (row 2)", offBy(r5.err32), offBy(r2.err32))
	}
	if r6, ok := rows[6]; ok {
		out += fmt.Sprintf(", while unit costs (row 6, steals free) give %s", offBy(r6.err32))
		if math.Abs(r6.err32) < math.Abs(r1.err32)/2 {
			out += ": most of the gap is the cost of finding work among idle processors, which grows with P and is neither W/P nor C"
		}
	}
	lead := ". Small machines cannot tell what C costs"
	if _, ok := rows[6]; ok {
		lead = ". What remains with unit costs is that small machines cannot tell what C costs"
	}
	return out + fmt.Sprintf("%s: from P ≤ 32, c∞ comes out %s in every row, from all P %s", lead,
		rangeOf(rows, func(r modelRow) float64 { return r.cinfp32 }), rangeOf(rows, func(r modelRow) float64 { return r.cinf })), nil
}

// reasonC1 is the reason of the c1 claims: W/P costs about 1 here.
func reasonC1(ctx context.Context, db Querier) (string, error) {
	rows, err := modelAblations(ctx, db)
	if err != nil || rows == nil {
		return "", err
	}
	return "the simulated machine charges nothing per node beyond W, so W/P costs about 1 here (c1 " + rangeOf(rows, func(r modelRow) float64 { return r.c1 }) +
		" in every row of the ablation table) and no ablation adds such a cost; " + conjC1, nil
}
