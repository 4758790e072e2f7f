package chess

// Magic bitboards ("fancy" magics with one shared attack table). The magic
// multipliers come from a search with a fixed-seed xorshift generator. Its
// results are stored in magic_mults.go, so that initialisation only has to
// verify them (a few milliseconds); a square whose stored multiplier fails
// verification is searched again, deterministically.

type magic struct {
	mask   Bitboard
	mult   uint64
	shift  uint
	offset uint32
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	sliderTable  []Bitboard
)

var rookDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// slowAttacks walks the rays from sq until a blocker (included) or the edge.
func slowAttacks(sq int, occ Bitboard, dirs *[4][2]int) Bitboard {
	var a Bitboard
	for _, d := range dirs {
		f, r := fileOf(sq)+d[0], rankOf(sq)+d[1]
		for onBoard(f, r) {
			b := Bitboard(1) << uint(r*8+f)
			a |= b
			if occ&b != 0 {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return a
}

// relevantMask is the ray squares from sq whose occupancy matters (the last
// square of each ray, on the edge, never does).
func relevantMask(sq int, dirs *[4][2]int) Bitboard {
	var m Bitboard
	for _, d := range dirs {
		f, r := fileOf(sq)+d[0], rankOf(sq)+d[1]
		for onBoard(f+d[0], r+d[1]) {
			m |= 1 << uint(r*8+f)
			f, r = f+d[0], r+d[1]
		}
	}
	return m
}

type xorshift struct{ s uint64 }

func (x *xorshift) next() uint64 {
	x.s ^= x.s >> 12
	x.s ^= x.s << 25
	x.s ^= x.s >> 27
	return x.s * 2685821657736338717
}

func (x *xorshift) sparse() uint64 { return x.next() & x.next() & x.next() }

func initMagics() {
	sliderTable = make([]Bitboard, 0, 102400+5248)
	var rng = xorshift{0x9e3779b97f4a7c15}
	var occs, atts [4096]Bitboard
	var epoch [4096]uint32
	var used [4096]Bitboard
	var cur uint32
	build := func(ms *[64]magic, dirs *[4][2]int, stored *[64]uint64) {
		for sq := 0; sq < 64; sq++ {
			m := &ms[sq]
			m.mask = relevantMask(sq, dirs)
			nbits := popcount(m.mask)
			m.shift = uint(64 - nbits)
			n := 0
			var sub Bitboard
			for {
				occs[n] = sub
				atts[n] = slowAttacks(sq, sub, dirs)
				n++
				sub = (sub - m.mask) & m.mask
				if sub == 0 {
					break
				}
			}
			m.offset = uint32(len(sliderTable))
			sliderTable = sliderTable[:len(sliderTable)+n]
			table := sliderTable[m.offset:]
			for try := 0; ; try++ {
				mult := stored[sq]
				if try > 0 || mult == 0 {
					mult = rng.sparse()
					if popcount((m.mask*mult)>>56) < 6 {
						continue
					}
				}
				cur++
				ok := true
				for i := 0; i < n; i++ {
					idx := (occs[i] * mult) >> m.shift
					if epoch[idx] != cur {
						epoch[idx] = cur
						used[idx] = atts[i]
					} else if used[idx] != atts[i] {
						ok = false
						break
					}
				}
				if ok {
					m.mult = mult
					for i := 0; i < n; i++ {
						table[(occs[i]*mult)>>m.shift] = atts[i]
					}
					break
				}
			}
		}
	}
	build(&rookMagics, &rookDirs, &rookMagicMults)
	build(&bishopMagics, &bishopDirs, &bishopMagicMults)
}

func rookAttacks(sq int, occ Bitboard) Bitboard {
	m := &rookMagics[sq]
	return sliderTable[m.offset+uint32(((occ&m.mask)*m.mult)>>m.shift)]
}

func bishopAttacks(sq int, occ Bitboard) Bitboard {
	m := &bishopMagics[sq]
	return sliderTable[m.offset+uint32(((occ&m.mask)*m.mult)>>m.shift)]
}

func init() {
	initTables()
	initMagics()
	initZobrist()
	initEval()
}
