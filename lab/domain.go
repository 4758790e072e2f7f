package lab

import (
	"context"
	"fmt"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/sched"
	"splitpoint/tt"

	"github.com/dustin/go-humanize"
)

// domain is what the lab runs on an item, whatever its game: implemented
// once, by adapter, for every domain.
type domain interface {
	describer() game.Describer
	search(ctx context.Context, opt algos.Options) (*algos.Result, error)
	parallel(ctx context.Context, opt algos.Options, cfg sched.Config) (*algos.Parallel, *sched.Stats, error)
	solve(ctx context.Context, bm, am []game.Move, opt algos.Options) algos.SolveResult
	moveTexts(line []game.Move) []string
	legal() []game.Move
	perft(depth int, divide, unique bool) (uint64, []game.Divided)
	rootOrder() []game.Move
	rootShare(ctx context.Context, moves []game.Move, opt algos.Options) (algos.RootSplitter, error)
}

// adapter is the domain of positions of type T.
type adapter[T any, P interface {
	game.Position[T]
	game.Describer
}] struct {
	root *T
	// perft and perftUnique are the domain's own counters (bulk counting
	// at the last ply; checkers' count of distinct captures); nil: the
	// generic game.Perft.
	perft_, perftUnique func(*T, int) uint64
}

func (a *adapter[T, P]) describer() game.Describer { return P(a.root) }

func (a *adapter[T, P]) search(ctx context.Context, opt algos.Options) (*algos.Result, error) {
	return algos.Search[T, P](ctx, a.root, opt)
}

func (a *adapter[T, P]) rootOrder() []game.Move { return algos.RootOrder[T, P](a.root) }

func (a *adapter[T, P]) rootShare(ctx context.Context, moves []game.Move, opt algos.Options) (algos.RootSplitter, error) {
	return algos.SearchRootShare[T, P](ctx, a.root, moves, opt)
}

func (a *adapter[T, P]) parallel(ctx context.Context, opt algos.Options, cfg sched.Config) (*algos.Parallel, *sched.Stats, error) {
	return algos.RunParallel[T, P](ctx, a.root, opt, cfg)
}

func (a *adapter[T, P]) solve(ctx context.Context, bm, am []game.Move, opt algos.Options) algos.SolveResult {
	return algos.Solve[T, P](ctx, a.root, bm, am, opt)
}

// moveTexts writes a line of moves from the root in the domain's
// notation, stopping at the first move that is not legal.
func (a *adapter[T, P]) moveTexts(line []game.Move) []string {
	out := []string{}
	cur := new(T)
	*cur = *a.root
	var next T
	var buf [game.MaxMoves]game.Move
	for _, m := range line {
		n := P(cur).Moves(buf[:])
		legal := false
		for _, x := range buf[:n] {
			legal = legal || x == m
		}
		if !legal {
			break
		}
		out = append(out, P(cur).MoveString(m))
		P(cur).Play(m, &next)
		*cur = next
	}
	return out
}

func (a *adapter[T, P]) legal() []game.Move {
	var buf [game.MaxMoves]game.Move
	n := P(a.root).Moves(buf[:])
	return append([]game.Move(nil), buf[:n]...)
}

// perft counts the leaves at depth (per root move with divide).
func (a *adapter[T, P]) perft(depth int, divide, unique bool) (uint64, []game.Divided) {
	count := a.perft_
	if unique && a.perftUnique != nil {
		count = a.perftUnique
	}
	if count == nil {
		s := game.NewStack[T](max(depth, 1))
		s.Pos[0] = *a.root
		if divide {
			return 0, game.Divide[T, P](s, depth)
		}
		return game.Perft[T, P](s, depth), nil
	}
	if !divide {
		return count(a.root, depth), nil
	}
	if depth < 1 {
		return 0, nil
	}
	var out []game.Divided
	var child T
	for _, m := range a.legal() {
		P(a.root).Play(m, &child)
		out = append(out, game.Divided{Move: m, Nodes: count(&child, depth-1)})
	}
	return 0, out
}

// Perft counts the leaves of the item's move tree at depth (split by root
// move with divide; unique: checkers' count of distinct captures), with
// the domain's own counter where it has one.
func (it *Item) Perft(depth int, divide, unique bool) (uint64, []game.Divided) {
	return it.dom.perft(depth, divide, unique)
}

// Legal lists the root's legal moves in generation order.
func (it *Item) Legal() []game.Move { return it.dom.legal() }

// Solve searches the item by iterative deepening and reports when it
// found a right move (algos.Solve, algos.SolveWatch).
func (it *Item) Solve(ctx context.Context, opt algos.Options) algos.SolveResult {
	return it.dom.solve(ctx, it.BM, it.AM, opt)
}

// FEN is the item's position in FEN (PDN FEN for checkers); "" for trees.
func (it *Item) FEN() string {
	if f, ok := it.Describer().(interface{ FEN() string }); ok {
		return f.FEN()
	}
	return ""
}

// OwnDepth is the depth the item carries: a synthetic tree's depth (the
// tree searched whole), or the depth its suite gives the position (Lu's
// per-position depths of the Tinsley–Chinook suite, suites.Entry.Depth);
// 0 when it carries none.
func (it *Item) OwnDepth() int {
	if it.IsTree() {
		return it.Tree.Depth()
	}
	return it.Entry.Depth
}

// TreeDepth gives a search that was given no depth and no time or node
// limit the item's own depth (OwnDepth), and says so in note; otherwise,
// or when the item carries no depth, opt is returned as it is and note is
// "".
func (it *Item) TreeDepth(opt algos.Options) (out algos.Options, note string) {
	d := it.OwnDepth()
	if !NeedsDepth(opt) || d == 0 {
		return opt, ""
	}
	opt.Depth = d
	if it.IsTree() {
		return opt, fmt.Sprintf("depth %d: the tree's own (no --depth given), searched whole", d)
	}
	return opt, fmt.Sprintf("depth %d: the suite's for this position (no --depth given)", d)
}

// NeedsDepth reports whether opt leaves the depth to the positions (no
// depth, no time or node limit): TreeDepth then fills in the depth of a
// tree or of a suite position that carries one, and the search of any
// other position fails.
func NeedsDepth(opt algos.Options) bool { return opt.Depth == 0 && opt.Time <= 0 && opt.MaxNodes == 0 }

// checkTable refuses a transposition table larger than the run's memory
// budget before it is made (a 2^30-entry table is 24 GiB: making it would
// end the process in the Go runtime instead of with an error).
func checkTable(opt algos.Options, budget int64) error {
	if n := tt.SizeBytes(opt.TTBits); budget > 0 && n > budget {
		return fmt.Errorf("a table of 2^%d entries needs %s, more than the memory budget of %s: give a smaller --tt (or raise --max-mem)",
			opt.TTBits, humanize.IBytes(uint64(n)), humanize.IBytes(uint64(budget)))
	}
	return nil
}
