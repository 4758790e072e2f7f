package chess

import "splitpoint/game"

// Colors.
const (
	White = 0
	Black = 1
)

// Piece types.
const (
	Pawn = iota
	Knight
	Bishop
	Rook
	Queen
	King
)

// noPiece marks an empty square in the mailbox.
const noPiece = 0xff

// Castling right bits.
const (
	castleWK = 1 << iota
	castleWQ
	castleBK
	castleBQ
)

// histLen is the size of the repetition window: the hashes of the positions
// since the last irreversible move, halfmove clocks 0 … 100.
const histLen = 101

// histWin is the number of the window's latest hashes a Position holds
// itself (win); the earlier ones are in an array it shares (older).
const histWin = 32

// state is the part of a Position that Play always copies.
type state struct {
	pieces [6]Bitboard // by piece type, both colors
	colors [2]Bitboard
	board  [64]uint8 // piece type + 8*color, or noPiece
	hash   uint64
	side   uint8
	castle uint8
	ep     uint8  // en passant target square, or 0 when none (a1 is never one)
	nwin   uint8  // the hashes in Position.win (0 when rule50 ≥ histLen)
	rule50 uint16 // halfmove clock
	_      uint16
	moveNo uint32 // fullmove number
}

// Position is a chess position. The zero value is not a valid position; use
// Start or ParseFEN. Positions are plain values: copying one copies the
// whole state, and Play copies only the live part of the history.
//
// The repetition window, the hashes of the positions 0 … rule50 plies after
// the last irreversible move (while rule50 ≤ 100), is in two parts: its
// last nwin hashes in win, the position's own, and the ones before in
// older, an array that is never written once made, shared by every
// position whose window begins with it. A position is then 416 bytes, not
// 960: search frames and stacks hold one per ply or per node in flight,
// and in a search a window is rarely longer than the plies searched.
// Play makes a new older array (allocates) only for a position
// histWin plies past the start of its parent's win (a position parsed
// from FEN or EPD starts one); the hashes of a window before the position
// it was parsed from are unknown, zero.
type Position struct {
	state
	// win[j] is the hash of the position rule50+1−nwin+j plies after the
	// last irreversible move (win[nwin−1] is the current one).
	win [histWin]uint64
	// older[i] is the hash of the position i plies after the last
	// irreversible move, for i < rule50+1−nwin; nil: all zero.
	older *[histLen]uint64
}

var (
	_                = game.Perft[Position, *Position]
	_ game.Describer = (*Position)(nil)
)

// Move encoding: from (6 bits) | to (6 bits) << 6 | flags (4 bits) << 12.
// from ≠ to for every move, so no move encodes as game.NoMove.
const (
	flagQuiet     = 0
	flagDouble    = 1
	flagCastleK   = 2
	flagCastleQ   = 3
	flagCapture   = 4
	flagEP        = 5
	flagPromo     = 8 // + promotion piece - Knight; | flagCapture for capture-promotions
	flagPromoCapt = 12
)

func mkMove(from, to, flags int) game.Move {
	return game.Move(from | to<<6 | flags<<12)
}

func mFrom(m game.Move) int  { return int(m & 63) }
func mTo(m game.Move) int    { return int(m>>6) & 63 }
func mFlags(m game.Move) int { return int(m>>12) & 15 }

// mPromo is the promotion piece type of m, or 0 (Pawn) for none.
func mPromo(m game.Move) int {
	if m&(8<<12) == 0 {
		return 0
	}
	return int(m>>12)&3 + Knight
}

// castleMask[sq] clears the castling rights that a move from or to sq loses.
var castleMask [64]uint8

func init() {
	for i := range castleMask {
		castleMask[i] = 15
	}
	castleMask[sqA1] &^= castleWQ
	castleMask[sqE1] &^= castleWK | castleWQ
	castleMask[sqH1] &^= castleWK
	castleMask[sqA8] &^= castleBQ
	castleMask[sqE8] &^= castleBK | castleBQ
	castleMask[sqH8] &^= castleBK
}

func (p *Position) occupied() Bitboard { return p.colors[0] | p.colors[1] }

func (p *Position) kingSq(c int) int { return lsb(p.pieces[King] & p.colors[c]) }

// put and remove edit the board without touching the hash.
func (p *Position) put(c, pt, sq int) {
	b := Bitboard(1) << uint(sq)
	p.pieces[pt] |= b
	p.colors[c] |= b
	p.board[sq] = uint8(pt + 8*c)
}

// attackersTo is the set of pieces of color c attacking sq with occupancy occ.
func (p *Position) attackersTo(sq, c int, occ Bitboard) Bitboard {
	them := p.colors[c]
	rq := p.pieces[Rook] | p.pieces[Queen]
	bq := p.pieces[Bishop] | p.pieces[Queen]
	return them & ((pawnAttacks[c^1][sq] & p.pieces[Pawn]) |
		(knightAttacks[sq] & p.pieces[Knight]) |
		(kingAttacks[sq] & p.pieces[King]) |
		(rookAttacks(sq, occ) & rq) |
		(bishopAttacks(sq, occ) & bq))
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	us := int(p.side)
	return p.attackersTo(p.kingSq(us), us^1, p.occupied()) != 0
}

// epCapturable reports whether a pawn of color c stands ready to capture en
// passant on sq (pseudo-legally). Positions store an en passant square only
// then, so that equal positions have equal hashes.
func (p *Position) epCapturable(sq, c int) bool {
	return pawnAttacks[c^1][sq]&p.pieces[Pawn]&p.colors[c] != 0
}

// Play writes into dst the position after the legal move m (copy-make): the
// receiver is unchanged. Only the live part of the repetition history
// (win[:nwin]) is copied; older is shared.
func (p *Position) Play(m game.Move, dst *Position) {
	dst.state = p.state
	from, to, fl := mFrom(m), mTo(m), mFlags(m)
	us := int(p.side)
	them := us ^ 1
	pc := int(p.board[from])
	pt := pc & 7
	h := p.hash ^ zSide
	if p.ep != 0 {
		h ^= zEP[fileOf(int(p.ep))]
		dst.ep = 0
	}
	fromBB := Bitboard(1) << uint(from)
	toBB := Bitboard(1) << uint(to)
	dst.rule50++
	if fl&flagCapture != 0 {
		capSq := to
		if fl == flagEP {
			capSq = to ^ 8
		}
		cp := int(p.board[capSq])
		cbb := Bitboard(1) << uint(capSq)
		dst.pieces[cp&7] ^= cbb
		dst.colors[them] ^= cbb
		dst.board[capSq] = noPiece
		h ^= zPiece[cp][capSq]
		dst.rule50 = 0
	}
	// move the piece
	dst.pieces[pt] ^= fromBB | toBB
	dst.colors[us] ^= fromBB | toBB
	dst.board[from] = noPiece
	dst.board[to] = uint8(pc)
	h ^= zPiece[pc][from] ^ zPiece[pc][to]
	if pt == Pawn {
		dst.rule50 = 0
		if fl&flagPromo != 0 {
			promo := mPromo(m)
			dst.pieces[Pawn] ^= toBB
			dst.pieces[promo] ^= toBB
			npc := promo + 8*us
			dst.board[to] = uint8(npc)
			h ^= zPiece[pc][to] ^ zPiece[npc][to]
		} else if fl == flagDouble {
			epSq := (from + to) / 2
			if pawnAttacks[us][epSq]&dst.pieces[Pawn]&dst.colors[them] != 0 {
				dst.ep = uint8(epSq)
				h ^= zEP[fileOf(epSq)]
			}
		}
	} else if fl == flagCastleK || fl == flagCastleQ {
		rf, rt := to+1, to-1
		if fl == flagCastleQ {
			rf, rt = to-2, to+1
		}
		rbb := Bitboard(1)<<uint(rf) | Bitboard(1)<<uint(rt)
		dst.pieces[Rook] ^= rbb
		dst.colors[us] ^= rbb
		rpc := Rook + 8*us
		dst.board[rf] = noPiece
		dst.board[rt] = uint8(rpc)
		h ^= zPiece[rpc][rf] ^ zPiece[rpc][rt]
	}
	if c := p.castle & castleMask[from] & castleMask[to]; c != p.castle {
		h ^= zCastle[p.castle] ^ zCastle[c]
		dst.castle = c
	}
	dst.side = uint8(them)
	if us == Black {
		dst.moveNo++
	}
	dst.hash = h
	r := int(dst.rule50)
	switch n := int(p.nwin); {
	case r == 0:
		dst.win[0], dst.nwin, dst.older = h, 1, nil
	case r >= histLen:
		dst.nwin, dst.older = 0, nil // a draw (Draw): no window
	case n < histWin:
		copy(dst.win[:n], p.win[:n])
		dst.win[n], dst.nwin, dst.older = h, uint8(n+1), p.older
	default:
		dst.older = p.spill(r)
		dst.win[0], dst.nwin = h, 1
	}
}

// spill is the older array of p's child with halfmove clock r, whose
// window no longer fits win: p's older part followed by p's win.
func (p *Position) spill(r int) *[histLen]uint64 {
	o := new([histLen]uint64)
	lo := r - int(p.nwin)
	if p.older != nil {
		copy(o[:lo], p.older[:lo])
	}
	copy(o[lo:r], p.win[:p.nwin])
	return o
}

// Rebase moves the position's repetition window, but for its own hash,
// into a new shared array (allocates once), so that a search from it plays
// histWin−1 reversible plies before Play makes another: a position reached
// through a game's moves (UCI's position command, a match) is rebased
// before it is searched, and the search's hot path then does not allocate.
// Draw answers as before.
func (p *Position) Rebase() {
	if p.nwin <= 1 || int(p.rule50) >= histLen {
		return
	}
	p.older = p.spill(int(p.rule50) + 1)
	p.win[0], p.nwin = p.hash, 1
}

// Hash is the Zobrist key of the position.
func (p *Position) Hash() uint64 { return p.hash }

// Terminal is the value of a position without legal moves: -game.Mate when
// checkmated, 0 when stalemated.
func (p *Position) Terminal() game.Value {
	if p.InCheck() {
		return -game.Mate
	}
	return 0
}

// Draw reports a draw by rule: the fifty-move rule (halfmove clock ≥ 100), a
// repetition (the same hash, same side to move, earlier in the window since
// the last irreversible move) or insufficient material (KvK, KBvK, KNvK).
func (p *Position) Draw() bool {
	r := int(p.rule50)
	if r >= 100 {
		return true
	}
	i := r - 4
	for lo := r + 1 - int(p.nwin); i >= lo; i -= 2 {
		if p.win[i-lo] == p.hash {
			return true
		}
	}
	if i >= 0 && p.older == nil && p.hash == 0 { // the unknown hashes are zero
		return true
	}
	for ; i >= 0 && p.older != nil; i -= 2 {
		if p.older[i] == p.hash {
			return true
		}
	}
	if p.pieces[Pawn]|p.pieces[Rook]|p.pieces[Queen] == 0 &&
		popcount(p.pieces[Knight]|p.pieces[Bishop]) <= 1 {
		return true
	}
	return false
}

// IsCapture reports whether m captures (en passant included; a promotion
// without capture is not a capture).
func (p *Position) IsCapture(m game.Move) bool { return mFlags(m)&flagCapture != 0 }

// IsCheck reports whether the legal move m gives check.
func (p *Position) IsCheck(m game.Move) bool {
	var q Position
	p.Play(m, &q)
	return q.InCheck()
}

// Side returns the color to move (White or Black).
func (p *Position) Side() int { return int(p.side) }

// HalfmoveClock is the number of plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return int(p.rule50) }

// SideToMove names the side to move: "white" or "black".
func (p *Position) SideToMove() string {
	if p.side == White {
		return "white"
	}
	return "black"
}

// Domain is "chess".
func (p *Position) Domain() string { return "chess" }
