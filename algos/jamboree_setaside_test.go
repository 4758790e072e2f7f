package algos

import (
	"context"
	"testing"

	"splitpoint/game"
	"splitpoint/games/synth"
)

// TestJamboreeSetAsideVariants: with the table off, Jamboree with the
// serializations the papers set aside (serialize-all, StarTech §4; value2,
// *Socrates §2.5), alone, together and beside the other variants, returns
// the negamax value (serial Scout's) on seeded synthetic trees of every
// family, on pool and simulated machines of several sizes; and each of
// them fires on some of the runs.
func TestJamboreeSetAsideVariants(t *testing.T) {
	trees := 1200
	if testing.Short() {
		trees = 150
	}
	ctx := context.Background()
	var serAll, valued int64
	eachRandomTree(t, 61, 67, trees, func(i int, name string, tree *synth.Tree, depth int, want game.Value) {
		for j := range 3 {
			k := i*3 + j
			cfg := jamMachines[k%len(jamMachines)]
			cfg.Seed = uint64(k)
			opt := Options{Algo: AlgoJamboree, Depth: depth}
			jamCombo((k/len(jamMachines))%jamCombos, &opt, &cfg)
			switch k % 4 {
			case 0:
				opt.SerializeAll = true
			case 1:
				opt.Value2 = true
			case 2:
				opt.SerializeAll, opt.Value2 = true, true
			case 3:
				opt.SerializeAll, opt.RID = true, true // RID gives the preliminary value "dropped below α" needs
			}
			res, _, err := RunJamboree[synth.Position](ctx, tree.Root(), opt, cfg)
			if err != nil {
				t.Fatalf("%s %s: %v", name, jamName(opt, cfg), err)
			}
			if res.Value != want {
				t.Fatalf("%s %s: value %d, want %d", name, jamName(opt, cfg), res.Value, want)
			}
			serAll += res.Work.SerializedAll
			valued += res.Work.Valued2
		}
	})
	if serAll == 0 || valued == 0 {
		t.Errorf("serialize-all fired at %d nodes, value2 at %d", serAll, valued)
	}
	t.Logf("serialize-all fired at %d nodes, value2 at %d", serAll, valued)
}
