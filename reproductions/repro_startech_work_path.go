package reproductions

import (
	"context"
	"fmt"
	"strings"
)

// workPathConfig selects the runs of StarTech's configuration on the
// finite machines: Jamboree with moves ordered by the table alone (the
// ablation with the workbench's ordering is left out), at every depth and
// P; workPathRuns those at the depth judged ({{depth}}: the deepest the
// run holds, closest to the paper's tournament searches).
const (
	workPathConfig = "r.role = 'parallel' AND NOT json_extract(r.result, '$.options.killers') AND r.p > 0"
	workPathRuns   = workPathConfig + " AND r.depth = " + DepthPlaceholder
)

// workOverSerial is the query of the suite's W over the serial Scout's at
// the machine size judged ({{p}}: the paper's 512, or the run's closest).
func workOverSerial() string {
	return "SELECT 1.0 * SUM(r.work) / SUM(b.work) FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE " + workPathRuns + " AND r.p = " + PPlaceholder
}

// profileConfig selects the infinite machine's runs in StarTech's
// configuration (the profile's claims) at every depth, profileRuns those
// at the depth judged.
const (
	profileConfig = "r.role = 'parallel' AND NOT json_extract(r.result, '$.options.killers') AND r.p = -1"
	profileRuns   = profileConfig + " AND r.depth = " + DepthPlaceholder
)

// The scales of the work-path claims: StarTech's and *Tech's experiments
// (Kaufman's 25 positions under tournament conditions on 1 … 512
// processors; the profile on an infinite machine) and what the run's data
// leave out of the run's (the positions, depth and machine sizes are read
// from its runs).
var (
	workPathPaper   = Scale{Positions: 25, P: []int{1, 512}, Note: "tournament conditions"}
	profilePaper    = Scale{Positions: 25, Note: "tournament conditions, an infinite machine"}
	profileRunScale = Scale{Note: "the infinite machine"}
)

// wpDepth is the run's figures at one depth on 512 processors (or the
// infinite machine), summed over the positions: W over the serial
// Scout's, C over W, and the means of W/C and of the share of a search's
// time below 10-fold parallelism, with the positions that reach W/C 200.
type wpDepth struct {
	depth, positions, over200   int
	wOverS, cOverW, wc, below10 float64
}

// wpDepths is the run's figures per depth on machine size p (−1: the
// infinite machine), in StarTech's configuration (killers false) or the
// workbench's.
func wpDepths(ctx context.Context, db Querier, p int, killers bool) ([]wpDepth, error) {
	k := "NOT "
	if killers {
		k = ""
	}
	t, err := db.Query(ctx, fmt.Sprintf("SELECT r.depth, COUNT(*), SUM(r.parallelism >= 200), 1.0 * SUM(r.work) / SUM(b.work), 1.0 * SUM(r.span) / SUM(r.work), AVG(r.parallelism), AVG(r.par_below10) FROM runs r JOIN runs b ON b.id = r.baseline_id WHERE r.role = 'parallel' AND %sjson_extract(r.result, '$.options.killers') AND r.p = %d AND json_extract(r.costs, '$.node') = 1 GROUP BY r.depth ORDER BY r.depth", k, p))
	if err != nil {
		return nil, err
	}
	var out []wpDepth
	for _, r := range t.Rows {
		if len(r) < 7 {
			continue
		}
		out = append(out, wpDepth{depth: int(num(r[0])), positions: int(num(r[1])), over200: int(num(r[2])),
			wOverS: num(r[3]), cOverW: num(r[4]), wc: num(r[5]), below10: num(r[6])})
	}
	return out, nil
}

// atDepths prints one figure of each depth: "3.64 at depth 5 and 3.36
// at depth 6".
func atDepths[T interface{ at() int }](ds []T, f func(T) string) string {
	var parts []string
	for _, d := range ds {
		parts = append(parts, fmt.Sprintf("%s at depth %d", f(d), d.at()))
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func (d wpDepth) at() int { return d.depth }

// wpReason is a Reason of the work-path claims: the run's figures on 512
// processors per depth (and the workbench's ordering, and the infinite
// machine's), put in words by say; "" when the run has none.
func wpReason(say func(st, wb, inf []wpDepth) string) func(context.Context, Querier) (string, error) {
	return func(ctx context.Context, db Querier) (string, error) {
		st, err := wpDepths(ctx, db, 512, false)
		if err != nil || len(st) == 0 {
			return "", err
		}
		wb, _ := wpDepths(ctx, db, 512, true)
		inf, _ := wpDepths(ctx, db, -1, false)
		return say(st, wb, inf), nil
	}
}

func f2(x float64) string { return fmt.Sprintf("%.2f", x) }
func f0(x float64) string { return fmt.Sprintf("%.0f", x) }

// reasonWorkSize is the reason of the work claims that do not reproduce:
// W over the serial work against the search's size and the ordering.
var reasonWorkSize = wpReason(func(st, wb, inf []wpDepth) string {
	s := "W over the serial Scout's on 512 processors is " + atDepths(st, func(d wpDepth) string { return f2(d.wOverS) }) + ", the paper's being 2 to 3"
	if len(wb) > 0 {
		s += "; with the workbench's own ordering (killers and history) " + atDepths(wb, func(d wpDepth) string { return f2(d.wOverS) })
	}
	last := st[len(st)-1]
	return s + fmt.Sprintf("; at depth %d W/C averages %s on 512 processors, where StarTech's tournament searches had over 1000, so 512 processors start more speculative work than the tree can use", last.depth, f0(last.wc))
})

// reasonPathShare is the reason of the claim on C's share of W.
var reasonPathShare = wpReason(func(st, _, _ []wpDepth) string {
	return "C over W on 512 processors is " + atDepths(st, func(d wpDepth) string { return fmt.Sprintf("%.2f %%", 100*d.cOverW) }) + " (mean W/C " +
		atDepths(st, func(d wpDepth) string { return f0(d.wc) }) + "); StarTech's 0.1 % is a W/C over 1000"
})

// reasonParallelism is the reason of the claim on the positions whose
// W/C reaches several hundred.
var reasonParallelism = wpReason(func(st, _, inf []wpDepth) string {
	s := "W/C grows with the search's size: on 512 processors its mean is " + atDepths(st, func(d wpDepth) string { return f0(d.wc) }) +
		", and " + atDepths(st, func(d wpDepth) string { return fmt.Sprintf("%d of %d positions reach 200", d.over200, d.positions) })
	if len(inf) > 0 {
		s += "; on the infinite machine " + atDepths(inf, func(d wpDepth) string {
			return fmt.Sprintf("the mean is %s and %d of %d reach 200", f0(d.wc), d.over200, d.positions)
		})
	}
	return s
})

// reasonProfile is the reason of the profile claims: the share of a
// search's time below 10-fold parallelism against the search's size.
var reasonProfile = wpReason(func(st, _, inf []wpDepth) string {
	s := "the share of a search's time below 10-fold parallelism on 512 processors is " + atDepths(st, func(d wpDepth) string { return f2(d.below10) }) + ": smaller searches spend more of their time at low parallelism"
	if len(inf) > 0 {
		s += "; on the infinite machine, run only as deep as its memory allows here, it is " + atDepths(inf, func(d wpDepth) string { return f2(d.below10) })
	}
	return s
})

// reproStartechWorkPath is the reproduction "startech-work-path".
var reproStartechWorkPath = Reproduction{Name: "startech-work-path", Paper: "StarTech Figs. 6 and 7, §5; *Socrates §2.5–2.6", Machine: machineCM5Unfiltered, Notebook: "workpath.sp", Takes: "32 minutes with --jobs 2 beside another simulation of the same size (1,125 runs, the CM-5's 450 among them; depth 7 is most of it), 11 GB at peak (the infinite machine's runs)",
	Published: `StarTech Figs. 6 and 7: W and C of each Kaufman position on 1 … 512 processors and the best
serial program ('S'); Jamboree does "about 2 to 3 times more work" than the best serial program;
C is "less than 0.1 % of the total work" under tournament conditions (average parallelism over 1000);
on an infinite machine the average parallelism was below 4 for about a quarter of the run-time.
*Socrates: "the work increases by about a factor of two to three as the number of processors increases
from 1 to 128", C "fairly stable"; for *Tech "for half the run-time there is often less than 10-fold
parallelism".`,
	What: "W and C against P for every Kaufman position (one chart each), W over the serial Scout's per P, and the parallelism profile on the infinite machine",
	Claims: scaled(workPathPaper, Scale{}, []Claim{
		{Paper: "StarTech", Source: "abstract, 000:L16", Condition: "Kaufman's 25 positions, P = 512, suite total", Figure: "Jamboree performs \"about 2 to 3 times more work than does our best serial implementation\"",
			Test: Test{Kind: Band, Want: 2, Hi: 3, Tol: Printed("2")}, Runs: workPathConfig, Query: workOverSerial(), Reason: reasonWorkSize},
		{Paper: "StarTech", Source: "abstract, 000:L16", Condition: "the same (tournament conditions)", Figure: "\"the critical path length ... is less than 0.1% of the total work\" (0.1 % − C/W > 0)",
			Test: Test{Kind: Trend, Want: 1}, Runs: workPathConfig, Query: "SELECT 0.001 - 1.0 * SUM(r.span) / SUM(r.work) FROM runs r WHERE " + workPathRuns + " AND r.p = " + PPlaceholder,
			Reason: reasonPathShare},
		{Paper: "*Socrates", Source: "§2.6, 001:L738-740", Condition: "*Tech, P = 1 to 128, suite total", Figure: "\"the work increases by about a factor of two to three as the number of processors increases from 1 to 128\"",
			Test: Test{Kind: Band, Want: 2, Hi: 3, Tol: Printed("2")}, Runs: workPathConfig, PaperScale: Scale{P: []int{1, 128}, Note: "tournament conditions"},
			Query: fmt.Sprintf("SELECT 1.0 * (SELECT SUM(r.work) FROM runs r WHERE %[1]s AND r.p = (SELECT MAX(x.p) FROM runs x WHERE x.p IN %[2]s)) / (SELECT SUM(r.work) FROM runs r WHERE %[1]s AND r.p = (SELECT MIN(x.p) FROM runs x WHERE x.p IN %[2]s))", workPathRuns, PsPlaceholder), Reason: reasonWorkSize},
		{Paper: "*Socrates", Source: "§2.6, 001:L740-741", Condition: "the same, P = 1 … 512, the suite's C (largest over smallest)", Figure: "\"the critical path length is fairly stable as the number of processors increases\"",
			Test: Test{Kind: Level, Want: 1, Tol: 0.5}, Override: "\"fairly stable\" (001:L740-741) gives no figure: the largest C over the smallest within 1.5 is read as stable, half a unit of the whole number 1", Runs: workPathConfig, Query: "SELECT MAX(c) * 1.0 / MIN(c) FROM (SELECT SUM(r.span) AS c FROM runs r WHERE " + workPathRuns + " AND r.p IN " + PsPlaceholder + " GROUP BY r.p)"},
		{Paper: "*Socrates", Source: "§2.5, 001:L627-629", Condition: "*Tech's ideal parallelism profile on an infinite machine (here: Kaufman's 25 positions at the deepest depth run on it, the mean fraction of a search's time)", Figure: "\"for half the run-time there is often less than 10-fold parallelism\"",
			Test: Test{Kind: Level, Want: 0.5, Tol: 0.05}, PaperN: 1, Runs: profileConfig, PaperScale: profilePaper, RunScale: profileRunScale, Cases: "SELECT r.position_id, r.par_below10 FROM runs r WHERE " + profileRuns + " ORDER BY r.position_id",
			Override: "\"half the run-time\" (001:L627-629) is a share in words: its precision is taken as ±5 points, half the step between round shares",
			Reason:   reasonProfile},
		{Paper: "StarTech", Source: "§5, 000:L417", Condition: "an infinite processor machine (here: Kaufman's 25 positions at the deepest depth run on it, the mean fraction of a search's time)", Figure: "\"for about a quarter of the run-time ... the average parallelism was less than 4\"",
			Test: Test{Kind: Level, Want: 0.25, Tol: 0.05}, PaperN: 1, Runs: profileConfig, PaperScale: profilePaper, RunScale: profileRunScale, Cases: "SELECT r.position_id, (SELECT SUM(j.value) FROM json_each(r.result, '$.profile.low') j WHERE j.key < 4) * 1.0 / json_extract(r.result, '$.profile.end') FROM runs r WHERE " + profileRuns + " ORDER BY r.position_id",
			Override: "\"about a quarter\" (000:L417) is a share in words: its precision is taken as ±5 points, half the step between round shares",
			Reason:   reasonProfile},
		{Paper: "StarTech", Source: "§5, 000:L417", Condition: "the same, the share of positions", Figure: "\"I typically saw average parallelism of at least several hundred\" (W/C ≥ 200)",
			Test: Test{Kind: Order}, Runs: profileConfig, PaperScale: profilePaper, RunScale: profileRunScale, Query: "SELECT SUM(r.parallelism >= 200), COUNT(*) FROM runs r WHERE " + profileRuns,
			Reason: reasonParallelism},
	}),
	Differs: []Difference{
		{Setting: "depth", Paper: "tournament conditions: each position searched to the depth the time allows (about 16 s a position on 512 processors, W/C over 1000)", Here: "depths 6 and 7, free and on the CM-5; the claims are judged at 7, the deepest; depth 5 at P = 1, 128, 512 as the ablation", Why: "simulating 25 positions at 8 machine sizes at tournament depths takes days on this 2-core machine; depth 7 is where Jamboree's W/C at P = 512 reaches the hundreds to thousands (the per-depth figures in the causes)"},
		{Setting: "the profile's depth", Paper: "tournament searches on an infinite machine", Here: "depth 5 on the infinite machine", Why: "at depth 6 the infinite machine runs some 50,000 simulated processors at once, 5 GB and 3 minutes a position; depth 5 needs about 13,000"},
		{Setting: "move ordering", Paper: "the transposition table's move alone (StarTech has no killer or history tables)", Here: "the same (killers and history off); the workbench's ordering (killers and history, the default preset) at P = 1, 128, 512 and inf beside it", Why: "the claims are judged in the paper's configuration; the workbench's shows how much its better ordering changes W"},
		{Setting: "machine", Paper: "the CM-5 (1 … 512 processors; smaller sizes on a 32-processor partition with processors disabled); the profile from a reconstructed schedule on an infinite machine", Here: "the simulated machine with unit node costs, 1 … 512 processors, and its infinite machine for the profile", Why: "W and C in nodes do not depend on the machine's costs; the profile counts the tasks that could run at each moment, as StarTech's reconstruction did"},
		{Setting: "program", Paper: "StarTech's Jamboree (deferred reads, recursive iterative deepening) and its serial program", Here: "the workbench's Jamboree with deferred and rid, the serial Scout with the same options as 'S'", Why: "the workbench's engine"},
	}}
