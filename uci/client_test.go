package uci

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeEngine writes a shell script that speaks just enough UCI and plays
// move for every go.
func fakeEngine(t *testing.T, move string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fake")
	script := `#!/bin/sh
while read line; do
  case "$line" in
    uci) echo "id name Fake"; echo "uciok";;
    isready) echo "readyok";;
    go*) echo "info depth 1 score mate 2 pv ` + move + `"; echo "bestmove ` + move + ` ponder e7e5";;
    quit) exit 0;;
  esac
done
`
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestClient: the handshake, options, a search and its info, and the
// errors of engines that do not answer, exit or are missing.
func TestClient(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh for the fake engine")
	}
	ctx := context.Background()
	c, err := Start(ctx, fakeEngine(t, "e2e4"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "Fake" {
		t.Errorf("name %q", c.Name)
	}
	if err := c.SetOption("Skill Level", "0"); err != nil {
		t.Fatal(err)
	}
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	r, err := c.Go("", []string{"d2d4"}, Limits{Nodes: 100}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if r.BestMove != "e2e4" || r.Ponder != "e7e5" || !r.HasScore || r.Score != 30000-3 || r.Depth != 1 {
		t.Errorf("result %+v", r)
	}
	if err := c.Close(); err != nil {
		t.Errorf("close: %v", err)
	}

	for _, tc := range []struct {
		name, path string
		args       []string
		want       string
	}{
		{"missing", "/no/such/engine", nil, "engine /no/such/engine: "},
		// An engine that exits at once fails the write of "uci" or the
		// wait for uciok, whichever comes first.
		{"exits", "/bin/sh", []string{"-c", "echo oops >&2; exit 3"}, `engine /bin/sh`},
		{"silent", "/bin/sh", []string{"-c", "sleep 5"}, `no "uciok" within 200ms`},
	} {
		_, err := StartTimeout(ctx, 200*time.Millisecond, tc.path, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) || (tc.name == "exits" && !strings.Contains(err.Error(), "broken pipe") && !strings.Contains(err.Error(), "exited before answering")) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestLimitsString: go's arguments as the client sends them.
func TestLimitsString(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		l    Limits
		want string
	}{
		{Limits{Depth: 5}, "go depth 5"},
		{Limits{WTime: 10000 * ms, BTime: 9000 * ms, WInc: 100 * ms, BInc: 100 * ms, Clock: true}, "go wtime 10000 btime 9000 winc 100 binc 100"},
		{Limits{MoveTime: 250 * ms, Nodes: 1000}, "go nodes 1000 movetime 250"},
		{Limits{Infinite: true}, "go infinite"},
	} {
		if got := c.l.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.l, got, c.want)
		}
		// and it parses back
		if cmd, err := Parse(c.l.String()); err != nil || *cmd.Go != c.l {
			t.Errorf("%q parses to %+v, %v", c.want, cmd.Go, err)
		}
	}
}
