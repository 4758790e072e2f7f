package sessions

import (
	"os"
	"path/filepath"
	"strings"

	"splitpoint/atomicfile"
)

// LastFile, under the sessions' home, names the session a researcher last
// opened at the REPL or in the terminal UI: the one plain `splitpoint`
// opens next. Scripts and reproductions run in sessions of their own and
// leave it alone, so that running one changes neither which session the
// REPL opens nor its settings.
const LastFile = "last-session"

// SetLast records name as the session opened last by a person.
func SetLast(home, name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(home, LastFile), []byte(name+"\n"))
}

// Last returns the session recorded by SetLast, or "" when none is (or
// the record is not a valid name).
func Last(home string) string {
	data, err := os.ReadFile(filepath.Join(home, LastFile))
	if err != nil {
		return ""
	}
	name := strings.TrimSpace(string(data))
	if CheckName(name) != nil {
		return ""
	}
	return name
}

// Current is the session plain `splitpoint` opens: the one recorded by
// SetLast; without a record, the most recently saved session a person
// worked in (not one a script or a reproduction made); else "default".
func Current(home string) string {
	if name := Last(home); name != "" {
		return name
	}
	infos, _ := List(home)
	for _, in := range infos {
		if in.Err == nil && !in.Scripted {
			return in.Name
		}
	}
	return "default"
}

// scripted reports whether every cell of s came from a script: a session
// that `splitpoint run` or `splitpoint reproduce` made.
func scripted(s *Session) bool {
	for _, c := range s.Cells {
		if !strings.HasPrefix(c.Source, "script") {
			return false
		}
	}
	return len(s.Cells) > 0
}
