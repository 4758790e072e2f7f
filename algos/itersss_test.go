package algos

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"splitpoint/game"
	"splitpoint/games/synth"
)

// iterSSSLeafFactor bounds the leaves ITERSSS* examines at M0 and M0 + 1:
// at most this many times fail-hard alpha-beta's. (Over 6,000 runs on
// mixed-branching bimodal trees the largest ratio found is 2.2; see the
// IterSSS doc comment on why this reading can exceed alpha-beta at all.)
// PARITERSSS* with N processes may examine N times that: every process
// runs ITERSSS* on its own subtree, and killed ones count too.
const iterSSSLeafFactor = 3

// iterSSSMixedTrees lists bimodal trees with mixed branching (bq capture
// moves at capture nodes, bc elsewhere, so b varies from node to node): the
// tree on which ITERSSS* once searched without end at M0 = 29, then n
// seeded ones.
func iterSSSMixedTrees(n int, seed uint64) []string {
	names := []string{"bimodal:bq=6,bc=3,q=0.5,d=7,seed=267539", "bimodal:bq=7,bc=1,q=0.3,d=7,seed=941653"}
	rng := rand.New(rand.NewPCG(seed, 7))
	for range n {
		names = append(names, fmt.Sprintf("bimodal:bq=%d,bc=%d,q=0.%d,d=%d,seed=%d",
			2+rng.IntN(7), 1+rng.IntN(3), 1+rng.IntN(9), 3+rng.IntN(5), rng.IntN(1000000)))
	}
	return names
}

// iterSSSAlphaBetaLeaves is the number of leaves fail-hard alpha-beta
// examines on tree at depth d: the unit of the leaf bound.
func iterSSSAlphaBetaLeaves(tree *synth.Tree, d int) int64 {
	var ab int64
	sssTestAlphaBeta[synth.Position](sssTestStack(tree.Root(), d), 0, d, -sssInfinity, sssInfinity, false, &ab)
	return ab
}

// TestIterSSSMixedBranching: on bimodal trees with mixed branching, ITERSSS*
// with M = M0 and M0 + 1 ends (Bhattacharya & Bagchi §5: M0 suffices) with
// the negamax value, never holds more than M states, and examines at most
// iterSSSLeafFactor times alpha-beta's leaves. The bound is enforced by the
// hook, which stops a run that passes it, so a search that does not end
// fails here by count, not by time.
func TestIterSSSMixedBranching(t *testing.T) {
	n := 800
	if testing.Short() {
		n = 200
	}
	for _, name := range iterSSSMixedTrees(n, 11) {
		tree, d, want, ab, m0 := iterSSSCase(t, name)
		for _, m := range []int{m0, m0 + 1} {
			limit := iterSSSLeafFactor * ab
			var leaves int64
			r, err := IterSSS[synth.Position](tree.Root(), d, m, func() bool { leaves++; return leaves > 2*limit+int64(d) })
			switch {
			case err != nil:
				t.Fatalf("%s M=%d (M0=%d): %v", name, m, m0, err)
			case r.Aborted || r.Leaves > limit:
				t.Fatalf("%s M=%d (M0=%d): more than %d leaves (alpha-beta %d)", name, m, m0, limit, ab)
			case r.Value != want:
				t.Fatalf("%s M=%d: value %d, negamax %d", name, m, r.Value, want)
			case r.OpenPeak > m:
				t.Fatalf("%s M=%d: OPEN peak %d", name, m, r.OpenPeak)
			}
		}
	}
}

// TestPARITERSSSMixedBranching: the same trees under PARITERSSS* on the
// simulated machine (the paper's terminal-count costs) with N = 1, 2, 3 and
// 8 processes: the negamax value, no process above M states, and at most N
// times ITERSSS*'s bound in terminals, all processes together. The run's
// node limit (Options.MaxNodes) stops a search that does not end, so it
// fails here by count, not by time.
func TestPARITERSSSMixedBranching(t *testing.T) {
	n := 80
	if testing.Short() {
		n = 30
	}
	for _, name := range iterSSSMixedTrees(n, 13) {
		tree, d, want, ab, m0 := iterSSSCase(t, name)
		for _, procs := range []int{1, 2, 3, 8} {
			for _, m := range []int{m0, m0 + 1} {
				limit := int64(procs) * iterSSSLeafFactor * ab
				opt := Options{Algo: AlgoPARITERSSS, Depth: d, Memory: m, MaxNodes: uint64(4*limit + 64)}
				res, _, err := RunPARSSS[synth.Position](context.Background(), tree.Root(), opt, parsssTerminalSim(procs))
				switch {
				case errors.Is(err, ErrPARSSSNodeLimit):
					t.Fatalf("%s N=%d M=%d (M0=%d): more than %d nodes (alpha-beta: %d leaves)", name, procs, m, m0, opt.MaxNodes, ab)
				case err != nil:
					t.Fatalf("%s N=%d M=%d (M0=%d): %v", name, procs, m, m0, err)
				case res.Value != want:
					t.Fatalf("%s N=%d M=%d: value %d, negamax %d", name, procs, m, res.Value, want)
				case res.PeakOpen > m:
					t.Fatalf("%s N=%d M=%d: a process held %d states", name, procs, m, res.PeakOpen)
				case res.Terminals > limit:
					t.Fatalf("%s N=%d M=%d: %d terminals, bound %d", name, procs, m, res.Terminals, limit)
				}
			}
		}
	}
}

// iterSSSCase parses the tree name and returns it with its depth, its
// negamax value, alpha-beta's leaves and ITERSSS*'s least memory M0.
func iterSSSCase(t *testing.T, name string) (tree *synth.Tree, d int, want game.Value, ab int64, m0 int) {
	t.Helper()
	tree, err := synth.Parse(name)
	if err != nil {
		t.Fatal(err)
	}
	d = tree.Depth()
	return tree, d, refNegamax(tree.Root(), d), iterSSSAlphaBetaLeaves(tree, d), IterSSSMinMemory(d, tree.Width())
}
