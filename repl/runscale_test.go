package repl

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"splitpoint/reproductions"
	"splitpoint/results"
)

// TestRunScaleExported: a claim judged at the run's scale closest to the
// paper's records the scale it was judged at, read from the data, in
// NAME.json (run_scale and the scales as data, from which "at smaller
// scale" is recomputed) and in the page's verdict table.
func TestRunScaleExported(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "results.db")
	st, err := results.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct{ depth, work int64 }{{4, 200}, {5, 300}} {
		p := int64(512)
		if err := st.Insert(ctx, &results.Run{Sweep: "s", Role: results.RoleParallel, Position: "suite:kaufman#1", PositionID: "suite:kaufman#1",
			Domain: "chess", Algo: "jamboree", Depth: r.depth, Machine: "sim", P: &p, Work: r.work, Span: 10, Time: 1, TimeUnit: "units"}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	c := reproductions.Claim{Paper: "StarTech", Source: "§4, 000:L1", Test: reproductions.Test{Kind: reproductions.Level, Want: 300, Tol: 1},
		Query:      "SELECT SUM(r.work) FROM runs r WHERE r.depth = {{depth}} AND r.p = {{p}}",
		Runs:       "r.role = 'parallel'",
		PaperScale: reproductions.Scale{Depth: 6, P: []int{512}}, RunScale: reproductions.Scale{Depth: 4, Note: "declared"}}
	outs, err := judgeClaims(ctx, db, []reproductions.Claim{c})
	if err != nil {
		t.Fatal(err)
	}
	e := entryOf(outs[0])
	const want = "1 position, depth 5, P = 512, declared"
	if e.RunScale != want || e.Verdict != string(reproductions.Reproduced) || !e.Smaller {
		t.Errorf("run_scale %q (%s, smaller %v), want %q, reproduced, at smaller scale (the paper's depth 6)", e.RunScale, e.Verdict, e.Smaller, want)
	}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var back verdictEntry
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Scales == nil || back.Scales.Run.Depth != 5 || back.Scales.Run.scale().String() != want ||
		reproductions.Smaller(back.Scales.Paper.scale(), back.Scales.Run.scale()) != back.Smaller {
		t.Errorf("scales as data %+v do not give the page's run scale and at_smaller_scale", back.Scales)
	}
	var page bytes.Buffer
	writeVerdictTable(&page, outs)
	if !strings.Contains(page.String(), "depth 6, P = 512 / "+want) {
		t.Errorf("the page's verdict table lacks the run scale judged:\n%s", page.String())
	}
}
