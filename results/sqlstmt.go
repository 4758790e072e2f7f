package results

import (
	"strings"
	"unicode"

	"splitpoint/suggest"
)

// readVerbs are the first words of a statement Query runs: the ones that
// read (a PRAGMA that sets fails as a write on a store opened to read).
var readVerbs = []string{"SELECT", "WITH", "VALUES", "EXPLAIN", "PRAGMA"}

// firstWord is the first word of q after blanks and comments, in upper
// case.
func firstWord(q string) string {
	for {
		q = strings.TrimLeft(q, " \t\n\r\f\v")
		switch {
		case strings.HasPrefix(q, "--"):
			_, q, _ = strings.Cut(q, "\n")
			continue
		case strings.HasPrefix(q, "/*"):
			_, q, _ = strings.Cut(q[2:], "*/")
			continue
		}
		break
	}
	end := strings.IndexFunc(q, func(r rune) bool { return !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) })
	if end < 0 {
		end = len(q)
	}
	return strings.ToUpper(q[:end])
}

// statements counts the SQL statements of q as SQLite splits them: at
// each ';' outside a string literal ('…'), a quoted name ("…", `…`,
// […]) and a comment (-- to the end of the line, /* … */). A statement
// holding only blanks and comments does not count. at is the byte where
// the second statement starts (0 when there is none).
func statements(q string) (n, at int) {
	content := false // the current statement holds more than blanks and comments
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == ';':
			content = false
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			continue
		case c == '-' && i+1 < len(q) && q[i+1] == '-':
			for i < len(q) && q[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(q) && q[i+1] == '*':
			i += 2
			for i < len(q) && !(q[i] == '*' && i+1 < len(q) && q[i+1] == '/') {
				i++
			}
			i++ // the closing '/'
			continue
		}
		if !content {
			content = true
			n++
			if n == 2 {
				at = i
			}
		}
		var end byte
		switch c {
		case '\'', '"', '`':
			end = c
		case '[':
			end = ']'
		default:
			continue
		}
		// A quoted run; a doubled quote inside it is the quote itself,
		// which the loop reads as the end and the start of another run.
		for i++; i < len(q) && q[i] != end; i++ {
		}
	}
	return n, at
}

// Excerpt is the start of a statement as an error message shows it: at
// most max bytes, quoted, control characters escaped.
func Excerpt(s string, max int) string { return suggest.EchoN(s, max) }
