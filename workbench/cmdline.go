package workbench

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

// Quote writes a word back so that Fields reads it as exactly that one
// word: the REPL's history, notebooks and the terminal UI's command lines
// all quote with it. A word is quoted when it is empty or holds a blank, a
// quote or a parenthesis (which Fields would nest), or starts with '#'
// (a comment); a '#' inside a word (suite:kaufman#3) is left as it is.
func Quote(w string) string {
	if w == "" {
		return "''"
	}
	if !strings.ContainsAny(w, " \t\r\n'\"()") && w[0] != '#' {
		return w
	}
	if !strings.Contains(w, "'") {
		return "'" + w + "'"
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(w) + `"`
}
