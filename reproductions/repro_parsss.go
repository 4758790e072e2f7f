package reproductions

import (
	"fmt"
	"strings"
)

// parsssMain restricts a query over parsss.sp's session to the runs in the
// paper's configuration (full form, part 1 of the notebook): the seeded uniform trees
// 1–8 (the ablations use other seeds and families) on the terminal-count
// machine without the time-slicing latencies of part 4.
const parsssMain = "role = 'parallel' AND position GLOB 'uniform:*,seed=[1-8]' AND json_extract(costs, '$.abort') = 0"

// parsssSpeedup is the query of an algorithm's mean speed-up over SSS* on
// the paper-configuration trees of one shape ("b=3,d=10") with N = n
// processes (Table 2), and memory M = m for PARITERSSS* (Table 3).
func parsssSpeedup(algo, tree string, n, m int) string {
	q := fmt.Sprintf("SELECT AVG(speedup) FROM derived WHERE %s AND algo = '%s' AND position LIKE 'uniform:%s,%%' AND p = %d", parsssMain, algo, tree, n)
	if m > 0 {
		q += fmt.Sprintf(" AND json_extract(result, '$.options.memory') = %d", m)
	}
	return q
}

// parsssCases is the cases of parsssSpeedup: one row per tree.
func parsssCases(algo, tree string, n, m int) string {
	q := strings.Replace(parsssSpeedup(algo, tree, n, m), "SELECT AVG(speedup) FROM", "SELECT position, speedup FROM", 1)
	return q + " ORDER BY position"
}

// parsssScale is the paper's experiment (one tree of the shape, N
// processes) and parsssRun the run's (8 seeded trees).
func parsssScale(n int) Scale { return Scale{Positions: 1, P: []int{n}, Note: "one random tree"} }
func parsssRun(n int) Scale   { return Scale{Positions: 8, P: []int{n}, Note: "seeded trees 1-8"} }

// iterSpeedup is PARITERSSS*'s mean speed-up over SSS* on the (3, 10)
// trees with N = n processes and memory M = m (Table 3).
func iterSpeedup(n, m int) string { return parsssSpeedup("paritersss", "b=3,d=10", n, m) }

// The written causes of Bhattacharya & Bagchi's claims, used when the run
// holds none of the ablations their reasons read (repro_parsss_reasons.go).
const (
	conjInstance = "conjecture: the tree instance: the paper's figure is one random tree's, the run's a mean over seeded trees (part 2 of the notebook places the paper's figure among many trees)"
	conjIter     = conjInstance + "; and the ITERSSS* suspension rule: the workbench's suspends the MAX child and collapses subtrees to make room (algos.IterSSS), where the paper suspends the MIN parent and states no collapse"
)

// reproParsss is the reproduction "parsss".
var reproParsss = Reproduction{Name: "parsss", Paper: "Bhattacharya & Bagchi, Tables 2 and 3", Machine: machineVAX, Notebook: "parsss.sp", Takes: "about a minute (30 s of CPU)",
	Published: `The paper's speed-ups (one random tree per shape, terminal counts):
  PARSSS*     (2,15): N=2 1.92, N=5 2.77, N=8 3.36   (3,10): N=2 1.77, N=3 1.77, N=8 2.41   (5,7): N=2 1.84, N=5 3.54, N=8 4.22
  PARITERSSS* (3,10), over SSS*: N=1 0.47/0.52/0.57/0.62, N=8 1.51/1.58/2.59/2.69 for M = 11/23/36/61`,
	What: "PARSSS* and PARITERSSS* on uniform random trees in terminal counts, speed-up over SSS*, on both clocks (Table 1: search paper:parsss-table1 --algo parsss --sim 2 --trace); then the ablations: 256 trees placed against the paper's one, correlated values, a time-sliced machine",
	Claims: scaled(Scale{Positions: 1, Note: "one random tree"}, Scale{Positions: 8, Note: "seeded trees 1-8"}, []Claim{
		{Paper: "Bhattacharya & Bagchi", Source: "§4 Table 2 row 1, 002:L88", Condition: "SSS* (= PARSSS*, N = 1) on (2, 15)", Figure: "1874 terminals",
			Test: Test{Kind: Level, Want: 1874, Tol: Printed("1874")}, PaperN: 1, PaperScale: parsssScale(1), RunScale: parsssRun(1), Cases: "SELECT position, work FROM derived WHERE " + parsssMain + " AND algo = 'parsss' AND position LIKE 'uniform:b=2,d=15,%' AND p = 1 ORDER BY position",
			Cause: conjInstance, Reason: reasonSSSTerminals("b=2,d=15", 1874)},
		{Paper: "Bhattacharya & Bagchi", Source: "§4 Table 2 row 2, 002:L89", Condition: "PARSSS* (2, 15), N = 2", Figure: "speed-up 1.92",
			Test: Test{Kind: Level, Want: 1.92, Tol: Printed("1.92")}, PaperN: 1, PaperScale: parsssScale(2), RunScale: parsssRun(2), Cases: parsssCases("parsss", "b=2,d=15", 2, 0),
			Cause: conjInstance, Reason: reasonInstance("b=2,d=15", 2, 1.92)},
		{Paper: "Bhattacharya & Bagchi", Source: "§4 Table 2 row 4, 002:L91", Condition: "PARSSS* (2, 15), N = 8", Figure: "speed-up 3.36",
			Test: Test{Kind: Level, Want: 3.36, Tol: Printed("3.36")}, PaperN: 1, PaperScale: parsssScale(8), RunScale: parsssRun(8), Cases: parsssCases("parsss", "b=2,d=15", 8, 0),
			Cause: conjInstance, Reason: reasonInstance("b=2,d=15", 8, 3.36)},
		{Paper: "Bhattacharya & Bagchi", Source: "§4 Table 2 row 8, 002:L95", Condition: "PARSSS* (3, 10), N = 8", Figure: "speed-up 2.41",
			Test: Test{Kind: Level, Want: 2.41, Tol: Printed("2.41")}, PaperN: 1, PaperScale: parsssScale(8), RunScale: parsssRun(8), Cases: parsssCases("parsss", "b=3,d=10", 8, 0),
			Cause: conjInstance, Reason: reasonInstance310, Ablations: []Ablation{slicedMachine("parsss", 8, 0)}},
		{Paper: "Bhattacharya & Bagchi", Source: "§4 Table 2 row 12, 002:L99", Condition: "PARSSS* (5, 7), N = 8", Figure: "speed-up 4.22",
			Test: Test{Kind: Level, Want: 4.22, Tol: Printed("4.22")}, PaperN: 1, PaperScale: parsssScale(8), RunScale: parsssRun(8), Cases: parsssCases("parsss", "b=5,d=7", 8, 0),
			Cause: conjInstance, Reason: reasonInstance("b=5,d=7", 8, 4.22)},
		{Paper: "Bhattacharya & Bagchi", Source: "§5 Table 3 row 1, 002:L156", Condition: "PARITERSSS* (3, 10), M = 11, N = 1, over SSS*", Figure: "0.47",
			Test: Test{Kind: Level, Want: 0.47, Tol: Printed("0.47")}, PaperN: 1, PaperScale: parsssScale(1), RunScale: parsssRun(1), Cases: parsssCases("paritersss", "b=3,d=10", 1, 11),
			Cause: conjInstance, Reason: reasonIterN1},
		{Paper: "Bhattacharya & Bagchi", Source: "§5 Table 3 rows 1, 5, 9, 13, 002:L156-168", Condition: "PARITERSSS* (3, 10), N = 1, M = 11, 23, 36, 61: the paper's one tree among the run's trees", Figure: "0.47, 0.52, 0.57, 0.62, each inside the range of the workbench's trees",
			Test: Test{Kind: Order}, Query: "SELECT SUM(v BETWEEN lo AND hi), COUNT(*) FROM (SELECT MIN(speedup) AS lo, MAX(speedup) AS hi, CASE json_extract(result, '$.options.memory') WHEN 11 THEN 0.47 WHEN 23 THEN 0.52 WHEN 36 THEN 0.57 WHEN 61 THEN 0.62 END AS v FROM derived WHERE " + parsssMain + " AND algo = 'paritersss' AND position LIKE 'uniform:b=3,d=10,%' AND p = 1 GROUP BY json_extract(result, '$.options.memory'))",
			Cause: conjInstance, Reason: reasonIterN1},
		{Paper: "Bhattacharya & Bagchi", Source: "§5 Table 3 rows 1, 5, 9, 13, 002:L156-168", Condition: "PARITERSSS* (3, 10), N = 1, M = 11, 23, 36, 61", Figure: "speed-up rises with M: 0.47, 0.52, 0.57, 0.62",
			Test: Test{Kind: Order}, Query: "SELECT ((" + iterSpeedup(1, 23) + ") > (" + iterSpeedup(1, 11) + ")) + ((" + iterSpeedup(1, 36) + ") > (" + iterSpeedup(1, 23) + ")) + ((" + iterSpeedup(1, 61) + ") > (" + iterSpeedup(1, 36) + ")), 3",
			Cause: conjInstance, Reason: reasonIterN1},
		{Paper: "Bhattacharya & Bagchi", Source: "§5 Table 3 row 4, 002:L159", Condition: "PARITERSSS* (3, 10), M = 11, N = 8, over SSS*", Figure: "1.51",
			Test: Test{Kind: Level, Want: 1.51, Tol: Printed("1.51")}, PaperN: 1, PaperScale: parsssScale(8), RunScale: parsssRun(8), Cases: parsssCases("paritersss", "b=3,d=10", 8, 11),
			Cause: conjIter, Reason: reasonIterN8Small, Ablations: []Ablation{slicedMachine("paritersss", 8, 11)}},
		{Paper: "Bhattacharya & Bagchi", Source: "§5 Table 3 row 8, 002:L163", Condition: "PARITERSSS* (3, 10), M = 23, N = 8, over SSS*", Figure: "1.58",
			Test: Test{Kind: Level, Want: 1.58, Tol: Printed("1.58")}, PaperN: 1, PaperScale: parsssScale(8), RunScale: parsssRun(8), Cases: parsssCases("paritersss", "b=3,d=10", 8, 23),
			Cause: conjIter, Reason: reasonIterN8Small, Ablations: []Ablation{slicedMachine("paritersss", 8, 23)}},
		{Paper: "Bhattacharya & Bagchi", Source: "§5 Table 3 row 12, 002:L167", Condition: "PARITERSSS* (3, 10), M = 36, N = 8, over SSS*", Figure: "2.59",
			Test: Test{Kind: Level, Want: 2.59, Tol: Printed("2.59")}, PaperN: 1, PaperScale: parsssScale(8), RunScale: parsssRun(8), Cases: parsssCases("paritersss", "b=3,d=10", 8, 36),
			Cause: conjInstance, Reason: reasonIterN8M36, Ablations: []Ablation{slicedMachine("paritersss", 8, 36)}},
		{Paper: "Bhattacharya & Bagchi", Source: "§5 Table 3 rows 8 and 12, 002:L163-167", Condition: "PARITERSSS* (3, 10), N = 8, M = 23 → 36: speed-up at 36 over speed-up at 23", Figure: "1.58 → 2.59, a ratio of 1.64",
			Test: Test{Kind: Ratio, Want: 1.64, Tol: Printed("1.64")}, PaperN: 1, PaperScale: parsssScale(8), RunScale: parsssRun(8),
			Cases: "SELECT a.position, a.speedup, b.speedup FROM (" + parsssCases("paritersss", "b=3,d=10", 8, 36) + ") a JOIN (" + parsssCases("paritersss", "b=3,d=10", 8, 23) + ") b ON b.position = a.position",
			Cause: conjIter, Reason: reasonJump},
	}),
	Differs: []Difference{
		{Setting: "trees", Paper: "uniform (b, d) trees with \"randomly generated terminal values\" (§4, 002:L82); generator, range and distribution not given",
			Here: "the uniform family: each leaf (K mod 2001) − 1000 from SplitMix64 keys (specs/synthetic-trees.md)",
			Why:  "the paper is silent; part 3 of the notebook tries values correlated along each path (the ordered family)"},
		{Setting: "number of trees", Paper: "one tree per shape; Table 3 on Table 2's (3, 10) tree (SSS* 3363 in both, 002:L92, L156-171)",
			Here: "8 seeded trees per shape (minimum, mean, maximum); 256 (3, 10) and 128 (2, 15) and (5, 7) trees in part 2, 32 ordered trees in part 3, 128 trees in part 4",
			Why:  "one instance cannot be regenerated; the paper's figure is placed among many trees instead (its rank), and the trees matched to its instance by Table 2 are picked out"},
		{Setting: "runs per tree", Paper: "the minimum of 20 runs under VMS (§4, 002:L82)", Here: "one run",
			Why: "the simulator is deterministic: every run of a tree gives the same time"},
		{Setting: "machine", Paper: "one VAX 11/750 time-slicing N processes: a kill or a wake-up waits until the process next runs (§4, 002:L84)",
			Here: "N simulated processors running at once; kills and wake-ups immediate (64 terminal counts late in part 4)",
			Why:  "the strict machine is the true multiprocessor the paper expected to give higher speed-ups (002:L84); part 4 measures the time slicing's effect"},
		{Setting: "clock", Paper: "terminal counts: a spawned process starts at its father's count; a solved MAX node takes the maximum of its count and its children's (§4, 002:L82-84)",
			Here: "terminal counts on the strict machine (speedup; the claims) and the paper's clock beside it (paper_speedup)",
			Why:  "the paper's clock lets work exceed N × time (Table 2 row 10); the two clocks' speed-ups differ little (full form, part 1)"},
		{Setting: "ITERSSS* suspension", Paper: "a LIVE MIN node x whose first child x.1 cannot be expanded in the memory left is itself made INACTIVE (§5, 002:L140); no other rule",
			Here: "the MAX node is tested and suspended when selected, and when suspending gets nowhere the off-path subtrees are collapsed to make room (algos.IterSSS)",
			Why:  "the rule taken literally can leave every state INACTIVE with M ≥ M0 (algos.IterSSS documents the trees); the collapse keeps ITERSSS* within M"},
		{Setting: "ties and kills", Paper: "not stated (FIRST's tie-break; whether a killed process's subprocesses die)",
			Here: "ties to the leftmost node; a kill takes the subprocesses with it",
			Why:  "leftmost is the only rule under which Table 1 reproduces (reading notes §2.3)"},
	}}
