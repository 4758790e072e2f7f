package synth

import "splitpoint/game"

// pinned holds root values that must never change. Sources:
//   - literal:((3 -2) (5 (1 4))) = -1 by hand: max(-3, 2) = 2 and
//     max(-5, -max(-1, -4)) = 1, so the root is max(-2, -1) = -1;
//   - paper:parsss-table1 = 4, Bhattacharya & Bagchi, Table 1;
//   - ordered trees: V(root) = (mix(seed) mod 201) − 100 by construction;
//   - uniform and bimodal trees: the package and the independent reference
//     implementation in synth_test.go, which agree (2026-11-21).
var pinned = map[string]game.Value{
	"uniform:b=2,d=1,seed=0":               777,
	"uniform:b=3,d=4,seed=1":               -315,
	"uniform:b=4,d=6,seed=42":              -404,
	"uniform:b=8,d=4,seed=7":               -574,
	"uniform:b=1,d=3,seed=5":               863,
	"uniform:b=5,d=0,seed=9":               395,
	"ordered:b=3,d=5,seed=1,order=best":    93,
	"ordered:b=4,d=4,seed=2,order=worst":   24,
	"ordered:b=5,d=4,seed=3,order=p0.85":   -56,
	"ordered:b=2,d=8,seed=4,order=p0":      -2,
	"bimodal:bq=8,bc=2,q=0.79,d=10,seed=1": -811,
	"bimodal:bq=4,bc=3,q=0.5,d=8,seed=2":   -297,
	"literal:((3 -2) (5 (1 4)))":           -1,
	"paper:parsss-table1":                  4,
}
