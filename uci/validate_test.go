package uci

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestGoArgumentsBounded: a depth, node count or time out of range is an
// error naming the argument and the range, never a value clamped in
// silence; a negative clock time (sent by GUIs when a side is out of
// time) still reads as 0.
func TestGoArgumentsBounded(t *testing.T) {
	for _, line := range []string{"go depth -5", "go depth 0", "go depth 101", "go depth 99999999999", "go mate -1", "go mate 0", "go mate 51",
		"go nodes -1", "go nodes 0", "go movetime -1", "go movetime 0", "go movetime 9223372036854775807", "go wtime 9223372036854775807 btime 1000",
		"go winc 99999999999999999", "go movestogo -3"} {
		c, err := Parse(line)
		if err == nil {
			t.Errorf("%q: accepted as %+v", line, c.Go)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, strings.Fields(line)[1]) {
			t.Errorf("%q: %q: want one line naming the argument", line, msg)
		}
	}
	for line, want := range map[string]Limits{
		"go depth 100":                       {Depth: 100},
		"go mate 50":                         {Depth: 100},
		"go nodes 1":                         {Nodes: 1},
		"go movetime 1":                      {MoveTime: time.Millisecond},
		"go wtime -5 btime 1000 movestogo 0": {WTime: 0, BTime: time.Second, Clock: true},
	} {
		c, err := Parse(line)
		if err != nil || *c.Go != want {
			t.Errorf("%q: %+v, %v; want %+v", line, c.Go, err, want)
		}
	}
}

// TestEngineRefusesBadInput: a bad go is answered with info string and no
// search; a setoption the search would not take is answered with info
// string and the option keeps its value; either way the engine goes on
// answering, and the next go plays a move.
func TestEngineRefusesBadInput(t *testing.T) {
	var out lineBuffer
	e := NewEngine(&out, DefaultConfig())
	ctx := context.Background()
	run := func(line string) []string {
		n := len(out.from(0))
		e.Handle(ctx, line)
		e.wait()
		return out.from(n)
	}
	if got := run("go depth -5"); len(got) != 1 || !strings.HasPrefix(got[0], "info string error: go: depth") {
		t.Errorf("go depth -5: %q", got)
	}
	before := e.cfg.Get("Param")
	for _, v := range []string{"algo=nosuch", "depth=0", "max_nodes=x"} {
		got := run("setoption name Param value " + v)
		if len(got) != 1 || !strings.HasPrefix(got[0], "info string error: ") {
			t.Errorf("setoption Param %s: %q", v, got)
		}
		if after := e.cfg.Get("Param"); after != before {
			t.Errorf("setoption Param %s: Param is now %q, was %q", v, after, before)
		}
	}
	if got := run("setoption name Algo value nosuch"); len(got) != 1 || !strings.HasPrefix(got[0], "info string error: ") {
		t.Errorf("setoption Algo nosuch: %q", got)
	}
	got := run("go depth 1")
	if len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "bestmove ") || got[len(got)-1] == "bestmove 0000" {
		t.Errorf("go depth 1 after the bad input: %q", got)
	}
	for _, l := range got {
		if strings.Contains(l, "error") {
			t.Errorf("go depth 1 after the bad input: %q", l)
		}
	}
}

// TestEngineErrorEchoBounded: a long or hostile token is echoed in an
// info string cut short, on one line, without control characters.
func TestEngineErrorEchoBounded(t *testing.T) {
	var out lineBuffer
	e := NewEngine(&out, DefaultConfig())
	long := strings.Repeat("x", 70000)
	for _, line := range []string{"go depth " + long, "setoption name " + long + " value 1", "position fen " + long, "go depth \x1b[2J"} {
		n := len(out.from(0))
		e.Handle(context.Background(), line)
		got := out.from(n)
		if len(got) != 1 || len(got[0]) > 1000 || strings.ContainsAny(got[0], "\x1b\r") {
			t.Errorf("%.30q: %.200q", line, got)
		}
	}
}
