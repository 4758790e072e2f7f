package tt

import "splitpoint/game"

// Accountant is told of every Probe and Store made through a View of a
// table: a parallel search charges each access to the simulated machine,
// as a local or a remote one when the table is distributed over the
// processors (StarTech Fig. 3: the key names the processor that holds the
// entry).
type Accountant interface {
	TTAccess(key uint64)
}

// View returns a table that shares t's entries and generation but reports
// every Probe and Store (MarkBusy and ClearBusy included) to a. Each worker
// of a parallel search uses its own view of the one global table. A nil
// table's view is nil (off).
func (t *Table) View(a Accountant) *Table {
	if t == nil {
		return nil
	}
	return &Table{slots: t.slots, mask: t.mask, gen: t.gen, acct: a}
}

// Home is the processor that holds key's entry when the table is
// distributed over p processors (StarTech Fig. 3: part of the hash key is a
// processor number): key mod p, or -1 when p ≤ 0 (no processor holds it
// locally, e.g. on an infinite machine).
func Home(key uint64, p int) int {
	if p <= 0 {
		return -1
	}
	return int(key % uint64(p))
}

// MarkBusy records that the position key, ply plies below the root, is
// being searched to depth depth right now: the "search in progress" marker
// of deferred reads (StarTech §4; *Socrates §5.1). If the slot holds key,
// its entry keeps its bounds, move and depth and gains FlagBusy; otherwise
// an entry without bounds or move, of depth depth, is stored with FlagBusy
// under the replacement rule of Table (so a deeper entry of this search
// keeps its slot, and the marker is then simply not recorded). The marker
// is a hint: a torn or replaced marker only makes a reader miss it.
func (t *Table) MarkBusy(key uint64, ply, depth int) {
	t.setBusy(key, ply, depth, true)
}

// ClearBusy removes the marker of key, if its entry carries one. The
// search's own Store of its result (with no flags) clears it as well.
func (t *Table) ClearBusy(key uint64) {
	t.setBusy(key, 0, -1, false)
}

func (t *Table) setBusy(key uint64, ply, depth int, busy bool) {
	if t == nil {
		return
	}
	if t.acct != nil {
		t.acct.TTAccess(key)
	}
	s := &t.slots[key&t.mask]
	data, meta, ok := t.load(s, key)
	if !ok {
		if busy && depth >= 0 {
			t.store(key, ply, depth, -game.Inf, game.Inf, game.NoMove, FlagBusy)
		}
		return
	}
	flags := uint8(meta >> 16)
	if busy == (flags&FlagBusy != 0) {
		return
	}
	if busy {
		flags |= FlagBusy
	} else {
		flags &^= FlagBusy
	}
	meta = meta&^(0xff<<16) | uint64(flags)<<16
	s.data.Store(data)
	s.meta.Store(meta)
	s.check.Store(key ^ data ^ meta*metaMul)
}
