package algos

import (
	"context"
	"os"
	"testing"

	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/sched"
)

// TestPVSplitLuShape prints, in the form of Lu's Tables 4.1 and 5.1-5.3,
// the mean speedup, search overhead and % idle (starved / stragglers) of
// the four algorithms on four checkers positions (six plies of fixed
// lines from the start) at depth 13, on the simulator with 2, 4, 8 and 16
// searchers, in Lu's setting: one shared 2^20 table, shared history,
// iterative deepening, the -LB threshold 2 % of the serial node count (Lu's
// 5 s was 0.7-2.7 % of his serial times). The serial reference is the
// serial Scout with the same options; on the simulator T_1 is its node
// count. It only runs with PVSPLIT_SHAPE=1 (about 10 s):
//
//	PVSPLIT_SHAPE=1 go test ./algos -run TestPVSplitLuShape -v
func TestPVSplitLuShape(t *testing.T) {
	if os.Getenv("PVSPLIT_SHAPE") == "" {
		t.Skip("set PVSPLIT_SHAPE=1 to print the table")
	}
	ctx := context.Background()
	var positions []*checkers.Position
	var buf [game.MaxMoves]game.Move
	for s := range 4 {
		p := *checkers.Start()
		for ply := range 6 {
			n := p.Moves(buf[:])
			var next checkers.Position
			p.Play(buf[(ply*(s+3))%n], &next)
			p = next
		}
		positions = append(positions, &p)
	}
	base := Options{Algo: AlgoScout, Depth: 13, TTBits: 20, TTMove: true, Killers: true, History: true, Iterative: true}
	refs := make([]*Result, len(positions))
	for i, pos := range positions {
		ref, err := Search[checkers.Position](ctx, pos, base)
		if err != nil {
			t.Fatal(err)
		}
		refs[i] = ref
	}
	k := float64(len(positions))
	for _, algo := range PVSplitAlgorithms() {
		for _, p := range []int{2, 4, 8, 16} {
			var sp, so, idle, st, sg float64
			for i, pos := range positions {
				opt := base
				opt.Algo = algo
				opt.SharedHistory = true
				opt.LBThreshold = int64(refs[i].Counters.Nodes / 50)
				res, _, err := RunPVSplit[checkers.Position](ctx, pos, opt, sched.Config{Machine: sched.SimOf(p)})
				if err != nil {
					t.Fatal(err)
				}
				if res.Value != refs[i].Value {
					t.Logf("%s P=%d position %d: value %d, serial %d (the table makes them differ at times, as Lu's * marks)", algo, p, i, res.Value, refs[i].Value)
				}
				m := res.Lu(refs[i].Counters.Nodes, int64(refs[i].Counters.Nodes))
				sp += m.Speedup / k
				so += 100 * m.SearchOverhead / k
				idle += m.IdlePct / k
				st += m.StarvedPct / k
				sg += m.StragglerPct / k
			}
			t.Logf("%-12s P=%2d speedup %.2f SO %5.1f%% idle %5.1f%% (starved %5.1f%%, stragglers %5.1f%%)", algo, p, sp, so, idle, st, sg)
		}
	}
}
