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

// machineVerdicts judges r's claims on the results database db twice
// when r's paper has a machine preset (r.Machine): free, on the free
// machine's runs (on db as it is, or, when the claims do not select the
// costs, Machine.Unfiltered, on a copy without the runs on the paper's
// machine that twin them: reproductions.FreeMachineCopy), and paper, on
// the paper's machine's runs in place of their twins
// (reproductions.PaperMachineCopy); db is not changed. mr counts the runs on the paper's machine and those that stood
// in (none: paper is nil). Without a preset free is judged on db itself.
func machineVerdicts(ctx context.Context, db string, r reproductions.Reproduction) (free []reproductions.Outcome, mr reproductions.MachineRun, paper []reproductions.Outcome, err error) {
	costs, ok := r.Machine.PaperCosts()
	if !ok || len(r.Claims) == 0 {
		free, err = judgeClaims(ctx, db, r.Claims)
		return free, mr, nil, err
	}
	if !r.Machine.Unfiltered {
		if free, err = judgeClaims(ctx, db, r.Claims); err != nil {
			return nil, mr, nil, err
		}
	}
	st, err := results.Open(db)
	if err != nil {
		return nil, mr, nil, err
	}
	defer st.Close()
	mr.Runs = int64(reproductions.QueryValue(ctx, st, "SELECT COUNT(*) FROM runs WHERE costs = '"+reproductions.CostsJSON(costs)+"'"))
	dir, err := os.MkdirTemp("", "splitpoint-machine-")
	if err != nil {
		return nil, mr, nil, err
	}
	defer os.RemoveAll(dir)
	fc, pc := filepath.Join(dir, "free.db"), filepath.Join(dir, "paper.db")
	if r.Machine.Unfiltered {
		if _, err = reproductions.FreeMachineCopy(ctx, st.DB(), fc, costs); err != nil {
			return nil, mr, nil, err
		}
		if free, err = judgeClaims(ctx, fc, r.Claims); err != nil {
			return nil, mr, nil, err
		}
	}
	if mr.Moved, err = reproductions.PaperMachineCopy(ctx, st.DB(), pc, costs); err != nil || mr.Moved == 0 {
		return free, mr, nil, err
	}
	paper, err = judgeClaims(ctx, pc, r.Claims)
	return free, mr, paper, err
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
