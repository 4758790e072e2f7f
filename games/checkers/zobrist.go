package checkers

import "math/bits"

// Zobrist keys (Zobrist 1970), drawn once from a fixed seed so that hashes
// are the same in every run: zobPiece[colour][king][square], and zobSide,
// XORed in when White is to move.
var (
	zobPiece [2][2][32]uint64
	zobSide  uint64
)

func init() {
	// splitmix64 with a fixed seed.
	x := uint64(0x636865636b657273) // "checkers"
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for c := 0; c < 2; c++ {
		for k := 0; k < 2; k++ {
			for s := 0; s < 32; s++ {
				zobPiece[c][k][s] = next()
			}
		}
	}
	zobSide = next()
}

// Hash is the Zobrist key of the position (pieces and side to move; not the
// history). Play updates it incrementally.
func (p *Position) Hash() uint64 { return p.hash }

// computeHash computes the Zobrist key from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for c := 0; c < 2; c++ {
		for b := p.pieces[c]; b != 0; b &= b - 1 {
			s := bits.TrailingZeros32(b)
			k := 0
			if p.kings&(1<<s) != 0 {
				k = 1
			}
			h ^= zobPiece[c][k][s]
		}
	}
	if p.side == white {
		h ^= zobSide
	}
	return h
}
