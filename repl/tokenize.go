// Package repl is splitpoint's interactive prompt, its script runner and
// the notebook session both work on. One Shell evaluates a line the same
// way whether it was typed, read from a script, or sent by the terminal UI,
// and writes to an io.Writer, so tests feed it lines and read what it
// printed.
package repl

import (
	"fmt"
	"strings"
)

// Fields splits a command line into words. Words are separated by blanks;
// '…' and "…" quote (no escapes inside single quotes; \" and \\ inside
// double quotes); a '#' at the start of a word starts a comment; and
// parentheses nest, so a literal tree such as literal:((3 -2) (5 (1 4)))
// is one word without quotes — the reason this is not shell syntax.
func Fields(line string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inWord, depth := false, 0
	flush := func() {
		if inWord {
			out = append(out, cur.String())
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case (c == ' ' || c == '\t' || c == '\r' || c == '\n') && depth == 0:
			flush()
		case c == '#' && !inWord:
			return out, nil
		case c == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("column %d: unclosed single quote", i+1)
			}
			cur.WriteString(line[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '"':
			inWord = true
			closed := false
			for i++; i < len(line); i++ {
				if line[i] == '\\' && i+1 < len(line) && (line[i+1] == '"' || line[i+1] == '\\') {
					i++
					cur.WriteByte(line[i])
					continue
				}
				if line[i] == '"' {
					closed = true
					break
				}
				cur.WriteByte(line[i])
			}
			if !closed {
				return nil, fmt.Errorf("unclosed double quote")
			}
		default:
			if c == '(' {
				depth++
			} else if c == ')' && depth > 0 {
				depth--
			}
			cur.WriteByte(c)
			inWord = true
		}
	}
	if depth > 0 {
		return nil, fmt.Errorf("unclosed '(': %d still open at the end of the line", depth)
	}
	flush()
	return out, nil
}

// quote writes a word back so that Fields reads it as one word.
func quote(w string) string {
	if w == "" {
		return "''"
	}
	if !strings.ContainsAny(w, " \t'\"#") {
		return w
	}
	if !strings.Contains(w, "'") {
		return "'" + w + "'"
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(w) + `"`
}
