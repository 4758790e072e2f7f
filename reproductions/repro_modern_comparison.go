package reproductions

// modernSim is the condition of the simulated sweep of modern.sp
// (Bratko-Kopec 1-12, depth 5, P = 1 … 512).
const modernSim = "role = 'parallel' AND machine = 'sim' AND p > 1"

// modernMean is the SQL expression of the mean of expr over the positions
// for algo at the machine size x.p.
func modernMean(expr, algo string) string {
	return "(SELECT AVG(" + expr + ") FROM derived WHERE " + modernSim + " AND algo = '" + algo + "' AND p = x.p)"
}

// modernPerP is the cases query of an order over the machine sizes of the
// simulated sweep: per P whether cond holds.
func modernPerP(cond string) string {
	return "SELECT x.p, " + cond + " FROM (SELECT DISTINCT p FROM derived WHERE " + modernSim + ") x ORDER BY x.p"
}

// modernScale is the run's: Bratko-Kopec 1-12 at depth 5 on the simulated
// machine from P = 4 to 512.
var modernScale = Scale{Positions: 12, Depth: 5, P: []int{4, 512}}

// modernClaims are the comparisons the modern literature states between
// YBWC, ABDADA and Lazy SMP that one engine can judge: each algorithm's
// own source states how it limits (or does not limit) speculative work,
// and the comparisons follow; their figures come from other engines, so
// only the order is judged, over every machine size of the run.
func modernClaims() []Claim {
	return []Claim{
		{Paper: "Shawul (talkchess 2013)", Source: "\"Shared hash table smp result\", www.talkchess.com/forum3/viewtopic.php?p=511897",
			Condition: "a search that shares only the table (Lazy SMP's scheme) against YBWC: time-to-depth speedup at every P of the simulated sweep",
			Figure:    "shared-table-only time scaling 1.3, 1.42, 1.42 at 2, 4, 8 CPUs (node rate 1.27, 1.59, 1.67): \"no way you would get numbers close to 1.7\" without PV or YBW splitting",
			Test:      Test{Kind: Order}, Cases: modernPerP(modernMean("speedup", "lazysmp") + " < " + modernMean("speedup", "ybwc")),
			PaperScale: Scale{Positions: 30, P: []int{2, 8}, Note: "Scorpio at depth 17"}, RunScale: modernScale,
			Cause: "conjecture: on the deterministic simulator the Lazy SMP searchers diverge only by the depths and move orders the algorithm gives them, not by timing (the non-determinism its gains come from, Wikipedia \"Lazy SMP\")"},
		{Paper: "Weill (ABDADA)", Source: "chessprogramming.org/ABDADA: \"it is possible to control speculative parallelism\" (the number of processors searching a node kept in the table)",
			Condition: "ABDADA's search overhead against Lazy SMP's, which controls none, at every P of the simulated sweep",
			Figure:    "ABDADA keeps YBWC's rule (the eldest son first) and defers nodes other processors search: less speculative work than searchers that share only the table",
			Test:      Test{Kind: Order}, Cases: modernPerP(modernMean("search_overhead", "abdada") + " < " + modernMean("search_overhead", "lazysmp")),
			PaperScale: Scale{Note: "not stated (a description of the algorithm)"}, RunScale: modernScale,
			Cause: "conjecture: no ablation of the run separates the deferral from the shared table"},
		{Paper: "Feldmann (YBWC)", Source: "chessprogramming.org/ABDADA on YBWC (Feldmann et al. 1986, 1993): \"allow parallel search only if the eldest son has been fully evaluated\"",
			Condition: "YBWC's search overhead against Lazy SMP's at every P of the simulated sweep",
			Figure:    "the young brothers wait for the eldest: speculative work only where the first child did not cut off",
			Test:      Test{Kind: Order}, Cases: modernPerP(modernMean("search_overhead", "ybwc") + " < " + modernMean("search_overhead", "lazysmp")),
			PaperScale: Scale{Note: "not stated (a description of the algorithm)"}, RunScale: modernScale,
			Cause: "conjecture: no ablation of the run separates the wait from the shared table"},
		{Paper: "Shawul (talkchess 2013)", Source: "\"Shared hash table smp result\", www.talkchess.com/forum3/viewtopic.php?p=511897",
			Condition: "Lazy SMP: node-rate scaling above time-to-depth speedup (search overhead above 0) at every P of the simulated sweep",
			Figure:    "node rate 1.27, 1.59, 1.67 against time 1.3, 1.42, 1.42 at 2, 4, 8 CPUs: the extra nodes do not shorten the time to depth in proportion",
			Test:      Test{Kind: Order}, Cases: modernPerP(modernMean("search_overhead", "lazysmp") + " > 0"),
			PaperScale: Scale{Positions: 30, P: []int{2, 8}, Note: "Scorpio at depth 17"}, RunScale: modernScale,
			Cause: "conjecture: see the first claim"},
	}
}

// reproModernComparison is the reproduction "modern-comparison". The
// published speed-ups of DTS and of Feldmann's YBWC come from other
// programs on other machines and positions, so they are printed, not
// judged (Differs says why, point by point); the comparisons between the
// algorithms that their sources state are claims (modernClaims).
var reproModernComparison = Reproduction{Name: "modern-comparison", Paper: "Hyatt's DTS, Feldmann's YBWC; Weill; Stockfish", Machine: machineModern, Notebook: "modern.sp", Takes: "15 minutes on a quiet 2-core machine",
	Published: `Published reference points (different programs, machines and positions; not a controlled comparison):
  Hyatt's DTS (Cray Blitz): speedups 2.0 / 3.7 / 6.6 / 11.1 on 2 / 4 / 8 / 16 CPUs
  Feldmann's YBWC (Zugzwang): 28-34 on 64 processors, 126 on 256
  Engines report Lazy SMP by Elo (e.g. 2 threads against 1 at a fixed time control), not by speedup.`,
	Claims: modernClaims(),
	What:   "every parallel algorithm (Jamboree, PVSplit, PVFSplit, root splitting, YBWC, ABDADA, Lazy SMP) on the same positions: pool speedup and search overhead, simulated W, C, T_P and the model fit per algorithm, Elo of 2 workers against 1",
	Differs: []Difference{
		{Setting: "Hyatt's DTS speed-ups (no claim)", Paper: "Cray Blitz running DTS on a Cray of 2-16 processors, his own test positions from games, wall-clock time",
			Here: "the workbench's YBWC and Jamboree (not DTS), Bratko-Kopec 1-12 at depth 5-6, simulated unit-cost nodes and a 2-core pool",
			Why:  "the algorithm, program, evaluation, positions and machine all differ (his positions were found in one source only, suites/data/SOURCES.md): a speed-up here set against his would compare unlike things, so his figures are printed, not judged"},
		{Setting: "Feldmann's YBWC speed-ups (no claim)", Paper: "Zugzwang on a distributed-memory machine of 64 and 256 processors (message passing, a distributed table), his own positions and depths",
			Here: "YBWC on the simulated shared-memory machine up to P = 512, depth 5, one shared table",
			Why:  "the speed-up of a distributed-memory program over deep searches is not the same quantity as a simulated shared-memory speed-up at depth 5 (work grows with depth, and the machines' costs differ); printed, not judged"},
		{Setting: "Lazy SMP and ABDADA (figures not judged; comparisons judged)", Paper: "engines (Stockfish's Lazy SMP; Weill's ABDADA) with their own evaluation and pruning, Lazy SMP judged by Elo in games, not by speed-up",
			Here: "the workbench's Lazy SMP and ABDADA: 24 games of 2 workers against 1 at tc=2+0.05 on the 2-core pool, and their simulated speed-ups",
			Why:  "no published figure is stated under a condition this run can meet, so only the orders the sources state between the algorithms are claims (judged over every P of the simulated sweep); the Elo here is measured for itself, and 24 games on a shared 2-core machine bound it only loosely"},
	}}
