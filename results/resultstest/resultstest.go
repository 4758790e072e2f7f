package resultstest

import (
	"path/filepath"
	"testing"

	"splitpoint/results"
)

// Open opens a fresh results database in the test's temporary directory,
// closed when the test ends.
func Open(t testing.TB) *results.Store {
	t.Helper()
	st, err := results.Open(filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
