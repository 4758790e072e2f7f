package algos

import (
	"context"
	"fmt"
	"testing"

	"splitpoint/games/synth"
)

// TestSearchDispatchesSSS: Search runs sss and itersss and returns the
// negamax value with their leaf counts and OPEN peak.
func TestSearchDispatchesSSS(t *testing.T) {
	for seed := 1; seed <= 40; seed++ {
		tree, err := synth.Parse(fmt.Sprintf("uniform:b=3,d=5,seed=%d", seed))
		if err != nil {
			t.Fatal(err)
		}
		want, err := Search[synth.Position](context.Background(), tree.Root(), Options{Algo: AlgoNegamax, Depth: 5})
		if err != nil {
			t.Fatal(err)
		}
		for _, algo := range []string{AlgoSSS, AlgoIterSSS} {
			r, err := Search[synth.Position](context.Background(), tree.Root(), Options{Algo: algo, Depth: 5})
			if err != nil {
				t.Fatal(err)
			}
			if r.Value != want.Value || r.Leaves == 0 || r.Leaves > want.Leaves || r.OpenPeak == 0 {
				t.Fatalf("%s seed %d: value %d (want %d), leaves %d, peak %d", algo, seed, r.Value, want.Value, r.Leaves, r.OpenPeak)
			}
			if algo == AlgoIterSSS && r.Options.Memory != IterSSSMinMemory(5, 3) {
				t.Fatalf("itersss memory %d, want M0 = %d", r.Options.Memory, IterSSSMinMemory(5, 3))
			}
		}
	}
}
