package reproductions

// reproModernComparison is the reproduction "modern-comparison". Its
// published points come from other programs on other machines and
// positions, so none of them is a claim this run can test: Differs says
// why, point by point.
var reproModernComparison = Reproduction{Name: "modern-comparison", Paper: "Hyatt's DTS, Feldmann's YBWC; Weill; Stockfish", Machine: machineModern, Notebook: "modern.sp", Takes: "about an hour",
	Published: `Published reference points (different programs, machines and positions; not a controlled comparison):
  Hyatt's DTS (Cray Blitz): speedups 2.0 / 3.7 / 6.6 / 11.1 on 2 / 4 / 8 / 16 CPUs
  Feldmann's YBWC (Zugzwang): 28-34 on 64 processors, 126 on 256
  Engines report Lazy SMP by Elo (e.g. 2 threads against 1 at a fixed time control), not by speedup.`,
	What: "every parallel algorithm (Jamboree, PVSplit, PVFSplit, root splitting, YBWC, ABDADA, Lazy SMP) on the same positions: pool speedup and search overhead, simulated W, C, T_P and the model fit per algorithm, Elo of 2 workers against 1",
	Differs: []Difference{
		{Setting: "Hyatt's DTS speed-ups (no claim)", Paper: "Cray Blitz running DTS on a Cray of 2-16 processors, his own test positions from games, wall-clock time",
			Here: "the workbench's YBWC and Jamboree (not DTS), Bratko-Kopec 1-12 at depth 5-6, simulated unit-cost nodes and a 2-core pool",
			Why:  "the algorithm, program, evaluation, positions and machine all differ (his positions were found in one source only, suites/data/SOURCES.md): a speed-up here set against his would compare unlike things, so his figures are printed, not judged"},
		{Setting: "Feldmann's YBWC speed-ups (no claim)", Paper: "Zugzwang on a distributed-memory machine of 64 and 256 processors (message passing, a distributed table), his own positions and depths",
			Here: "YBWC on the simulated shared-memory machine up to P = 512, depth 5, one shared table",
			Why:  "the speed-up of a distributed-memory program over deep searches is not the same quantity as a simulated shared-memory speed-up at depth 5 (work grows with depth, and the machines' costs differ); printed, not judged"},
		{Setting: "Lazy SMP and ABDADA (no claim)", Paper: "engines (Stockfish's Lazy SMP; Weill's ABDADA) with their own evaluation and pruning, Lazy SMP judged by Elo in games, not by speed-up",
			Here: "the workbench's Lazy SMP and ABDADA: 24 games of 2 workers against 1 at tc=2+0.05 on the 2-core pool, and their simulated speed-ups",
			Why:  "no published figure is stated under a condition this run can meet; the Elo here is measured for itself, and 24 games on a shared 2-core machine bound it only loosely"},
	}}
