package algos

import (
	"context"
	"fmt"
	"slices"
	"time"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
	"splitpoint/tt"
)

// AlgoRootSplit names Vučković's static root splitting.
const AlgoRootSplit = "rootsplit"

// RootSplitter is one of the N searchers of a root split: the root moves
// it was dealt, what it found, and what it cost.
type RootSplitter struct {
	Moves    []game.Move `json:"moves_codes"`
	Value    game.Value  `json:"value"`
	BestMove game.Move   `json:"best_move_code"`
	Nodes    uint64      `json:"nodes"`
	// TreeEnd reports that its iterative deepening stopped early: an
	// iteration met no depth horizon and no table cutoff, so deeper ones
	// would repeat it.
	TreeEnd bool `json:"tree_end,omitempty"`
}

// RootSplitResult is the outcome of a root split: the best of the N
// searchers' results, and Vučković's node-saving figures: WinnerNodes is
// the node count of the searcher whose move was chosen.
type RootSplitResult struct {
	Value       game.Value     `json:"value"`
	BestMove    game.Move      `json:"best_move_code"`
	Order       []game.Move    `json:"order_codes"` // the ordered root move list
	Searchers   []RootSplitter `json:"searchers"`
	Winner      int            `json:"winner"`
	WinnerNodes uint64         `json:"winner_nodes"`
	Nodes       uint64         `json:"nodes"`
}

// RunRootSplit is Vučković's static split of the root (2007, §5 and the
// GenerateSplitedLegalMoves procedure): the root's move list, ordered by a
// one-ply search (the engine's move weights), is dealt to N searchers —
// move i to searcher i mod N — which search their sub-lists independently
// with the serial Scout, sharing nothing (each has its own transposition
// table of 2^opt.TTBits entries, its own killers and history); the best of
// the N results is the answer (ties go to the move earlier in the ordered
// list, as a serial search would choose). N is the machine's P (on the
// infinite simulated machine, one searcher per root move). Each searcher
// runs on its own processor and charges its nodes, leaves and move
// generations (charge.go). With the
// table off the value equals the serial search's.
func RunRootSplit[T any, P game.Position[T]](ctx context.Context, root *T, opt Options, cfg sched.Config) (*RootSplitResult, *sched.Stats, error) {
	if err := checkFixedDepth(AlgoRootSplit, opt.Depth); err != nil {
		return nil, nil, err
	}
	order := rootOrder[T, P](root)
	if len(order) == 0 {
		return nil, nil, fmt.Errorf("rootsplit: the root has no moves")
	}
	n := RootSplitN(len(order), cfg)
	r, st, err := sched.Run(ctx, cfg, func(c sched.Ctx) any {
		out := sched.Processes(c, n, func(c sched.Ctx, i int) any {
			return splitSearch[T, P](c, root, DealRoot(order, i, n), opt)
		})
		shares := make([]RootSplitter, len(out))
		for i, o := range out {
			shares[i] = o.(RootSplitter)
		}
		return CombineRootSplit(order, shares)
	})
	res, _ := r.(*RootSplitResult)
	return res, st, err
}

// RootSplitN is the number of searchers of a root split of a root with
// moves moves on the machine cfg: P, one per root move on the infinite
// simulated machine, at most one per move.
func RootSplitN(moves int, cfg sched.Config) int {
	n := cfg.P
	if cfg.IsSim() && n == 0 {
		n = moves
	}
	if !cfg.IsSim() && n <= 0 {
		n = 1
	}
	return min(n, moves)
}

// RootOrder is the ordered root move list a root split deals (Vučković
// 2007 §5: a one-ply search orders it).
func RootOrder[T any, P game.Position[T]](root *T) []game.Move { return rootOrder[T, P](root) }

// DealRoot is searcher i's share of the ordered root move list among n:
// moves i, i+n, i+2n, … (Vučković 2007, GenerateSplitedLegalMoves).
func DealRoot(order []game.Move, i, n int) []game.Move {
	var mine []game.Move
	for j := i; j < len(order); j += n {
		mine = append(mine, order[j])
	}
	return mine
}

// CombineRootSplit is the master's step of a root split (Vučković 2007
// §5): the best of the searchers' results, ties to the move earlier in
// the ordered list, with the winner's node count for the node saving.
func CombineRootSplit(order []game.Move, shares []RootSplitter) *RootSplitResult {
	res := &RootSplitResult{Order: order, Winner: -1}
	for i, s := range shares {
		res.Searchers = append(res.Searchers, s)
		res.Nodes += s.Nodes
		if s.BestMove == game.NoMove {
			continue
		}
		if res.Winner < 0 || s.Value > res.Value ||
			(s.Value == res.Value && slices.Index(order, s.BestMove) < slices.Index(order, res.BestMove)) {
			res.Value, res.BestMove, res.Winner, res.WinnerNodes = s.Value, s.BestMove, i, s.Nodes
		}
	}
	return res
}

// SearchRootShare is one searcher of a root split run alone (a remote
// searcher, package cluster): its moves searched as splitSearch searches them
// inside RunRootSplit, on a pool of one processor, so that its value and
// node count are the in-process searcher's.
func SearchRootShare[T any, P game.Position[T]](ctx context.Context, root *T, moves []game.Move, opt Options) (RootSplitter, error) {
	cfg := sched.Config{Machine: sched.Machine{Kind: sched.Pool, P: 1}}
	r, _, err := sched.Run(ctx, cfg, func(c sched.Ctx) any { return splitSearch[T, P](c, root, moves, opt) })
	s, _ := r.(RootSplitter)
	return s, err
}

// rootOrder is the root move list ordered by a one-ply search: the value
// of each move's position from the mover's side, best first (stable, so
// equal moves keep the generation order).
func rootOrder[T any, P game.Position[T]](root *T) []game.Move {
	var buf [game.MaxMoves]game.Move
	n := P(root).Moves(buf[:])
	type scored struct {
		m game.Move
		v game.Value
	}
	var child T
	list := make([]scored, n)
	for i, m := range buf[:n] {
		P(root).Play(m, &child)
		list[i] = scored{m, -P(&child).Eval()}
	}
	slices.SortStableFunc(list, func(a, b scored) int { return int(b.v) - int(a.v) })
	out := make([]game.Move, n)
	for i, s := range list {
		out[i] = s.m
	}
	return out
}

// splitHook charges one node and polls for an abort.
type splitHook struct{ c sched.Ctx }

func (h splitHook) Node() bool {
	chargeNode(h.c)
	return h.c.Aborted()
}

// splitSearch is one searcher: iterative deepening (when opt says so) over
// its own moves, each searched by Scout with the window above the best so
// far, exactly as a serial root would search them: in the dealt order in
// every iteration, or with opt.RootReorder the previous iteration's best
// move first.
func splitSearch[T any, P game.Position[T]](c sched.Ctx, root *T, moves []game.Move, opt Options) RootSplitter {
	o := opt
	o.Algo, o.Time, o.MaxNodes = AlgoScout, 0, 0
	s := NewSearcher[T, P](o, tt.New(o.TTBits))
	s.Hook = splitHook{c}
	s.Start(nil, time.Time{})
	var steps meter // the Hook charges each node, the end the leaves and move generations
	steps.reset(&s.Counters)
	out := RootSplitter{Moves: moves}
	first := opt.Depth
	if opt.Iterative {
		first = 1
	}
	order := moves
	if opt.RootReorder {
		order = slices.Clone(moves)
	}
	for d := first; d <= opt.Depth; d++ {
		s.TT.NewSearch()
		horizon := s.horizon
		best, bestMove := -game.Inf, game.NoMove
		for i, m := range order {
			s.Stack.Pos[0] = *root
			P(&s.Stack.Pos[0]).Play(m, &s.Stack.Pos[1])
			if i == 0 {
				s.SetNodeType(1, metrics.PV)
			} else {
				s.SetNodeType(1, metrics.CUT)
			}
			v := -s.Scout(1, d-1, -game.Inf, -best)
			if s.Stopped() {
				out.Nodes = s.Counters.Nodes
				steps.chargeWork(c.Self(), &s.Counters)
				return out
			}
			if v > best {
				best, bestMove = v, m
			}
		}
		out.Value, out.BestMove = best, bestMove
		if opt.RootReorder {
			// the iteration's best first, the others in their order
			if j := slices.Index(order, bestMove); j > 0 {
				copy(order[1:j+1], order[:j])
				order[0] = bestMove
			}
		}
		if s.horizon == horizon {
			out.TreeEnd = true
			break
		}
	}
	out.Nodes = s.Counters.Nodes
	steps.chargeWork(c.Self(), &s.Counters)
	return out
}
