package algos

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"splitpoint/game"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// testCosts prices the three steps differently, so that a step charged as
// another, or not at all, changes W.
const testCosts = "node=1,eval=5,gen=2"

// chargedSteps are the steps a run charged its machine, read from the
// machine's counts.
func chargedSteps(st *sched.Stats) Steps {
	return Steps{Nodes: uint64(st.Counts[sched.Node.String()]), Leaves: uint64(st.Counts[sched.Eval.String()]),
		Gens: uint64(st.Counts[sched.Gen.String()])}
}

// checkCharges runs every parallel row of the table on root and checks
// what it charged: W is the cost model applied to its nodes, leaves and
// move generations, as SerialWork prices the serial search, and each of
// the three is charged. Where its serial baseline visits only nodes that
// are a leaf or a move generation (Scout on a tree without terminals or
// draws above the depth searched, no table, no quiescence), so does the
// algorithm: leaves + generations ≤ nodes, equal on one processor when no
// abort or stop left a node before either. This is what tells a leaf or a
// generation left uncharged from one charged.
func checkCharges[T any, P game.Position[T]](t *testing.T, name string, root *T, opt Options, treeExact bool) {
	t.Helper()
	costs, err := sched.ParseCosts(testCosts)
	if err != nil {
		t.Fatal(err)
	}
	// exact[b]: the serial baseline b visits only nodes that are a leaf or
	// a move generation (SSS* generates a node's moves again when its
	// position has left the stack).
	exact := map[string]bool{}
	for _, b := range []string{AlgoScout, AlgoSSS} {
		o := opt
		o.Algo = b
		serial, err := Search[T, P](context.Background(), root, o)
		if err != nil {
			t.Fatal(err)
		}
		s := StepsOf(&serial.Counters)
		if got, want := SerialWork(costs, serial), int64(s.Nodes+5*s.Leaves+2*s.Gens); got != want || s.Gens == 0 || s.Leaves == 0 {
			t.Fatalf("%s %s: serial steps %+v, SerialWork %d, want %d", name, b, s, got, want)
		}
		exact[b] = s.Nodes == s.Leaves+s.Gens
	}
	if treeExact && !exact[AlgoScout] {
		t.Fatalf("%s: Scout visits nodes that are neither a leaf nor a move generation", name)
	}
	for _, r := range table[T, P]() {
		if r.run == nil {
			continue
		}
		o := opt
		o.Algo = r.Name
		for _, p := range []int{1, 3} {
			_, st, err := r.run(context.Background(), root, o, sched.Config{Machine: sched.SimOf(p), Seed: 1, Costs: costs})
			if err != nil {
				t.Fatalf("%s %s on %d: %v", name, r.Name, p, err)
			}
			c := chargedSteps(st)
			if w := c.Work(costs); st.Work != w {
				t.Errorf("%s %s on %d: W %d, but its steps %+v price at %d", name, r.Name, p, st.Work, c, w)
			}
			if c.Nodes == 0 || c.Leaves == 0 || c.Gens == 0 {
				t.Errorf("%s %s on %d: charged steps %+v: a node, leaf or generation never charged", name, r.Name, p, c)
			}
			if !exact[r.Baseline] {
				continue
			}
			if c.Leaves+c.Gens > c.Nodes {
				// Only a terminal is both a leaf and a generation, and
				// the tree has none above the depth searched.
				t.Errorf("%s %s on %d: %d leaves and %d generations for %d nodes", name, r.Name, p, c.Leaves, c.Gens, c.Nodes)
			}
			if p == 1 && st.Aborts == 0 && c.Nodes != c.Leaves+c.Gens {
				t.Errorf("%s %s on 1 without aborts: %d nodes, %d leaves, %d generations", name, r.Name, c.Nodes, c.Leaves, c.Gens)
			}
		}
	}
}

// TestChargesAsSerialWork: every parallel algorithm of the table charges
// a node, a leaf and a move generation what SerialWork charges the serial
// search for them (charge.go), on a uniform synthetic tree and on a chess
// position with quiescence (where captures are generated too).
func TestChargesAsSerialWork(t *testing.T) {
	tr, err := synth.Parse("uniform:b=3,d=14,seed=3")
	if err != nil {
		t.Fatal(err)
	}
	checkCharges[synth.Position](t, "uniform b=3 d=14", tr.Root(), Options{Depth: 5}, true)
	if testing.Short() {
		return
	}
	bk := loadBK(t)
	checkCharges[chess.Position](t, "BK.01", bk[0].Pos, Options{Depth: 3, Quiescence: true, Iterative: true}, false)
}

// TestOneChargingHelper: no file of the package but charge.go charges a
// node, a leaf or a move generation itself, so that every algorithm
// charges them as the helper does.
func TestOneChargingHelper(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "charge.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != "Charge" && sel.Sel.Name != "ChargeLast") {
				return true
			}
			if k, ok := call.Args[0].(*ast.SelectorExpr); ok && (k.Sel.Name == "Node" || k.Sel.Name == "Eval" || k.Sel.Name == "Gen") {
				t.Errorf("%s: charges sched.%s itself; use the helpers of charge.go", fset.Position(call.Pos()), k.Sel.Name)
			}
			return true
		})
	}
}
