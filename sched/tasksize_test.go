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
// wait and join touch lie in the first 64 bytes of a Task.
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
	} {
		if end > 64 && unsafe.Sizeof(uintptr(0)) == 8 {
			t.Errorf("Task.%s ends at byte %d, past the first cache line", name, end)
		}
	}
}
