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
// on a copy: db is not changed). mr counts the runs on the paper's machine
// and those that stood in (none: outs is nil).
func paperMachineVerdicts(ctx context.Context, db string, r reproductions.Reproduction) (mr reproductions.MachineRun, outs []reproductions.Outcome, err error) {
	costs, ok := r.Machine.PaperCosts()
	if !ok || len(r.Claims) == 0 {
		return mr, nil, nil
	}
	st, err := results.Open(db)
	if err != nil {
		return mr, nil, err
	}
	defer st.Close()
	mr.Runs = int64(reproductions.QueryValue(ctx, st, "SELECT COUNT(*) FROM runs WHERE costs = '"+reproductions.CostsJSON(costs)+"'"))
	dir, err := os.MkdirTemp("", "splitpoint-machine-")
	if err != nil {
		return mr, nil, err
	}
	defer os.RemoveAll(dir)
	cp := filepath.Join(dir, "results.db")
	if mr.Moved, err = reproductions.PaperMachineCopy(ctx, st.DB(), cp, costs); err != nil || mr.Moved == 0 {
		return mr, nil, err
	}
	outs, err = judgeClaims(ctx, cp, r.Claims)
	return mr, outs, err
}
