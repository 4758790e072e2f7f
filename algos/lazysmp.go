package algos

import (
	"context"
	"fmt"
	"io"

	"splitpoint/game"
	"splitpoint/sched"
)

// AlgoLazySMP names Lazy SMP.
const AlgoLazySMP = "lazysmp"

// lazySkipSize and lazySkipPhase are Stockfish's skip blocks (search.cpp,
// Thread::search, as it stood while it had them): helper thread idx > 0,
// with i = (idx − 1) mod 20, leaves out root depth d when
// ((d + ply + SkipPhase[i]) / SkipSize[i]) is odd, so that the helpers'
// depths are staggered. Stockfish's ply is the root position's game ply
// (so that successive moves of a game rotate the phases); a search of one
// position here takes it as 0.
var (
	lazySkipSize  = [20]int{1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4}
	lazySkipPhase = [20]int{0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7}
)

// lazyAhead is how many plies beyond the main thread's target depth a
// helper may go: Stockfish's helpers are bounded only by the main thread's
// stop, which in practice comes long before; the bound keeps a helper's
// Searcher small (smpRun).
const lazyAhead = 8

// lazySkips reports whether helper thread idx leaves out root depth d.
func lazySkips(idx, d int) bool {
	if idx == 0 {
		return false
	}
	i := (idx - 1) % len(lazySkipSize)
	return ((d+lazySkipPhase[i])/lazySkipSize[i])%2 != 0
}

// RunLazySMP is Lazy SMP as Stockfish runs it (search.cpp's Thread::search
// and its thread pool, the public description the chess programming
// community calls Lazy SMP): N threads, one per processor,
// search the same root independently, each its own iterative deepening
// with its own killers and history, sharing only the transposition table;
// the helper threads' depths are staggered by Stockfish's skip blocks
// (lazySkips), and they go on deepening until the main thread, thread 0,
// completes opt.Depth — then every thread stops and the main thread's
// result is the run's. Each thread is the serial Scout (with the options'
// aspiration, quiescence and ordering) and charges its nodes, leaves and
// move generations (charge.go). With the table off the threads share nothing, so
// the main thread returns exactly the serial search's value at the same
// depth; with it, the helpers' entries speed the main thread up (and may
// change its tree).
//
// The main thread searches the depths the serial search would (1…opt.Depth
// with opt.Iterative, else opt.Depth alone); a helper searches 1, 2, … up
// to opt.Depth + lazyAhead less its skipped depths. On the infinite simulated machine
// there is one thread per root move.
func RunLazySMP[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*Parallel, *sched.Stats, error) {
	first := opt.Depth
	if opt.Iterative {
		first = 1
	}
	var mainDone bool
	threads, _, stats, st, err := smpRun(ctx, root, opt, cfg, smpSearchers[T, P, struct{}]{
		maxDepth: min(opt.Depth+lazyAhead, MaxDepth),
		setup:    func(*smpThread[T, P], int) struct{} { return struct{}{} },
		body: func(c sched.Ctx, th *smpThread[T, P], _ struct{}, i int) {
			search := func(d int, prev game.Value, havePrev bool) game.Value {
				v, _ := th.s.iterate(d, prev, havePrev)
				return v
			}
			if i > 0 {
				th.deepen(c, 1, min(opt.Depth+lazyAhead, MaxDepth), func(d int) bool { return lazySkips(i, d) }, search)
				return
			}
			mainDone = th.deepen(c, first, opt.Depth, nil, search)
			th.done.Store(true) // the main thread's result is the run's: stop the helpers
		}})
	if threads == nil {
		return nil, st, err
	}
	d := &LazySMPDetail{Threads: make([]SMPThread, len(threads))}
	for i, th := range threads {
		d.Threads[i] = th.res
		d.Nodes += int64(th.res.Nodes)
		if i > 0 {
			d.HelperNodes += int64(th.res.Nodes)
		}
	}
	d.MainNodes = int64(threads[0].res.Nodes)
	if d.Nodes > 0 {
		d.HelperFraction = float64(d.HelperNodes) / float64(d.Nodes)
	}
	d.Iterations = threads[0].iters
	p := smpParallel(threads[0], stats, d)
	p.Stopped = !mainDone
	return p, st, err
}

// LazySMPDetail is Lazy SMP's own account: every thread's nodes and depths,
// and the duplicated work — HelperNodes, the nodes of the helper threads,
// all of which search the same root as the main thread, so that they are
// duplicate nodes except where the shared table lets them pre-compute what
// the main thread then reads (HelperFraction of all nodes).
type LazySMPDetail struct {
	Threads        []SMPThread `json:"threads"`
	Nodes          int64       `json:"nodes"`
	MainNodes      int64       `json:"main_nodes"`
	HelperNodes    int64       `json:"duplicate_nodes"`
	HelperFraction float64     `json:"duplicate_fraction"`
	// Iterations are the result searcher's iterations and when each was
	// completed (the time to depth).
	Iterations     []JamIteration `json:"iterations,omitempty"`
	SerialNodes    uint64         `json:"serial_nodes,omitempty"`
	SearchOverhead float64        `json:"search_overhead,omitempty"`
	// MainSaving is 1 − the main thread's nodes / the serial search's:
	// what the helpers' table entries saved the main thread.
	MainSaving float64 `json:"main_saving,omitempty"`
}

// CompareSerial computes the search overhead and the main thread's saving.
func (d *LazySMPDetail) CompareSerial(serial *Result) {
	d.SerialNodes, d.SearchOverhead = serial.Nodes, searchOverhead(d.Nodes, serial.Nodes)
	if serial.Nodes > 0 {
		d.MainSaving = 1 - float64(d.MainNodes)/float64(serial.Nodes)
	}
}

// WriteText prints the threads and the duplicate nodes.
func (d *LazySMPDetail) WriteText(w io.Writer, _ MoveNamer, st *sched.Stats) {
	fmt.Fprintf(w, "  lazysmp: %d threads (Stockfish's skip blocks), the main thread's result:\n", len(d.Threads))
	writeThreads(w, d.Threads, 0, "main")
	fmt.Fprintf(w, "  nodes %d: main thread %d, duplicate nodes (helpers') %d = %.1f%%\n", d.Nodes, d.MainNodes, d.HelperNodes, 100*d.HelperFraction)
	writeOverhead(w, d.Nodes, d.SerialNodes, d.SearchOverhead)
	if d.SerialNodes > 0 {
		fmt.Fprintf(w, "  main thread's nodes against the serial search's: %.1f%% saved by the shared table\n", 100*d.MainSaving)
	}
	writeTimeToDepth(w, d.Iterations, st)
}
