package algos

import (
	"context"
	"sync"
	"testing"

	"splitpoint/games/synth"
	"splitpoint/tt"
)

// TestSharedTable: several Searchers on several goroutines share one table
// while searching the same trees (as a parallel search's workers do); each
// still returns the negamax value. Run with -race: the table is lock-free
// with atomic word accesses only.
func TestSharedTable(t *testing.T) {
	names := []string{"uniform:b=4,d=6,seed=5", "ordered:b=5,d=6,seed=2,order=p0.7", "bimodal:bq=6,bc=2,q=0.6,d=9,seed=8"}
	table := tt.New(10) // small: many collisions and overwrites
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 6 {
				tree, _ := synth.Parse(names[(i+w)%len(names)])
				want := refNegamax(tree.Root(), tree.Depth())
				opt := Presets()["default"]
				opt.Depth = tree.Depth()
				if w%2 == 1 {
					opt.Algo = AlgoMTDF
				}
				s := NewSearcher[synth.Position](opt, table)
				res, err := s.Run(context.Background(), tree.Root(), nil)
				if err != nil || res.Value != want {
					errs <- tree.Name() + " " + opt.Algo
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error("wrong value:", e)
	}
}

// TestExhaustedTreeStops: without a depth limit, iterative deepening stops
// once the whole tree has been searched.
func TestExhaustedTreeStops(t *testing.T) {
	tree, _ := synth.Parse("uniform:b=3,d=4,seed=1")
	res, err := Search[synth.Position](context.Background(), tree.Root(), Options{Algo: AlgoScout, MaxNodes: 1 << 40})
	if err != nil || res.Depth != 5 || res.Stopped {
		t.Fatalf("%v depth %d stopped %v", err, res.Depth, res.Stopped)
	}
}
