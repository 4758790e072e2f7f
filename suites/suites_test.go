package suites

import (
	"strings"
	"testing"
)

// TestCounts: every embedded suite parses, with the position counts that
// suites/data/SOURCES.md gives.
func TestCounts(t *testing.T) {
	want := map[string]int{"kaufman": 25, "bratko-kopec": 24, "wac": 300, "ecm": 770, "eret": 111, "ccr": 25,
		"perftsuite": 126, "2move": 49, "3move": 174, "4move": 794, "5move": 2700, "11man": 2500, "tinsley": 20, "socrates": 7}
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
// Fig. 6 (a)–(f), each legal in its position (the loader parses them
// against it); (g)'s move survives only as "N" and (h) is lost
// (SOURCES.md).
func TestSocratesFigure6(t *testing.T) {
	s, err := Find("socrates")
	if err != nil {
		t.Fatal(err)
	}
	es, err := s.Entries()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Nxg7", "Re6", "Rxg7+", "Ne4", "a3", "Nd3", ""}
	for i, e := range es {
		got := ""
		if len(e.BM) == 1 {
			got = e.Describer().MoveString(e.BM[0])
		}
		if got != want[i] || !strings.Contains(e.ID, "Fig. 6") {
			t.Errorf("#%d %s: bm %q, want %q", i+1, e.ID, got, want[i])
		}
	}
}
