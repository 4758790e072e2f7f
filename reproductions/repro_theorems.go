package reproductions

import (
	"context"
	"fmt"
	"math"
	"strings"
)

// theoremRows selects the rows of "theorems" (sweep theorems, one per tree)
// on trees of the given order: best, worst (the spec's order=worst) or
// worst-full (synth.FullWorst, alpha-beta examines every node).
func theoremRows(order string) string {
	return "FROM runs WHERE sweep = 'theorems' AND json_extract(result, '$.order') = '" + order + "'"
}

// largestTheoremRow is the query of one column of the largest tree of an
// order (the most work): the theorems speak of large d and h.
func largestTheoremRow(order, col string) string {
	return "SELECT " + col + " " + theoremRows(order) + " ORDER BY work DESC LIMIT 1"
}

// conjTheorem2 is the written cause of Theorem 2's parallelism, for a run
// without the worst-full rows reasonTheorem2 reads.
const conjTheorem2 = "conjecture: the theorem's 3 is the limit for large d and h, which the run's trees do not reach"

// reasonTheorem2 is the reason of Theorem 2's parallelism of 3: W/C of
// each degree's deepest worst-full tree.
func reasonTheorem2(ctx context.Context, db Querier) (string, error) {
	t, err := db.Query(ctx, "SELECT json_extract(result, '$.b') AS b, json_extract(result, '$.d') AS d, parallelism "+theoremRows("worst-full")+" AND json_extract(result, '$.d') = (SELECT MAX(json_extract(x.result, '$.d')) FROM runs x WHERE x.sweep = 'theorems' AND json_extract(x.result, '$.order') = 'worst-full' AND json_extract(x.result, '$.b') = json_extract(runs.result, '$.b')) ORDER BY b")
	if err != nil || len(t.Rows) == 0 {
		return "", err
	}
	var parts []string
	rises, prev := true, math.Inf(-1)
	for _, r := range t.Rows {
		wc := num(r[2])
		rises, prev = rises && wc > prev, wc
		parts = append(parts, fmt.Sprintf("%.2f at b = %.0f, d = %.0f", wc, num(r[0]), num(r[1])))
	}
	lead := "W/C rises toward 3 as the degree grows"
	if !rises {
		lead = "W/C does not rise with the degree"
	}
	out := lead + " (each degree's deepest tree: " + strings.Join(parts, "; ") + ")"
	if prev < 3 {
		out += ": the theorem's 3 is the limit for large d and h, and the run's trees stay below it, the smaller ones further below"
	}
	return out, nil
}

// reproTheorems is the reproduction "theorems".
var reproTheorems = Reproduction{Name: "theorems", Paper: "StarTech §3, Theorems 1 and 2", Machine: machineTheory, Notebook: "theorems.sp", Takes: "8 minutes on the shared 2-core machine at load 15-20, 3.2 GB",
	What: "Jamboree on best- and worst-ordered uniform trees on the infinite machine against the theorems' efficiency and parallelism",
	Claims: scaled(Scale{Note: "uniform trees of any degree and height (asymptotic)"}, Scale{Note: "uniform trees, b = 2, 4, 8, d = 4, 6, 8"}, []Claim{
		{Paper: "StarTech", Source: "§3 Theorem 1, 000:L298", Condition: "uniform best-ordered trees, b = 2, 4, 8, d = 4, 6, 8; infinite machine, unit costs", Figure: "\"the efficiency is 1\"",
			Test: Test{Kind: Order}, Query: "SELECT SUM(ABS(json_extract(result, '$.efficiency') - 1) <= 0.01), COUNT(*) " + theoremRows("best")}, // share of trees with W_serial/W within 1 % of 1
		{Paper: "StarTech", Source: "§3 Theorem 1, 000:L298", Condition: "the same", Figure: "\"the average parallelism is about (d/2)^(h/2)\"",
			Test: Test{Kind: Order}, Query: "SELECT SUM(parallelism BETWEEN json_extract(result, '$.predicted_parallelism') / 2 AND json_extract(result, '$.predicted_parallelism') * 2), COUNT(*) " + theoremRows("best")}, // share of trees with W/C within a factor 2 of (b/2)^(d/2)
		{Paper: "*Socrates", Source: "§2.5 Theorem 2, 001:L620-623", Condition: "uniform worst-ordered tree on which alpha-beta examines every node (synth.FullWorst), the largest, b = 8, d = 8", Figure: "work \"approximately three times as much as the serial α-β search would perform (thus the efficiency is 1/3)\"",
			Test: Test{Kind: Level, Want: 0.333, Tol: 0.05}, Override: "\"approximately three times\" (001:L620-623): a factor within 3 ± 0.5, half a unit of the whole number, is an efficiency within about ±0.05 of 1/3", Query: largestTheoremRow("worst-full", "json_extract(result, '$.efficiency_vs_alphabeta')")},
		{Paper: "StarTech", Source: "§3 Theorem 2, 000:L304", Condition: "the same", Figure: "\"the average parallelism is about 3\"",
			Test: Test{Kind: Level, Want: 3, Tol: Printed("3")}, Query: largestTheoremRow("worst-full", "parallelism"),
			Cause: conjTheorem2, Reason: reasonTheorem2},
		{Paper: "StarTech", Source: "§3 Theorem 2, 000:L304", Condition: "uniform worst-ordered trees on which alpha-beta examines every node, b = 2, 4, 8, d = 4, 6, 8; speed-up bound T_αβ/C", Figure: "\"the speedup is always less than 1\"",
			Test: Test{Kind: Order}, Query: "SELECT SUM(json_extract(result, '$.speedup_bound_vs_alphabeta') < 1), COUNT(*) " + theoremRows("worst-full")}, // share of trees whose speed-up bound is below 1
	}),
	Differs: []Difference{
		{Setting: "tree sizes", Paper: "any degree d and height h; the constants are those of large d and h (*Socrates §2.5)", Here: "b = 2, 4, 8 and d = 4, 6, 8 (b^d ≤ 5·10^7 leaves)", Why: "the infinite simulated machine on the b = 8, d = 8 worst-ordered tree needs 4.5 GB; the efficiency and parallelism claims are judged on the largest tree, the share claims on all"},
		{Setting: "worst-ordered tree", Paper: "worst move first, best last at every node, so that alpha-beta cuts nothing", Here: "two trees: synth.FullWorst (the theorem's tree: alpha-beta examines every node; the claims are judged on it) and the synthetic-tree spec's order=worst beside it", Why: "the spec's order=worst steps sibling values by 1–7, so alpha-beta's windows cut deep into it (αβ/full down to 0.6) and it is not worst-ordered in Theorem 2's sense; it is shown because users search it"},
	}}
