package sessions

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func sample() *Session {
	s := New("study", t0)
	s.Settings["algo"] = "jamboree"
	s.Settings["depth"] = "5"
	s.Loaded = "suite:kaufman#3"
	s.Cells = []Cell{{N: 1, Input: "load suite:kaufman#3", Source: "repl", Started: t0, Output: "loaded 1 position\n"},
		{N: 2, Input: "search", Source: "script a.sp:2", Started: t0, Seconds: 0.5, Output: "value 12\n", Files: []string{"out/x.svg"}}}
	return s
}

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	if err := Save(dir, sample(), t0); err != nil {
		t.Fatal(err)
	}
	got, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "study" || got.Version != Version || got.Settings["algo"] != "jamboree" || len(got.Cells) != 2 ||
		got.Cells[1].Files[0] != "out/x.svg" || got.Loaded != "suite:kaufman#3" {
		t.Fatalf("round trip lost data: %+v", got)
	}
	if _, err := Load(t.TempDir()); !errors.Is(err, ErrNotFound) {
		t.Fatalf("empty dir: %v, want ErrNotFound", err)
	}
}

// TestBadFiles: a truncated, corrupted, foreign or wrongly versioned file
// gives a FormatError saying what is wrong, and Load leaves it as it was.
func TestBadFiles(t *testing.T) {
	dir := t.TempDir()
	if err := Save(dir, sample(), t0); err != nil {
		t.Fatal(err)
	}
	good, _ := os.ReadFile(filepath.Join(dir, FileName))
	for _, tc := range []struct {
		name, data, want string
	}{
		{"truncated", string(good[:len(good)/2]), "truncated"},
		{"empty", "", "truncated"},
		{"garbage", "{\"format\": \"splitpoint-session\", \"version\": 1, \"cells\": [}, \"name\": \"x\"}", "corrupted"},
		{"foreign", `{"format": "other", "version": 1}`, "not a splitpoint session file"},
		{"newer", `{"format": "splitpoint-session", "version": 99}`, "newer splitpoint (format version 99"},
		{"older", `{"format": "splitpoint-session", "version": 0}`, "older than this splitpoint reads"},
		{"wrong type", `{"format": "splitpoint-session", "version": 1, "cells": "x"}`, "corrupted: field cells"},
		{"unknown field", `{"format": "splitpoint-session", "version": 1, "surprise": 1}`, "unknown field"},
		{"cell without number", `{"format": "splitpoint-session", "version": 1, "cells": [{"input": "x"}]}`, "cell 1 has no number"},
	} {
		path := filepath.Join(dir, FileName)
		os.WriteFile(path, []byte(tc.data), 0o644)
		_, err := Load(dir)
		var fe *FormatError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v, want a FormatError naming the file and %q", tc.name, err, tc.want)
		}
		if after, _ := os.ReadFile(path); string(after) != tc.data {
			t.Errorf("%s: Load changed the file", tc.name)
		}
	}
}

// TestSaveKilledMidway kills a process that is saving sessions over and
// over and checks that the file on disk is always a whole session: the
// previous one or the new one, never a torn mix.
func TestSaveKilledMidway(t *testing.T) {
	if os.Getenv("SESSIONS_SAVE_LOOP") != "" {
		saveLoop(os.Getenv("SESSIONS_SAVE_LOOP"))
		return
	}
	if testing.Short() {
		t.Skip("spawns a process")
	}
	dir := t.TempDir()
	if err := Save(dir, sample(), t0); err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 5; round++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSaveKilledMidway$")
		cmd.Env = append(os.Environ(), "SESSIONS_SAVE_LOOP="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(100+37*round) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		s, err := Load(dir)
		if err != nil {
			t.Fatalf("round %d: after a kill mid-save the session does not load: %v", round, err)
		}
		if n := len(s.Cells); n != 2 && n != 2000 {
			t.Fatalf("round %d: %d cells, want the old 2 or the new 2000", round, n)
		}
	}
}

// saveLoop saves a large session, then the small one, forever.
func saveLoop(dir string) {
	big := sample()
	for i := 3; i <= 2000; i++ {
		big.Cells = append(big.Cells, Cell{N: i, Input: "search", Output: strings.Repeat("x", 2000)})
	}
	big.Cells = big.Cells[:2000]
	for {
		Save(dir, big, t0)
		Save(dir, sample(), t0)
	}
}

func TestNamesAndList(t *testing.T) {
	for _, ok := range []string{"a", "study-1", "x.y_z"} {
		if CheckName(ok) != nil {
			t.Errorf("CheckName(%q) refused", ok)
		}
	}
	for _, bad := range []string{"", ".hidden", "a/b", "-x", strings.Repeat("a", 65), "sp ace"} {
		if CheckName(bad) == nil {
			t.Errorf("CheckName(%q) accepted", bad)
		}
	}
	home := t.TempDir()
	Save(Dir(home, "one"), sample(), t0)
	Save(Dir(home, "two"), sample(), t0.Add(time.Hour))
	os.MkdirAll(Dir(home, "broken"), 0o755)
	os.WriteFile(filepath.Join(Dir(home, "broken"), FileName), []byte("{"), 0o644)
	infos, err := List(home)
	if err != nil || len(infos) != 3 || infos[0].Name != "two" {
		t.Fatalf("List = %+v, %v", infos, err)
	}
	for _, in := range infos {
		if (in.Name == "broken") != (in.Err != nil) {
			t.Errorf("%s: err %v", in.Name, in.Err)
		}
	}
}
