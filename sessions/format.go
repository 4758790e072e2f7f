package sessions

import (
	"time"
)

// Format identifies a session file.
const Format = "splitpoint-session"

// Version is the format version this package writes. Load reads every
// version from MinVersion to Version and refuses others with a clear error.
const (
	Version    = 1
	MinVersion = 1
)

// FileName is the session file inside a session directory; DBName is the
// session's results database beside it.
const (
	FileName = "session.json"
	DBName   = "results.db"
)

// Session is one notebook: its settings, what is loaded, and its cells.
type Session struct {
	Format  string    `json:"format"`
	Version int       `json:"version"`
	Name    string    `json:"name"`
	Created time.Time `json:"created"`
	Saved   time.Time `json:"saved"`
	// Settings are the session's defaults, by the flag name they fill in
	// (algo, depth, workers, sim, tt, seed, variants, …).
	Settings map[string]string `json:"settings"`
	// Loaded is the position name commands use when none is given.
	Loaded string `json:"loaded,omitempty"`
	// Host is the machine the cells ran on (processor and cores), where it
	// was recorded: a reproduction's document names it.
	Host  string `json:"host,omitempty"`
	Cells []Cell `json:"cells"`
}

// Cell is one command and what it produced.
type Cell struct {
	N       int       `json:"n"`      // 1-based, stable across reruns
	Input   string    `json:"input"`  // the command line as typed
	Source  string    `json:"source"` // "repl", "script FILE:LINE", "tui", "args"
	Started time.Time `json:"started"`
	Seconds float64   `json:"seconds"`
	Output  string    `json:"output"`          // everything it printed
	Error   string    `json:"error,omitempty"` // its error, if it failed
	Files   []string  `json:"files,omitempty"` // files it wrote (charts, reports, exports)
}

// New returns an empty session.
func New(name string, now time.Time) *Session {
	return &Session{Format: Format, Version: Version, Name: name, Created: now, Saved: now, Settings: map[string]string{}}
}
