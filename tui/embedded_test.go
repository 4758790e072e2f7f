package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nats-io/nats.go"

	"splitpoint/cluster"
)

// TestEmbeddedClusterKeys: the cluster's "embedded" server lets in only
// the holders of its keys, written in the session's directory with mode
// 0600: the sweep line names the owner's key file, the worker command the
// workers' one, a client with the workers' key gets in and one without is
// refused.
func TestEmbeddedClusterKeys(t *testing.T) {
	dir := t.TempDir()
	m := New(nil, Session{Name: "s", Dir: dir, Settings: map[string]string{"nats": "embedded"}}, Options{})
	defer m.Close()
	url, creds, err := m.clusterURL()
	if err != nil {
		t.Fatal(err)
	}
	if creds == "" || !strings.HasPrefix(creds, dir) {
		t.Fatalf("owner key %q, want a file in the session's directory %s", creds, dir)
	}
	worker := m.nats.srv.Auth.WorkerFile()
	for _, f := range []string{creds, worker} {
		st, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want 0600", f, st.Mode().Perm())
		}
	}
	line := buildClusterPlan("uniform:b=3,d=3,seed=1", m.algorithm, m.machine, url, creds)[0].line
	if !strings.Contains(line, "--nats-creds="+creds) {
		t.Errorf("sweep line %q does not name the owner's key", line)
	}
	if w := m.workerURL(url); !strings.Contains(w, "--nats-creds "+worker) {
		t.Errorf("worker command %q does not name the workers' key", w)
	}
	if nc, err := nats.Connect(url); !errors.Is(err, nats.ErrAuthorization) {
		if nc != nil {
			nc.Close()
		}
		t.Fatalf("without a key: %v, want %v", err, nats.ErrAuthorization)
	}
	nc, err := cluster.DialNow(url, "worker", cluster.Creds{File: worker})
	if err != nil {
		t.Fatalf("with the workers' key: %v", err)
	}
	nc.Close()
	// the next run uses the same server and keys
	if url2, creds2, err := m.clusterURL(); err != nil || url2 != url || creds2 != creds {
		t.Errorf("second run: %s %s %v, want the same server", url2, creds2, err)
	}
}

// TestEmbeddedClusterOwnStore: two UIs and a sweep --nats embedded started
// in one directory each have their own store and their own keys: neither
// UI's key files are overwritten by the others', one UI's workers' key is
// refused by the other's server, and the sweep's store is not a UI's.
// Closing a UI removes its store and keys.
func TestEmbeddedClusterOwnStore(t *testing.T) {
	dir := t.TempDir()
	a := New(nil, Session{Name: "a", Dir: dir, Settings: map[string]string{"nats": "embedded"}}, Options{})
	defer a.Close()
	urlA, credsA, err := a.clusterURL()
	if err != nil {
		t.Fatal(err)
	}
	workerA := a.nats.srv.Auth.WorkerFile()
	read := func(f string) string {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	ownerKey, workerKey := read(credsA), read(workerA)

	b := New(nil, Session{Name: "b", Dir: dir, Settings: map[string]string{"nats": "embedded"}}, Options{})
	urlB, credsB, err := b.clusterURL()
	if err != nil {
		t.Fatal(err)
	}
	sweep, err := cluster.StartSweepServer(dir, "20260101-120000-1a2b3c4d", "127.0.0.1", 0)
	if err != nil {
		t.Fatal(err)
	}
	sweepStore := sweep.StoreDir()
	sweep.Shutdown()

	stores := map[string]bool{a.nats.dir: true, b.nats.dir: true, sweepStore: true}
	if len(stores) != 3 || filepath.Dir(a.nats.dir) != filepath.Join(dir, "splitpoint-nats") ||
		!strings.HasPrefix(filepath.Base(a.nats.dir), uiStorePrefix) || !strings.HasPrefix(credsA, a.nats.dir) || !strings.HasPrefix(credsB, b.nats.dir) {
		t.Fatalf("stores %v, owner keys %s and %s: want one store per UI and per sweep", stores, credsA, credsB)
	}
	if read(credsA) != ownerKey || read(workerA) != workerKey {
		t.Fatal("another UI or a sweep overwrote the UI's keys")
	}
	if read(credsB) == ownerKey || read(b.nats.srv.Auth.WorkerFile()) == workerKey {
		t.Fatal("two UIs share keys")
	}
	// A's workers' key: let in at A, refused at B.
	nc, err := cluster.DialNow(urlA, "worker", cluster.Creds{File: workerA})
	if err != nil {
		t.Fatalf("A's worker at A: %v", err)
	}
	nc.Close()
	if nc, err := cluster.DialNow(urlB, "worker", cluster.Creds{File: workerA}); err == nil {
		nc.Close()
		t.Fatal("B's server let in A's workers' key")
	}
	// B closes: its store and keys go; A's stay and still let A's workers in.
	bDir := b.nats.dir
	for _, f := range []string{"auth", "jetstream"} {
		if _, err := os.Stat(filepath.Join(bDir, f)); err != nil {
			t.Fatalf("B's %s while it runs: %v", f, err)
		}
	}
	b.Close()
	if _, err := os.Stat(filepath.Join(bDir, "auth")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("B's keys after it closed: %v", err)
	}
	if _, err := os.Stat(filepath.Join(bDir, "jetstream")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("B's store after it closed: %v", err)
	}
	nc, err = cluster.DialNow(urlA, "worker", cluster.Creds{File: workerA})
	if err != nil {
		t.Fatalf("A's worker after B closed: %v", err)
	}
	nc.Close()
}
