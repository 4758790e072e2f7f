package sched

import (
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

// TestTaskHotLine: the fields a task's start and end and its parent's
// wait and join touch lie in the first 64 bytes of a Task (a task that
// spawned nothing ends without reading its second line: kids).
func TestTaskHotLine(t *testing.T) {
	var k Task
	for name, end := range map[string]uintptr{
		"abortAt": unsafe.Offsetof(k.abortAt) + unsafe.Sizeof(k.abortAt),
		"p":       unsafe.Offsetof(k.p) + unsafe.Sizeof(k.p),
		"parent":  unsafe.Offsetof(k.parent) + unsafe.Sizeof(k.parent),
		"fn":      unsafe.Offsetof(k.fn) + unsafe.Sizeof(k.fn),
		"idx":     unsafe.Offsetof(k.idx) + unsafe.Sizeof(k.idx),
		"span":    unsafe.Offsetof(k.span) + unsafe.Sizeof(k.span),
		"pending": unsafe.Offsetof(k.pending) + unsafe.Sizeof(k.pending),
		"done":    unsafe.Offsetof(k.done) + unsafe.Sizeof(k.done),
		"kids":    unsafe.Offsetof(k.kids) + unsafe.Sizeof(k.kids),
	} {
		if end > 64 && unsafe.Sizeof(uintptr(0)) == 8 {
			t.Errorf("Task.%s ends at byte %d, past the first cache line", name, end)
		}
	}
}

// TestProcLines: a processor's record is a whole number of cache lines,
// so that records lie on line boundaries, and the fields every resume of
// a simulated processor touches lie in its first two lines.
func TestProcLines(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("laid out for 64-bit platforms")
	}
	var p proc
	if n := unsafe.Sizeof(p); n%64 != 0 {
		t.Errorf("a proc is %d bytes, not a multiple of 64", n)
	}
	for name, end := range map[string]uintptr{
		"id":        unsafe.Offsetof(p.id) + unsafe.Sizeof(p.id),
		"now":       unsafe.Offsetof(p.now) + unsafe.Sizeof(p.now),
		"horizon":   unsafe.Offsetof(p.horizon) + unsafe.Sizeof(p.horizon),
		"cur":       unsafe.Offsetof(p.cur) + unsafe.Sizeof(p.cur),
		"resume":    unsafe.Offsetof(p.resume) + unsafe.Sizeof(p.resume),
		"yield":     unsafe.Offsetof(p.yield) + unsafe.Sizeof(p.yield),
		"state":     unsafe.Offsetof(p.state) + unsafe.Sizeof(p.state),
		"lateYield": unsafe.Offsetof(p.lateYield) + unsafe.Sizeof(p.lateYield),
	} {
		if end > 64 {
			t.Errorf("proc.%s ends at byte %d, past the first cache line", name, end)
		}
	}
	for name, end := range map[string]uintptr{
		"work":      unsafe.Offsetof(p.work) + unsafe.Sizeof(p.work),
		"tally":     unsafe.Offsetof(p.tally) + unsafe.Sizeof(p.tally),
		"tfree":     unsafe.Offsetof(p.tfree) + unsafe.Sizeof(p.tfree),
		"finishing": unsafe.Offsetof(p.finishing) + unsafe.Sizeof(p.finishing),
		"mail":      unsafe.Offsetof(p.mail) + unsafe.Sizeof(p.mail),
	} {
		if end > 128 {
			t.Errorf("proc.%s ends at byte %d, past the second cache line", name, end)
		}
	}
}
