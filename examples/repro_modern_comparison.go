package examples

// reproModernComparison is the reproduction "modern-comparison".
var reproModernComparison = Reproduction{Name: "modern-comparison", Paper: "Hyatt's DTS, Feldmann's YBWC; Weill; Stockfish", Notebook: "modern.sp", Takes: "about an hour",
	Published: `Published reference points (different programs, machines and positions; not a controlled comparison):
  Hyatt's DTS (Cray Blitz): speedups 2.0 / 3.7 / 6.6 / 11.1 on 2 / 4 / 8 / 16 CPUs
  Feldmann's YBWC (Zugzwang): 28-34 on 64 processors, 126 on 256
  Engines report Lazy SMP by Elo (e.g. 2 threads against 1 at a fixed time control), not by speedup.`,
	What: "every parallel algorithm (Jamboree, PVSplit, PVFSplit, root splitting, YBWC, ABDADA, Lazy SMP) on the same positions: pool speedup and search overhead, simulated W, C, T_P and the model fit per algorithm, Elo of 2 workers against 1"}
