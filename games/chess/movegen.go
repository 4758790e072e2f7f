package chess

import "splitpoint/game"

// Generation modes.
const (
	genAll   = iota // every legal move
	genCapt         // captures and promotions (quiescence)
	genCount        // count the legal moves without writing them
)

// Moves writes the legal moves into buf (len(buf) ≥ game.MaxMoves) and
// returns their number. Order: king moves, castling, knights, diagonal
// sliders, orthogonal sliders, pawns (pinned pawns last), en passant.
func (p *Position) Moves(buf []game.Move) int { return p.gen(buf, genAll) }

// Captures writes the legal captures (en passant included) and promotions
// into buf and returns their number.
func (p *Position) Captures(buf []game.Move) int { return p.gen(buf, genCapt) }

// CountMoves is the number of legal moves, counted by popcount without
// writing a list (the bulk count at the last ply of perft).
func (p *Position) CountMoves() int { return p.gen(nil, genCount) }

// serialize writes one move from from to each square of targets.
func serialize(buf []game.Move, n, from int, targets, enemy Bitboard) int {
	for targets != 0 {
		to := lsb(targets)
		targets &= targets - 1
		fl := int(enemy>>uint(to)&1) << 2
		buf[n] = game.Move(from | to<<6 | fl<<12)
		n++
	}
	return n
}

// serializePawns writes one pawn move per square of targets, coming from
// to-delta, with flags fl; promotions expand to Q, R, B, N.
func serializePawns(buf []game.Move, n int, targets Bitboard, delta, fl int, promo bool) int {
	for targets != 0 {
		to := lsb(targets)
		targets &= targets - 1
		from := to - delta
		if promo {
			base := from | to<<6
			buf[n] = game.Move(base | (flagPromo|fl|3)<<12)
			buf[n+1] = game.Move(base | (flagPromo|fl|2)<<12)
			buf[n+2] = game.Move(base | (flagPromo|fl|1)<<12)
			buf[n+3] = game.Move(base | (flagPromo|fl|0)<<12)
			n += 4
		} else {
			buf[n] = game.Move(from | to<<6 | fl<<12)
			n++
		}
	}
	return n
}

func (p *Position) gen(buf []game.Move, mode int) int {
	us := int(p.side)
	them := us ^ 1
	own := p.colors[us]
	enemy := p.colors[them]
	occ := own | enemy
	ksq := p.kingSq(us)
	kbb := Bitboard(1) << uint(ksq)
	n := 0

	eRQ := enemy & (p.pieces[Rook] | p.pieces[Queen])
	eBQ := enemy & (p.pieces[Bishop] | p.pieces[Queen])
	checkers := enemy & ((pawnAttacks[us][ksq] & p.pieces[Pawn]) |
		(knightAttacks[ksq] & p.pieces[Knight]) |
		(rookAttacks(ksq, occ) & eRQ) |
		(bishopAttacks(ksq, occ) & eBQ))

	// king moves: every target checked with the king removed from the board
	kTargets := kingAttacks[ksq] &^ own
	if mode == genCapt {
		kTargets &= enemy
	}
	occNoK := occ ^ kbb
	for t := kTargets; t != 0; t &= t - 1 {
		to := lsb(t)
		if p.attackersTo(to, them, occNoK) != 0 {
			kTargets &^= Bitboard(1) << uint(to)
		}
	}
	if mode == genCount {
		n += popcount(kTargets)
	} else {
		n = serialize(buf, n, ksq, kTargets, enemy)
	}

	var checkMask Bitboard = ^Bitboard(0)
	if checkers != 0 {
		if checkers&(checkers-1) != 0 {
			return n // double check: king moves only
		}
		checkMask = between[ksq][lsb(checkers)] | checkers
	} else if mode != genCapt && p.castle != 0 {
		n = p.genCastles(buf, n, us, occ, mode)
	}

	// pins: enemy sliders that see the king through exactly one own piece
	var pinned Bitboard
	snipers := (rookAttacks(ksq, enemy) & eRQ) | (bishopAttacks(ksq, enemy) & eBQ)
	for snipers != 0 {
		s := lsb(snipers)
		snipers &= snipers - 1
		b := between[ksq][s] & occ
		if b&(b-1) == 0 && b&own != 0 {
			pinned |= b
		}
	}

	movable := ^own & checkMask
	if mode == genCapt {
		movable = enemy & checkMask
	}

	// knights (a pinned knight never moves)
	for b := own & p.pieces[Knight] &^ pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		t := knightAttacks[from] & movable
		if mode == genCount {
			n += popcount(t)
		} else {
			n = serialize(buf, n, from, t, enemy)
		}
	}
	for b := own & (p.pieces[Bishop] | p.pieces[Queen]); b != 0; b &= b - 1 {
		from := lsb(b)
		t := bishopAttacks(from, occ) & movable
		if pinned>>uint(from)&1 != 0 {
			t &= line[ksq][from]
		}
		if mode == genCount {
			n += popcount(t)
		} else {
			n = serialize(buf, n, from, t, enemy)
		}
	}
	for b := own & (p.pieces[Rook] | p.pieces[Queen]); b != 0; b &= b - 1 {
		from := lsb(b)
		t := rookAttacks(from, occ) & movable
		if pinned>>uint(from)&1 != 0 {
			t &= line[ksq][from]
		}
		if mode == genCount {
			n += popcount(t)
		} else {
			n = serialize(buf, n, from, t, enemy)
		}
	}

	// pawns
	pawns := own & p.pieces[Pawn]
	free := pawns &^ pinned
	empty := ^occ
	var single, double, capL, capR, lastRank Bitboard
	var up, left, right int
	if us == White {
		up, left, right = 8, 7, 9
		lastRank = rank8
		single = free << 8 & empty
		double = (single & rank3) << 8 & empty
		capL = (free &^ fileA) << 7 & enemy
		capR = (free &^ fileH) << 9 & enemy
	} else {
		up, left, right = -8, -9, -7
		lastRank = rank1
		single = free >> 8 & empty
		double = (single & rank6) >> 8 & empty
		capL = (free &^ fileA) >> 9 & enemy
		capR = (free &^ fileH) >> 7 & enemy
	}
	single &= checkMask
	double &= checkMask
	capL &= checkMask
	capR &= checkMask
	switch mode {
	case genCount:
		n += popcount(single&^lastRank) + popcount(double) +
			popcount(capL&^lastRank) + popcount(capR&^lastRank) +
			4*(popcount(single&lastRank)+popcount(capL&lastRank)+popcount(capR&lastRank))
	case genCapt:
		n = serializePawns(buf, n, capL&^lastRank, left, flagCapture, false)
		n = serializePawns(buf, n, capR&^lastRank, right, flagCapture, false)
		n = serializePawns(buf, n, capL&lastRank, left, flagCapture, true)
		n = serializePawns(buf, n, capR&lastRank, right, flagCapture, true)
		n = serializePawns(buf, n, single&lastRank, up, 0, true)
	default:
		n = serializePawns(buf, n, capL&^lastRank, left, flagCapture, false)
		n = serializePawns(buf, n, capR&^lastRank, right, flagCapture, false)
		n = serializePawns(buf, n, capL&lastRank, left, flagCapture, true)
		n = serializePawns(buf, n, capR&lastRank, right, flagCapture, true)
		n = serializePawns(buf, n, single&lastRank, up, 0, true)
		n = serializePawns(buf, n, single&^lastRank, up, flagQuiet, false)
		n = serializePawns(buf, n, double, 2*up, flagDouble, false)
	}
	// pinned pawns move only along their pin line
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		pin := line[ksq][from] & checkMask
		var pushes, doubles Bitboard
		caps := pawnAttacks[us][from] & enemy & pin
		to1 := from + up
		if occ>>uint(to1)&1 == 0 {
			pushes = Bitboard(1) << uint(to1) & pin
			if (us == White && rankOf(from) == 1) || (us == Black && rankOf(from) == 6) {
				to2 := to1 + up
				if occ>>uint(to2)&1 == 0 {
					doubles = Bitboard(1) << uint(to2) & pin
				}
			}
		}
		if mode == genCapt {
			pushes &= lastRank
			doubles = 0
		}
		promo := (Bitboard(1)<<uint(to1))&lastRank != 0
		if mode == genCount {
			k := popcount(pushes) + popcount(caps)
			if promo {
				k *= 4
			}
			n += k + popcount(doubles)
			continue
		}
		for t := caps; t != 0; t &= t - 1 {
			to := lsb(t)
			n = serializePawns(buf, n, Bitboard(1)<<uint(to), to-from, flagCapture, promo)
		}
		n = serializePawns(buf, n, pushes, up, flagQuiet, promo)
		n = serializePawns(buf, n, doubles, 2*up, flagDouble, false)
	}
	// en passant: rare, so checked in full
	if p.ep != 0 {
		ep := int(p.ep)
		capSq := ep - up
		capBB := Bitboard(1) << uint(capSq)
		for b := pawnAttacks[them][ep] & pawns; b != 0; b &= b - 1 {
			from := lsb(b)
			occ2 := occ ^ (Bitboard(1) << uint(from)) ^ capBB | Bitboard(1)<<uint(ep)
			if p.attackersTo(ksq, them, occ2)&^capBB != 0 {
				continue
			}
			if mode == genCount {
				n++
			} else {
				buf[n] = mkMove(from, ep, flagEP)
				n++
			}
		}
	}
	return n
}

// genCastles adds the castling moves of color us (not in check).
func (p *Position) genCastles(buf []game.Move, n, us int, occ Bitboard, mode int) int {
	them := us ^ 1
	k, q, base := uint8(castleWK), uint8(castleWQ), 0
	if us == Black {
		k, q, base = castleBK, castleBQ, 56
	}
	if p.castle&k != 0 && occ&(Bitboard(0x60)<<uint(base)) == 0 &&
		p.attackersTo(base+5, them, occ) == 0 && p.attackersTo(base+6, them, occ) == 0 {
		if mode != genCount {
			buf[n] = mkMove(base+4, base+6, flagCastleK)
		}
		n++
	}
	if p.castle&q != 0 && occ&(Bitboard(0x0e)<<uint(base)) == 0 &&
		p.attackersTo(base+3, them, occ) == 0 && p.attackersTo(base+2, them, occ) == 0 {
		if mode != genCount {
			buf[n] = mkMove(base+4, base+2, flagCastleQ)
		}
		n++
	}
	return n
}

// CaptureBound bounds a sequence of Captures moves (game.CaptureBounder):
// each capture removes a piece other than a king and each promotion a
// pawn, so the pieces other than kings and the pawns bound it.
func (p *Position) CaptureBound() int {
	return popcount(p.colors[0]|p.colors[1]) - 2 + popcount(p.pieces[Pawn])
}
