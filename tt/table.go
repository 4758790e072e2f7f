package tt

import (
	"sync/atomic"
	"unsafe"

	"splitpoint/game"
)

// Flag bits of an entry.
const (
	flagValid uint8 = 1 << 0 // set in every stored entry: an all-zero slot is empty
	// FlagBusy marks a position as being searched right now: the "search
	// in progress" marker of deferred reads (MarkBusy, ClearBusy; set by
	// algos.Jamboree, never by the serial searches).
	FlagBusy uint8 = 1 << 1
	// FlagEnd marks an entry whose search met no depth horizon: every
	// leaf it visited was a position without moves or a draw, and every
	// table answer it used carried FlagEnd too, so its bounds hold at
	// every depth (so iterative deepening stops at a tree's end).
	// The searches only read it to count horizons; the entry's depth and
	// the replacement rule are those of any other entry. Bounds
	// intersected with an entry of equal depth keep it only when both
	// have it (or the old entry had no bounds, as a busy marker).
	FlagEnd uint8 = 1 << 2
)

// MaxBits bounds the size of a table: 2^MaxBits entries of 24 bytes.
const MaxBits = 30

// slot is one entry: three words written and read with single atomic
// operations, never under a lock.
//
// The torn-read rule: a writer stores data = move<<32 | lower<<16 | upper,
// meta = depth | gen<<8 | flags<<16, and check = key ^ data ^ meta·C (C an
// odd constant that spreads meta over 64 bits). A reader loads the three
// words and accepts the entry only if check ^ data ^ meta·C == key, i.e. the
// full 64-bit key. If two writers race on a slot, a reader may see words of
// both; the XOR then no longer gives the key (unless the differences cancel
// exactly, which for distinct keys has probability 2^-64), so the read is a
// miss, never a mix of two entries. A reader also rejects an entry whose
// lower bound exceeds its upper bound.
type slot struct {
	check atomic.Uint64
	data  atomic.Uint64
	meta  atomic.Uint64
}

const metaMul = 0x9E3779B97F4A7C15

// Entry is the content of a slot, with bounds already adjusted to the ply
// of the probe (mate scores are stored relative to the node).
type Entry struct {
	Move  game.Move
	Lower game.Value // -game.Inf when there is no lower bound
	Upper game.Value // +game.Inf when there is no upper bound
	Depth int
	Gen   uint8
	Flags uint8
}

// Table is a lock-free transposition table. A nil *Table is a table that is
// off: Probe misses and Store does nothing.
//
// Replacement rule (one slot per index, index = key mod 2^k): a store
// always fills an empty slot; for the same key it replaces the entry when
// the new depth is at least the old one or the old entry is from an earlier
// search (generation), and when the depths are equal it intersects the two
// pairs of bounds (both are true bounds of a search of that depth) and keeps
// the old best move if the new store has none; for a different key it
// replaces the entry when the old one is from an earlier generation or the
// new depth is at least the old one (depth-preferred with aging).
type Table struct {
	slots []slot
	mask  uint64
	gen   *atomic.Uint32
	acct  Accountant // nil but in a View
}

// New returns a table of 2^bits entries, or nil (off) when bits is 0.
func New(bits int) *Table {
	if bits <= 0 {
		return nil
	}
	if bits > MaxBits {
		panic("tt: table too large")
	}
	t := &Table{slots: make([]slot, 1<<bits), mask: 1<<bits - 1, gen: new(atomic.Uint32)}
	t.prefault()
	return t
}

// prefault writes to every page of the table once, so that the operating
// system maps it here rather than during the search: the first touches of a
// fresh allocation are page faults, which the kernel serialises, so two
// workers faulting in a 2^18-entry table at once ran slower than one
// (BENCHMARKS.md, Jamboree).
func (t *Table) prefault() {
	const page = 4096
	step := max(1, page/int(unsafe.Sizeof(slot{})))
	for i := 0; i < len(t.slots); i += step {
		t.slots[i].check.Store(0)
	}
}

// Len is the number of entries (0 for a nil table).
func (t *Table) Len() int {
	if t == nil {
		return 0
	}
	return len(t.slots)
}

// NewSearch starts a new generation: entries of earlier searches become
// the first to be replaced.
func (t *Table) NewSearch() {
	if t != nil {
		t.gen.Add(1)
	}
}

// Clear empties the table. It must not run concurrently with searches,
// so it zeroes the slots as plain memory (one memclr) rather than with
// three atomic stores a slot: tests that clear a table per tree spent
// three quarters of their time here, and far more under the race
// detector, which checks every atomic access.
func (t *Table) Clear() {
	if t == nil {
		return
	}
	clear(t.slots)
}

func (t *Table) curGen() uint8 { return uint8(t.gen.Load()) }

// load reads slot i and reports whether it holds key.
func (t *Table) load(s *slot, key uint64) (data, meta uint64, ok bool) {
	data = s.data.Load()
	meta = s.meta.Load()
	check := s.check.Load()
	if check^data^(meta*metaMul) != key || uint8(meta>>16)&flagValid == 0 {
		return 0, 0, false
	}
	if int16(data>>16) > int16(data) {
		return 0, 0, false
	}
	return data, meta, true
}

// Probe looks key up; the bounds are adjusted to a node ply plies below the
// root. A nil table always misses.
func (t *Table) Probe(key uint64, ply int) (Entry, bool) {
	if t == nil {
		return Entry{}, false
	}
	if t.acct != nil {
		t.acct.TTAccess(key)
	}
	data, meta, ok := t.load(&t.slots[key&t.mask], key)
	if !ok {
		return Entry{}, false
	}
	return Entry{
		Move:  game.Move(data >> 32),
		Lower: fromTT(game.Value(int16(data>>16)), ply),
		Upper: fromTT(game.Value(int16(data)), ply),
		Depth: int(uint8(meta)),
		Gen:   uint8(meta >> 8),
		Flags: uint8(meta>>16) &^ flagValid,
	}, true
}

// Store records that the position key, ply plies below the root, searched
// to depth depth, has a value in [lower, upper] and best move m (NoMove if
// unknown), following the replacement rule of Table. It reports whether an
// entry of another position was overwritten. Negative depths (quiescence)
// are not stored.
func (t *Table) Store(key uint64, ply, depth int, lower, upper game.Value, m game.Move) (overwrote bool) {
	return t.StoreFlags(key, ply, depth, lower, upper, m, 0)
}

// StoreFlags is Store with extra flag bits (FlagBusy).
func (t *Table) StoreFlags(key uint64, ply, depth int, lower, upper game.Value, m game.Move, flags uint8) (overwrote bool) {
	if t == nil || depth < 0 {
		return false
	}
	if t.acct != nil {
		t.acct.TTAccess(key)
	}
	return t.store(key, ply, depth, lower, upper, m, flags)
}

func (t *Table) store(key uint64, ply, depth int, lower, upper game.Value, m game.Move, flags uint8) (overwrote bool) {
	depth = min(depth, 255)
	lower, upper = toTT(lower, ply), toTT(upper, ply)
	s := &t.slots[key&t.mask]
	gen := t.curGen()
	if s.meta.Load() != 0 {
		if data, meta, ok := t.load(s, key); ok {
			od, og := int(uint8(meta)), uint8(meta>>8)
			if og == gen && depth < od {
				return false // keep the deeper entry of this search
			}
			if depth == od {
				ol, ou := game.Value(int16(data>>16)), game.Value(int16(data))
				if nl, nu := max(lower, ol), min(upper, ou); nl <= nu {
					lower, upper = nl, nu
					if uint8(meta>>16)&FlagEnd == 0 && (ol > -game.Inf || ou < game.Inf) {
						flags &^= FlagEnd
					}
				}
				if m == game.NoMove {
					m = game.Move(data >> 32)
				}
			}
		} else {
			meta := s.meta.Load()
			if uint8(meta>>8) == gen && depth < int(uint8(meta)) {
				return false
			}
			overwrote = uint8(meta>>16)&flagValid != 0
		}
	}
	data := uint64(m)<<32 | uint64(uint16(int16(lower)))<<16 | uint64(uint16(int16(upper)))
	meta := uint64(depth) | uint64(gen)<<8 | uint64(flags|flagValid)<<16
	s.data.Store(data)
	s.meta.Store(meta)
	s.check.Store(key ^ data ^ meta*metaMul)
	return overwrote
}

// Fill is the number of entries per mille used by the current generation,
// sampled over the first 1000 entries (or all of them in a smaller table).
func (t *Table) Fill() int {
	if t == nil {
		return 0
	}
	n := min(len(t.slots), 1000)
	used := 0
	gen := t.curGen()
	for i := range n {
		meta := t.slots[i].meta.Load()
		if uint8(meta>>16)&flagValid != 0 && uint8(meta>>8) == gen {
			used++
		}
	}
	return used * 1000 / n
}

// toTT converts a value relative to the root into one relative to the node
// ply plies below it: a mate found p plies below the root is p−ply plies
// below the node. ±Inf (no bound) is left alone.
func toTT(v game.Value, ply int) game.Value {
	switch {
	case v >= game.Mate-game.MaxPly && v <= game.Mate:
		return v + game.Value(ply)
	case v <= -(game.Mate-game.MaxPly) && v >= -game.Mate:
		return v - game.Value(ply)
	}
	return v
}

// fromTT is the inverse of toTT.
func fromTT(v game.Value, ply int) game.Value {
	switch {
	case v >= game.Mate-game.MaxPly && v <= game.Mate:
		return v - game.Value(ply)
	case v <= -(game.Mate-game.MaxPly) && v >= -game.Mate:
		return v + game.Value(ply)
	}
	return v
}

// SizeBytes is the memory a table of 2^bits entries takes (0 for none).
func SizeBytes(bits int) int64 {
	if bits <= 0 {
		return 0
	}
	return int64(unsafe.Sizeof(slot{})) << bits
}
