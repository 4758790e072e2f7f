package algos

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"splitpoint/game"
	"splitpoint/games/synth"
)

// refNegamax is an independent plain-recursion negamax over the position
// contract (no Searcher code): the reference value of the property tests.
func refNegamax(p *synth.Position, depth int) game.Value {
	var buf [game.MaxMoves]game.Move
	n := p.Moves(buf[:])
	if n == 0 {
		return p.Terminal()
	}
	if depth == 0 {
		return p.Eval()
	}
	best := -game.Inf
	var c synth.Position
	for _, m := range buf[:n] {
		p.Play(m, &c)
		best = max(best, -refNegamax(&c, depth-1))
	}
	return best
}

// randomLiteral writes a random literal tree of at most depth d.
func randomLiteral(r *rand.Rand, d int) string {
	if d == 0 || r.IntN(4) == 0 {
		return fmt.Sprint(r.IntN(201) - 100)
	}
	k := 1 + r.IntN(4)
	parts := make([]string, k)
	for i := range parts {
		parts[i] = randomLiteral(r, d-1)
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// randomTreeName draws a small tree of the spec's families (docs/
// synthetic-trees.md): uniform, ordered best/worst/pX, bimodal, literal.
func randomTreeName(r *rand.Rand, i int) string {
	seed := r.Uint64() % 1000000
	switch i % 7 {
	case 0:
		return fmt.Sprintf("uniform:b=%d,d=%d,seed=%d", 1+r.IntN(5), r.IntN(6), seed)
	case 1:
		return fmt.Sprintf("ordered:b=%d,d=%d,seed=%d,order=best", 1+r.IntN(5), r.IntN(6), seed)
	case 2:
		return fmt.Sprintf("ordered:b=%d,d=%d,seed=%d,order=worst", 1+r.IntN(5), r.IntN(6), seed)
	case 3:
		return fmt.Sprintf("ordered:b=%d,d=%d,seed=%d,order=p%.2f", 1+r.IntN(5), r.IntN(6), seed, r.Float64())
	case 4:
		return fmt.Sprintf("bimodal:bq=%d,bc=%d,q=%.2f,d=%d,seed=%d", 2+r.IntN(4), 1+r.IntN(3), r.Float64(), r.IntN(8), seed)
	case 5:
		return "literal:" + randomLiteral(r, 1+r.IntN(6))
	default:
		return fmt.Sprintf("ordered:b=%d,d=%d,seed=%d,order=p0.85", 2+r.IntN(3), 2+r.IntN(4), seed)
	}
}

// eachRandomTree calls fn for n trees drawn by randomTreeName from the
// generator seeded (s1, s2), with the depth to search them to (the tree's,
// at least 1) and their negamax value at that depth (refNegamax).
func eachRandomTree(t *testing.T, s1, s2 uint64, n int, fn func(i int, name string, tree *synth.Tree, depth int, want game.Value)) {
	t.Helper()
	r := rand.New(rand.NewPCG(s1, s2))
	for i := range n {
		name := randomTreeName(r, i)
		tree, err := synth.Parse(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		depth := max(tree.Depth(), 1)
		fn(i, name, tree, depth, refNegamax(tree.Root(), depth))
	}
}

// configs are the option sets every algorithm must agree under.
func configs(algo string) []Options {
	full := Options{Algo: algo, TTMove: true, MVVLVA: true, Killers: true, History: true}
	return []Options{
		{Algo: algo},
		{Algo: algo, TTBits: 10},
		{Algo: algo, Iterative: true},
		{Algo: algo, TTBits: 10, Iterative: true, Aspiration: 7},
		func() Options { o := full; o.TTBits = 8; o.Iterative = true; o.Aspiration = 30; return o }(),
		full,
	}
}

// TestSyntheticValues: on seeded trees of every family, every algorithm,
// with the table off and on, with and without iterative deepening,
// aspiration and ordering, returns the negamax value at full depth (and
// that value is the tree's exact value where the spec defines one).
func TestSyntheticValues(t *testing.T) {
	trees := 2100
	if testing.Short() {
		trees = 300
	}
	r := rand.New(rand.NewPCG(3, 5))
	ctx := context.Background()
	// Most trees reuse one Searcher per configuration (Run, with the table
	// cleared: trees of different families share root keys); every tenth
	// goes through Search.
	reuse := map[string]*Searcher[synth.Position, *synth.Position]{}
	for i := range trees {
		name := randomTreeName(r, i)
		if i == 0 {
			name = "paper:parsss-table1"
		}
		tree, err := synth.Parse(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		depth := max(tree.Depth(), 1)
		want := refNegamax(tree.Root(), depth)
		if v, ok := tree.ExactValue(); ok && v != want {
			t.Fatalf("%s: reference negamax %d, exact value %d", name, want, v)
		}
		for _, algo := range Algorithms() {
			for _, opt := range configs(algo) {
				opt.Depth = depth
				var res *Result
				var err error
				if i%10 == 0 {
					res, err = Search[synth.Position](ctx, tree.Root(), opt)
				} else {
					opt.Depth = 0
					key := opt.String()
					s := reuse[key]
					if s == nil {
						s = NewSearcher[synth.Position](opt, nil)
						reuse[key] = s
					}
					s.Opt.Depth = depth
					s.TT.Clear()
					res, err = s.Run(ctx, tree.Root(), nil)
				}
				if err != nil {
					t.Fatalf("%s %v: %v", name, opt, err)
				}
				if res.Value != want {
					t.Fatalf("%s [%v]: value %d, negamax %d", name, opt, res.Value, want)
				}
				if tree.Depth() > 0 && res.BestMove == game.NoMove {
					t.Fatalf("%s [%v]: no best move", name, opt)
				}
			}
		}
	}
}

// TestSyntheticBestMove: the reported best move's child has the root value.
func TestSyntheticBestMove(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 13))
	for i := range 300 {
		tree, _ := synth.Parse(randomTreeName(r, i))
		if tree.Depth() == 0 {
			continue
		}
		for _, algo := range Algorithms() {
			opt := Presets()["default"]
			opt.Algo, opt.Depth = algo, tree.Depth()
			// A 2^14 table, not the preset's 2^20: these trees have a few
			// thousand nodes, and making and prefaulting 24 MB per search
			// would be three quarters of the test's time.
			opt.TTBits = 14
			res, err := Search[synth.Position](context.Background(), tree.Root(), opt)
			if err != nil {
				t.Fatal(err)
			}
			var c synth.Position
			tree.Root().Play(res.BestMove, &c)
			if v := -refNegamax(&c, tree.Depth()-1); v != res.Value {
				t.Fatalf("%s %s: best move %d has value %d, root %d", tree.Name(), algo, res.BestMove, v, res.Value)
			}
			if len(res.PV) == 0 || res.PV[0] != res.BestMove {
				t.Fatalf("%s %s: PV %v does not start with best move %d", tree.Name(), algo, res.PV, res.BestMove)
			}
		}
	}
}

// TestMinimalTree: on best-ordered uniform trees, fail-soft alpha-beta and
// Scout (table off, no reordering) visit exactly the Knuth–Moore minimal
// tree, B^⌈D/2⌉ + B^⌊D/2⌋ − 1 leaves (Knuth & Moore 1975; the fact the spec
// states in docs/synthetic-trees.md; StarTech Theorem 1's premise).
func TestMinimalTree(t *testing.T) {
	ipow := func(b, e int) uint64 {
		r := uint64(1)
		for range e {
			r *= uint64(b)
		}
		return r
	}
	for b := 1; b <= 6; b++ {
		for d := 0; d <= 7; d++ {
			for seed := uint64(1); seed <= 3; seed++ {
				name := fmt.Sprintf("ordered:b=%d,d=%d,seed=%d,order=best", b, d, seed)
				tree, err := synth.Parse(name)
				if err != nil {
					t.Fatal(err)
				}
				want := ipow(b, (d+1)/2) + ipow(b, d/2) - 1
				for _, algo := range []string{AlgoAlphaBeta, AlgoScout} {
					for _, preset := range []string{"plain", "ordering-off"} {
						opt := Presets()[preset]
						opt.Algo, opt.Depth, opt.TTBits, opt.Iterative, opt.Aspiration = algo, max(d, 1), 0, false, 0
						res, err := Search[synth.Position](context.Background(), tree.Root(), opt)
						if err != nil {
							t.Fatal(err)
						}
						if res.Leaves != want {
							t.Errorf("%s %s %s: %d leaves, minimal tree %d", name, algo, preset, res.Leaves, want)
						}
						if algo == AlgoScout && res.Researches != 0 {
							t.Errorf("%s: %d Scout re-searches on a best-ordered tree", name, res.Researches)
						}
						if res.CutAsPredicted != res.CutNodes || res.AllAsPredicted != res.AllNodes || res.FirstBest != res.BestKnown {
							t.Errorf("%s %s: node types not as predicted: %+v", name, algo, res.Counters)
						}
					}
				}
			}
		}
	}
}

// TestNegamaxVisitsAll: negamax visits every node of a uniform tree.
func TestNegamaxVisitsAll(t *testing.T) {
	tree, _ := synth.Parse("uniform:b=3,d=5,seed=9")
	res, err := Search[synth.Position](context.Background(), tree.Root(), Options{Algo: AlgoNegamax, Depth: 5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Leaves != 243 || res.Nodes != 1+3+9+27+81+243 {
		t.Fatalf("negamax: %d leaves, %d nodes", res.Leaves, res.Nodes)
	}
	if res.Branching != 3 {
		t.Fatalf("branching %v", res.Branching)
	}
}
