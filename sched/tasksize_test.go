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
