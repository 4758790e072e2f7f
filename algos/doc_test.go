package algos

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocMapsFiles: the package doc (doc.go) names every file of the
// package and every parallel algorithm of the table, so that its map stays
// whole as files and rows are added.
func TestDocMapsFiles(t *testing.T) {
	b, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f == "doc.go" || strings.HasSuffix(f, "_test.go") {
			continue
		}
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(f) + `\b`).MatchString(doc) {
			t.Errorf("doc.go does not say what %s holds", f)
		}
	}
	for _, name := range Names(ParallelAlgos) {
		if !regexp.MustCompile(`[ ,]` + regexp.QuoteMeta(name) + `[:,]`).MatchString(doc) {
			t.Errorf("doc.go does not list the parallel algorithm %s", name)
		}
	}
}
