package examples

// reproLu is the reproduction "lu".
var reproLu = Reproduction{Name: "lu", Paper: "Lu 1993, Tables 4.1, 5.1, 5.2, 5.3", Notebook: "lu.sp", Takes: "6½ minutes",
	Published: `Lu's means over his 20 positions (speedup / % search overhead / % idle per searcher):
  searchers      PVSplit            PVFSplit           PVSplit-LB         PVFSplit-LB
  2          1.38 / 10.1 / 17.9  1.48 /  8.8 / 12.8  1.44 / 11.3 / 13.0  1.53 / 11.8 /  8.4
  4          1.79 / 16.7 / 45.5  2.03 / 24.3 / 30.8  1.89 / 22.3 / 37.4  2.18 / 27.0 / 23.8
  8          1.88 / 15.9 / 70.1  2.71 / 46.4 / 48.8  2.06 / 21.3 / 63.6  2.80 / 59.8 / 40.8
  16         1.92 / 15.3 / 84.8  2.91 / 83.5 / 67.1  2.00 / 24.2 / 81.4  3.32 / 70.9 / 62.5`,
	What: "PVSplit, PVFSplit, PVSplit-LB, PVFSplit-LB with 1–16 searchers on the Tinsley–Chinook 1992 suite: speedup, search overhead, idle time per searcher"}
