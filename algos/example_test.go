package algos_test

import (
	"context"
	"fmt"

	"splitpoint/algos"
	"splitpoint/games/synth"
	"splitpoint/sched"
)

// ExampleSearch searches a synthetic tree (docs/synthetic-trees.md) with
// the serial Scout of StarTech Fig. 1 (000:L54): the bare algorithm, no
// table, to the tree's depth.
func ExampleSearch() {
	tree, err := synth.Parse("uniform:b=4,d=6,seed=7")
	if err != nil {
		panic(err)
	}
	res, err := algos.Search[synth.Position](context.Background(), tree.Root(), algos.Options{Algo: algos.AlgoScout, Depth: 6})
	if err != nil {
		panic(err)
	}
	ref, _ := algos.Search[synth.Position](context.Background(), tree.Root(), algos.Options{Algo: algos.AlgoNegamax, Depth: 6})
	fmt.Println("scout:", res.Value, "nodes:", res.Counters.Nodes)
	fmt.Println("negamax:", ref.Value, "nodes:", ref.Counters.Nodes)
	// Output:
	// scout: -303 nodes: 1961
	// negamax: -303 nodes: 5461
}

// ExampleRunParallel runs Jamboree (StarTech Fig. 2, 000:L115) on the
// same tree, on a simulated machine of 16 processors and on a pool of 2
// goroutines: any row of the algorithm table runs this way. With no
// table the value is the serial search's on both machines; the
// simulator's work, critical path and time are the same on every run.
func ExampleRunParallel() {
	tree, _ := synth.Parse("uniform:b=4,d=6,seed=7")
	opt := algos.Options{Algo: algos.AlgoJamboree, Depth: 6, Seed: 1}
	sim := sched.Config{Machine: sched.Machine{Kind: "sim", P: 16}, Seed: 1}
	res, st, err := algos.RunParallel[synth.Position](context.Background(), tree.Root(), opt, sim)
	if err != nil {
		panic(err)
	}
	fmt.Println("simulated P=16:", res.Value, "W =", st.Work, "C =", st.Span, "T_P =", st.Time)
	pool := sched.Config{Machine: sched.Machine{Kind: "pool", P: 2}, Seed: 1}
	res, _, err = algos.RunParallel[synth.Position](context.Background(), tree.Root(), opt, pool)
	if err != nil {
		panic(err)
	}
	fmt.Println("pool of 2:", res.Value)
	// Output:
	// simulated P=16: -303 W = 4790 C = 613 T_P = 777
	// pool of 2: -303
}
