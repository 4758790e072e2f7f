package tui_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTmux drives the real binary in tmux: select a suite position, toggle
// serialize2 and deferred, run Jamboree on 2 pool workers, see the result
// row, and ask for the report. It is skipped without tmux unless CI is set.
func TestTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is missing")
		}
		t.Skip("tmux not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "splitpoint")
	build := exec.Command("go", "build", "-o", bin, "splitpoint")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	home := filepath.Join(dir, "home")
	name := "splitpoint-tui-" + filepath.Base(dir)
	cmd := "SPLITPOINT_HOME=" + home + " " + bin + " --session tmux tui"
	if out, err := exec.Command("tmux", "new-session", "-d", "-s", name, "-x", "160", "-y", "48", cmd).CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("tmux", "kill-session", "-t", name).Run() })
	tx := tmux{t: t, name: name}
	send, waitFor, waitForAny := tx.send, tx.waitFor, tx.waitForAny
	waitFor("Positions", "suite kaufman (chess)")
	// the kaufman suite is the sixth source; its third position
	send("Down", "Down", "Down", "Down", "Down")
	waitFor("1/25")
	send("Right", "Right")
	waitFor("3/25", "L.Kaufman CCR Test No.3", "expected: am Rd1")
	send("Tab", "Down", "Space", "Down", "Space")
	waitFor("variants: serialize2,deferred")
	for i := 0; i < 6; i++ {
		send("Down") // the depth row, after the variants
	}
	for i := 0; i < 5; i++ {
		send("Right")
	}
	waitFor("◀ 5 ▶")
	send("Tab", "Down")
	for i := 0; i < 8; i++ {
		send("Left") // down to 1 worker, whatever this computer has
	}
	send("Right")
	waitFor("pool workers ◀ 2 ▶")
	send("r")
	waitFor("run finished: 1 searches")
	send("3")
	s := waitFor("jamboree+serialize2+deferred", "pool")
	if !strings.Contains(s, "L.Kaufman CCR Test No") {
		t.Errorf("no result row for the position:\n%s", s)
	}
	send("e")
	s = waitForAny("report written:", "no report command yet", "report: ")
	switch {
	case strings.Contains(s, "report written:"):
	case strings.Contains(s, "no report command yet"):
		t.Log("the workbench has no report command yet: nothing exported")
	case strings.Contains(s, "report: "):
		t.Errorf("the report command failed:\n%s", s)
	default:
		t.Errorf("e wrote no report and said nothing:\n%s", s)
	}
	send("q")
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) && exec.Command("tmux", "has-session", "-t", name).Run() == nil {
		time.Sleep(20 * time.Millisecond)
	}
	// the session holds the UI's cells
	data, err := os.ReadFile(filepath.Join(home, "sessions", "tmux", "session.json"))
	if err != nil {
		matches, _ := filepath.Glob(filepath.Join(home, "*", "*", "*"))
		t.Fatalf("session file: %v (home holds %v)", err, matches)
	}
	for _, want := range []string{`"load suite:kaufman#3"`, "search --algo=jamboree --variants=serialize2,deferred --depth=5 --workers=2 --profile"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the session lacks %s", want)
		}
	}
}

// tmux is a tmux session the test drives.
type tmux struct {
	t    *testing.T
	name string
}

// send sends keys to the session.
func (x tmux) send(keys ...string) {
	x.t.Helper()
	if out, err := exec.Command("tmux", append([]string{"send-keys", "-t", x.name}, keys...)...).CombinedOutput(); err != nil {
		x.t.Fatalf("send-keys: %v: %s", err, out)
	}
}

// screen is what the session shows.
func (x tmux) screen() string {
	out, _ := exec.Command("tmux", "capture-pane", "-p", "-t", x.name).Output()
	return string(out)
}

// waitFor waits until the screen shows every one of want.
func (x tmux) waitFor(want ...string) string {
	x.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		s := x.screen()
		ok := true
		for _, w := range want {
			ok = ok && strings.Contains(s, w)
		}
		if ok {
			return s
		}
		time.Sleep(20 * time.Millisecond)
	}
	x.t.Fatalf("the screen does not show %q:\n%s", want, x.screen())
	return ""
}

// waitForAny waits until the screen shows one of any.
func (x tmux) waitForAny(any ...string) string {
	x.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		s := x.screen()
		for _, w := range any {
			if strings.Contains(s, w) {
				return s
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	x.t.Fatalf("the screen shows none of %q:\n%s", any, x.screen())
	return ""
}
