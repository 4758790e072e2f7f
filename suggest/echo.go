package suggest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// EchoMax is how many bytes of a name Echo shows at most.
const EchoMax = 60

// Echo is user input as an error message shows it: quoted, each control
// character escaped (nothing echoed to a terminal moves its cursor, clears
// it or rings), and past EchoMax bytes cut at a character boundary with an
// ellipsis and the input's length, so that a 70 KB name prints as one
// short line.
func Echo(s string) string { return EchoN(s, EchoMax) }

// EchoN is Echo showing at most max bytes of s.
func EchoN(s string, max int) string {
	cut := s
	if len(s) > max {
		cut = s[:max]
		for len(cut) > 0 && !utf8.RuneStart(s[len(cut)]) {
			cut = cut[:len(cut)-1]
		}
	}
	q := strconv.Quote(cut) // escapes control characters and invalid bytes
	if len(cut) < len(s) {
		q = q[:len(q)-1] + fmt.Sprintf("…\" (%d bytes)", len(s))
	}
	return q
}

// Clean is text for a terminal: every control character but tab is
// replaced with U+FFFD, so that echoed input cannot move the cursor or
// rewrite a line.
func Clean(s string) string {
	if strings.IndexFunc(s, isControl) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return utf8.RuneError
		}
		return r
	}, s)
}

func isControl(r rune) bool { return r != '\t' && (unicode.IsControl(r) || r == 0x2028 || r == 0x2029) }

// MaxWord is the longest word (a run of non-blank characters) Bound
// leaves whole.
const MaxWord = 256

// Bound is an error message as a terminal shows it: each word longer than
// MaxWord bytes (a name given whole, a quoted 70 KB argument) is cut to
// EchoMax bytes with an ellipsis and its length, and every control
// character but newline and tab is replaced with U+FFFD. It is the last
// step before a message is printed, whatever command made it.
func Bound(msg string) string {
	if len(msg) <= MaxWord && strings.IndexFunc(msg, isControlLine) < 0 {
		return msg
	}
	var b strings.Builder
	for len(msg) > 0 {
		i := strings.IndexAny(msg, " \n\t")
		if i < 0 {
			i = len(msg)
		}
		w := msg[:i]
		if len(w) > MaxWord {
			cut := EchoMax
			for cut > 0 && !utf8.RuneStart(w[cut]) {
				cut--
			}
			w = fmt.Sprintf("%s…(%d bytes)", w[:cut], len(w))
		}
		b.WriteString(w)
		if i < len(msg) {
			b.WriteByte(msg[i])
			i++
		}
		msg = msg[i:]
	}
	return strings.Map(func(r rune) rune {
		if isControlLine(r) {
			return utf8.RuneError
		}
		return r
	}, b.String())
}

func isControlLine(r rune) bool { return r != '\n' && isControl(r) }
