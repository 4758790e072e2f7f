package repl

import (
	"context"
	"path/filepath"
	"slices"
	"strings"

	"splitpoint/reproductions"
	"splitpoint/results"
	"splitpoint/sessions"
)

// judgeClaims judges each claim on the results database db by its kind's
// rule (reproductions.JudgeClaim).
func judgeClaims(ctx context.Context, db string, cs []reproductions.Claim) ([]reproductions.Outcome, error) {
	st, err := results.Open(db)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	outs := make([]reproductions.Outcome, len(cs))
	for i, c := range cs {
		outs[i] = reproductions.JudgeClaim(ctx, st, c)
	}
	return outs, nil
}

// fullFormSession returns the most recently saved session under home that
// ran r's full form (its cells come from the notebook notebooks/NOTEBOOK),
// or "" if there is none.
func fullFormSession(home string, r reproductions.Reproduction) (string, error) {
	infos, err := sessions.List(home)
	if err != nil {
		return "", err
	}
	// Sessions saved before the notebooks had a folder of their own name
	// them under examples/.
	srcs := []string{"script " + filepath.Join("notebooks", r.Notebook) + ":", "script " + filepath.Join("examples", r.Notebook) + ":"}
	for _, in := range infos { // most recent first
		if in.Err != nil || !strings.HasPrefix(in.Name, "reproduce-"+r.Name) {
			continue
		}
		s, err := sessions.Load(sessions.Dir(home, in.Name))
		if err != nil || len(s.Cells) == 0 || !slices.ContainsFunc(srcs, func(src string) bool { return strings.HasPrefix(s.Cells[0].Source, src) }) {
			continue
		}
		return in.Name, nil
	}
	return "", nil
}

// md escapes the characters a Markdown table cell cannot hold.
func md(s string) string {
	return strings.NewReplacer("|", `\|`, "*", `\*`, "\n", " ").Replace(s)
}
