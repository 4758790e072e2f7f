package tui

import (
	"errors"
	"os"
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
