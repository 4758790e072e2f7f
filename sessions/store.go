package sessions

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"splitpoint/atomicfile"
	"strings"
	"time"
)

// ErrNotFound is returned by Load when the session directory has no
// session file yet.
var ErrNotFound = errors.New("no such session")

// FormatError describes a session file that cannot be read: truncated,
// corrupted, not a session, or of a version this program does not read.
type FormatError struct {
	Path   string
	Offset int64 // byte offset of a syntax error, or -1
	Msg    string
}

func (e *FormatError) Error() string {
	if e.Offset >= 0 {
		return fmt.Sprintf("%s: byte %d: %s", e.Path, e.Offset, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// CheckName reports whether name can name a session (letters, digits,
// '.', '_', '-'; at most 64; not starting with a dot).
func CheckName(name string) error {
	if !validName.MatchString(name) {
		return fmt.Errorf("session name %q: use 1–64 letters, digits, '.', '_' or '-', not starting with '.' or '-'", name)
	}
	return nil
}

// Home is where sessions live: $SPLITPOINT_HOME, else ~/.splitpoint, else
// ./.splitpoint when there is no home directory.
func Home() string {
	if h := os.Getenv("SPLITPOINT_HOME"); h != "" {
		return h
	}
	if h, err := os.UserHomeDir(); err == nil && h != "" && h != "/no-home" {
		return filepath.Join(h, ".splitpoint")
	}
	return ".splitpoint"
}

// Dir is the directory of the named session under home.
func Dir(home, name string) string { return filepath.Join(home, "sessions", name) }

// Load reads the session in dir. A missing file is ErrNotFound; an
// unreadable one a *FormatError that says what is wrong. Load never
// changes the file.
func Load(dir string) (*Session, error) {
	path := filepath.Join(dir, FileName)
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", dir, ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	return Decode(path, data)
}

// Decode parses a session file's bytes; path labels errors.
func Decode(path string, data []byte) (*Session, error) {
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, syntaxError(path, data, err)
	}
	if head.Format != Format {
		return nil, &FormatError{path, -1, fmt.Sprintf("not a splitpoint session file (format %q, want %q)", head.Format, Format)}
	}
	if head.Version > Version {
		return nil, &FormatError{path, -1, fmt.Sprintf("written by a newer splitpoint (format version %d; this one reads versions %d to %d): upgrade splitpoint to open it", head.Version, MinVersion, Version)}
	}
	if head.Version < MinVersion {
		return nil, &FormatError{path, -1, fmt.Sprintf("format version %d is older than this splitpoint reads (%d to %d)", head.Version, MinVersion, Version)}
	}
	var s Session
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, syntaxError(path, data, err)
	}
	if s.Settings == nil {
		s.Settings = map[string]string{}
	}
	for i, c := range s.Cells {
		if c.N <= 0 {
			return nil, &FormatError{path, -1, fmt.Sprintf("cell %d has no number", i+1)}
		}
	}
	return &s, nil
}

func syntaxError(path string, data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	truncated := &FormatError{path, int64(len(data)), "truncated: the file ends in the middle of the session"}
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return truncated
	case errors.As(err, &se):
		if se.Offset >= int64(len(data)) {
			return truncated
		}
		return &FormatError{path, se.Offset, "corrupted: " + se.Error()}
	case errors.As(err, &te):
		return &FormatError{path, te.Offset, fmt.Sprintf("corrupted: field %s holds a %s, want %s", te.Field, te.Value, te.Type)}
	}
	return &FormatError{path, -1, "corrupted: " + err.Error()}
}

// Save writes the session into dir atomically: the whole file goes to a
// temporary file in dir, is synced, and is renamed over the old one, so a
// crash at any moment leaves either the previous session or the new one.
func Save(dir string, s *Session, now time.Time) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	s.Format, s.Version, s.Saved = Format, Version, now
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(dir, FileName), append(data, '\n'))
}

// Info is one line of the session list.
type Info struct {
	Name  string
	Cells int
	Saved time.Time
	Err   error // the session file cannot be read
	// Scripted is set when every cell came from a script (a session
	// `splitpoint run` or `splitpoint reproduce` made).
	Scripted bool
}

// List returns the sessions under home, most recently saved first.
func List(home string) ([]Info, error) {
	ents, err := os.ReadDir(filepath.Join(home, "sessions"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Info
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		s, err := Load(Dir(home, e.Name()))
		if errors.Is(err, ErrNotFound) {
			continue
		}
		in := Info{Name: e.Name(), Err: err}
		if s != nil {
			in.Cells, in.Saved, in.Scripted = len(s.Cells), s.Saved, scripted(s)
		}
		out = append(out, in)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Saved.After(out[j].Saved) })
	return out, nil
}
