package suggest

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEcho(t *testing.T) {
	for in, want := range map[string]string{
		"algo":                     `"algo"`,
		"a\x1b[2J\r\n":             `"a\x1b[2J\r\n"`,
		strings.Repeat("é", 40):    `"` + strings.Repeat("é", 30) + `…" (80 bytes)`,
		strings.Repeat("x", 70000): `"` + strings.Repeat("x", 60) + `…" (70000 bytes)`,
	} {
		if got := Echo(in); got != want {
			t.Errorf("Echo(%.20q) = %q, want %q", in, got, want)
		}
	}
}

func TestBound(t *testing.T) {
	long := strings.Repeat("x", 70000)
	got := Bound(`search: unknown algorithm "` + long + `" (allowed: a, b)` + "\x1b[2J\r")
	want := `search: unknown algorithm "` + strings.Repeat("x", 59) + `…(70002 bytes) (allowed: a, b)` + "\uFFFD[2J\uFFFD"
	if got != want {
		t.Errorf("Bound = %q, want %q", got, want)
	}
	if got := Bound("two\nlines\tkept"); got != "two\nlines\tkept" {
		t.Errorf("Bound = %q", got)
	}
}

// FuzzBound: Bound never grows a long message much, keeps it valid
// UTF-8 when it was, and leaves no control character but newline and tab.
func FuzzBound(f *testing.F) {
	for _, s := range []string{"", "a b", strings.Repeat("é", 300), "\x1b\r\n\t", strings.Repeat("x", 1000) + " y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := Bound(s)
		if strings.IndexFunc(b, isControlLine) >= 0 {
			t.Fatalf("%q → %q holds a control character", s, b)
		}
		if utf8.ValidString(s) && !utf8.ValidString(b) {
			t.Fatalf("%q → %q is not UTF-8", s, b)
		}
		if len(b) > 3*len(s)+32 {
			t.Fatalf("%q → %q grew", s, b)
		}
	})
}
