package reports

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestAtomicNewFile: a failed write of a file that did not exist leaves
// nothing at all, not even the part written before the error (TestAtomic
// covers replacing an old file).
func TestAtomicNewFile(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, "fresh.csv")
	boom := errors.New("boom")
	err := writeFileAtomic(fresh, func(w io.Writer) error {
		// More than the bufio buffer, so part of it reaches the temp file.
		if _, err := w.Write(make([]byte, 10000)); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("directory holds %d entries after a failed write, want none", len(ents))
	}
}
