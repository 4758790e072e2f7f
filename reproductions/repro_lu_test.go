package reproductions

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"splitpoint/results"
)

// TestLuClaimQueries: every query of every claim (its measure, its cases
// and its ablations, their scale's placeholders filled, and its runs) runs
// on a results database (an empty one: each measure is then not measured,
// none fails); a claim's runs name no placeholder.
func TestLuClaimQueries(t *testing.T) {
	st, err := results.Open(filepath.Join(t.TempDir(), "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, r := range Reproductions {
		for _, c := range r.Claims {
			ch := scaleChoice{depth: 5, p: 512, ps: []int{1, 512}}
			qs := ch.filled(c).queries()
			if c.Runs != "" {
				if strings.Contains(c.Runs, "{{") {
					t.Errorf("%s %s: its runs name a placeholder: %s", r.Name, c.Source, c.Runs)
				}
				qs = append(qs, "SELECT COUNT(*) FROM runs r WHERE "+c.runsWhere())
			}
			for _, q := range qs {
				if q == "" {
					continue
				}
				if strings.Contains(q, "{{") {
					t.Errorf("%s %s: a placeholder left unfilled: %s", r.Name, c.Source, q)
				}
				if _, err := st.Query(context.Background(), q); err != nil {
					t.Errorf("%s %s (%s): %v\n%s", r.Name, c.Source, c.Figure, err, q)
				}
			}
		}
	}
}

// TestLuSources: the lines Lu's claims cite in the thesis's text hold the
// figures they quote (where the papers directory is beside the
// repository).
func TestLuSources(t *testing.T) {
	paths, _ := filepath.Glob("../../shared/papers/003_*.txt")
	if len(paths) != 1 {
		t.Skip("Lu's thesis text (../shared/papers/003_*.txt) is not beside the repository")
	}
	b, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	line := func(n int) string { return lines[n-1] }
	for _, tb := range luTables {
		for i, r := range tb.rows {
			want := fmt.Sprintf("%d\t%.2f\t", luSearchers[i], r.speedup)
			if !strings.HasPrefix(line(r.line), want) || !strings.Contains(line(r.line), fmt.Sprint(r.idle)) {
				t.Errorf("Table %s row %d: 003:L%d is %q, want %q… %g", tb.table, luSearchers[i], r.line, line(r.line), want, r.idle)
			}
		}
	}
	for n, want := range map[int][]string{
		776:  {"2.84", "1.28", "7.93"},
		964:  {"less than 17%"},
		976:  {"over 82%", "greater than 5"},
		987:  {"other overheads"},
		1192: {"other overheads regions have grown"},
		1230: {"PVSplit-LB achieves marginally higher speedups than PVSplit"},
		1234: {"declines (marginally) between 8 and 16"},
		1236: {"3.32 with 16 searchers"},
		1255: {"substantially smaller"},
		1305: {"about 2 viable moves per node"},
		1680: {"11-15\t17\t"},
	} {
		for _, w := range want {
			if !strings.Contains(line(n), w) {
				t.Errorf("003:L%d lacks %q", n, w)
			}
		}
	}
}
