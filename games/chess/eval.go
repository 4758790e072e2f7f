package chess

import "splitpoint/game"

// The evaluation is material plus piece-square tables, middlegame-flavoured.
// The numbers are simple PeSTO-like values of this package's own choosing
// (not copied from any engine): centralisation for minor pieces, advanced
// pawns, rooks on the seventh, a sheltered king.

var pieceValue = [6]int32{100, 320, 330, 500, 950, 0}

// Piece-square tables from White's point of view, a8 first (as a board is
// drawn), so pst[pt][sq^56] is the bonus of a white piece on sq.
var pstSource = [6][64]int32{
	{ // pawn
		0, 0, 0, 0, 0, 0, 0, 0,
		60, 60, 60, 60, 60, 60, 60, 60,
		15, 20, 25, 35, 35, 25, 20, 15,
		5, 8, 12, 25, 25, 12, 8, 5,
		0, 0, 5, 20, 20, 5, 0, 0,
		5, 0, -5, 5, 5, -5, 0, 5,
		5, 10, 10, -20, -20, 10, 10, 5,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	{ // knight
		-50, -35, -25, -25, -25, -25, -35, -50,
		-35, -15, 0, 5, 5, 0, -15, -35,
		-25, 5, 12, 18, 18, 12, 5, -25,
		-25, 5, 18, 22, 22, 18, 5, -25,
		-25, 0, 15, 20, 20, 15, 0, -25,
		-25, 5, 10, 12, 12, 10, 5, -25,
		-35, -15, 0, 5, 5, 0, -15, -35,
		-50, -30, -25, -25, -25, -25, -30, -50,
	},
	{ // bishop
		-20, -10, -10, -10, -10, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 10, 10, 5, 0, -10,
		-10, 5, 5, 12, 12, 5, 5, -10,
		-10, 0, 12, 12, 12, 12, 0, -10,
		-10, 10, 10, 10, 10, 10, 10, -10,
		-10, 8, 0, 0, 0, 0, 8, -10,
		-20, -10, -12, -10, -10, -12, -10, -20,
	},
	{ // rook
		0, 0, 0, 0, 0, 0, 0, 0,
		8, 12, 12, 12, 12, 12, 12, 8,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		0, 0, 3, 7, 7, 3, 0, 0,
	},
	{ // queen
		-20, -10, -10, -5, -5, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 5, 5, 5, 0, -10,
		-5, 0, 5, 6, 6, 5, 0, -5,
		-5, 0, 5, 6, 6, 5, 0, -5,
		-10, 3, 5, 5, 5, 5, 0, -10,
		-10, 0, 3, 0, 0, 0, 0, -10,
		-20, -10, -10, -5, -5, -10, -10, -20,
	},
	{ // king
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-20, -30, -30, -40, -40, -30, -30, -20,
		-10, -20, -20, -25, -25, -20, -20, -10,
		15, 15, -5, -5, -5, -5, 15, 15,
		20, 30, 10, 0, 0, 10, 30, 20,
	},
}

// psq[piece type + 8*color][square] is material plus placement, signed for
// White (positive) or Black (negative).
var psq [16][64]int32

func initEval() {
	for pt := Pawn; pt <= King; pt++ {
		for sq := 0; sq < 64; sq++ {
			v := pieceValue[pt] + pstSource[pt][sq^56]
			psq[pt][sq] = v
			psq[pt+8][sq^56] = -v
		}
	}
}

// Eval is material plus piece-square tables in centipawns, from the side to
// move.
func (p *Position) Eval() game.Value {
	var s int32
	for c := 0; c < 2; c++ {
		for pt := Pawn; pt <= King; pt++ {
			t := &psq[pt+8*c]
			for b := p.pieces[pt] & p.colors[c]; b != 0; b &= b - 1 {
				s += t[lsb(b)]
			}
		}
	}
	if p.side == Black {
		s = -s
	}
	return s
}

// Gain is the MVV-LVA ordering score of m: victim value × 16 minus the
// attacker's rank for captures, plus a large bonus for promotions (queen
// highest); 0 for a quiet move.
func (p *Position) Gain(m game.Move) int32 {
	fl := mFlags(m)
	if fl&(flagCapture|flagPromo) == 0 {
		return 0
	}
	var g int32
	if fl&flagCapture != 0 {
		victim := int32(Pawn)
		if fl != flagEP {
			victim = int32(p.board[mTo(m)] & 7)
		}
		attacker := int32(p.board[mFrom(m)] & 7)
		g = (victim+1)*16 - attacker
	}
	if fl&flagPromo != 0 {
		g += int32(mPromo(m)) * 32
	}
	return g
}
