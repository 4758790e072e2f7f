package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestKeepsOldFileOnError: a write that fails midway leaves the old file
// and no temporary file.
func TestKeepsOldFileOnError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.csv")
	os.WriteFile(path, []byte("old\n"), 0o600)
	boom := errors.New("disk full")
	err := Write(path, func(w io.Writer) error {
		// More than the bufio buffer, so part of it reaches the temp file.
		w.Write(make([]byte, 10000))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want %v", err, boom)
	}
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Errorf("the old file was changed: %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d files in the directory, want only the old one", len(ents))
	}
}

// TestNewFileOnError: a failed write of a new file leaves nothing.
func TestNewFileOnError(t *testing.T) {
	dir := t.TempDir()
	if err := Write(filepath.Join(dir, "fresh"), func(w io.Writer) error { return errors.New("no") }); err == nil {
		t.Fatal("no error")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("directory holds %d entries after a failed write, want none", len(ents))
	}
}

// TestMode: every file comes out with Mode, whatever the umask and
// whatever mode the file it replaces had (the drift this package ended:
// report CSVs were 0644, runs exports and session.json 0600).
func TestMode(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	dir := t.TempDir()
	path := filepath.Join(dir, "f")
	for _, prior := range []bool{false, true} {
		if prior {
			os.WriteFile(path, []byte("x"), 0o600)
		}
		if err := WriteBytes(path, []byte("new")); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != Mode {
			t.Errorf("replacing=%t: mode %v, want %v", prior, st.Mode().Perm(), Mode)
		}
	}
}

// TestPrivate: WithMode(Private) writes a file only its owner reads, also
// over a world-readable one and under a permissive umask.
func TestPrivate(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	path := filepath.Join(t.TempDir(), "secret")
	for _, prior := range []bool{false, true} {
		if prior {
			os.WriteFile(path, []byte("x"), 0o644)
		}
		if err := WriteBytes(path, []byte("key"), WithMode(Private)); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != Private {
			t.Errorf("replacing=%t: mode %v, want %v", prior, st.Mode().Perm(), Private)
		}
	}
}
