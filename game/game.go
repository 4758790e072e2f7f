package game

import (
	"fmt"
	"strconv"
)

// Move is a move in a domain's own encoding. Zero is never a legal move.
type Move uint32

// NoMove is the zero Move: "no move" in tables and principal variations.
const NoMove Move = 0

// Value is a score seen from the side to move (negamax): a parent's value is
// the maximum over its children of the negated child value.
type Value = int32

const (
	// Inf bounds every value: no search returns a value outside [-Inf, Inf].
	Inf Value = 32000
	// Mate is the value of a side that mates at once. Terminal returns -Mate
	// for a lost position; searches report a loss found p plies below the
	// root as -(Mate - p) with MatedIn, so shorter wins are preferred.
	Mate Value = 30000
	// MaxPly bounds the depth of any search, quiescence included.
	MaxPly = 128
	// MaxMoves bounds the number of moves of one position in every domain
	// (218 is the chess maximum; synthetic trees refuse wider nodes).
	MaxMoves = 256
)

// MatedIn is the value of being mated (or, in checkers, of having no move)
// ply plies below the search root.
func MatedIn(ply int) Value { return -Mate + Value(ply) }

// Describe writes v for a person: the number, and for a forced win or loss
// "mate in N" or "mated in N" in moves of the side to move (a mate found
// p plies below the root is (p+1)/2 moves away).
func Describe(v Value) string {
	switch {
	case !IsMate(v):
		return strconv.Itoa(int(v))
	case v > 0:
		return fmt.Sprintf("%d (mate in %d)", v, (int(Mate-v)+1)/2)
	default:
		return fmt.Sprintf("%d (mated in %d)", v, (int(Mate+v)+1)/2)
	}
}

// IsMate reports whether v encodes a forced win or loss.
func IsMate(v Value) bool { return v >= Mate-MaxPly || v <= -Mate+MaxPly }

// Position is the contract between the search algorithms and a game domain.
// T is the domain's position struct; the methods have pointer receivers.
// None of the methods may allocate.
type Position[T any] interface {
	*T

	// Moves writes the legal moves of the position into buf in the domain's
	// move order and returns how many it wrote. len(buf) must be at least
	// MaxMoves. Zero moves means the game is over: see Terminal.
	Moves(buf []Move) int

	// Captures writes the moves quiescence search follows (chess: captures
	// and promotions; checkers: the compulsory captures, if any) and returns
	// how many. Synthetic trees have none.
	Captures(buf []Move) int

	// Play writes into dst the position after m; the receiver is unchanged
	// (copy-make). dst must not be the receiver.
	Play(m Move, dst *T)

	// Hash is the 64-bit key of the position (Zobrist in chess and checkers,
	// the spec's K(n) for synthetic trees).
	Hash() uint64

	// Eval is the static evaluation from the side to move.
	Eval() Value

	// Terminal is the value of a position whose Moves returned zero: -Mate
	// for a loss (checkmate, or no move in checkers), 0 for stalemate, the
	// leaf value for a synthetic leaf.
	Terminal() Value

	// Draw reports a draw by rule that ends the search here whatever the
	// moves: repetition (from the hashes since the last irreversible move,
	// which the position carries) or the fifty-move rule.
	Draw() bool

	// IsCapture reports whether m captures (the capture/quiet distinction
	// of quiescence search and of Lu's branching-factor statistics).
	IsCapture(m Move) bool

	// Gain orders captures: an MVV-LVA score, larger first; 0 for a quiet
	// move.
	Gain(m Move) int32
}

// Describer is what the command line and the reports need of a position:
// none of it is on the search hot path.
type Describer interface {
	// Domain names the game: "chess", "checkers" or "synth".
	Domain() string
	// String draws the position (a board diagram or a tree summary).
	String() string
	// SideToMove names the side to move ("white", "black", "max", "min").
	SideToMove() string
	// MoveString writes m in the domain's notation (chess SAN, checkers
	// 1-32 numbers, a child index in a synthetic tree).
	MoveString(m Move) string
	// ParseMove reads a move in the domain's notation in this position.
	ParseMove(s string) (Move, error)
}

// CaptureRule is implemented by a domain whose captures are compulsory
// (checkers): quiescence search then plays a pending capture instead of
// standing pat. Algorithms ask for it with CapturesForced, never by the
// domain's name.
type CaptureRule interface {
	CapturesForced() bool
}

// CapturesForced reports whether the position's domain makes captures
// compulsory (a CaptureRule saying so).
func CapturesForced(p any) bool {
	r, ok := p.(CaptureRule)
	return ok && r.CapturesForced()
}

// Widther is implemented by a domain that knows the widest node of its
// tree in advance (a synthetic tree): ITERSSS*'s minimum memory M0 uses
// it, and MaxMoves stands in for every other domain.
type Widther interface {
	MaxWidth() int
}

// CaptureBounder is implemented by a domain that bounds, from a position,
// the length of any sequence of moves its Captures generates: quiescence
// search from the position goes at most that many plies deeper. A serial
// search's rows (its stack of positions, move lists, scores) are sized
// with it to what the search can touch.
type CaptureBounder interface {
	CaptureBound() int
}

// CaptureBound is p's CaptureBound, or MaxPly when its domain gives none.
func CaptureBound(p any) int {
	if b, ok := p.(CaptureBounder); ok {
		return b.CaptureBound()
	}
	return MaxPly
}
