package progress

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dustin/go-humanize"
	"golang.org/x/term"
)

// Live is what a running search publishes: nodes visited and the deepest
// iteration completed. It is written by the search (every few thousand
// nodes) and read by the line's ticker, from any goroutines.
type Live struct {
	Nodes atomic.Int64
	Depth atomic.Int64
	// Simulated is set when Nodes are the simulated machine's.
	Simulated atomic.Bool
}

type liveKey struct{}

// WithLive returns ctx carrying live, for the search run under it.
func WithLive(ctx context.Context, live *Live) context.Context {
	return context.WithValue(ctx, liveKey{}, live)
}

// LiveFrom returns the Live ctx carries, or nil.
func LiveFrom(ctx context.Context) *Live {
	if ctx == nil {
		return nil
	}
	l, _ := ctx.Value(liveKey{}).(*Live)
	return l
}

// IsTerminal reports whether w is a terminal (not a file, a pipe, a
// notebook cell or /dev/null).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Terminal is where a command line draws its progress: standard error
// when it is a terminal (so that "splitpoint … > out.txt" still shows
// progress and writes none of it to the file), else standard output when
// it is one, else nil: no progress at all.
func Terminal(stdout, stderr io.Writer) io.Writer {
	switch {
	case IsTerminal(stderr):
		return stderr
	case IsTerminal(stdout):
		return stdout
	}
	return nil
}

// Line is one command's progress line. The zero of its methods' effects
// when the output is not a terminal is nothing at all.
type Line struct {
	w   io.Writer
	tty bool
	now func() time.Time

	mu       sync.Mutex
	label    string
	what     string // the current item
	total    int
	done     int
	start    time.Time
	itemFrom time.Time
	live     *Live
	open     bool
	stop     chan struct{}
	stopped  sync.WaitGroup
}

// Options tune a Line.
type Options struct {
	// PerItem has no effect: progress reaches a terminal only, never a
	// file, a pipe or a notebook cell, where the command's results say
	// what was done.
	PerItem bool
	// TTY forces terminal mode on (tests) or off; nil: detect.
	TTY *bool
	// Every is the refresh interval (0: 250 ms); Delay the time before the
	// first refresh (0: one second, so quick commands print nothing).
	Every, Delay time.Duration
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

// Start begins the progress line of a command doing total items (0: one
// piece of work of unknown length), labelled label (e.g. "search").
func Start(w io.Writer, label string, total int, o Options) *Line {
	l := &Line{w: w, label: label, total: total, now: o.Now, live: &Live{}}
	if l.now == nil {
		l.now = time.Now
	}
	l.tty = IsTerminal(w)
	if o.TTY != nil {
		l.tty = *o.TTY
	}
	l.start, l.itemFrom = l.now(), l.now()
	if l.tty && w != nil {
		every, delay := o.Every, o.Delay
		if every <= 0 {
			every = 250 * time.Millisecond
		}
		if delay <= 0 {
			delay = time.Second
		}
		l.stop = make(chan struct{})
		l.stopped.Add(1)
		go l.tick(delay, every)
	}
	return l
}

// Live is the counters the current item's search publishes: give it to
// the search with WithLive.
func (l *Line) Live() *Live { return l.live }

// Active reports whether the line is drawn (a terminal).
func (l *Line) Active() bool { return l.tty && l.w != nil }

// Context is ctx carrying the line's Live when the line is drawn, so that
// a search publishes its counters only when someone looks (on the pool,
// publishing has a cost); otherwise ctx itself.
func (l *Line) Context(ctx context.Context) context.Context {
	if !l.Active() {
		return ctx
	}
	return WithLive(ctx, l.live)
}

// Item says the command is now on item i (0-based) described by what;
// the Live counters start again.
func (l *Line) Item(i int, what string) {
	l.mu.Lock()
	l.done, l.what, l.itemFrom = i, what, l.now()
	l.live.Nodes.Store(0)
	l.live.Depth.Store(0)
	l.mu.Unlock()
	l.draw()
}

// Done says item done-1 finished (done items in all).
func (l *Line) Done(done int, what string) {
	l.mu.Lock()
	l.done = done
	l.mu.Unlock()
	l.draw()
}

// Note prints s on a line of its own (above the progress line).
func (l *Line) Note(s string) {
	if l.w == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clearLocked()
	fmt.Fprintln(l.w, s)
}

// Print runs fn, which writes the command's own output, with the line
// cleared from the terminal (the ticker draws it again afterwards).
func (l *Line) Print(fn func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.w != nil {
		l.clearLocked()
	}
	fn()
}

// Stop ends the line and clears it from the terminal. It is safe to call
// more than once.
func (l *Line) Stop() {
	if l.stop != nil {
		close(l.stop)
		l.stopped.Wait()
		l.stop = nil
	}
	l.mu.Lock()
	l.clearLocked()
	l.mu.Unlock()
}

func (l *Line) tick(delay, every time.Duration) {
	defer l.stopped.Done()
	select {
	case <-l.stop:
		return
	case <-time.After(delay):
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		l.draw()
		select {
		case <-l.stop:
			return
		case <-t.C:
		}
	}
}

// draw rewrites the line (terminal only, after the delay).
func (l *Line) draw() {
	if !l.tty || l.w == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.open && l.now().Sub(l.start) < 900*time.Millisecond {
		return
	}
	fmt.Fprintf(l.w, "\r%s\x1b[K", l.render(l.done+1, l.what))
	l.open = true
}

func (l *Line) clearLocked() {
	if l.open && l.w != nil {
		fmt.Fprintf(l.w, "\r\x1b[K")
		l.open = false
	}
}

// render is the line's text: [n/total] label what · depth · nodes ·
// rate · elapsed · eta.
func (l *Line) render(n int, what string) string {
	var parts []string
	head := l.label
	if l.total > 1 {
		head = fmt.Sprintf("[%d/%d] %s", min(n, l.total), l.total, l.label)
	}
	if what != "" {
		head += " " + what
	}
	parts = append(parts, head)
	if d := l.live.Depth.Load(); d > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", d))
	}
	el := l.now().Sub(l.start)
	if n := l.live.Nodes.Load(); n > 0 {
		unit := "nodes"
		if l.live.Simulated.Load() {
			unit = "simulated nodes"
		}
		parts = append(parts, fmt.Sprintf("%s %s", Count(n), unit))
		if sec := l.now().Sub(l.itemFrom).Seconds(); sec > 0 {
			parts = append(parts, fmt.Sprintf("%s/s", Count(int64(float64(n)/sec))))
		}
	}
	parts = append(parts, el.Round(100*time.Millisecond).String())
	if l.total > 1 && l.done > 0 {
		left := time.Duration(float64(el) / float64(l.done) * float64(l.total-l.done))
		parts = append(parts, "eta "+left.Round(100*time.Millisecond).String())
	}
	return strings.Join(parts, " · ")
}

// Count writes n with an SI suffix and three significant digits at most
// (go-humanize): 1234567 is "1.23M", 999 is "999".
func Count(n int64) string {
	return strings.ReplaceAll(strings.TrimSpace(humanize.SIWithDigits(float64(n), 2, "")), " ", "")
}
