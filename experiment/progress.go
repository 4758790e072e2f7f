package experiment

import (
	"fmt"
	"io"
	"time"
)

// progressLog carries a sweep's notes when its output is not a terminal.
// It prints no line per finished run: progress reaches a terminal only
// (where the Runner draws the live progress.Line), never a file, a pipe
// or a notebook cell, where the stored runs say what was done.
type progressLog struct {
	w     io.Writer
	total int
	done  int
	start time.Time
	now   func() time.Time
}

// finished counts the runs done (running: the runs still in progress
// beside them, which the terminal's line shows).
func (p *progressLog) finished(done int, _ string, running int) { p.done = done }

// note prints a line of its own.
func (p *progressLog) note(s string) {
	if p.w != nil {
		fmt.Fprintln(p.w, s)
	}
}
