package reproductions

import (
	"context"
	"fmt"
	"math"
)

// t20 is the SQL expression of the sum of the 20 fastest solution times
// at P = p (Kaufman's t20; an unsolved position counts as the limit).
func t20(p int) string {
	return fmt.Sprintf("(SELECT SUM(seconds) FROM (SELECT seconds FROM runs WHERE role = 'solve' AND p = %d ORDER BY seconds LIMIT 20))", p)
}

// rating is the SQL expression of Kaufman's rating estimate at P = p
// (StarTech Eq. 1, 000:L206).
func rating(p int) string { return "(2930 - 200 * log10(" + t20(p) + "))" }

// ratingRuns selects the solve runs the rating claims read (alias r):
// their scale is read from them.
const ratingRuns = "r.role = 'solve'"

// conjRatingDepth is the written cause of the rating claims, for a run
// that holds no solve runs to compute reasonRatingDepth from.
const conjRatingDepth = "conjecture: StarTech's slope comes from reaching tournament depths faster (16 s a position on 512 processors, 10^8 nodes and more), which a simulation of Kaufman's positions at many machine sizes cannot reach on this 2-core machine"

// reasonRatingDepth is the reason of the rating claims that do not
// reproduce: the positions solved at each P and what t20 is made of.
func reasonRatingDepth(ctx context.Context, db Querier) (string, error) {
	t, err := db.Query(ctx, "SELECT p, COUNT(*), SUM(json_extract(result, '$.solved')), MAX(CASE WHEN json_extract(result, '$.solved') THEN seconds END), MAX(CASE WHEN NOT json_extract(result, '$.solved') THEN seconds END), group_concat(CASE WHEN json_extract(result, '$.solved') THEN position_id END), MAX(depth), "+t20pExpr+" FROM runs r WHERE role = 'solve' GROUP BY p ORDER BY p")
	if err != nil || len(t.Rows) == 0 {
		return "", err
	}
	var sets []string
	solvedLo, solvedHi, positions := math.Inf(1), math.Inf(-1), 0.0
	slowest, limit, depth := 0.0, 0.0, 0.0
	t20lo, t20hi := math.Inf(1), math.Inf(-1)
	for _, r := range t.Rows {
		positions = math.Max(positions, num(r[1]))
		solvedLo, solvedHi = math.Min(solvedLo, num(r[2])), math.Max(solvedHi, num(r[2]))
		if v := num(r[3]); !math.IsNaN(v) {
			slowest = math.Max(slowest, v)
		}
		if v := num(r[4]); !math.IsNaN(v) {
			limit = math.Max(limit, v)
		}
		sets = append(sets, fmt.Sprint(r[5]))
		depth = math.Max(depth, num(r[6]))
		t20lo, t20hi = math.Min(t20lo, num(r[7])), math.Max(t20hi, num(r[7]))
	}
	same := true
	for _, s := range sets {
		same = same && s == sets[0]
	}
	out := fmt.Sprintf("at depth %.0f the engine solves %.0f of the %.0f positions at every P", depth, solvedLo, positions)
	if solvedLo != solvedHi {
		out = fmt.Sprintf("at depth %.0f the engine solves %.0f to %.0f of the %.0f positions", depth, solvedLo, solvedHi, positions)
	} else if same {
		out = fmt.Sprintf("at depth %.0f the engine solves the same %.0f of the %.0f positions at every P", depth, solvedLo, positions)
	}
	if solvedHi > 0 {
		out += fmt.Sprintf(", each within %.2f s", slowest)
	}
	if unsolved := 20 - solvedHi; unsolved > 0 && limit > 0 {
		t20 := fmt.Sprintf("%.1f to %.1f s", t20lo, t20hi)
		if fmt.Sprintf("%.1f", t20lo) == fmt.Sprintf("%.1f", t20hi) {
			t20 = fmt.Sprintf("%.1f s", t20lo)
		}
		out += fmt.Sprintf(", and the %.0f unsolved ones among the fastest 20 count as the %.0f s limit, so t20 is %s, about the limit times their number, whatever the machine", unsolved, limit, t20)
	}
	return out + fmt.Sprintf("; StarTech's slope comes from reaching tournament depths faster (16 s a position on 512 processors, 10^8 nodes and more), which a simulation of %.0f positions at %d machine sizes cannot reach on this 2-core machine", positions, len(t.Rows)), nil
}

// t20pExpr is t20 at the P of the outer row (alias r).
const t20pExpr = "(SELECT SUM(seconds) FROM (SELECT seconds FROM runs x WHERE x.role = 'solve' AND x.p = r.p ORDER BY seconds LIMIT 20))"

// reproStartechRating is the reproduction "startech-rating".
var reproStartechRating = Reproduction{Name: "startech-rating", Paper: "StarTech Fig. 5", Machine: machineCM5Unfiltered, Notebook: "rating.sp", Takes: "11 minutes on a 2-core machine (500 solves, the CM-5's 250 among them)",
	Published: `StarTech Fig. 5 (top-20 time, rating 2930 − 200·log10 t20, time for all 25):
  P = 1 8936.95 s 2139 38261.91 s,  4 3152.54 s 2230,  16 1240.72 s 2311,  32 844.00 s 2344,
  64 573.19 s 2378,  256 378.72 s 2414 907.24 s,  512 319.38 s 2429 677.11 s`,
	What: "Kaufman's rating estimate against P, solving the suite on the simulated machine, free and on the CM-5 timed by its own clock",
	Claims: scaled(Scale{Positions: 25, P: []int{1, 512}, Note: "tournament depth, each position searched until it finds Kaufman's answer"}, Scale{Note: "a time limit"}, []Claim{
		{Paper: "StarTech", Source: "Fig. 5 rows 1 and 10, 000:L236-245", Condition: "Kaufman's 25 positions, P = 1 against 512", Figure: "rating 2139 → 2429 (+290)",
			Test: Test{Kind: Level, Want: 290, Tol: math.Hypot(Printed("2139"), Printed("2429"))}, Runs: ratingRuns, Query: "SELECT " + rating(512) + " - " + rating(1), Cause: conjRatingDepth, Reason: reasonRatingDepth},
		{Paper: "StarTech", Source: "§3, 000:L253; Fig. 5, 000:L236-245", Condition: "the same: the gain from 1 to 16 processors against the gain from 32 to 512 (four doublings each)", Figure: "\"a diminishing return as the number of processors increases when only the fastest 20 problems are considered\" (+172 against +85)",
			Test: Test{Kind: Trend, Want: 1, Tol: 2 * Printed("2139")}, Runs: ratingRuns, Query: "SELECT (" + rating(16) + " - " + rating(1) + ") - (" + rating(512) + " - " + rating(32) + ")", Cause: conjRatingDepth, Reason: reasonRatingDepth},
		{Paper: "StarTech", Source: "§3, 000:L253; Fig. 5 rows 9 and 10, 000:L244-245", Condition: "the time for all 25 positions, 256 against 512 processors", Figure: "\"still significant performance gains ... even when moving from a 256-node CM-5 to 512-nodes\" (907.24 s → 677.11 s, 34 % faster)",
			Test: Test{Kind: Trend, Want: 1, Tol: math.Hypot(Printed("907.24")/907.24, Printed("677.11")/677.11)}, Runs: ratingRuns, Query: "SELECT (SELECT SUM(seconds) FROM runs WHERE role = 'solve' AND p = 256) / (SELECT SUM(seconds) FROM runs WHERE role = 'solve' AND p = 512) - 1", Cause: conjRatingDepth, Reason: reasonRatingDepth},
	}),
	Differs: []Difference{
		{Setting: "depth and time", Paper: "each position searched until it finds Kaufman's answer, at tournament depths (16 s a position on 512 CM-5 processors)", Here: "iterative deepening to depth 6 with a 60 s limit", Why: "the simulator runs about 10^6 nodes a second on this machine; StarTech's searches are 10^8 nodes and more a position, at 10 machine sizes"},
		{Setting: "time", Paper: "wall-clock seconds on the CM-5", Here: "on the free machine, simulated time converted to seconds at this computer's serial speed (solve's note); on the CM-5 twin, at the CM-5's clock (one unit 160 cycles at 33 MHz, a node about 145 µs: solve --seconds clock)", Why: "the free machine's time is counted in node costs, so its ratings' absolute level is this computer's and only their slope compares; the paper does not state its time limit, and the twin reads the 60 s limit as CM-5 seconds, the unit of StarTech's own times"},
		{Setting: "table", Paper: "2^21 entries a processor, at least 2^26 in all", Here: "2^20 entries (the default preset), shared", Why: "depth-6 searches fill a small part of 2^20 entries (startech-tt)"},
	}}
