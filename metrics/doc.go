// Package metrics holds the search statistics every algorithm of splitpoint
// reports: node counts, Knuth–Moore node types and whether nodes behaved as
// their type predicts, the first-move-best rate, and branching factors split
// by capture and non-capture nodes (Lu 1993, §2 and Table 2.1, who measured
// 2.84 overall, 1.28 at capture nodes and 7.93 elsewhere in checkers).
package metrics
