package sched

import (
	"context"
	"testing"
)

func BenchmarkX1(b *testing.B) {
	root, _ := negamaxRoot(b, "uniform:b=40,d=3,seed=1")
	for b.Loop() {
		Run(context.Background(), Config{Machine: "pool", P: 1, Seed: 1, ProfileBuckets: -1}, root)
	}
}
