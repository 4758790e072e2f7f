package experiment

import (
	"fmt"
	"io"
	"time"
)

// progressLog prints one line per finished run when the sweep's output is
// not a terminal (a log a script keeps); on a terminal the Runner draws the
// live progress.Line instead.
type progressLog struct {
	w     io.Writer
	total int
	done  int
	start time.Time
	now   func() time.Time
	jobs  int // jobs at once
}

func (p *progressLog) eta() string {
	if p.done == 0 {
		return "eta ?"
	}
	el := p.now().Sub(p.start)
	left := time.Duration(float64(el) / float64(p.done) * float64(p.total-p.done))
	return "eta " + left.Round(100*time.Millisecond).String()
}

// finished logs the done-th stored run, what; running runs go on.
func (p *progressLog) finished(done int, what string, running int) {
	p.done = done
	if p.w == nil {
		return
	}
	if p.jobs > 1 && running > 0 {
		fmt.Fprintf(p.w, "[%d/%d] %s, %d running, %s\n", done, p.total, what, running, p.eta())
		return
	}
	fmt.Fprintf(p.w, "[%d/%d] %s, %s\n", done, p.total, what, p.eta())
}

// note prints a line of its own.
func (p *progressLog) note(s string) {
	if p.w != nil {
		fmt.Fprintln(p.w, s)
	}
}
