package algos

import (
	"context"
	"testing"
	"time"

	"splitpoint/game"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
)

// benchScout runs Scout on a prepared Searcher b.N times, each time from
// an empty table and fresh ordering state, and reports the node rate.
func benchScout[T any, P game.Position[T]](b *testing.B, s *Searcher[T, P], roots []*T, depth int) {
	s.Start(context.Background(), time.Time{})
	var nodes uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, r := range roots {
			b.StopTimer()
			s.TT.Clear() // every op searches from an empty table
			s.ResetOrdering()
			b.StartTimer()
			s.SetRoot(r)
			before := s.Counters.Nodes
			s.Scout(0, depth, -game.Inf, game.Inf)
			nodes += s.Counters.Nodes - before
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func benchSynth(b *testing.B, name string, depth int, preset string) {
	tree, err := synth.Parse(name)
	if err != nil {
		b.Fatal(err)
	}
	opt := Presets()[preset]
	opt.TTBits = min(opt.TTBits, 18)
	benchScout(b, NewSearcher[synth.Position](opt, nil), []*synth.Position{tree.Root()}, depth)
}

func BenchmarkScoutUniform(b *testing.B) { benchSynth(b, "uniform:b=8,d=8,seed=1", 8, "plain") }
func BenchmarkScoutOrderedP85(b *testing.B) {
	benchSynth(b, "ordered:b=8,d=8,seed=1,order=p0.85", 8, "plain")
}
func BenchmarkScoutBimodal(b *testing.B) {
	benchSynth(b, "bimodal:bq=8,bc=2,q=0.79,d=14,seed=3", 14, "plain")
}
func BenchmarkScoutUniformTT(b *testing.B) { benchSynth(b, "uniform:b=8,d=8,seed=1", 8, "default") }

// BenchmarkScoutBK: Scout with the default preset (2^18 table) at depth 5
// on the first four Bratko-Kopec positions.
func BenchmarkScoutBK(b *testing.B) {
	recs := loadBK(b)
	var roots []*chess.Position
	for _, r := range recs[:4] {
		roots = append(roots, r.Pos)
	}
	opt := Presets()["default"]
	opt.TTBits = 18
	benchScout(b, NewSearcher[chess.Position](opt, nil), roots, 5)
}

// BenchmarkScoutBKPlain: the same without table, ordering or quiescence.
func BenchmarkScoutBKPlain(b *testing.B) {
	recs := loadBK(b)
	var roots []*chess.Position
	for _, r := range recs[:4] {
		roots = append(roots, r.Pos)
	}
	benchScout(b, NewSearcher[chess.Position](Presets()["plain"], nil), roots, 4)
}
