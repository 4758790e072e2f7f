package chess

// Zobrist keys, drawn at initialisation from a fixed-seed splitmix64
// generator so that hashes are stable across runs and machines.
var (
	zPiece  [16][64]uint64 // [piece type + 8*color][square]
	zSide   uint64         // black to move
	zCastle [16]uint64     // by the whole castling-rights nibble
	zEP     [8]uint64      // en passant file
)

type splitmix struct{ s uint64 }

func (r *splitmix) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func initZobrist() {
	r := splitmix{0x5eed_c4e55_2024}
	for c := 0; c < 2; c++ {
		for pt := Pawn; pt <= King; pt++ {
			for sq := 0; sq < 64; sq++ {
				zPiece[pt+8*c][sq] = r.next()
			}
		}
	}
	zSide = r.next()
	var single [4]uint64
	for i := range single {
		single[i] = r.next()
	}
	for c := range zCastle {
		for i := 0; i < 4; i++ {
			if c&(1<<i) != 0 {
				zCastle[c] ^= single[i]
			}
		}
	}
	for f := range zEP {
		zEP[f] = r.next()
	}
}

// computeHash is the Zobrist key of p computed from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for sq := 0; sq < 64; sq++ {
		if pc := p.board[sq]; pc != noPiece {
			h ^= zPiece[pc][sq]
		}
	}
	if p.side == Black {
		h ^= zSide
	}
	h ^= zCastle[p.castle]
	if p.ep != 0 {
		h ^= zEP[fileOf(int(p.ep))]
	}
	return h
}
