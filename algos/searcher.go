package algos

import (
	"context"
	"time"

	"splitpoint/game"
	"splitpoint/metrics"
	"splitpoint/progress"
	"splitpoint/tt"
)

// Hook is called once per node a Searcher visits, before anything else is
// done at the node. Returning true aborts the search: every pending call
// then unwinds at once and its value must be ignored (Searcher.Stopped).
// A parallel search uses it to charge simulated time and to notice aborts.
type Hook interface {
	Node() (abort bool)
}

const (
	historySize = 4096
	historyCap  = 1 << 20
	pollMask    = 1023 // poll the context and the clock every 1024 nodes
)

// Searcher is the serial search engine: its own game.Stack, an optional
// shared transposition table, per-ply move-ordering state and counters. It
// never allocates while searching. A Searcher is used by one goroutine at a
// time; several Searchers may share one *tt.Table.
//
// The search methods (Negamax, AlphaBeta, Scout, Quiesce, MTDF) search the
// position Stack.Pos[ply] to depth plies; a caller that searches a subtree
// (a parallel search's task) copies its root into Stack.Pos[ply] (SetRoot
// for ply 0), sets the expected node type with SetNodeType, and reads the
// value, checking Stopped afterwards.
type Searcher[T any, P game.Position[T]] struct {
	Stack *game.Stack[T]
	TT    *tt.Table
	Hook  Hook // nil = none
	// HookMask makes the Hook be called only at nodes whose count has
	// these bits clear (0: every node; 15: every 16th). A Hook that
	// counts nodes itself needs 0; one that only polls for an abort can
	// poll less often. It must be 2^k − 1 with k ≤ 10; change it (and
	// Hook) only before Start.
	HookMask uint64
	Opt      Options
	// ForcedCaptures selects the checkers rule for quiescence: while
	// Captures is non-empty the side to move must capture, so there is no
	// stand pat; when it is empty the position is quiet and Eval is its
	// value. Otherwise (chess) quiescence stands pat on Eval. Run sets it
	// from the root's Domain().
	ForcedCaptures bool

	Counters metrics.Counters
	TTStats  tt.Stats

	ctx      context.Context
	live     *progress.Live // the live view's counters (nil: none), from ctx
	deadline time.Time
	stopped  bool
	err      error
	// tick counts down the nodes to the next call of the Hook or poll
	// (visit's slow path), so that the per-node cost is one decrement
	// and one branch that is almost never taken.
	tick int64

	// horizon counts the horizon nodes reached and the table cutoffs by
	// entries that may rest on one (without tt.FlagEnd): a search
	// without any is exact at every deeper depth. h0[ply] is
	// its value when the node at ply began its children, so finish can
	// mark the entry of a subtree without any with tt.FlagEnd.
	horizon   uint64
	h0        [game.MaxPly + 1]uint64
	rootMove  game.Move
	rootValue game.Value

	ntype   [game.MaxPly + 1]metrics.NodeType
	killers [game.MaxPly + 1][2]game.Move
	// history is allocated when Opt.History asks for it (32 KiB).
	history *[2][historySize]int32
	scored  [game.MaxPly + 1]bool
	capNode [game.MaxPly + 1]bool // the first generated move is a capture (Lu's capture node)
	// scores and pv, like Stack, have one row per ply the Searcher was
	// made for (NewSearcher: game.MaxPly; a Jamboree worker without
	// quiescence: the search's depth), so that the thousands of serial
	// searches in flight on an infinite simulated machine do not each
	// hold half a megabyte.
	scores [][game.MaxMoves]int32
	pvLen  [game.MaxPly + 1]int
	pv     [][]game.Move // row ply holds plies+2−ply moves (newPVRows)
	// lender gives rows reaching deeper to a quiescence search that
	// reaches the end of rows lent for fewer plies than its capture
	// bound (qsearchDeeper); nil for a Searcher with rows of its own.
	lender rowLender[T]

	// inl and loops: the interruptible plies (Interruptible, split.go)
	// and their loops' progress.
	inl   inlineRegion
	loops [game.MaxPly + 1]loopState
}

// NewSearcher returns a Searcher for opt. It uses table when non-nil (a
// table shared with other searchers); otherwise it makes one of 2^TTBits
// entries, or none when TTBits is 0 — except that mtdf then gets a private
// table of 2^MTDFFallbackBits entries.
func NewSearcher[T any, P game.Position[T]](opt Options, table *tt.Table) *Searcher[T, P] {
	if table == nil {
		table = tt.New(opt.TTBits)
		if table == nil && opt.Algo == AlgoMTDF {
			table = tt.New(MTDFFallbackBits)
		}
	}
	return newSearcherPlies[T, P](opt, table, game.MaxPly)
}

// newSearcherPlies is NewSearcher with table as given (nil: none) and rows
// for plies 0…plies only: its searches must stay above ply plies (the
// MaxPly guard then never fires).
func newSearcherPlies[T any, P game.Position[T]](opt Options, table *tt.Table, plies int) *Searcher[T, P] {
	s := &Searcher[T, P]{Stack: game.NewStack[T](plies), TT: table, Opt: opt}
	s.scores = make([][game.MaxMoves]int32, plies+1)
	s.pv = newPVRows(plies)
	if opt.History {
		s.history = new([2][historySize]int32)
	}
	s.ntype[0] = metrics.PV
	return s
}

// plies is the deepest ply the Searcher has rows for.
func (s *Searcher[T, P]) plies() int { return len(s.scores) - 1 }

// SetRoot copies root into Stack.Pos[0] and marks it a PV node.
func (s *Searcher[T, P]) SetRoot(root *T) {
	s.Stack.Pos[0] = *root
	s.ntype[0] = metrics.PV
}

// SetNodeType sets the expected Knuth–Moore type of the node at ply (the
// statistics only; the search does not depend on it).
func (s *Searcher[T, P]) SetNodeType(ply int, t metrics.NodeType) { s.ntype[ply] = t }

// Stopped reports whether the last search was aborted (Hook, context,
// time or node limit); its value is then meaningless.
func (s *Searcher[T, P]) Stopped() bool { return s.stopped }

// Start prepares a search under ctx (nil = never cancelled) with an
// optional deadline (zero = none): it clears the stop flag. Run calls it;
// a parallel search calls it before using the search methods directly.
func (s *Searcher[T, P]) Start(ctx context.Context, deadline time.Time) {
	s.ctx, s.deadline, s.stopped, s.err = ctx, deadline, false, nil
	s.live = progress.LiveFrom(ctx)
	s.tick = 0 // the next visit realigns the countdown (Hook may have changed)
}

// Err is the context's error if the search was cancelled.
func (s *Searcher[T, P]) Err() error { return s.err }

// ResetStats clears the counters and the TT statistics.
func (s *Searcher[T, P]) ResetStats() {
	s.Counters = metrics.Counters{}
	s.TTStats = tt.Stats{}
}

// ResetOrdering clears killers and history.
func (s *Searcher[T, P]) ResetOrdering() {
	s.killers = [game.MaxPly + 1][2]game.Move{}
	if s.history != nil {
		*s.history = [2][historySize]int32{}
	}
}

// RootMove is the best move found at ply 0 by the last search, and its value.
func (s *Searcher[T, P]) RootMove() (game.Move, game.Value) { return s.rootMove, s.rootValue }

// PV is the principal variation from ply 0 of the last search (a view into
// the Searcher's own storage: copy it to keep it).
func (s *Searcher[T, P]) PV() []game.Move { return s.pv[0][:s.pvLen[0]] }

// visit counts a node, calls the hook at every node whose count has the
// HookMask bits clear and polls for the end of the search every 1024
// nodes. It reports whether the search must stop.
func (s *Searcher[T, P]) visit(ply int) bool {
	s.Counters.Nodes++
	if ply > s.Counters.MaxPlyReached {
		s.Counters.MaxPlyReached = ply
	}
	if s.tick--; s.tick <= 0 {
		s.periodic(ply)
	}
	return s.stopped
}

// periodic is visit's slow path, taken at the nodes where the Hook or the
// poll is due; it sets the countdown to the next such node.
func (s *Searcher[T, P]) periodic(ply int) {
	n := s.Counters.Nodes
	period := uint64(pollMask + 1)
	if s.Hook != nil {
		if n&s.HookMask == 0 {
			if s.Hook.Node() {
				s.stopped = true
			} else if ply > s.inl.lo && s.inl.hi > 0 && s.inl.to.Wanted() {
				// A thief is waiting while this search is below its
				// interruptible plies (in a serial subtree at the grain,
				// or its quiescence): split a node above now rather than
				// at the next interruptible loop.
				s.inl.to.Split(s.inl.lo, min(ply-1, s.inl.hi-1))
			}
		}
		period = min(period, s.HookMask+1)
	}
	if n&pollMask == 0 {
		s.poll()
	}
	s.tick = int64(period - n&(period-1))
}

func (s *Searcher[T, P]) poll() {
	if s.live != nil {
		s.live.Nodes.Store(int64(s.Counters.Nodes))
	}
	if s.ctx != nil {
		if err := s.ctx.Err(); err != nil {
			s.err, s.stopped = err, true
		}
	}
	if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.stopped = true
	}
	if s.Opt.MaxNodes > 0 && s.Counters.Nodes >= s.Opt.MaxNodes {
		s.stopped = true
	}
}

// enter is the common prologue of a main-search node: count it, stop on a
// draw, at the horizon (quiescence or Eval), on a transposition-table
// cutoff (useTT) or at a terminal position. Otherwise it generates and
// orders the moves and returns their number with done false.
func (s *Searcher[T, P]) enter(ply, depth int, alpha, beta game.Value, useTT bool) (v game.Value, n int, done bool) {
	s.pvLen[ply] = 0
	if s.visit(ply) {
		return 0, 0, true
	}
	pos := P(&s.Stack.Pos[ply])
	if ply > 0 && pos.Draw() {
		s.Counters.Leaves++
		return 0, 0, true
	}
	if depth <= 0 || ply >= game.MaxPly-1 {
		s.Counters.Leaves++
		s.horizon++
		if s.Opt.Quiescence {
			return s.qsearch(ply, alpha, beta), 0, true
		}
		return pos.Eval(), 0, true
	}
	ttMove := game.NoMove
	if useTT && s.TT != nil {
		s.TTStats.Probes++
		if e, ok := s.TT.Probe(pos.Hash(), ply); ok {
			s.TTStats.Hits++
			ttMove = e.Move
			if v, cut := tableCut(e, ply, depth, alpha, beta); cut != noCut {
				s.TTStats.Cutoffs++
				s.Counters.Leaves++
				if e.Flags&tt.FlagEnd == 0 {
					s.horizon++
				}
				return v, 0, true
			}
		}
	}
	n = pos.Moves(s.Stack.Moves[ply][:])
	s.Counters.Gens++
	if n == 0 {
		s.Counters.Leaves++
		return s.terminal(ply), 0, true
	}
	s.capNode[ply] = pos.IsCapture(s.Stack.Moves[ply][0])
	s.order(ply, n, ttMove)
	s.h0[ply] = s.horizon
	return 0, n, false
}

// terminal is the value of a position without moves, with a loss found
// ply plies below the root scored game.MatedIn(ply).
func (s *Searcher[T, P]) terminal(ply int) game.Value {
	return terminalValue[T, P](&s.Stack.Pos[ply], ply)
}

// newPVRows makes the principal-variation rows of a Searcher for plies
// plies: row p holds the variation from ply p, at most plies+2−p moves
// (one more than row p+1), all rows in one array of (plies+1)(plies+4)/2
// moves, a third of rows of game.MaxPly+1 moves each at 46 plies.
func newPVRows(plies int) [][]game.Move {
	rows := make([][]game.Move, plies+1)
	flat := make([]game.Move, (plies+1)*(plies+4)/2)
	for p := range rows {
		n := plies + 2 - p
		rows[p], flat = flat[:n:n], flat[n:]
	}
	return rows
}

// updatePV makes m followed by the child's PV the PV of ply.
func (s *Searcher[T, P]) updatePV(ply int, m game.Move) {
	s.pv[ply][0] = m
	k := s.pvLen[ply+1]
	copy(s.pv[ply][1:1+k], s.pv[ply+1][:k])
	s.pvLen[ply] = 1 + k
}

// outcome is how an interior node's loop over its n children ended:
// searched of them searched, the best value b, its move best and best's
// index bestIdx in search order.
type outcome struct {
	n, searched, bestIdx int
	best                 game.Move
	b                    game.Value
}

// finish does the bookkeeping at the end of an interior node: statistics,
// killers and history on a cutoff or a best move, the table store, and the
// root move at ply 0. w is the node's window as it was entered, o how its
// loop ended.
func (s *Searcher[T, P]) finish(w window, o outcome, useTT bool) {
	ply, depth, alpha0, beta := w.ply, w.depth, w.alpha, w.beta
	n, searched, bestIdx, best, b := o.n, o.searched, o.bestIdx, o.best, o.b
	c := &s.Counters
	pos := P(&s.Stack.Pos[ply])
	c.Interior++
	c.Moves += uint64(n)
	c.Searched += uint64(searched)
	if s.capNode[ply] {
		c.CaptureNodes++
		c.CaptureMoves += uint64(n)
	} else {
		c.QuietNodes++
		c.QuietMoves += uint64(n)
	}
	cut := b >= beta
	if cut {
		c.Cutoffs++
	}
	switch s.ntype[ply] {
	case metrics.PV:
		c.PVNodes++
	case metrics.CUT:
		c.CutNodes++
		if cut && searched == 1 {
			c.CutAsPredicted++
		}
	case metrics.ALL:
		c.AllNodes++
		if !cut && b <= alpha0 && searched == n {
			c.AllAsPredicted++
		}
	}
	improved := b > alpha0
	if improved || cut {
		c.BestKnown++
		if bestIdx == 0 {
			c.FirstBest++
		}
		if !pos.IsCapture(best) {
			s.learnQuiet(ply, depth, best)
		}
	}
	if ply == 0 {
		s.rootMove, s.rootValue = best, b
	}
	if useTT && s.TT != nil {
		lo, hi, m := bounds(b, alpha0, beta, best)
		s.TTStats.Stores++
		var flags uint8
		if s.horizon == s.h0[ply] {
			flags = tt.FlagEnd // no horizon below: exact at every depth
		}
		if s.TT.StoreFlags(pos.Hash(), ply, depth, lo, hi, m, flags) {
			s.TTStats.Overwrites++
		}
	}
}

// cutKind says which bound of a table entry ended a node's search.
type cutKind uint8

const (
	noCut    cutKind = iota
	lowerCut         // the lower bound reached β: a fail high, the entry's move refutes
	upperCut         // the upper bound stayed at or below α: a fail low, no best move
	exactCut         // the bounds meet: the exact value and its move
)

// tableCut is the rule by which a table entry ends a node's search (StarTech
// Fig. 3): below the root, an entry at least as deep as the node whose
// bounds fall outside the window (or meet) gives the node's value.
func tableCut(e tt.Entry, ply, depth int, alpha, beta game.Value) (game.Value, cutKind) {
	if ply == 0 || e.Depth < depth {
		return 0, noCut
	}
	switch {
	case e.Lower >= beta:
		return e.Lower, lowerCut
	case e.Upper <= alpha:
		return e.Upper, upperCut
	case e.Lower == e.Upper:
		return e.Lower, exactCut
	}
	return 0, noCut
}

// bounds is what a node searched with window (alpha0, beta) that scored b
// with best move best tells the table: a lower bound b when b rose above
// alpha0 (and the move), an upper bound b when b stayed below beta.
func bounds(b, alpha0, beta game.Value, best game.Move) (lo, hi game.Value, m game.Move) {
	lo, hi, m = -game.Inf, game.Inf, game.NoMove
	if b > alpha0 {
		lo, m = b, best
	}
	if b < beta {
		hi = b
	}
	return lo, hi, m
}

// learnQuiet credits a quiet move that cut off or was best at ply: the
// killers (two per ply) and the history heuristic, as the options say.
func (s *Searcher[T, P]) learnQuiet(ply, depth int, best game.Move) {
	if s.Opt.Killers && s.killers[ply][0] != best {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = best
	}
	if s.Opt.History {
		s.bumpHistory(ply, best, depth)
	}
}

// scoreFor scores moves, the children of pos at ply, as the serial search
// would order them there with this Searcher's ordering state (killers,
// history): the hint (the table's or recursive deepening's best move)
// first, then MVV-LVA, killers and history as the options say. It leaves
// the scores in scores (len(moves) of them) and reports whether the moves
// were scored at all. The parallel searches that order their own nodes
// (Jamboree, YBWC) call it with their processor's worker.
func (s *Searcher[T, P]) scoreFor(pos *T, moves []game.Move, ply int, hint game.Move, scores []int32) bool {
	n := len(moves)
	copy(s.Stack.Moves[ply][:n], moves)
	s.Stack.Pos[ply] = *pos
	tm := s.Opt.TTMove
	s.Opt.TTMove = hint != game.NoMove
	s.order(ply, n, hint)
	s.Opt.TTMove = tm
	copy(scores, s.scores[ply][:n])
	return s.scored[ply]
}

// terminalValue is the value of a position without moves, a loss ply plies
// below the root scored game.MatedIn(ply) (as Searcher.terminal).
func terminalValue[T any, P game.Position[T]](pos P, ply int) game.Value {
	v := pos.Terminal()
	switch v {
	case -game.Mate:
		return game.MatedIn(ply)
	case game.Mate:
		return -game.MatedIn(ply)
	}
	return v
}
