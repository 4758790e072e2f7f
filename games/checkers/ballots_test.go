package checkers

import (
	"os"
	"strings"
	"testing"

	"splitpoint/game"
)

var ballotFiles = []struct {
	name  string
	count int
	moves int
}{
	{"2move-ballots.txt", 49, 2},
	{"3move-ballots.txt", 174, 3},
	{"4move-ballots.txt", 794, 4},
	{"5move-ballots.txt", 2700, 5},
	{"11man-ballots.txt", 2500, 2},
}

func loadBallots(t testing.TB, name string) []Ballot {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	bs, err := ReadBallots(name, f)
	if err != nil {
		t.Fatal(err)
	}
	return bs
}

// TestBallots replays every ballot of every file to its listed FEN.
func TestBallots(t *testing.T) {
	for _, bf := range ballotFiles {
		bs := loadBallots(t, bf.name)
		if len(bs) != bf.count {
			t.Errorf("%s: %d ballots, want %d", bf.name, len(bs), bf.count)
		}
		for _, b := range bs {
			if len(b.Moves) != bf.moves {
				t.Errorf("%s:%d: %d moves, want %d", bf.name, b.Line, len(b.Moves), bf.moves)
			}
			if b.Pos == nil || b.Pos.FEN() != b.FEN {
				t.Errorf("%s:%d: position %v, FEN %s", bf.name, b.Line, b.Pos, b.FEN)
			}
			if (b.Removed != "") != strings.HasPrefix(bf.name, "11man") {
				t.Errorf("%s:%d: Removed %q", bf.name, b.Line, b.Removed)
			}
		}
	}
	bs := loadBallots(t, "3move-ballots.txt")
	if b := bs[0]; b.ID() != "9-13 21-17 5-9" || b.Number != 1 || b.Label != "ACF" || b.Line != 5 {
		t.Errorf("first 3-move ballot %+v, ID %q", b, b.ID())
	}
	bs = loadBallots(t, "11man-ballots.txt")
	if b := bs[0]; b.Removed != "11,28" || b.ID() != "8-11 24-19" || b.Label != "standard" {
		t.Errorf("first 11-man ballot %+v", b)
	}
}

// TestReadBallotsErrors checks that bad files are reported as name:line.
func TestReadBallotsErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"# c\n1\t9-13 21-17\tstandard\n", "f:2: want 4 or 5"},
		{"1\t9-13 21-18\tstandard\tB:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13\n", "f:1: move 2"},
		{"1\t9-13 21-17\tstandard\tB:W18,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13\n", "f:1: moves \"9-13 21-17\" reach"},
		{"x\t9-13 21-17\ts\tB:W:B\n", "f:1: bad ballot number"},
		{"1\t\ts\tB:W:B\n", "f:1: no moves"},
		{"1\t13,28\t8-11 24-19\ts\tB:W:B\n", "f:1: removed squares \"13,28\": no black man on 13"},
		{"1\t9-13 21-17\ts\tB:W99:B\n", "f:1: checkers: FEN"},
	} {
		_, err := ReadBallots("f", strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadBallots(%q) error %v, want %q", c.in, err, c.want)
		}
	}
}

// TestNotationRoundTrip writes and reads back every legal move of every
// ballot position (and of the positions one move later).
func TestNotationRoundTrip(t *testing.T) {
	var buf, buf2 [game.MaxMoves]game.Move
	var next Position
	check := func(p *Position, ms []game.Move) {
		for _, m := range ms {
			s := p.MoveString(m)
			got, err := p.ParseMove(s)
			if err != nil || got != m {
				t.Fatalf("%s: MoveString %q parses to %v, %v; want %v", p.FEN(), s, got, err, m)
			}
		}
	}
	for _, bf := range ballotFiles {
		for _, b := range loadBallots(t, bf.name) {
			n := b.Pos.Moves(buf[:])
			check(b.Pos, buf[:n])
			for _, m := range buf[:n] {
				b.Pos.Play(m, &next)
				k := next.Moves(buf2[:])
				check(&next, buf2[:k])
			}
		}
	}
}
