package chess

import (
	"math/rand"
	"testing"
)

// TestMagics checks the magic lookups against ray walking and times the
// (deterministic) magic search, which must stay fast.
func TestMagics(t *testing.T) {
	initMagics() // same seed: rebuilds identical tables
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 20000; i++ {
		sq := rng.Intn(64)
		occ := rng.Uint64() & rng.Uint64()
		if rookAttacks(sq, occ) != slowAttacks(sq, occ, &rookDirs) {
			t.Fatalf("rook %d %x", sq, occ)
		}
		if bishopAttacks(sq, occ) != slowAttacks(sq, occ, &bishopDirs) {
			t.Fatalf("bishop %d %x", sq, occ)
		}
	}
}

// BenchmarkInitMagics: the time to build the magic tables at start-up
// (it was a 50 ms limit in TestMagics; timing does not decide a test).
func BenchmarkInitMagics(b *testing.B) {
	for b.Loop() {
		initMagics()
	}
}

// TestMagicSearch checks that the fixed-seed search alone (without the
// stored multipliers) also yields working magics.
func TestMagicSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	saveR, saveB := rookMagicMults, bishopMagicMults
	defer func() {
		rookMagicMults, bishopMagicMults = saveR, saveB
		initMagics()
	}()
	rookMagicMults, bishopMagicMults = [64]uint64{}, [64]uint64{}
	initMagics()
	rng := rand.New(rand.NewSource(8))
	for i := 0; i < 5000; i++ {
		sq := rng.Intn(64)
		occ := rng.Uint64() & rng.Uint64()
		if rookAttacks(sq, occ) != slowAttacks(sq, occ, &rookDirs) || bishopAttacks(sq, occ) != slowAttacks(sq, occ, &bishopDirs) {
			t.Fatalf("searched magics wrong at %d", sq)
		}
	}
}
