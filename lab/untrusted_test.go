package lab

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPositionFileBounded: a position file is read up to MaxPositionFile
// bytes; a larger one, or an endless one such as /dev/zero, is an error
// naming the file and the limit, and the read stops there.
func TestPositionFileBounded(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.epd")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxPositionFile + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	paths := []string{big}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, "/dev/zero")
	}
	limit := fmt.Sprint(MaxPositionFile >> 20)
	for _, p := range paths {
		_, err := Resolve("file:" + p)
		if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), limit+" MiB") || strings.Contains(err.Error(), "\n") {
			t.Errorf("file:%s: %v; want one line naming the file and the limit of %s MiB", p, err, limit)
		}
		root, err := os.OpenRoot(filepath.Dir(p))
		if err != nil {
			t.Fatal(err)
		}
		_, err = ResolveIn("file:"+filepath.Base(p), root)
		root.Close()
		if err == nil || !strings.Contains(err.Error(), limit+" MiB") {
			t.Errorf("file:%s in its directory: %v; want the limit of %s MiB", p, err, limit)
		}
	}
}
