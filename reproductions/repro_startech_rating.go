package reproductions

import (
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

// causeRatingDepth is the cause of the rating claims that do not
// reproduce.
const causeRatingDepth = "argued from the notebook's run (its figures quoted, not recomputed here; the notebook's solved-per-P query): at depth 6 the engine solves the same positions at every P, each within a fraction of a second, and the unsolved ones among the fastest 20 count as the 60 s limit, so t20 is about the limit times their number whatever the machine; StarTech's slope comes from reaching tournament depths faster (16 s a position on 512 processors, 10^8 nodes and more), which a simulation of 25 positions at 10 machine sizes cannot reach on this 2-core machine"

// reproStartechRating is the reproduction "startech-rating".
var reproStartechRating = Reproduction{Name: "startech-rating", Paper: "StarTech Fig. 5", Machine: machineCM5, Notebook: "rating.sp", Takes: "29 minutes on the shared 2-core machine at load 10-20",
	Published: `StarTech Fig. 5 (top-20 time, rating 2930 − 200·log10 t20, time for all 25):
  P = 1 8936.95 s 2139 38261.91 s,  4 3152.54 s 2230,  16 1240.72 s 2311,  32 844.00 s 2344,
  64 573.19 s 2378,  256 378.72 s 2414 907.24 s,  512 319.38 s 2429 677.11 s`,
	What: "Kaufman's rating estimate against P, solving the suite on the simulated machine",
	Claims: scaled(Scale{Positions: 25, P: []int{1, 512}, Note: "tournament depth, each position searched until it finds Kaufman's answer"}, Scale{Note: "a time limit"}, []Claim{
		{Paper: "StarTech", Source: "Fig. 5 rows 1 and 10, 000:L236-245", Condition: "Kaufman's 25 positions, P = 1 against 512", Figure: "rating 2139 → 2429 (+290)",
			Test: Test{Kind: Level, Want: 290, Tol: math.Hypot(Printed("2139"), Printed("2429"))}, Runs: ratingRuns, Query: "SELECT " + rating(512) + " - " + rating(1), Cause: causeRatingDepth},
		{Paper: "StarTech", Source: "§3, 000:L253; Fig. 5, 000:L236-245", Condition: "the same: the gain from 1 to 16 processors against the gain from 32 to 512 (four doublings each)", Figure: "\"a diminishing return as the number of processors increases when only the fastest 20 problems are considered\" (+172 against +85)",
			Test: Test{Kind: Trend, Want: 1, Tol: 2 * Printed("2139")}, Runs: ratingRuns, Query: "SELECT (" + rating(16) + " - " + rating(1) + ") - (" + rating(512) + " - " + rating(32) + ")", Cause: causeRatingDepth},
		{Paper: "StarTech", Source: "§3, 000:L253; Fig. 5 rows 9 and 10, 000:L244-245", Condition: "the time for all 25 positions, 256 against 512 processors", Figure: "\"still significant performance gains ... even when moving from a 256-node CM-5 to 512-nodes\" (907.24 s → 677.11 s, 34 % faster)",
			Test: Test{Kind: Trend, Want: 1, Tol: math.Hypot(Printed("907.24")/907.24, Printed("677.11")/677.11)}, Runs: ratingRuns, Query: "SELECT (SELECT SUM(seconds) FROM runs WHERE role = 'solve' AND p = 256) / (SELECT SUM(seconds) FROM runs WHERE role = 'solve' AND p = 512) - 1", Cause: causeRatingDepth},
	}),
	Differs: []Difference{
		{Setting: "depth and time", Paper: "each position searched until it finds Kaufman's answer, at tournament depths (16 s a position on 512 CM-5 processors)", Here: "iterative deepening to depth 6 with a 60 s limit", Why: "the simulator runs about 10^6 nodes a second on this machine; StarTech's searches are 10^8 nodes and more a position, at 10 machine sizes"},
		{Setting: "time", Paper: "wall-clock seconds on the CM-5", Here: "simulated time converted to seconds at this computer's serial speed (solve's note)", Why: "the simulated machine's time is counted in node costs; the ratings' absolute level is therefore this computer's, and only their slope compares"},
		{Setting: "table", Paper: "2^21 entries a processor, at least 2^26 in all", Here: "2^20 entries (the default preset), shared", Why: "depth-6 searches fill a small part of 2^20 entries (startech-tt)"},
	}}
