package algos

import "splitpoint/game"

// aspirationWindow is the first window of an iteration: prev ± width when
// aspiration is on and the previous iteration's value is known and not a
// mate score, else the full window.
func aspirationWindow(prev game.Value, width int, havePrev bool) (alpha, beta game.Value) {
	if w := game.Value(width); w > 0 && havePrev && !game.IsMate(prev) {
		return max(prev-w, -game.Inf), min(prev+w, game.Inf)
	}
	return -game.Inf, game.Inf
}

// widen opens the side of the window that v failed on; done reports that v
// lies inside the window (the search's value is then exact).
func widen(v, alpha, beta game.Value) (game.Value, game.Value, bool) {
	switch {
	case v <= alpha && alpha > -game.Inf:
		return -game.Inf, beta, false
	case v >= beta && beta < game.Inf:
		return alpha, game.Inf, false
	}
	return alpha, beta, true
}
