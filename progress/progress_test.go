package progress

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// TestLine: on a "terminal" the line shows the item, depth, nodes, rate,
// elapsed and eta, and is cleared at the end; piped, it prints nothing (or
// one line per finished item with PerItem).
func TestLine(t *testing.T) {
	var b bytes.Buffer
	tty := true
	now := time.Unix(0, 0)
	clock := func() time.Time { return now }
	l := Start(&b, "search", 4, Options{TTY: &tty, Now: clock, Delay: time.Hour})
	l.Item(1, "BK.02")
	l.Live().Depth.Store(7)
	l.Live().Nodes.Store(2_500_000)
	now = now.Add(2 * time.Second)
	l.draw()
	got := b.String()
	for _, want := range []string{"\r[2/4] search BK.02 · depth 7 · 2.5M nodes · 1.25M/s · 2s · eta 6s\x1b[K"} {
		if !strings.Contains(got, want) {
			t.Errorf("line %q lacks %q", got, want)
		}
	}
	l.Print(func() { b.WriteString("RESULT\n") })
	if !strings.HasSuffix(b.String(), "\r\x1b[KRESULT\n") {
		t.Errorf("Print did not clear the line first: %q", b.String())
	}
	l.Stop()
	if LiveFrom(l.Context(context.Background())) != l.Live() {
		t.Error("an active line's context does not carry its Live")
	}

	var piped bytes.Buffer
	off := false
	p := Start(&piped, "search", 2, Options{TTY: &off})
	p.Item(0, "x")
	p.Done(1, "x")
	p.Stop()
	if piped.Len() != 0 {
		t.Errorf("piped output %q, want nothing", piped.String())
	}
	if LiveFrom(p.Context(context.Background())) != nil {
		t.Error("an inactive line's context carries a Live: searches would publish for nobody")
	}
	q := Start(&piped, "sweep", 2, Options{TTY: &off, PerItem: true})
	q.Done(1, "scout on x")
	q.Stop()
	if piped.Len() != 0 {
		t.Errorf("per-item lines into a pipe: %q", piped.String())
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{{999, "999"}, {12345, "12.34k"}, {1234567, "1.23M"}, {3_000_000_000, "3G"}} {
		if got := Count(c.n); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
