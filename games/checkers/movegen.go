package checkers

import (
	"math/bits"

	"splitpoint/game"
)

// Move encoding (a game.Move, uint32):
//
//	bits 0–4   the origin square index (square number - 1)
//	bit  5     set for a capture
//	bits 6–30  the path: the directions of the steps (2 bits each, the
//	           first step in the lowest bits) under a marker bit just above
//	           the last one
//
// A quiet move has one step; a capture has one step per jump (1 to 12: a
// side has at most 12 pieces to capture). Directions are those of neighbour:
// 0 and 1 towards higher square numbers, 2 and 3 towards lower ones, 0 and
// 2 towards file a. The path gives every landing square exactly, so two
// capture paths with the same origin, destination and captured set are
// different moves, as in Bik's perft that counts every capture path. The
// marker bit makes every move non-zero (never game.NoMove).
const (
	fromBits    = 31
	captureFlag = 1 << 5
	pathShift   = 6
	maxJumps    = 12
)

func quietMove(from, d int) game.Move {
	return game.Move(from | (4|d)<<pathShift)
}

func captureMove(from int, dirs uint32, n int) game.Move {
	return game.Move(uint32(from) | captureFlag | (dirs|1<<(2*n))<<pathShift)
}

// moveSteps returns the origin index, the direction bits and the number of
// steps of m.
func moveSteps(m game.Move) (from int, dirs uint32, n int) {
	path := uint32(m) >> pathShift
	n = (bits.Len32(path) - 1) / 2
	return int(m & fromBits), path &^ (1 << (2 * n)), n
}

// Moves writes the legal moves into buf: the captures if any exists (every
// complete capture path is a move), else the quiet moves. len(buf) must be
// at least game.MaxMoves.
func (p *Position) Moves(buf []game.Move) int {
	if n := p.Captures(buf); n > 0 {
		return n
	}
	return p.quiets(buf)
}

// quiets writes the non-capturing moves, by direction and then by
// destination square.
func (p *Position) quiets(buf []game.Move) int {
	us := int(p.side)
	own := p.pieces[us]
	empty := ^(own | p.pieces[1-us])
	kings := own & p.kings
	down, up := own, kings // Black's men go down the board
	if us == white {
		down, up = kings, own
	}
	n := emitQuiets(buf, 0, step0(down)&empty, 0)
	n = emitQuiets(buf, n, step1(down)&empty, 1)
	n = emitQuiets(buf, n, step2(up)&empty, 2)
	return emitQuiets(buf, n, step3(up)&empty, 3)
}

// emitQuiets writes the steps in direction d that land on targets.
func emitQuiets(buf []game.Move, n int, targets uint32, d int) int {
	back := &neighbour[3-d]
	for ; targets != 0; targets &= targets - 1 {
		if n < len(buf) {
			buf[n] = quietMove(int(back[bits.TrailingZeros32(targets)]), d)
			n++
		}
	}
	return n
}

// Captures writes the compulsory captures (every complete jump path) into
// buf and returns how many; 0 when the side to move has no capture. In
// checkers quiescence search goes on while a capture is pending (Lu 1993;
// Chinook).
func (p *Position) Captures(buf []game.Move) int {
	us := int(p.side)
	own := p.pieces[us]
	opp := p.pieces[1-us]
	empty := ^(own | opp)
	kings := own & p.kings
	// Squares from which a jump in direction d is possible: step back from
	// an empty square over an opponent.
	down := step3(opp&step3(empty)) | step2(opp&step2(empty))
	up := step1(opp&step1(empty)) | step0(opp&step0(empty))
	lo, hi := 0, 1
	jumpers := own&down | kings&up
	if us == white {
		lo, hi = 2, 3
		jumpers = own&up | kings&down
	}
	if jumpers == 0 {
		return 0
	}
	n := 0
	for ; jumpers != 0; jumpers &= jumpers - 1 {
		s := bits.TrailingZeros32(jumpers)
		e := empty | 1<<s // the jumping piece leaves its square
		if kings&(1<<s) != 0 {
			n = jumpPaths(buf, n, s, s, 0, 0, opp, e, 0, 3, 0)
		} else {
			n = jumpPaths(buf, n, s, s, 0, 0, opp, e, lo, hi, crownRow[us])
		}
	}
	return n
}

// jumpPaths extends a capture path of k jumps that has reached square s and
// writes every completion into buf from index n; it returns the new count.
// Directions lo..hi are allowed; landing on crown ends the move (a man is
// crowned). Captured pieces are taken out of opp so none is jumped twice;
// they need not be added to empty, since a short king only ever lands on
// squares an even number of rows away from its origin and a jumped piece
// stands an odd number of rows away.
func jumpPaths(buf []game.Move, n, from, s int, dirs uint32, k int, opp, empty uint32, lo, hi int, crown uint32) int {
	more := false
	for d := lo; d <= hi; d++ {
		l := landing[d][s]
		if l < 0 {
			continue
		}
		mid := uint32(1) << neighbour[d][s]
		if opp&mid == 0 || empty&(1<<l) == 0 {
			continue
		}
		more = true
		nd := dirs | uint32(d)<<(2*k)
		if crown&(1<<l) != 0 || k+1 == maxJumps {
			if n < len(buf) {
				buf[n] = captureMove(from, nd, k+1)
				n++
			}
			continue
		}
		n = jumpPaths(buf, n, from, int(l), nd, k+1, opp&^mid, empty, lo, hi, crown)
	}
	if !more && k > 0 && n < len(buf) {
		buf[n] = captureMove(from, dirs, k)
		n++
	}
	return n
}

// Play writes into dst the position after m (copy-make: the receiver is
// unchanged). m must be a legal move of p; dst must not be p.
func (p *Position) Play(m game.Move, dst *Position) {
	*dst = *p
	us := int(p.side)
	them := 1 - us
	from, dirs, n := moveSteps(m)
	fromBit := uint32(1) << from
	wasKing := p.kings&fromBit != 0
	h := p.hash
	s := from
	if m&captureFlag != 0 {
		for i := 0; i < n; i++ {
			d := dirs >> (2 * i) & 3
			mid := int(neighbour[d][s])
			s = int(landing[d][s])
			midBit := uint32(1) << mid
			if p.kings&midBit != 0 {
				h ^= zobPiece[them][1][mid]
			} else {
				h ^= zobPiece[them][0][mid]
			}
			dst.pieces[them] &^= midBit
			dst.kings &^= midBit
		}
		dst.clock = 0
	} else {
		s = int(neighbour[dirs&3][from])
		if wasKing && p.clock < 255 {
			dst.clock = p.clock + 1
		} else if !wasKing {
			dst.clock = 0
		}
	}
	toBit := uint32(1) << s
	dst.pieces[us] ^= fromBit ^ toBit
	switch {
	case wasKing:
		dst.kings ^= fromBit ^ toBit
		h ^= zobPiece[us][1][from] ^ zobPiece[us][1][s]
	case toBit&crownRow[us] != 0:
		dst.kings |= toBit
		h ^= zobPiece[us][0][from] ^ zobPiece[us][1][s]
	default:
		h ^= zobPiece[us][0][from] ^ zobPiece[us][0][s]
	}
	dst.side = uint8(them)
	dst.hash = h ^ zobSide
	dst.hist[p.ply&(histLen-1)] = p.hash
	dst.ply = p.ply + 1
}

// IsCapture reports whether m is a capture.
func (p *Position) IsCapture(m game.Move) bool { return m&captureFlag != 0 }

// Gain orders captures: 100 per piece captured plus 30 per king among them
// (the difference between a king and a checker on Chinook's scale); 0 for a
// quiet move.
func (p *Position) Gain(m game.Move) int32 {
	if m&captureFlag == 0 {
		return 0
	}
	_, captured := p.jumpResult(m)
	return int32(bits.OnesCount32(captured)*ManValue +
		bits.OnesCount32(captured&p.kings)*(KingValue-ManValue))
}

// jumpResult walks the path of m from its origin and returns the
// destination index and the captured squares (none for a quiet move). m must
// be a move of p.
func (p *Position) jumpResult(m game.Move) (to int, captured uint32) {
	from, dirs, n := moveSteps(m)
	s := from
	if m&captureFlag == 0 {
		return int(neighbour[dirs&3][from]), 0
	}
	for i := 0; i < n; i++ {
		d := dirs >> (2 * i) & 3
		captured |= 1 << neighbour[d][s]
		s = int(landing[d][s])
	}
	return s, captured
}

// CaptureBound bounds a sequence of Captures moves (game.CaptureBounder):
// each jump removes at least one piece.
func (p *Position) CaptureBound() int {
	return bits.OnesCount32(p.pieces[0]) + bits.OnesCount32(p.pieces[1])
}
