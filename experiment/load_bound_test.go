package experiment

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadBounded: a spec file over MaxSpecFile, or an endless one, is an
// error naming the file and the limit.
func TestLoadBounded(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.yaml")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, MaxSpecFile+1); err != nil {
		t.Fatal(err)
	}
	paths := []string{big}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, "/dev/zero")
	}
	for _, p := range paths {
		if _, err := Load(p); err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "16 MiB") {
			t.Errorf("%s: %v; want the file and the limit of 16 MiB", p, err)
		}
	}
}
