package algos

import (
	"context"
	"fmt"
	"testing"

	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/sched"
)

// BenchmarkPVSplitLuShape gives, in the form of Lu's Tables 4.1 and
// 5.1–5.3, the mean speedup, search overhead and % idle (starved /
// stragglers) of the four algorithms of the PVSplit family on four
// checkers positions (six plies of fixed lines from the start) at depth
// 13, on the simulator with 2, 4, 8 and 16 searchers, in Lu's setting:
// one shared 2^20 table, shared history, iterative deepening, the -LB
// threshold 2 % of the serial node count (Lu's 5 s was 0.7–2.7 % of his
// serial times). The serial reference is the serial Scout with the same
// options; on the simulator T_1 is its node count. Each sub-benchmark
// (algorithm/P) reports the simulated figures, deterministic, with
// b.ReportMetric (about 10 s in all):
//
//	go test ./algos -run XXX -bench PVSplitLuShape -benchtime 1x
func BenchmarkPVSplitLuShape(b *testing.B) {
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
			b.Fatal(err)
		}
		refs[i] = ref
	}
	k := float64(len(positions))
	for _, algo := range PVSplitAlgorithms() {
		for _, p := range []int{2, 4, 8, 16} {
			b.Run(fmt.Sprintf("%s/P=%d", algo, p), func(b *testing.B) {
				var sp, so, idle, st, sg float64
				for b.Loop() {
					sp, so, idle, st, sg = 0, 0, 0, 0, 0
					for i, pos := range positions {
						opt := base
						opt.Algo = algo
						opt.SharedHistory = true
						opt.LBThreshold = int64(refs[i].Counters.Nodes / 50)
						res, _, err := RunPVSplit[checkers.Position](ctx, pos, opt, sched.Config{Machine: sched.SimOf(p)})
						if err != nil {
							b.Fatal(err)
						}
						if res.Value != refs[i].Value {
							b.Logf("position %d: value %d, serial %d (the table makes them differ at times, as Lu's * marks)", i, res.Value, refs[i].Value)
						}
						m := res.Lu(refs[i].Counters.Nodes, int64(refs[i].Counters.Nodes))
						sp += m.Speedup / k
						so += 100 * m.SearchOverhead / k
						idle += m.IdlePct / k
						st += m.StarvedPct / k
						sg += m.StragglerPct / k
					}
				}
				b.ReportMetric(sp, "speedup")
				b.ReportMetric(so, "SO_%")
				b.ReportMetric(idle, "idle_%")
				b.ReportMetric(st, "starved_%")
				b.ReportMetric(sg, "stragglers_%")
			})
		}
	}
}
