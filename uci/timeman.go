package uci

import "time"

// Overhead is the time kept back on every move for what the clock
// charges beyond the search: reading the command, the stop reaching the
// search (the pool's workers check it every 1024 nodes), printing
// bestmove and the GUI's own latency.
const Overhead = 30 * time.Millisecond

// Budget turns the limits of "go" into a Plan for the side to move
// (white: the wtime/winc side). With a clock, the move's base share is
// the time left over the moves to go (movestogo, or 25 when the control is
// sudden death) plus three quarters of the increment; the search stops
// starting iterations past 0.7 of it (Soft) and is stopped at 3 times it
// (Hard), but Hard never passes a fifth of the time left beyond the
// overhead of the next moves (up to 10), so a move never spends the clock down: the clock test
// (TestBudgetNeverFlags) plays whole games at 10+0.1 and harder controls
// with every move taking its Hard limit plus a latency, and the clock
// never falls. movetime is a fixed time (less the overhead); infinite and
// ponder leave the times open (the caller stops the search).
func Budget(l Limits, white bool) Plan {
	p := Plan{Depth: l.Depth, Nodes: l.Nodes}
	if l.Infinite || l.Ponder {
		return p
	}
	if l.MoveTime > 0 {
		p.Hard = max(l.MoveTime-Overhead, time.Millisecond)
		p.Soft = p.Hard
		return p
	}
	if !l.Clock {
		return p
	}
	left, inc := l.WTime, l.WInc
	if !white {
		left, inc = l.BTime, l.BInc
	}
	mtg := l.MovesToGo
	if mtg <= 0 {
		mtg = 25
	}
	mtg = min(mtg, 50)
	base := left/time.Duration(mtg) + inc*3/4
	// The overhead is kept back for each of the next moves (up to 10),
	// so that a move near the end of a control still leaves enough for
	// the moves after it.
	avail := max(left-Overhead*time.Duration(min(mtg, 10)), 0)
	p.Hard = min(3*base, avail/5)
	if mtg == 1 {
		p.Hard = min(base, avail*3/4) // the last move before the control: most of what is left
	}
	p.Hard = max(p.Hard, time.Millisecond)
	p.Soft = min(base*7/10, p.Hard)
	return p
}
