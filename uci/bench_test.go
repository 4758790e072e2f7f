package uci

import (
	"context"
	"testing"

	"splitpoint/lab"
)

// BenchmarkThink is the engine's search of the Bratko-Kopec positions 1–4
// to depth 6, one iteration per lab search (Think), for a serial and a
// parallel row of the table: it reports nodes per second and the nodes
// of each position's deepest iteration summed with the shallower ones
// (the cost of reporting every iteration).
func BenchmarkThink(b *testing.B) {
	items, err := lab.Resolve("suite:bk#1-4")
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		keys [][2]string
	}{
		{"scout", [][2]string{{"algo", "scout"}}},
		{"scout-hash1", [][2]string{{"algo", "scout"}, {"hash", "1"}}},
		{"jamboree-2", [][2]string{{"algo", "jamboree"}, {"workers", "2"}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			cfg := DefaultConfig()
			for _, kv := range c.keys {
				if err := cfg.Set(kv[0], kv[1]); err != nil {
					b.Fatal(err)
				}
			}
			var nodes uint64
			var secs float64
			for range b.N {
				s, err := NewSearcher(cfg)
				if err != nil {
					b.Fatal(err)
				}
				for _, it := range items {
					info, err := s.Think(context.Background(), it, Plan{Depth: 6}, nil)
					if err != nil {
						b.Fatal(err)
					}
					nodes += info.Nodes
					secs += info.Time.Seconds()
				}
			}
			b.ReportMetric(float64(nodes)/secs, "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
