package checkers

import (
	"math/bits"

	"splitpoint/game"
)

// Positional terms, small beside the material on Chinook's scale (a checker
// 100, a king 130), in the spirit of the simple evaluations of Lu's
// experiments:
//
//   - advance: each row a man has advanced from its own back row, per row;
//   - backGuard: a man still on its side's bridge squares (1 and 3 for Black,
//     30 and 32 for White), which keep the opponent from crowning;
//   - centre: a piece on the four centre squares 14, 15, 18, 19;
//   - kingCentre: a king off the edges of the board.
const (
	advance    = 2
	backGuard  = 6
	centre     = 4
	kingCentre = 5
)

var (
	centreSquares uint32 = 1<<13 | 1<<14 | 1<<17 | 1<<18 // 14, 15, 18, 19
	bridge               = [2]uint32{1<<0 | 1<<2, 1<<29 | 1<<31}
	edges         uint32 // squares on the board's rim
	rows          [8]uint32
)

func init() {
	for s := 0; s < 32; s++ {
		rows[s/4] |= 1 << s
		if neighbour[0][s] < 0 || neighbour[1][s] < 0 || neighbour[2][s] < 0 || neighbour[3][s] < 0 {
			edges |= 1 << s
		}
	}
}

// Eval is the static evaluation from the side to move: material (checker
// 100, king 130, as in Chinook) plus the positional terms above for the side
// to move minus the same for the opponent.
func (p *Position) Eval() game.Value {
	v := p.score(int(p.side)) - p.score(1-int(p.side))
	return game.Value(v)
}

// score is the material and positional score of colour c.
func (p *Position) score(c int) int {
	own := p.pieces[c]
	kings := own & p.kings
	men := own &^ p.kings
	v := bits.OnesCount32(men)*ManValue + bits.OnesCount32(kings)*KingValue
	v += bits.OnesCount32(men&bridge[c]) * backGuard
	v += bits.OnesCount32(own&centreSquares) * centre
	v += bits.OnesCount32(kings&^edges) * kingCentre
	adv := 0
	for r := 1; r < 7; r++ {
		n := bits.OnesCount32(men & rows[r])
		if c == black {
			adv += n * r
		} else {
			adv += n * (7 - r)
		}
	}
	return v + adv*advance
}
