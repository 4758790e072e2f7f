package sched

import (
	"reflect"
	"testing"
	"unsafe"
)

// TestTaskSize: a task record stays 128 bytes, two cache lines (hundreds
// of thousands are in flight on a large simulated machine).
func TestTaskSize(t *testing.T) {
	if n := unsafe.Sizeof(Task{}); n > 128 {
		t.Errorf("a Task is %d bytes, want at most 128", n)
	}
}

// checkWithin reports each named field of the struct type of v that ends
// past byte limit (the end of the record's first, or first two, cache
// lines). The layouts are for 64-bit platforms.
func checkWithin(t *testing.T, v any, limit uintptr, names ...string) {
	t.Helper()
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("laid out for 64-bit platforms")
	}
	typ := reflect.TypeOf(v)
	for _, name := range names {
		f, ok := typ.FieldByName(name)
		if !ok {
			t.Fatalf("%s has no field %s", typ, name)
		}
		if end := f.Offset + f.Type.Size(); end > limit {
			t.Errorf("%s.%s ends at byte %d, past byte %d", typ, name, end, limit)
		}
	}
}

// TestTaskHotLine: the fields a task's start and end and its parent's
// wait and join touch lie in the first 64 bytes of a Task (a task that
// spawned nothing ends without reading its second line: kids).
func TestTaskHotLine(t *testing.T) {
	checkWithin(t, Task{}, 64, "abortAt", "p", "parent", "fn", "idx", "span", "pending", "done", "kids")
}

// TestProcLines: a processor's record is a whole number of cache lines,
// so that records lie on line boundaries, and the fields every resume of
// a simulated processor touches lie in its first two lines: the event
// loop's and a charge's in the first.
func TestProcLines(t *testing.T) {
	if n := unsafe.Sizeof(proc{}); n%64 != 0 {
		t.Errorf("a proc is %d bytes, not a multiple of 64", n)
	}
	checkWithin(t, proc{}, 64, "id", "now", "horizon", "cur", "resume", "yield", "state", "lateYield")
	checkWithin(t, proc{}, 128, "work", "tally", "tfree", "finishing", "mail")
}

// TestRangeLines: a range's record is a whole number of cache lines; what
// an element's end and the parent's wait touch lies in its first line, and
// the ready bits of up to 64 elements and what an element's start reads
// besides in its second.
func TestRangeLines(t *testing.T) {
	if n := unsafe.Sizeof(taskRange{}); n%64 != 0 {
		t.Errorf("a taskRange is %d bytes, not a multiple of 64", n)
	}
	checkWithin(t, taskRange{}, 64, "lo", "n", "nfin", "seen", "taken", "tasks", "wantAll", "reverse", "linked", "pool", "spanMax", "el")
	checkWithin(t, taskRange{}, 128, "ready", "ready1", "parent", "abortAt", "span0", "cost")
	if off := unsafe.Offsetof(taskRange{}.hdr); off%64 != 0 {
		t.Errorf("taskRange.hdr starts at byte %d, not on a line", off)
	}
}
