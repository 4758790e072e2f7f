package repl

import (
	"context"
	"os"
	"path/filepath"

	"splitpoint/reproductions"
	"splitpoint/results"
)

// paperMachineVerdicts judges r's claims on the runs of the results
// database db made on the paper's machine (r.Machine's cost preset) in
// place of their twins on the free machine (reproductions.PaperMachineCopy,
// on a copy: db is not changed). moved is how many runs stood in (0: the
// run made none on the paper's machine, and outs is nil).
func paperMachineVerdicts(ctx context.Context, db string, r reproductions.Reproduction) (moved int64, outs []reproductions.Outcome, err error) {
	costs, ok := r.Machine.PaperCosts()
	if !ok || len(r.Claims) == 0 {
		return 0, nil, nil
	}
	st, err := results.Open(db)
	if err != nil {
		return 0, nil, err
	}
	defer st.Close()
	dir, err := os.MkdirTemp("", "splitpoint-machine-")
	if err != nil {
		return 0, nil, err
	}
	defer os.RemoveAll(dir)
	cp := filepath.Join(dir, "results.db")
	if moved, err = reproductions.PaperMachineCopy(ctx, st.DB(), cp, costs); err != nil || moved == 0 {
		return moved, nil, err
	}
	outs, err = judgeClaims(ctx, cp, r.Claims)
	return moved, outs, err
}
