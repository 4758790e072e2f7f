package suites

import (
	"fmt"

	"splitpoint/game"
	"strings"
	"testing"
)

// TestCounts: every embedded suite parses, with the position counts that
// suites/data/SOURCES.md gives.
func TestCounts(t *testing.T) {
	want := map[string]int{"kaufman": 25, "bratko-kopec": 24, "wac": 300, "ecm": 770, "eret": 111, "ccr": 25,
		"perftsuite": 126, "2move": 49, "3move": 174, "4move": 794, "5move": 2700, "11man": 2500, "tinsley": 20, "socrates": 8}
	for _, s := range List() {
		es, err := s.Entries()
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		if len(es) != want[s.Name] {
			t.Errorf("%s: %d positions, want %d", s.Name, len(es), want[s.Name])
		}
		for i, e := range es {
			if e.Index != i+1 || e.ID == "" || e.Describer() == nil {
				t.Fatalf("%s #%d: index %d id %q", s.Name, i+1, e.Index, e.ID)
			}
		}
	}
	k, _ := Find("kaufman")
	es, _ := k.Entries()
	bm, am := 0, 0
	for _, e := range es {
		if len(e.BM) > 0 {
			bm++
		}
		if len(e.AM) > 0 {
			am++
		}
	}
	if bm != 23 || am != 2 {
		t.Errorf("kaufman: %d bm and %d am, want 23 and 2 (SOURCES.md)", bm, am)
	}
}

func TestSelect(t *testing.T) {
	k, _ := Find("kaufman")
	es, _ := k.Entries()
	three, _ := Find("3move")
	ballots, _ := three.Entries()
	for _, tc := range []struct {
		entries []Entry
		sel     string
		ids     []string
		err     string
	}{
		{es, "1", []string{"L.Kaufman CCR Test No.1"}, ""},
		{es, "24-25", []string{"L.Kaufman CCR Test No.24", "L.Kaufman CCR Test No.25"}, ""},
		{es, "L.Kaufman CCR Test No.7", []string{"L.Kaufman CCR Test No.7"}, ""},
		{es, "l.kaufman ccr test no.7", []string{"L.Kaufman CCR Test No.7"}, ""},
		{es, "No.1", []string{"L.Kaufman CCR Test No.1"}, ""},
		{es, "No.2", []string{"L.Kaufman CCR Test No.2"}, ""},
		{es, "26", nil, "index out of range 1..25"},
		{es, "0", nil, "index out of range"},
		{es, "5-3", nil, "index out of range"},
		{es, "Test", nil, "ambiguous id, 25 positions match"},
		{es, "nothing", nil, "no position with that id"},
		{ballots, "9-13 21-17 5-9", []string{"9-13 21-17 5-9"}, ""},
		{ballots, "9-13_21-17_5-9", []string{"9-13 21-17 5-9"}, ""},
		{ballots, "9-13,21-17,5-9", []string{"9-13 21-17 5-9"}, ""},
	} {
		got, err := Select(tc.entries, tc.sel, "suite:x")
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Select(%q) error %v, want %q", tc.sel, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Select(%q): %v", tc.sel, err)
			continue
		}
		var ids []string
		for _, e := range got {
			ids = append(ids, e.ID)
		}
		if strings.Join(ids, "|") != strings.Join(tc.ids, "|") {
			t.Errorf("Select(%q) = %v, want %v", tc.sel, ids, tc.ids)
		}
	}
}

func TestFind(t *testing.T) {
	for _, n := range []string{"bk", "bratko-kopec", "ecm98", "ccr-one-hour"} {
		if _, err := Find(n); err != nil {
			t.Errorf("Find(%q): %v", n, err)
		}
	}
	if _, err := Find("nope"); err == nil || !strings.Contains(err.Error(), "known: ") {
		t.Errorf("Find(nope) = %v", err)
	}
}

// TestSocratesFigure6: the *Socrates positions carry Kaufman's moves of
// Fig. 6, each legal in its position (the loader parses them against it):
// (a)–(f) and (h) as the captions print them, (g)'s from BT-2450 No. 20
// (its caption is lost; SOURCES.md).
func TestSocratesFigure6(t *testing.T) {
	s, err := Find("socrates")
	if err != nil {
		t.Fatal(err)
	}
	es, err := s.Entries()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Nxg7", "Re6", "Rxg7+", "Ne4", "a3", "Nd3", "Ra2", "f4"}
	if len(es) != len(want) {
		t.Fatalf("%d positions, want %d", len(es), len(want))
	}
	for i, e := range es {
		got := ""
		if len(e.BM) == 1 {
			got = e.Describer().MoveString(e.BM[0])
		}
		id := fmt.Sprintf("*Socrates Fig. 6 (%c)", 'a'+i)
		if got != want[i] || e.ID != id {
			t.Errorf("#%d %s: bm %q, want %s bm %q", i+1, e.ID, got, id, want[i])
		}
	}
}

// TestSocratesCaptionPairing: Fig. 6's captions survive apart from their
// diagrams, so each is paired with a diagram by legality. A caption gives
// the side to move (Black only in (f), as the figure says), a piece (none
// for a pawn; "?" where the text lost it, as in (f)'s ". d3") and a
// destination. The test lists the diagrams in which some legal move of
// that side fits each caption, then checks that exactly one assignment of
// the seven captions to distinct diagrams exists, the suite's order, which
// leaves (g) to the lost caption; BT-2450's move there, Ra2, fits it.
func TestSocratesCaptionPairing(t *testing.T) {
	s, err := Find("socrates")
	if err != nil {
		t.Fatal(err)
	}
	es, err := s.Entries()
	if err != nil {
		t.Fatal(err)
	}
	fits := func(e Entry, side, caption string) bool {
		if e.Chess.SideToMove() != side {
			return false
		}
		piece, dest := caption[:len(caption)-2], caption[len(caption)-2:]
		buf := make([]game.Move, game.MaxMoves)
		n := e.Chess.Moves(buf)
		for _, m := range buf[:n] {
			san := strings.TrimRight(e.Chess.MoveString(m), "+#")
			if !strings.HasSuffix(san, dest) || strings.Contains(san, "=") {
				continue
			}
			isPawn := san[0] >= 'a' && san[0] <= 'h'
			if piece == "?" || piece == "" && isPawn || piece != "" && !isPawn && san[:1] == piece {
				return true
			}
		}
		return false
	}
	captions := []struct {
		side, caption string
		want          string // the diagrams (letters) it fits
	}{
		{"white", "Ng7", "a"}, {"white", "Re6", "b"}, {"white", "Rg7", "c"}, {"white", "Ne4", "bd"},
		{"white", "a3", "ace"}, {"black", "?d3", "f"}, {"white", "f4", "bceh"},
	}
	sets := make([]string, len(captions))
	for k, c := range captions {
		var got []byte
		for i, e := range es {
			if fits(e, c.side, c.caption) {
				got = append(got, byte('a'+i))
			}
		}
		sets[k] = string(got)
		if sets[k] != c.want {
			t.Errorf("caption %s (%s) fits diagrams %q, want %q", c.caption, c.side, got, c.want)
		}
	}
	var found []string
	var assign func(k int, used string)
	assign = func(k int, used string) {
		if k == len(sets) {
			found = append(found, used)
			return
		}
		for _, d := range sets[k] {
			if !strings.ContainsRune(used, d) {
				assign(k+1, used+string(d))
			}
		}
	}
	assign(0, "")
	if len(found) != 1 || found[0] != "abcdefh" {
		t.Errorf("assignments of the captions Ng7, Re6, Rg7, Ne4, a3, …d3, f4 to diagrams: %q, want just \"abcdefh\"", found)
	}
	if !fits(es[6], "white", "Ra2") {
		t.Error("Ra2 (BT-2450 No. 20) is not legal in (g)")
	}
}
