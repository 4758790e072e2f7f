package workbench

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestErrorEchoBounded: a long name given by a user is echoed by an error
// message cut short with its length (one short line, not 70 KB), and a
// control character in it never reaches the terminal.
func TestErrorEchoBounded(t *testing.T) {
	long := strings.Repeat("x", 70000)
	for _, args := range [][]string{
		{"search", "--algo", long},
		{"search", long},
		{long},
		{"search", "--preset", long},
		{"search", "--costs", long},
		{"search", "suite:" + long},
		{"search", "--variants", long},
		{"help", long},
		{"search", "--" + long},
		{"search", "chess:" + long},
		{"search", "--algo", "a\x1b[2Jb\rc"},
		{"search", "a\x1b]0;title\x07b"},
	} {
		var out, errb bytes.Buffer
		Main(context.Background(), args, &out, &errb)
		msg := errb.String()
		if len(msg) > 4000 {
			t.Errorf("%.40q: %d bytes of error", args, len(msg))
		}
		if strings.Contains(args[len(args)-1], "x") && !strings.Contains(msg, "bytes)") && len(args[len(args)-1]) > 1000 {
			t.Errorf("%.40q: the cut name does not say its length: %.300q", args, msg)
		}
		if strings.ContainsAny(msg, "\x1b\r\x07") {
			t.Errorf("%.40q: a control character reaches the terminal: %q", args, msg)
		}
	}
}
