package results

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadOnlyFileQueried: a database its reader may not write (a file of
// another user, in a directory of another user, as a read-only file
// system leaves it) is opened and queried, and left as it was. Run by
// root, the test runs its reading part as the user nobody.
func TestReadOnlyFileQueried(t *testing.T) {
	if path := os.Getenv("SPLITPOINT_READONLY_DB"); path != "" {
		readOnlyQueries(t, path)
		return
	}
	dir, err := os.MkdirTemp("", "splitpoint-ro-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	path := filepath.Join(dir, "r.db")
	st, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range handRows() {
		if err := st.Insert(context.Background(), &r); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	before := fileBytes(t, path)
	if os.Getuid() != 0 {
		readOnlyQueries(t, path)
	} else {
		// The test binary, where nobody may run it.
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		binDir, err := os.MkdirTemp("", "splitpoint-ro-bin-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(binDir) })
		os.Chmod(binDir, 0o755)
		bin := filepath.Join(binDir, "results.test")
		copyFile(t, self, bin)
		cmd := exec.Command(bin, "-test.run=^TestReadOnlyFileQueried$", "-test.v")
		cmd.Env = append(os.Environ(), "SPLITPOINT_READONLY_DB="+path, "HOME=/nonexistent")
		cmd.Dir = "/"
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("as nobody: %v\n%s", err, out)
		}
	}
	if after := fileBytes(t, path); !bytes.Equal(before, after) {
		t.Error("querying the read-only database changed it")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("the read-only directory holds %d files", len(ents))
	}
}

// readOnlyQueries are the queries of runs, sql, show, report and fit.
func readOnlyQueries(t *testing.T, path string) {
	if f, err := os.OpenFile(path, os.O_WRONLY, 0); err == nil {
		f.Close()
		t.Skip("the database is writable here")
	}
	st, err := OpenExisting(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	runs, err := st.Runs("")
	if err != nil || len(runs) != len(handRows()) {
		t.Fatalf("%d runs, %v", len(runs), err)
	}
	if _, err := st.Baselines(""); err != nil {
		t.Fatal(err)
	}
	if _, err := st.LastSweep(); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Query(context.Background(), "SELECT avg(speedup) FROM derived"); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
