package repl

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"splitpoint/atomicfile"
	"splitpoint/lab"
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

// flagString reads a parsed string flag the command table declared.
func flagString(fs *flag.FlagSet, name string) string {
	return fs.Lookup(name).Value.(flag.Getter).Get().(string)
}

// reproduceScale is reproduce NAME --scale paper [--emit-spec DIR]: the
// plan of the paper's scale, and its specs written into DIR.
func reproduceScale(rest []string, scale, dir string, stdout, stderr io.Writer) int {
	if len(rest) != 1 || scale != "paper" {
		fmt.Fprintf(stderr, "splitpoint: reproduce: want NAME --scale paper [--emit-spec DIR]\n")
		return 2
	}
	r, err := reproductions.Find(rest[0])
	if err != nil {
		fmt.Fprintf(stderr, "splitpoint: reproduce: %v\n", err)
		return 2
	}
	if err := reproductions.WriteScale(stdout, r, lab.DefaultTables()); err != nil {
		fmt.Fprintf(stderr, "splitpoint: reproduce: %v\n", err)
		return 1
	}
	if dir == "" {
		return 0
	}
	s, ok := reproductions.Scales[r.Name]
	if !ok {
		fmt.Fprintf(stderr, "splitpoint: reproduce: %s has no scale specs to write\n", r.Name)
		return 1
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(stderr, "splitpoint: reproduce: %v\n", err)
		return 1
	}
	for _, name := range s.Specs {
		data, err := reproductions.ScaleSpec(name)
		if err == nil {
			err = atomicfile.WriteBytes(filepath.Join(dir, name), data)
		}
		if err != nil {
			fmt.Fprintf(stderr, "splitpoint: reproduce: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(dir, name))
	}
	return 0
}
