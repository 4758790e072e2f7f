package results

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestNotebooksDocColumns checks the pandas examples of docs/notebooks.md
// against the schema: its SQL query runs on a fresh database, and every
// column its CSV example reads is in the CSV header runs --csv writes.
func TestNotebooksDocColumns(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "notebooks.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	m := regexp.MustCompile(`(?s)read_sql_query\(\s*(.*?),\s*con`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal("docs/notebooks.md has no read_sql_query example")
	}
	var query strings.Builder
	for _, part := range regexp.MustCompile(`"([^"]*)"`).FindAllStringSubmatch(m[1], -1) {
		query.WriteString(part[1])
	}
	st, err := Open(filepath.Join(t.TempDir(), "results.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r := handRows()[0]
	if err := st.Insert(context.Background(), &r); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Query(context.Background(), query.String()); err != nil {
		t.Errorf("the SQL of docs/notebooks.md fails on the schema: %v\n%s", err, query.String())
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, []Run{r}); err != nil {
		t.Fatal(err)
	}
	head, err := csv.NewReader(&buf).Read()
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, h := range head {
		have[h] = true
	}
	i := strings.Index(text, "pd.read_csv")
	if i < 0 {
		t.Fatal("docs/notebooks.md has no read_csv example")
	}
	block := text[i:]
	block = block[:strings.Index(block, "```")]
	for _, col := range regexp.MustCompile(`runs\.([a-z_]+)[^a-z_"]`).FindAllStringSubmatch(block, -1) {
		if !have[col[1]] {
			t.Errorf("the CSV example reads column %q, which runs --csv does not write", col[1])
		}
	}
	for _, col := range regexp.MustCompile(`values="([a-z_]+)"|index="([a-z_]+)"|columns="([a-z_]+)"`).FindAllStringSubmatch(block, -1) {
		for _, c := range col[1:] {
			if c != "" && !have[c] {
				t.Errorf("the CSV example reads column %q, which runs --csv does not write", c)
			}
		}
	}
}
