package algos

import (
	"context"
	"time"

	"splitpoint/game"
)

// searchSSS runs SSS* or ITERSSS* for Search: a fixed-depth search with no
// table, ordering, extensions or quiescence (Bhattacharya & Bagchi §2, §5),
// so those options are ignored. ctx is polled every 1024 nodes; a cancelled
// search returns a Stopped result with ctx.Err().
func searchSSS[T any, P game.Position[T]](ctx context.Context, root *T, opt Options) (*Result, error) {
	start := time.Now()
	var visited uint64
	var cancelled error
	hook := func() bool {
		visited++
		if visited&1023 == 0 && ctx != nil {
			if err := ctx.Err(); err != nil {
				cancelled = err
				return true
			}
		}
		return opt.MaxNodes > 0 && visited >= opt.MaxNodes
	}
	var r SSSResult
	if opt.Algo == AlgoSSS {
		r = SSS[T, P](root, opt.Depth, hook)
	} else {
		m := opt.Memory
		if m == 0 {
			m = IterSSSMinMemory(opt.Depth, IterSSSBranching(root))
		}
		var err error
		if r, err = IterSSS[T, P](root, opt.Depth, m, hook); err != nil {
			return nil, err
		}
		opt.Memory = m
	}
	res := &Result{Algo: opt.Algo, Options: opt, Value: r.Value, BestMove: r.BestMove, Depth: opt.Depth,
		OpenPeak: r.OpenPeak, Stopped: r.Aborted}
	if r.BestMove != game.NoMove {
		res.PV = []game.Move{r.BestMove}
	}
	res.Nodes = uint64(r.Nodes)
	res.Leaves = uint64(r.Leaves)
	res.Gens = uint64(r.Gens)
	res.Interior = res.Nodes - res.Leaves
	res.Counters.Finalize()
	res.Seconds = time.Since(start).Seconds()
	if res.Seconds > 0 {
		res.NPS = float64(res.Nodes) / res.Seconds
	}
	res.Iterations = []Iteration{{Depth: opt.Depth, Value: r.Value, BestMove: r.BestMove, Nodes: res.Nodes,
		TotalNodes: res.Nodes, Seconds: res.Seconds}}
	if r.Aborted && cancelled == nil {
		return res, nil
	}
	return res, cancelled
}
