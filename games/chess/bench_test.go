package chess

import (
	"testing"

	"splitpoint/game"
)

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func benchPerft(b *testing.B, fen string, depth int) {
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		nodes += Perft(p, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
}

// BenchmarkPerftStart is perft 6 of the initial position (119,060,324 nodes).
func BenchmarkPerftStart(b *testing.B) { benchPerft(b, StartFEN, 6) }

// BenchmarkPerftKiwipete is perft 5 of "Kiwipete" (193,690,690 nodes).
func BenchmarkPerftKiwipete(b *testing.B) { benchPerft(b, kiwipeteFEN, 5) }

// BenchmarkMoves generates the legal moves of Kiwipete.
func BenchmarkMoves(b *testing.B) {
	p, _ := ParseFEN(kiwipeteFEN)
	var buf [game.MaxMoves]game.Move
	for i := 0; i < b.N; i++ {
		p.Moves(buf[:])
	}
}

// BenchmarkPlay plays every legal move of Kiwipete (per move).
func BenchmarkPlay(b *testing.B) {
	p, _ := ParseFEN(kiwipeteFEN)
	var buf [game.MaxMoves]game.Move
	n := p.Moves(buf[:])
	var q Position
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Play(buf[i%n], &q)
	}
}
