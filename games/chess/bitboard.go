package chess

import "math/bits"

// Bitboard is a set of squares, bit i for square i (a1 = 0, b1 = 1, …, h8 = 63).
type Bitboard = uint64

// Square numbers: a1 = 0 … h8 = 63.
const (
	sqA1 = 0
	sqC1 = 2
	sqD1 = 3
	sqE1 = 4
	sqF1 = 5
	sqG1 = 6
	sqH1 = 7
	sqA8 = 56
	sqC8 = 58
	sqD8 = 59
	sqE8 = 60
	sqF8 = 61
	sqG8 = 62
	sqH8 = 63
)

const (
	fileA Bitboard = 0x0101010101010101
	fileH Bitboard = fileA << 7
	rank1 Bitboard = 0xff
	rank2 Bitboard = rank1 << 8
	rank3 Bitboard = rank1 << 16
	rank4 Bitboard = rank1 << 24
	rank5 Bitboard = rank1 << 32
	rank6 Bitboard = rank1 << 40
	rank7 Bitboard = rank1 << 48
	rank8 Bitboard = rank1 << 56
)

func fileOf(sq int) int { return sq & 7 }
func rankOf(sq int) int { return sq >> 3 }

func popcount(b Bitboard) int { return bits.OnesCount64(b) }
func lsb(b Bitboard) int      { return bits.TrailingZeros64(b) }

var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard // [color][square]: squares a pawn of color on square attacks
	// between[a][b] is the squares strictly between a and b on a line, or 0.
	between [64][64]Bitboard
	// line[a][b] is the whole board line through a and b, or 0.
	line [64][64]Bitboard
)

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

func initTables() {
	for sq := 0; sq < 64; sq++ {
		f, r := fileOf(sq), rankOf(sq)
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if onBoard(f+d[0], r+d[1]) {
				knightAttacks[sq] |= 1 << uint((r+d[1])*8+f+d[0])
			}
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && onBoard(f+df, r+dr) {
					kingAttacks[sq] |= 1 << uint((r+dr)*8+f+df)
				}
			}
		}
		for _, df := range [2]int{-1, 1} {
			if onBoard(f+df, r+1) {
				pawnAttacks[White][sq] |= 1 << uint((r+1)*8+f+df)
			}
			if onBoard(f+df, r-1) {
				pawnAttacks[Black][sq] |= 1 << uint((r-1)*8+f+df)
			}
		}
	}
	for a := 0; a < 64; a++ {
		for _, d := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			var ray Bitboard
			f, r := fileOf(a)+d[0], rankOf(a)+d[1]
			for onBoard(f, r) {
				b := r*8 + f
				between[a][b] = ray
				ray |= 1 << uint(b)
				f, r = f+d[0], r+d[1]
			}
			// the full line: walk both ways from a
			var full Bitboard = 1 << uint(a)
			for _, s := range [2]int{1, -1} {
				f, r := fileOf(a)+s*d[0], rankOf(a)+s*d[1]
				for onBoard(f, r) {
					full |= 1 << uint(r*8+f)
					f, r = f+s*d[0], r+s*d[1]
				}
			}
			f, r = fileOf(a)+d[0], rankOf(a)+d[1]
			for onBoard(f, r) {
				line[a][r*8+f] = full
				f, r = f+d[0], r+d[1]
			}
		}
	}
}
