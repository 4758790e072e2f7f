package algos

import (
	"reflect"
	"testing"
	"unsafe"

	"splitpoint/games/chess"
)

// TestJamFrameLines: in a chess frame, what a test reads of its node's
// frame (moves, alpha, node's place, kids, kh's owner) and what the node's
// loop reads as it takes a finished test (kids, rng, node's best value
// and β, moves) lie in the three cache lines after the position's last,
// and the frame fills the allocator's 768-byte class, whose objects
// start on a line. Laid out for 64-bit platforms.
func TestJamFrameLines(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("laid out for 64-bit platforms")
	}
	typ := reflect.TypeOf(jamFrame[chess.Position]{})
	if n := typ.Size(); n <= 704 || n > 768 {
		t.Errorf("a chess jamFrame is %d bytes, want 705–768 (the 768-byte class)", n)
	}
	pos, _ := typ.FieldByName("pos")
	first := pos.Offset + pos.Type.Size() - 1
	first -= first % 64 // the line the position ends in
	for _, name := range []string{"moves", "alpha", "node", "kids", "rng", "kh"} {
		f, ok := typ.FieldByName(name)
		if !ok {
			t.Fatalf("jamFrame has no field %s", name)
		}
		end := f.Offset + f.Type.Size()
		if name == "kh" {
			end = f.Offset + reflect.TypeOf(killerHandover{}).Field(0).Type.Size() // its owner
		}
		if f.Offset < first || end > first+3*64 {
			t.Errorf("jamFrame.%s is at bytes %d–%d, outside the lines at %d–%d", name, f.Offset, end, first, first+3*64)
		}
	}
}
