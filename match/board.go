package match

import (
	"fmt"
	"strings"

	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
	"splitpoint/lab"
	"splitpoint/suites"
)

// board is a game in progress in one domain: the position with its
// history, the rules that end a game, and the notations.
type board interface {
	domain() string
	// first reports whether the side to move is the one a result "1-0"
	// credits (chess: White; checkers: Black, who moves first).
	first() bool
	legal() []game.Move
	play(m game.Move)
	// item is the position as a lab item, for the workbench's searches.
	item() *lab.Item
	// text writes m in the domain's notation (SAN, checkers numbers);
	// uci in UCI notation (chess only), parseUCI reads it back.
	text(m game.Move) string
	uci(m game.Move) string
	parseUCI(s string) (game.Move, error)
	// over reports a game ended by the rules: the points of the side
	// that moves first (1, ½, 0) and why.
	over() (ended bool, firstScore float64, reason string)
	startFEN() string
	// uciMoves are the moves played, in UCI notation (chess).
	uciMoves() []string
	plies() int
}

// newBoard starts a game at the item's position.
func newBoard(it *lab.Item) (board, error) {
	switch {
	case it.Chess != nil:
		p := *it.Chess
		return &chessBoard{start: p.FEN(), cur: p, hashes: []uint64{p.Hash()}}, nil
	case it.Checkers != nil:
		p := *it.Checkers
		return &checkersBoard{start: p.FEN(), cur: p, firstSide: p.SideToMove()}, nil
	}
	return nil, fmt.Errorf("%s: a match plays chess or checkers positions, not %s", it.Name, it.Domain())
}

type chessBoard struct {
	start  string
	cur    chess.Position
	hashes []uint64 // every position of the game, for threefold repetition
	moves  []string
}

func (b *chessBoard) domain() string { return "chess" }
func (b *chessBoard) first() bool    { return b.cur.Side() == chess.White }
func (b *chessBoard) legal() []game.Move {
	var buf [game.MaxMoves]game.Move
	n := b.cur.Moves(buf[:])
	return append([]game.Move(nil), buf[:n]...)
}
func (b *chessBoard) play(m game.Move) {
	var next chess.Position
	b.moves = append(b.moves, chess.UCI(m))
	b.cur.Play(m, &next)
	b.cur = next
	b.cur.Rebase() // the game's window shared, so that the search does not allocate
	b.hashes = append(b.hashes, b.cur.Hash())
}
func (b *chessBoard) item() *lab.Item {
	p := b.cur
	return lab.NewItem("chess:"+p.FEN(), suites.Entry{Chess: &p})
}
func (b *chessBoard) text(m game.Move) string { return b.cur.MoveString(m) }
func (b *chessBoard) uci(m game.Move) string  { return chess.UCI(m) }
func (b *chessBoard) parseUCI(s string) (game.Move, error) {
	// Only UCI notation: from, to and a promotion piece.
	if len(s) < 4 || len(s) > 5 || s[0] < 'a' || s[0] > 'h' || s[2] < 'a' || s[2] > 'h' {
		return game.NoMove, fmt.Errorf("%q is not a move in UCI notation", s)
	}
	return b.cur.ParseMove(s)
}
func (b *chessBoard) startFEN() string   { return b.start }
func (b *chessBoard) uciMoves() []string { return b.moves }
func (b *chessBoard) plies() int         { return len(b.moves) }

// over applies the rules of chess: checkmate, stalemate, the fifty-move
// rule, threefold repetition, insufficient material (no pawn, rook or
// queen and at most one minor piece).
func (b *chessBoard) over() (bool, float64, string) {
	if len(b.legal()) == 0 {
		if b.cur.InCheck() {
			if b.first() {
				return true, 0, "checkmate"
			}
			return true, 1, "checkmate"
		}
		return true, 0.5, "stalemate"
	}
	if b.cur.HalfmoveClock() >= 100 {
		return true, 0.5, "fifty-move rule"
	}
	h, n := b.cur.Hash(), 0
	for _, x := range b.hashes {
		if x == h {
			n++
		}
	}
	if n >= 3 {
		return true, 0.5, "threefold repetition"
	}
	board, _, _ := strings.Cut(b.cur.FEN(), " ")
	minors := strings.Count(strings.ToLower(board), "n") + strings.Count(strings.ToLower(board), "b")
	if !strings.ContainsAny(board, "pPrRqQ") && minors <= 1 {
		return true, 0.5, "insufficient material"
	}
	return false, 0, ""
}

type checkersBoard struct {
	start     string
	cur       checkers.Position
	firstSide string // the side that moves first at the start: "black"
	moves     []string
}

func (b *checkersBoard) domain() string { return "checkers" }
func (b *checkersBoard) first() bool    { return b.cur.SideToMove() == "black" }
func (b *checkersBoard) legal() []game.Move {
	var buf [game.MaxMoves]game.Move
	n := b.cur.Moves(buf[:])
	return append([]game.Move(nil), buf[:n]...)
}
func (b *checkersBoard) play(m game.Move) {
	var next checkers.Position
	b.moves = append(b.moves, b.cur.MoveString(m))
	b.cur.Play(m, &next)
	b.cur = next
}
func (b *checkersBoard) item() *lab.Item {
	p := b.cur
	return lab.NewItem("checkers:"+p.FEN(), suites.Entry{Checkers: &p})
}
func (b *checkersBoard) text(m game.Move) string { return b.cur.MoveString(m) }
func (b *checkersBoard) uci(m game.Move) string  { return b.cur.MoveString(m) }
func (b *checkersBoard) parseUCI(s string) (game.Move, error) {
	return b.cur.ParseMove(s)
}
func (b *checkersBoard) startFEN() string   { return b.start }
func (b *checkersBoard) uciMoves() []string { return b.moves }
func (b *checkersBoard) plies() int         { return len(b.moves) }

// over applies the rules of checkers: a side without a move loses; a
// repetition or the 40-move rule draws (checkers.Position.Draw).
func (b *checkersBoard) over() (bool, float64, string) {
	if len(b.legal()) == 0 {
		if b.first() {
			return true, 0, "no move left"
		}
		return true, 1, "no move left"
	}
	if b.cur.Draw() {
		return true, 0.5, "repetition or the 40-move rule"
	}
	return false, 0, ""
}
