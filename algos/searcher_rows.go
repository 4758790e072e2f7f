package algos

import (
	"time"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/sched"
	"splitpoint/tt"
)

// searcherRows is a Searcher's per-ply scratch: its stack of positions and
// move lists, its move scores and its principal variations, most of a
// Searcher with quiescence (about 3 KB a ply for chess). Every node
// writes its rows before it reads them, so the rows carry nothing from one
// search to the next and may pass from one Searcher to another between
// two searches.
type searcherRows[T any] struct {
	stack  *game.Stack[T]
	scores [][game.MaxMoves]int32
	pv     [][]game.Move
}

func newSearcherRows[T any](plies int) *searcherRows[T] {
	return &searcherRows[T]{stack: game.NewStack[T](plies), scores: make([][game.MaxMoves]int32, plies+1), pv: newPVRows(plies)}
}

// rowClass is the size class of lent rows for plies plies: the rows of
// class k are for rowClassPlies(k) plies, plies rounded up to a multiple
// of rowStep (a ply of chess rows is 3.5 KB: its position, move list,
// scores and principal variation), at most game.MaxPly. Class 0 is
// never lent.
const rowStep = 4

const rowClasses = (game.MaxPly+rowStep-1)/rowStep + 1

func rowClass(plies int) int { return (min(max(plies, 1), game.MaxPly) + rowStep - 1) / rowStep }

func rowClassPlies(k int) int { return min(k*rowStep, game.MaxPly) }

// rowReach is how many classes rowLoan.lend looks through for free rows
// (their own and the next larger ones) before it makes new ones.
const rowReach = 4

// searchPlies is the number of plies of rows lent for a serial search from
// pos at ply with depth plies to go: its depth, and for quiescence (when
// on) up to qReserve plies below it; a quiescence search that goes deeper,
// up to pos's capture bound (game.CaptureBound), borrows more rows then.
func searchPlies(pos any, o Options, ply, depth int) int {
	n := ply + max(depth, 0) + 2
	if o.Quiescence {
		n += min(game.CaptureBound(pos), qReserve)
	}
	return min(n, game.MaxPly)
}

// qReserve is how many plies of quiescence the rows lent for a serial
// search hold below its depth. The capture bound is some 30 plies in a
// middlegame (3.5 KB of rows each), and at P = inf thousands of serial
// searches are in flight at once: rows for the bound were 1.8 GB of the
// default preset's heap on BK.01 at depth 5, almost none of it touched.
// With 8 plies, a quiescence search goes deeper and borrows rows for the
// rest (qsearchDeeper) at 2,139 of the 1.72 million nodes of Kaufman #1
// at depth 6, grain 2, P = 64 (with 4 plies at 40,319, some 0.4 % of the
// run's time), and at none of BK.01's at depth 5 and P = inf.
const qReserve = 8

// rowLender lends a Searcher whose rows end above its capture bound the
// rows for a quiescence search that goes deeper (qsearchDeeper).
type rowLender[T any] interface {
	lendDeeper(plies int) *searcherRows[T]
	returnDeeper(r *searcherRows[T])
}

// rowLists is an engine's shared rows, one list per size class, which its
// workers borrow for their searches (rowLoan) when each keeps only its
// ordering state: on the simulator with killers or history.
type rowLists[T any] [rowClasses]*sched.FreeList[searcherRows[T]]

// newRowLists makes the lists of rows for the machine c runs on, shared
// by every processor (sched.NewScratchList).
func newRowLists[T any](c sched.Ctx) *rowLists[T] {
	var l rowLists[T]
	for k := range l {
		plies := rowClassPlies(k)
		l[k] = sched.NewScratchList(c, func() *searcherRows[T] { return newSearcherRows[T](plies) })
	}
	return &l
}

// rowLoan is a worker's Searcher and the rows it has on loan from its
// engine's lists (lend), or, with no lists, a Searcher with rows of its
// own, for which lend and giveBack do nothing.
type rowLoan[T any, P game.Position[T]] struct {
	s     *Searcher[T, P]
	lists *rowLists[T]
	c     sched.Ctx
	rows  *searcherRows[T] // lent to s (lend), or nil
	k     int              // their size class
}

// newSearcher makes the worker's Searcher with the options o, the table
// tab and the hook: without rows when lists are given (the worker keeps
// only its ordering state, and the loan lends it the rows a quiescence
// search that goes deeper needs), else with rows of its own
// (workerSearcher).
func (l *rowLoan[T, P]) newSearcher(lists *rowLists[T], o Options, tab *tt.Table, hook Hook, batch, forced bool) *Searcher[T, P] {
	l.lists = lists
	if lists != nil {
		l.s = rowlessWorkerSearcher[T, P](o, tab, hook, forced)
		l.s.lender = l
	} else {
		l.s = workerSearcher[T, P](o, tab, hook, batch, forced)
	}
	return l.s
}

// lend gives the Searcher rows for plies plies (searchPlies) from the
// lists, for c's processor. The rows of a search in progress are all the
// rows a simulated processor holds, so they are sized to the search: a
// few dozen plies, not game.MaxPly.
func (l *rowLoan[T, P]) lend(c sched.Ctx, plies int) {
	if l.lists == nil {
		return
	}
	k := rowClass(plies)
	l.c, l.rows, l.k = c, nil, k
	// Free rows of a slightly larger class before new ones: the rows in
	// existence then follow the searches in flight, not the searches in
	// flight per class.
	for j := k; j < min(k+rowReach, rowClasses) && l.rows == nil; j++ {
		l.rows, l.k = l.lists[j].TryGet(c), j
	}
	if l.rows == nil {
		l.rows, l.k = l.lists[k].Get(c), k
	}
	l.s.attachRows(l.rows)
}

// giveBack puts back the rows lend gave.
func (l *rowLoan[T, P]) giveBack() {
	if l.rows != nil {
		l.s.detachRows()
		l.lists[l.k].Put(l.c, l.rows)
		l.rows = nil
	}
}

// lendDeeper gives rows for plies plies from the lists (rowLender).
func (l *rowLoan[T, P]) lendDeeper(plies int) *searcherRows[T] {
	return l.lists[rowClass(plies)].Get(l.c)
}

// returnDeeper puts back rows lendDeeper gave (rowLender).
func (l *rowLoan[T, P]) returnDeeper(r *searcherRows[T]) {
	l.lists[rowClass(len(r.stack.Pos)-1)].Put(l.c, r)
}

// rowlessWorkerSearcher is workerSearcher without rows: the ordering state
// (killers, history) a processor keeps from one search to the next, which
// borrows its rows (attachRows) for the searches themselves. On the
// simulator each processor that orders a node keeps one: at P = inf on
// BK.01 at depth 5 (the default preset) that was 12,000 Searchers of
// 555 KB of address space each, almost none of it ever touched.
func rowlessWorkerSearcher[T any, P game.Position[T]](o Options, tab *tt.Table, hook Hook, forced bool) *Searcher[T, P] {
	// The history table (32 KiB) is made when the worker first credits
	// a move (bumpHistory): until then it reads as zeros.
	s := &Searcher[T, P]{TT: tab, Opt: o}
	s.ntype[0] = metrics.PV
	s.Hook = hook
	s.ForcedCaptures = forced
	s.Start(nil, time.Time{})
	return s
}

// attachRows gives s the rows r until detachRows.
func (s *Searcher[T, P]) attachRows(r *searcherRows[T]) {
	s.Stack, s.scores, s.pv = r.stack, r.scores, r.pv
}

// detachRows takes back the rows attachRows gave.
func (s *Searcher[T, P]) detachRows() {
	s.Stack, s.scores, s.pv = nil, nil, nil
}
