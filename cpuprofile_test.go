package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCPUProfile: SPLITPOINT_CPUPROFILE's profile is written as the process
// ends; a path that cannot be written is reported and changes nothing
// else; no path, no profile.
func TestCPUProfile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cpu.prof")
	var errw bytes.Buffer
	stop := startCPUProfile(path, &errw)
	stop()
	if b, err := os.ReadFile(path); err != nil || len(b) == 0 || errw.Len() != 0 {
		t.Fatalf("profile: %d bytes, %v; stderr %q", len(b), err, errw.String())
	}
	errw.Reset()
	bad := filepath.Join(dir, "missing", "cpu.prof")
	startCPUProfile(bad, &errw)()
	if !strings.Contains(errw.String(), "SPLITPOINT_CPUPROFILE") {
		t.Errorf("unwritable path: stderr %q, want the variable named", errw.String())
	}
	startCPUProfile("", &errw)() // no profile, no output
}
