package experiment

import (
	"fmt"
	"io"
	"time"
)

// progress prints done/total, the current run and an ETA: on a terminal
// one line rewritten with '\r', otherwise one line per finished run.
type progress struct {
	w     io.Writer
	tty   bool
	total int
	done  int
	start time.Time
	now   func() time.Time
	open  bool // a '\r' line is on the screen
}

func (p *progress) eta() string {
	if p.done == 0 {
		return "eta ?"
	}
	el := p.now().Sub(p.start)
	left := time.Duration(float64(el) / float64(p.done) * float64(p.total-p.done))
	return "eta " + left.Round(100*time.Millisecond).String()
}

func (p *progress) starting(i int, what string) {
	if p.w == nil || !p.tty {
		return
	}
	fmt.Fprintf(p.w, "\r[%d/%d] %s, %s\x1b[K", i+1, p.total, what, p.eta())
	p.open = true
}

func (p *progress) finished(done int, what string) {
	p.done = done
	if p.w == nil || p.tty {
		return
	}
	fmt.Fprintf(p.w, "[%d/%d] %s, %s\n", done, p.total, what, p.eta())
}

// note prints a line of its own.
func (p *progress) note(s string) {
	if p.w == nil {
		return
	}
	p.end()
	fmt.Fprintln(p.w, s)
}

// end closes the '\r' line.
func (p *progress) end() {
	if p.open {
		fmt.Fprintf(p.w, "\r\x1b[K")
		p.open = false
	}
}
