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

// rowReach is how many classes lendRows looks through for free rows
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

// lendDeeper gives rows for plies plies from the engine's lists
// (rowLender).
func (w *jamWorker[T, P]) lendDeeper(plies int) *searcherRows[T] {
	return w.e.rows[rowClass(plies)].Get(w.c)
}

// returnDeeper puts back rows lendDeeper gave (rowLender).
func (w *jamWorker[T, P]) returnDeeper(r *searcherRows[T]) {
	w.e.rows[rowClass(len(r.stack.Pos)-1)].Put(w.c, r)
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

// lendRows gives w's Searcher rows for plies plies (searchPlies) from the
// engine's shared lists when its processor's worker keeps only ordering
// state (simulator, killers or history); nothing otherwise. The rows of a
// search in progress are all the rows a simulated processor holds, so
// they are sized to the search: a few dozen plies, not game.MaxPly.
func (e *jamEngine[T, P]) lendRows(c sched.Ctx, w *jamWorker[T, P], plies int) {
	if e.rows[0] != nil {
		k := rowClass(plies)
		w.rows, w.rowK = nil, k
		// Free rows of a slightly larger class before new ones: the
		// rows in existence then follow the searches in flight, not
		// the searches in flight per class.
		for j := k; j < min(k+rowReach, rowClasses) && w.rows == nil; j++ {
			w.rows, w.rowK = e.rows[j].TryGet(c), j
		}
		if w.rows == nil {
			w.rows, w.rowK = e.rows[k].Get(c), k
		}
		w.s.attachRows(w.rows)
	}
}

// returnRows puts back the rows lendRows gave.
func (e *jamEngine[T, P]) returnRows(c sched.Ctx, w *jamWorker[T, P]) {
	if w.rows != nil {
		w.s.detachRows()
		e.rows[w.rowK].Put(c, w.rows)
		w.rows = nil
	}
}

// newRowLists makes the engine's lists of lent rows, one per size class.
func (e *jamEngine[T, P]) newRowLists(c sched.Ctx) {
	for k := range e.rows {
		plies := rowClassPlies(k)
		e.rows[k] = sched.NewScratchList(c, func() *searcherRows[T] { return newSearcherRows[T](plies) })
	}
}
