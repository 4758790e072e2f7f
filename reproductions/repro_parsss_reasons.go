package reproductions

import (
	"context"
	"fmt"
	"math"
	"strings"
)

// The reasons of Bhattacharya & Bagchi's claims, computed from the run's
// ablations (parsss.sp: part 1 the paper's configuration and its clock,
// part 2 the tree instance, part 3 the value distribution, part 4 the
// time-sliced machine). The paper's figures and the matching rule are
// constants; every figure of the run is read from its results.

// rowOf is the first row of query on db as float64s (NULL: NaN); an
// error when the query fails or returns no row.
func rowOf(ctx context.Context, db Querier, query string) ([]float64, error) {
	t, err := db.Query(ctx, query)
	if err != nil {
		return nil, err
	}
	if len(t.Rows) == 0 {
		return nil, fmt.Errorf("no row: %s", query)
	}
	out := make([]float64, len(t.Rows[0]))
	for i, v := range t.Rows[0] {
		out[i] = num(v)
	}
	return out, nil
}

// g3 prints a speed-up as the notebook's tables round it (two
// decimals), rk a rank (two significant digits).
func g3(x float64) string { return fmt.Sprintf("%.2f", x) }
func rk(x float64) string { return fmt.Sprintf("%.2g", x) }

// treeShape prints a tree shape "b=3,d=10" as the paper does: "(3, 10)".
func treeShape(tree string) string {
	var b, d int
	fmt.Sscanf(tree, "b=%d,d=%d", &b, &d)
	return fmt.Sprintf("(%d, %d)", b, d)
}

// treeStats is the run's uniform trees of one shape under one measure on
// the strict machine: their number, range and mean, and how many are at
// or below a paper's value (its rank: that share).
type treeStats struct {
	trees, atOrBelow     int
	min, max, mean, rank float64
}

// parsssTreeStats is treeStats of SSS*'s terminals (algo "sss") or of an
// algorithm's speed-up with N = n and memory m (0: none) on every uniform
// tree of the shape (all seeds: part 2's trees with part 1's) on the
// machine whose kills come abort terminal counts late (0: the strict
// machine), against the paper's value v.
func parsssTreeStats(ctx context.Context, db Querier, tree, algo string, n, m, abort int, v float64) (treeStats, error) {
	var q string
	if algo == "sss" {
		q = fmt.Sprintf("SELECT position, MIN(work) AS x FROM runs WHERE role = 'baseline' AND algo = 'sss' AND position LIKE 'uniform:%s,%%' AND json_extract(costs, '$.abort') = %d GROUP BY position", tree, abort)
	} else {
		q = fmt.Sprintf("SELECT position, speedup AS x FROM derived WHERE role = 'parallel' AND algo = '%s' AND position LIKE 'uniform:%s,%%' AND p = %d AND json_extract(costs, '$.abort') = %d", algo, tree, n, abort)
		if m > 0 {
			q += fmt.Sprintf(" AND json_extract(result, '$.options.memory') = %d", m)
		}
	}
	r, err := rowOf(ctx, db, fmt.Sprintf("SELECT COUNT(*), SUM(x <= %v), MIN(x), MAX(x), AVG(x) FROM (%s)", v, q))
	if err != nil {
		return treeStats{}, err
	}
	s := treeStats{trees: int(r[0]), atOrBelow: int(r[1]), min: r[2], max: r[3], mean: r[4]}
	if s.trees > 0 {
		s.rank = float64(s.atOrBelow) / float64(s.trees)
	}
	return s, nil
}

// partOne is the number of the run's trees of a shape in the paper's
// configuration (part 1: parsssMain) and their mean speed-up of algo with
// N = n and memory m.
func partOne(ctx context.Context, db Querier, algo, tree string, n, m int) (int, float64, error) {
	r, err := rowOf(ctx, db, strings.Replace(parsssSpeedup(algo, tree, n, m), "SELECT AVG(speedup)", "SELECT COUNT(*), AVG(speedup)", 1))
	if err != nil {
		return 0, math.NaN(), err
	}
	return int(r[0]), r[1], nil
}

// The paper's instance as Table 2 describes it (§4, 002:L92, L156): SSS*
// examines 3363 terminals on its (3, 10) tree and PARSSS* with N = 8 gains
// 2.41. A tree of the run matches it with SSS* within 10 % of 3363 and
// PARSSS* within 0.25 of 2.41.
const matchedRule = "SSS* within 10 % of 3363, PARSSS* N = 8 within 0.25 of 2.41"

// matchedTrees is the query of the (3, 10) trees matched to the paper's
// instance on the machine whose kills come abort terminal counts late.
func matchedTrees(abort int) string {
	return fmt.Sprintf("SELECT d.position FROM derived d JOIN runs b ON b.id = d.baseline_id WHERE d.role = 'parallel' AND d.algo = 'parsss' AND d.p = 8 AND d.position LIKE 'uniform:b=3,d=10,%%' AND json_extract(d.costs, '$.abort') = %d AND abs(d.speedup - 2.41) <= 0.25 AND abs(b.work - 3363) <= 336", abort)
}

// matchedIter is the number of matched trees (matchedTrees) and
// PARITERSSS*'s mean speed-up on them with N = n, memory m, on the machine
// whose kills come abort terminal counts late.
func matchedIter(ctx context.Context, db Querier, n, m, abort int) (int, float64, error) {
	r, err := rowOf(ctx, db, fmt.Sprintf("SELECT COUNT(*), AVG(speedup) FROM derived WHERE role = 'parallel' AND algo = 'paritersss' AND p = %d AND json_extract(result, '$.options.memory') = %d AND json_extract(costs, '$.abort') = %d AND position IN (%s)", n, m, abort, matchedTrees(abort)))
	if err != nil {
		return 0, math.NaN(), err
	}
	return int(r[0]), r[1], nil
}

// slicedLatency is the time-sliced machine's latency of a kill and of a
// wake-up in terminal counts (part 4; 0, 0 when the run has none).
func slicedLatency(ctx context.Context, db Querier) (abort, wake int) {
	r, err := rowOf(ctx, db, "SELECT MAX(json_extract(costs, '$.abort')), MAX(json_extract(costs, '$.wake')) FROM runs WHERE role = 'parallel' AND position LIKE 'uniform:%'")
	if err != nil || math.IsNaN(r[0]) {
		return 0, 0
	}
	return int(r[0]), int(r[1])
}

// lateness prints the time-sliced machine's latencies.
func lateness(abort, wake int) string {
	if abort == wake {
		return fmt.Sprintf("kills and wake-ups %d terminal counts late", abort)
	}
	return fmt.Sprintf("kills %d and wake-ups %d terminal counts late", abort, wake)
}

// slicedMachine is the ablation of a (3, 10) speed-up claim with N = n
// (and memory m for PARITERSSS*) that moves the machine toward the
// paper's: part 4's trees with kills and wake-ups late, as when the VAX
// time-sliced the paper's processes, against the same trees on the strict
// machine.
func slicedMachine(algo string, n, m int) Ablation {
	cond := func(abort string) string {
		q := fmt.Sprintf("role = 'parallel' AND algo = '%s' AND position LIKE 'uniform:b=3,d=10,%%' AND p = %d AND json_extract(costs, '$.abort') %s", algo, n, abort)
		if m > 0 {
			q += fmt.Sprintf(" AND json_extract(result, '$.options.memory') = %d", m)
		}
		return q
	}
	return Ablation{Setting: "machine: kills and wake-ups late, as when the paper's VAX time-sliced its processes (part 4 of the notebook, on its trees)",
		Cases:    "SELECT position, speedup FROM derived WHERE " + cond("> 0") + " ORDER BY position",
		RefCases: "SELECT position, speedup FROM derived WHERE " + cond("= 0") + " AND position IN (SELECT position FROM derived WHERE " + cond("> 0") + ") ORDER BY position"}
}

// place says where a rank puts the paper's value among the run's trees.
func place(rank float64) string {
	switch {
	case rank >= 0.25 && rank <= 0.75:
		return "the middle of the distribution"
	case rank >= 0.025 && rank <= 0.975:
		return "inside the central 95 %"
	}
	return "outside the central 95 %"
}

// reasonSSSTerminals is the reason of the claim on SSS*'s terminals on a
// shape (paper's value v): where the paper's tree lies among the run's.
func reasonSSSTerminals(tree string, v float64) func(context.Context, Querier) (string, error) {
	return func(ctx context.Context, db Querier) (string, error) {
		s, err := parsssTreeStats(ctx, db, tree, "sss", 0, 0, 0, v)
		if err != nil || s.trees == 0 {
			return "", err
		}
		size := "one of the smaller ones"
		if s.rank > 0.25 {
			size = "not among the smaller ones"
		}
		out := fmt.Sprintf("the tree instance. Over %d seeded %s trees (part 2 of the notebook) SSS* examines %.0f–%.0f terminals; %d of the %d examine %.0f or fewer (rank %s): the paper's tree is %s",
			s.trees, treeShape(tree), s.min, s.max, s.atOrBelow, s.trees, v, rk(s.rank), size)
		if k, err := rowOf(ctx, db, fmt.Sprintf("SELECT COUNT(DISTINCT position) FROM derived WHERE %s AND position LIKE 'uniform:%s,%%'", parsssMain, tree)); err == nil && k[0] > 0 {
			out += fmt.Sprintf(", and the mean of the run's %.0f trees of part 1 is not its figure", k[0])
		}
		return out, nil
	}
}

// speedupLead is the opening of a PARSSS* speed-up reason: the range of
// the N = n speed-up over the run's seeded trees of the shape and the rank
// of the paper's value v among them.
func speedupLead(s treeStats, tree string, n int, v float64) string {
	return fmt.Sprintf("the tree instance. Over %d seeded %s trees (part 2 of the notebook) the N = %d speed-up ranges %s–%s and the paper's %s ranks %s",
		s.trees, treeShape(tree), n, g3(s.min), g3(s.max), g3(v), rk(s.rank))
}

// reasonInstance is the reason of a PARSSS* speed-up claim on a shape
// with N = n (the paper's value v): where the paper's one tree lies among
// the run's trees, and where the trees of part 1 lie against it.
func reasonInstance(tree string, n int, v float64) func(context.Context, Querier) (string, error) {
	return func(ctx context.Context, db Querier) (string, error) {
		s, err := parsssTreeStats(ctx, db, tree, "parsss", n, 0, 0, v)
		if err != nil || s.trees == 0 {
			return "", err
		}
		out := speedupLead(s, tree, n, v) + ", " + place(s.rank)
		if k, m1, err := partOne(ctx, db, "parsss", tree, n, 0); err == nil && k > 0 {
			side := "above"
			if m1 < v {
				side = "below"
			}
			out += fmt.Sprintf("; the %d trees of part 1 average %s, %s it: the mean of a few trees is not one tree's figure", k, g3(m1), side)
		}
		return out, nil
	}
}

// reasonInstance310 is the reason of PARSSS*'s speed-up on (3, 10) with
// N = 8: the tree instance and the clock (the time-sliced machine is the
// claim's ablation, slicedMachine).
func reasonInstance310(ctx context.Context, db Querier) (string, error) {
	const v = 2.41
	s, err := parsssTreeStats(ctx, db, "b=3,d=10", "parsss", 8, 0, 0, v)
	if err != nil || s.trees == 0 {
		return "", err
	}
	gains := "is one on which PARSSS* gains little"
	if s.rank > 0.25 {
		gains = "is not among those on which PARSSS* gains least"
	}
	out := speedupLead(s, "b=3,d=10", 8, v) + ": its tree, which is also Table 3's (SSS* examines 3363 terminals in both), " + gains
	if r, err := rowOf(ctx, db, "SELECT MAX(ABS(avg_paper - avg_strict)) FROM (SELECT AVG(speedup) AS avg_strict, AVG(speedup * time * 1.0 / json_extract(result, '$.' || algo || '.paper_time')) AS avg_paper FROM derived WHERE "+parsssMain+" AND p > 1 GROUP BY algo, substr(position, 1, 16), json_extract(result, '$.options.memory'), p)"); err == nil && !math.IsNaN(r[0]) {
		out += fmt.Sprintf(". The paper's clock is not the cause (part 1: its mean speed-ups differ from the strict machine's by %.2f at most)", r[0])
	}
	return out, nil
}

// table3 is PARITERSSS*'s figures in the paper's Table 3 (§5, 002:L156-168):
// the speed-up over SSS* with N = 1 and 8 at each memory M.
var table3 = []struct {
	m      int
	n1, n8 float64
}{{11, 0.47, 1.51}, {23, 0.52, 1.58}, {36, 0.57, 2.59}, {61, 0.62, 2.69}}

// reasonIterN1 is the reason of the N = 1 claims of Table 3: where the
// paper's values lie among the run's trees, and what the trees matched to
// the paper's instance give.
func reasonIterN1(ctx context.Context, db Querier) (string, error) {
	var vals, ranks, matched []string
	trees, inside, lowest, worst := 0, true, true, 0.0
	k1 := 0
	nm := 0
	for _, r := range table3 {
		s, err := parsssTreeStats(ctx, db, "b=3,d=10", "paritersss", 1, r.m, 0, r.n1)
		if err != nil || s.trees == 0 {
			return "", err
		}
		trees = s.trees
		vals, ranks = append(vals, g3(r.n1)), append(ranks, rk(s.rank))
		inside = inside && s.rank >= 0.025 && s.rank <= 0.975
		// the trees of part 1: does any reach as low as the paper's?
		if p1, err := rowOf(ctx, db, strings.Replace(iterSpeedup(1, r.m), "SELECT AVG(speedup)", fmt.Sprintf("SELECT COUNT(*), SUM(speedup <= %v)", r.n1), 1)); err == nil {
			k1 = int(p1[0])
			lowest = lowest && p1[1] == 0
		}
		n, m, err := matchedIter(ctx, db, 1, r.m, 0)
		if err == nil && n > 0 {
			nm = n
			matched = append(matched, g3(m))
			worst = math.Max(worst, math.Abs(m-r.n1))
		}
	}
	out := fmt.Sprintf("the tree instance. Over %d seeded (3, 10) trees (part 2 of the notebook) the paper's N = 1 values %s rank %s", trees, strings.Join(vals, ", "), strings.Join(ranks, ", "))
	if inside {
		out += ", inside the central 95 %"
	} else {
		out += ", not all inside the central 95 %"
	}
	if lowest && k1 > 0 {
		out += fmt.Sprintf(" but in the low tail that the %d trees of part 1 do not reach", k1)
	}
	if len(matched) == len(table3) {
		out += fmt.Sprintf("; on the %d trees matched to the paper's instance by Table 2 (%s) ITERSSS* gives %s, each within %.2f of the paper's", nm, matchedRule, strings.Join(matched, ", "), math.Ceil(worst*100)/100)
	}
	return out, nil
}

// iterN8 is the run's PARITERSSS* with N = 8 and memory m on (3, 10)
// against Table 3's figure v: the stats over every tree, and the number n
// and mean speed-up of the trees matched to the paper's instance (n 0
// when the run has none of either).
func iterN8(ctx context.Context, db Querier, m int, v float64) (s treeStats, n int, mean float64, err error) {
	if s, err = parsssTreeStats(ctx, db, "b=3,d=10", "paritersss", 8, m, 0, v); err != nil || s.trees == 0 {
		return s, 0, 0, err
	}
	n, mean, err = matchedIter(ctx, db, 8, m, 0)
	return s, n, mean, err
}

// reasonIterN8Small is the reason of Table 3's N = 8 figures at M = 11
// and 23: the share of the gap the tree instance accounts for, the
// time-sliced machine and correlated values, and the conjecture for the
// rest.
func reasonIterN8Small(ctx context.Context, db Querier) (string, error) {
	rows := table3[:2]
	var shares, matched, all, paper, ranks, sliced, ordered []string
	nm, trees, below := 0, 0, true
	above := true // every ablation's figure stays above the paper's
	for _, r := range rows {
		s, n, m, err := iterN8(ctx, db, r.m, r.n8)
		if err != nil || n == 0 {
			return "", err
		}
		nm, trees = n, s.trees
		shares = append(shares, fmt.Sprintf("%.0f %%", 100*(s.mean-m)/(s.mean-r.n8)))
		matched, all, paper = append(matched, g3(m)), append(all, g3(s.mean)), append(paper, g3(r.n8))
		ranks = append(ranks, rk(s.rank))
		below = below && s.atOrBelow == 0
		above = above && m > r.n8
	}
	out := fmt.Sprintf("the tree instance accounts for %s of the gap at M = %d and %d: on the %d trees matched to the paper's instance (%s) N = 8 gives %s at M = %d and %s at M = %d (all %d trees: %s), where the paper has %s",
		strings.Join(shares, " and "), rows[0].m, rows[1].m, nm, matchedRule, matched[0], rows[0].m, matched[1], rows[1].m, trees, strings.Join(all, " and "), strings.Join(paper, " and "))
	if below {
		out += fmt.Sprintf(", below all %d trees (rank 0)", trees)
	} else {
		out += fmt.Sprintf(" (rank %s)", strings.Join(ranks, " and "))
	}
	var others []string
	if abort, wake := slicedLatency(ctx, db); abort > 0 {
		n := 0
		for _, r := range rows {
			k, m, err := matchedIter(ctx, db, 8, r.m, abort)
			if err == nil && k > 0 {
				n = k
				sliced = append(sliced, g3(m))
				above = above && m > r.n8
			}
		}
		tot, _ := rowOf(ctx, db, fmt.Sprintf("SELECT COUNT(DISTINCT position) FROM runs WHERE role = 'parallel' AND algo = 'parsss' AND p = 8 AND json_extract(costs, '$.abort') = %d", abort))
		if len(sliced) == len(rows) && tot != nil {
			others = append(others, fmt.Sprintf("a time-sliced machine (part 4: %s, the %d of %.0f trees matched on the same machine: %s)", lateness(abort, wake), n, tot[0], strings.Join(sliced, " and ")))
		}
	}
	var sss float64
	for _, r := range rows {
		o, err := rowOf(ctx, db, fmt.Sprintf("SELECT COUNT(*), AVG(speedup), AVG((SELECT work FROM runs b WHERE b.id = d.baseline_id)) FROM derived d WHERE role = 'parallel' AND algo = 'paritersss' AND p = 8 AND json_extract(result, '$.options.memory') = %d AND position LIKE 'ordered:%%'", r.m))
		if err == nil && o[0] > 0 {
			ordered = append(ordered, g3(o[1]))
			sss = o[2]
			above = above && o[1] > r.n8
		}
	}
	if len(ordered) == len(rows) {
		others = append(others, fmt.Sprintf("correlated values (part 3, the ordered family: %s, with SSS* at %.0f terminals on average, %.2f of the paper's 3363)", strings.Join(ordered, " and "), sss, sss/3363))
	}
	switch {
	case len(others) > 0 && above:
		out += ". Neither " + strings.Join(others, " nor ") + " closes the rest"
	case len(others) > 0:
		out += ". Beside it, " + strings.Join(others, "; ")
	}
	return out + ". Conjecture for the rest: the workbench's ITERSSS* suspends the MAX child and collapses subtrees to make room (algos.IterSSS), where the paper suspends the MIN parent and states no collapse; with 8 processes of 11 or 23 states each the rules differ most, and no variant of the rule exists to measure it", nil
}

// reasonIterN8M36 is the reason of Table 3's N = 8 figure at M = 36.
func reasonIterN8M36(ctx context.Context, db Querier) (string, error) {
	r := table3[2]
	s, n, m, err := iterN8(ctx, db, r.m, r.n8)
	if err != nil || n == 0 {
		return "", err
	}
	return fmt.Sprintf("the tree instance. On the %d trees matched to the paper's instance by Table 2 (%s) N = 8 at M = %d gives %s, %.2f from the paper's %s; the paper's figure ranks %s among all %d trees",
		n, matchedRule, r.m, g3(m), math.Abs(m-r.n8), g3(r.n8), rk(s.rank), s.trees), nil
}

// reasonJump is the reason of the jump from M = 23 to 36 at N = 8.
func reasonJump(ctx context.Context, db Querier) (string, error) {
	it := "SELECT position, json_extract(result, '$.options.memory') AS m, speedup FROM derived WHERE role = 'parallel' AND algo = 'paritersss' AND p = 8 AND json_extract(costs, '$.abort') = 0 AND position LIKE 'uniform:b=3,d=10,%'"
	j, err := rowOf(ctx, db, "WITH it AS ("+it+") SELECT COUNT(*), SUM(b.speedup >= 1.3 * a.speedup), SUM(b.speedup >= 1.64 * a.speedup) FROM it a JOIN it b ON a.position = b.position AND a.m = 23 AND b.m = 36")
	if err != nil || j[0] == 0 {
		return "", err
	}
	n64 := "none"
	if j[2] > 0 {
		n64 = fmt.Sprintf("%.0f", j[2])
	}
	out := fmt.Sprintf("over %.0f seeded (3, 10) trees (part 2 of the notebook) %.0f rise by 30 %% or more from M = 23 to 36 at N = 8 and %s by 64 %%", j[0], j[1], n64)
	n23, m23, err1 := matchedIter(ctx, db, 8, 23, 0)
	_, m36, err2 := matchedIter(ctx, db, 8, 36, 0)
	if err1 == nil && err2 == nil && n23 > 0 {
		out += fmt.Sprintf("; the %d trees matched to the paper's instance rise by %.0f %% (%s → %s)", n23, 100*(m36/m23-1), g3(m23), g3(m36))
	}
	return out + ". The jump is the paper's low M = 11 and 23 figures (see Table 3 rows 4 and 8); conjecture: the ITERSSS* suspension rule, or one unlucky schedule among the paper's 20 time-sliced runs at M = 23 (its N = 8 run there examined 9809 terminals, against 6453 at M = 36)", nil
}
