package results

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestOpenPathIsLiteral: a database's name is a file name, never a URI:
// '#', '?', '%' and what looks like a query string name the file they
// spell, and nothing else is written beside it.
func TestOpenPathIsLiteral(t *testing.T) {
	for _, name := range []string{"a#b.db", "a?mode=memory", "c%41.db", "d.db?vfs=unix-none&_pragma=foo", ":memory:", "sp ace.db", "e%", "f#?%23"} {
		dir := t.TempDir()
		path := filepath.Join(dir, name)
		st, err := Open(path)
		if err != nil {
			t.Errorf("%q: %v", name, err)
			continue
		}
		r := handRows()[0]
		if err := st.Insert(context.Background(), &r); err != nil {
			t.Errorf("%q: insert: %v", name, err)
		}
		st.Close()
		ents, _ := os.ReadDir(dir)
		var got []string
		for _, e := range ents {
			got = append(got, e.Name())
		}
		if !slices.Equal(got, []string{name}) {
			t.Errorf("%q: the directory holds %q, want only the file named", name, got)
		}
		// Relative too, as --db is usually given.
		t.Chdir(dir)
		ro, err := OpenExisting(name)
		if err != nil {
			t.Errorf("%q relative: %v", name, err)
			continue
		}
		rows, err := ro.Runs("")
		ro.Close()
		if err != nil || len(rows) != 1 {
			t.Errorf("%q relative: %d rows, %v", name, len(rows), err)
		}
	}
}

// TestOpenRefusesNUL: a name with a NUL byte, which SQLite would cut
// there, is refused and creates nothing.
func TestOpenRefusesNUL(t *testing.T) {
	dir := t.TempDir()
	if st, err := Open(filepath.Join(dir, "a\x00b.db")); err == nil {
		st.Close()
		t.Error("opened")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("%d files created", len(ents))
	}
}

// fileBytes reads a file, failing the test when it cannot.
func fileBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOpenExistingReadsWithoutWriting: the query commands' open changes
// nothing, not even an older schema (its missing columns read as NULL), and
// cannot write.
func TestOpenExistingReadsWithoutWriting(t *testing.T) {
	st := oldStore(t, "ALTER TABLE runs DROP COLUMN par_below10", "ALTER TABLE runs DROP COLUMN noise", "PRAGMA user_version = 3")
	path := st.Path()
	st.Close()
	before := fileBytes(t, path)
	ro, err := OpenExisting(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := ro.Runs("")
	if err != nil || len(rows) != 1 || rows[0].ParBelow10 != nil || rows[0].Noise != nil {
		t.Fatalf("rows %+v, %v", rows, err)
	}
	if _, err := ro.Baselines(""); err != nil {
		t.Fatal(err)
	}
	if _, err := ro.DB().Exec("DELETE FROM runs"); err == nil {
		t.Error("a store opened to read deleted its rows")
	}
	r := handRows()[0]
	if err := ro.Insert(context.Background(), &r); err == nil {
		t.Error("a store opened to read stored a row")
	}
	ro.Close()
	if after := fileBytes(t, path); !bytes.Equal(before, after) {
		t.Error("reading the database changed its file")
	}
}

// TestOpenRefusesNewerSchema: a database of a schema this build does not
// know is refused, by Open and OpenExisting, with one line naming the file
// and both versions, and left byte for byte as it was.
func TestOpenRefusesNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	r := handRows()[0]
	if err := st.Insert(context.Background(), &r); err != nil {
		t.Fatal(err)
	}
	newer := schemaVersion + 3
	for _, q := range []string{"ALTER TABLE runs DROP COLUMN noise", fmt.Sprintf("PRAGMA user_version = %d", newer)} {
		if _, err := st.DB().Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	before := fileBytes(t, path)
	for name, open := range map[string]func(string) (*Store, error){"Open": Open, "OpenExisting": OpenExisting} {
		s, err := open(path)
		if err == nil {
			s.Close()
			t.Errorf("%s opened a database of schema %d", name, newer)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") || !strings.Contains(msg, path) || !strings.Contains(msg, fmt.Sprint(newer)) || !strings.Contains(msg, fmt.Sprint(schemaVersion)) {
			t.Errorf("%s: %q: want one line naming %s, %d and %d", name, msg, path, newer, schemaVersion)
		}
		if after := fileBytes(t, path); !bytes.Equal(before, after) {
			t.Errorf("%s changed the refused database", name)
		}
	}
}

// TestQueryOneReadOnlyStatement: a query runs exactly one statement, and
// only one that reads.
func TestQueryOneReadOnlyStatement(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.db")
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	r := handRows()[0]
	if err := st.Insert(context.Background(), &r); err != nil {
		t.Fatal(err)
	}
	st.Close()
	ro, err := OpenExisting(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	ctx := context.Background()
	for _, q := range []string{
		"SELECT 1; DELETE FROM runs",
		"SELECT count(*) FROM runs; DROP TABLE runs;",
		"DELETE FROM runs",
		"SELECT 1 /* ; */; UPDATE runs SET algo = 'x'",
		"UPDATE runs SET algo = 'x' RETURNING id",
		"PRAGMA user_version = 99",
		"ATTACH 'other.db' AS o",
	} {
		if _, err := ro.Query(ctx, q); err == nil {
			t.Errorf("%q: ran", q)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error of several lines: %q", q, err)
		}
	}
	for _, q := range []string{"SELECT count(*) FROM runs", "SELECT ';' AS semi FROM runs;", "SELECT 1 -- a comment; DELETE\n", "  SELECT \"algo\" FROM runs ; ; "} {
		if _, err := ro.Query(ctx, q); err != nil {
			t.Errorf("%q: %v", q, err)
		}
	}
	var n int
	if err := ro.DB().QueryRow("SELECT count(*) FROM runs").Scan(&n); err != nil || n != 1 {
		t.Errorf("%d rows left, %v", n, err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), "other.db")); err == nil {
		t.Error("a query created a file")
	}
}

// FuzzStatements: splitting a query never panics, and a query of one
// statement with a second appended after ';' is seen as two.
func FuzzStatements(f *testing.F) {
	for _, s := range []string{"SELECT 1", "SELECT ';'; DELETE FROM runs", "SELECT 1 -- x; y\n", "/* ; */ SELECT 1", `SELECT "a;b"`, "SELECT [x;y]", "SELECT `a;`", "'", "/*", ";;;", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, _ := statements(s)
		if n == 1 && !strings.ContainsAny(s, "'\"`[-/") {
			if m, _ := statements(s + "; DELETE FROM runs"); m < 2 {
				t.Fatalf("%q: a second statement not seen", s)
			}
		}
	})
}
