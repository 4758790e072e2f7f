package checkers

import (
	"math/bits"
	"strings"

	"splitpoint/game"
)

var (
	_                = game.Perft[Position, *Position]
	_ game.Describer = (*Position)(nil)
)

// Colours index Position.pieces.
const (
	black = 0
	white = 1
)

// Piece values on Chinook's scale.
const (
	ManValue  = 100
	KingValue = 130
)

// histLen is the number of past hashes a position carries for repetition
// detection (a power of two).
const histLen = 16

// drawClock is the number of plies without a man move or a capture after
// which Draw reports a draw: the 40-move rule (40 moves by each side).
const drawClock = 80

// Position is a checkers position: who stands where, who moves, the Zobrist
// key, and the keys of the positions since the last irreversible move (at
// most the last histLen plies). It satisfies game.Position[Position] and
// game.Describer with pointer receivers. The zero value is an empty board
// with Black to move; use Start or ParseFEN.
type Position struct {
	pieces [2]uint32 // bit s-1 set: a piece of that colour on square s
	kings  uint32    // which of those pieces are kings
	hash   uint64    // Zobrist key of pieces, kings and side to move
	side   uint8     // black or white to move
	clock  uint8     // plies since the last man move or capture (saturates)
	ply    uint16    // plies played since the root FEN (wraps)
	hist   [histLen]uint64
}

// Square geometry. Square index s (0–31) is square s+1; row r = s/4 counts
// from Black's back row (row 0: squares 1–4) and column c counts from file a.
// Even rows hold files b, d, f, h; odd rows files a, c, e, g.
//
// Directions: 0 and 1 go down the diagram (towards higher square numbers,
// Black's forward), 2 and 3 go up (White's forward); 0 and 2 go towards
// file a, 1 and 3 towards file h.
var (
	neighbour [4][32]int8 // the adjacent square in each direction, or -1
	landing   [4][32]int8 // the square two steps away, or -1
)

// Steps as shifts: in direction 0 the squares of mask0a move by +4 and those
// of mask0b by +3; direction 1: +5 and +4; direction 2: -4 and -5;
// direction 3: -3 and -4. Squares in neither mask would leave the board.
// TestGeometry checks the masks against neighbour.
const (
	mask0a uint32 = 0x0f0f0f0f // even rows
	mask0b uint32 = 0x00e0e0e0 // odd rows but the last, not file a
	mask1a uint32 = 0x07070707 // even rows, not file h
	mask1b uint32 = 0x00f0f0f0 // odd rows but the last
	mask2a uint32 = 0x0f0f0f00 // even rows but the first
	mask2b uint32 = 0xe0e0e0e0 // odd rows, not file a
	mask3a uint32 = 0x07070700 // even rows but the first, not file h
	mask3b uint32 = 0xf0f0f0f0 // odd rows
)

const (
	row0 uint32 = 0x0000000f // squares 1–4: White crowns here
	row7 uint32 = 0xf0000000 // squares 29–32: Black crowns here
)

// crownRow[c] is where men of colour c are crowned.
var crownRow = [2]uint32{row7, row0}

func squareAt(r, c int) int8 {
	if r < 0 || r > 7 || c < 0 || c > 7 || (r+c)%2 == 0 {
		return -1
	}
	return int8(r*4 + c/2)
}

func init() {
	dr := [4]int{1, 1, -1, -1}
	dc := [4]int{-1, 1, -1, 1}
	for s := 0; s < 32; s++ {
		r := s / 4
		c := 2 * (s % 4)
		if r%2 == 0 {
			c++
		}
		for d := 0; d < 4; d++ {
			neighbour[d][s] = squareAt(r+dr[d], c+dc[d])
			landing[d][s] = squareAt(r+2*dr[d], c+2*dc[d])
		}
	}
}

func step0(b uint32) uint32 { return (b&mask0a)<<4 | (b&mask0b)<<3 }
func step1(b uint32) uint32 { return (b&mask1a)<<5 | (b&mask1b)<<4 }
func step2(b uint32) uint32 { return (b&mask2a)>>4 | (b&mask2b)>>5 }
func step3(b uint32) uint32 { return (b&mask3a)>>3 | (b&mask3b)>>4 }

// step moves every square of b one step in direction d (squares that would
// leave the board are dropped).
func step(d int, b uint32) uint32 {
	switch d {
	case 0:
		return step0(b)
	case 1:
		return step1(b)
	case 2:
		return step2(b)
	}
	return step3(b)
}

// reverse is the opposite direction.
func reverse(d int) int { return 3 - d }

// Start returns the initial position: Black on 1–12, White on 21–32, Black
// to move.
func Start() *Position {
	p := &Position{}
	p.pieces[black] = 0x00000fff
	p.pieces[white] = 0xfff00000
	p.hash = p.computeHash()
	return p
}

// Domain is "checkers".
func (p *Position) Domain() string { return "checkers" }

// CapturesForced is true: in checkers a capture must be played
// (game.CaptureRule).
func (p *Position) CapturesForced() bool { return true }

// SideToMove is "black" or "white".
func (p *Position) SideToMove() string {
	if p.side == black {
		return "black"
	}
	return "white"
}

// Terminal is the value of a position without a legal move: in checkers the
// side that cannot move loses.
func (p *Position) Terminal() game.Value { return -game.Mate }

// Draw reports a draw by rule: the position repeats one of the last histLen
// plies since the last irreversible move (a man move or a capture) with the
// same side to move, or drawClock plies (40 moves each) have passed without
// an irreversible move — the 40-move rule, applied automatically.
func (p *Position) Draw() bool {
	if p.clock >= drawClock {
		return true
	}
	limit := int(p.clock)
	if limit > histLen {
		limit = histLen
	}
	for k := 4; k <= limit; k += 2 {
		if p.hist[(int(p.ply)-k)&(histLen-1)] == p.hash {
			return true
		}
	}
	return false
}

// Pieces returns the bitboards of Black's and White's pieces and of the
// kings (bit s-1 for square s).
func (p *Position) Pieces() (blackBB, whiteBB, kings uint32) {
	return p.pieces[black], p.pieces[white], p.kings
}

// String draws the board with Black at the top: each dark square shows its
// number followed by b/w for a man, B/W for a king or '.' when empty; then
// the side to move and the FEN.
func (p *Position) String() string {
	var sb strings.Builder
	sb.WriteString("   +------------------------+\n")
	for r := 0; r < 8; r++ {
		sb.WriteByte(byte('8' - r))
		sb.WriteString("  |")
		for c := 0; c < 8; c++ {
			s := squareAt(r, c)
			if s < 0 {
				sb.WriteString("   ")
				continue
			}
			n := int(s) + 1
			if n < 10 {
				sb.WriteByte(' ')
			} else {
				sb.WriteByte(byte('0' + n/10))
			}
			sb.WriteByte(byte('0' + n%10))
			sb.WriteByte(p.pieceChar(int(s)))
		}
		sb.WriteString("|\n")
	}
	sb.WriteString("   +------------------------+\n")
	sb.WriteString("     a  b  c  d  e  f  g  h\n")
	sb.WriteString(p.SideToMove())
	sb.WriteString(" to move\nFEN ")
	sb.WriteString(p.FEN())
	sb.WriteByte('\n')
	return sb.String()
}

func (p *Position) pieceChar(s int) byte {
	bit := uint32(1) << s
	king := p.kings&bit != 0
	switch {
	case p.pieces[black]&bit != 0 && king:
		return 'B'
	case p.pieces[black]&bit != 0:
		return 'b'
	case p.pieces[white]&bit != 0 && king:
		return 'W'
	case p.pieces[white]&bit != 0:
		return 'w'
	}
	return '.'
}

// count returns the number of men and kings of colour c.
func (p *Position) count(c int) (men, kings int) {
	k := bits.OnesCount32(p.pieces[c] & p.kings)
	return bits.OnesCount32(p.pieces[c]) - k, k
}
