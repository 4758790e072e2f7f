package repl

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"splitpoint/sessions"
)

// TestScriptLeavesTheREPLsSession: a person's REPL session, then a script
// and a second script with settings of their own: plain `splitpoint` still
// opens the person's session, with the person's settings.
func TestScriptLeavesTheREPLsSession(t *testing.T) {
	home := t.TempDir()
	t.Setenv("SPLITPOINT_HOME", home)
	stdin := filepath.Join(home, "typed")
	if err := os.WriteFile(stdin, []byte("set depth 3\nset tt 12\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(stdin)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var out bytes.Buffer
	if code := Main([]string{"--session", "mine"}, in, &out, &out); code != 0 {
		t.Fatalf("REPL exit %d:\n%s", code, out.String())
	}
	script := filepath.Join(home, "other.sp")
	if err := os.WriteFile(script, []byte("set depth 9\nset preset default\nset levels false\nset tt 20\nset grain 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if code := Main([]string{"run", script}, nil, &out, &out); code != 0 {
			t.Fatalf("run exit %d:\n%s", code, out.String())
		}
	}
	if got := currentName(home, ""); got != "mine" {
		t.Fatalf("after two scripts plain splitpoint opens %q, want the REPL's session \"mine\"", got)
	}
	s, err := sessions.Load(sessions.Dir(home, "mine"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Settings["depth"] != "3" || s.Settings["tt"] != "12" || s.Settings["grain"] != "" {
		t.Errorf("the REPL's settings changed: %v", s.Settings)
	}
	for _, name := range []string{"other", "other-2"} {
		if _, err := sessions.Load(sessions.Dir(home, name)); err != nil {
			t.Errorf("script session %s: %v", name, err)
		}
	}
}

// TestCurrentWithoutRecord: a home written before the record of the last
// session opens the most recent session a person worked in, never one a
// script made.
func TestCurrentWithoutRecord(t *testing.T) {
	home := t.TempDir()
	var out bytes.Buffer
	sh, err := Open(home, "typed", &out)
	if err != nil {
		t.Fatal(err)
	}
	if err := sh.Eval(t.Context(), "set depth 4", "repl"); err != nil {
		t.Fatal(err)
	}
	sc, err := Open(home, "made-by-script", &out)
	if err != nil {
		t.Fatal(err)
	}
	if err := sc.Eval(t.Context(), "set depth 8", "script x.sp:1"); err != nil {
		t.Fatal(err)
	}
	if got := sessions.Current(home); got != "typed" {
		t.Errorf("Current = %q, want \"typed\"", got)
	}
	if got := sessions.Current(t.TempDir()); got != "default" {
		t.Errorf("Current of an empty home = %q, want \"default\"", got)
	}
}
