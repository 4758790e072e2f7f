package repl

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tmux drives the real binary in a terminal: tab completion, Ctrl-C
// stopping a long search, and the REPL going on afterwards. It is skipped
// without tmux (CI installs it: see .ci/run).
type tmux struct {
	t    *testing.T
	name string
}

func startTmux(t *testing.T, cmd string) *tmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is missing: .ci/run should have installed it")
		}
		t.Skip("tmux not installed")
	}
	// The tmux server is shared by every test process of the user: the
	// process id keeps two test binaries' sessions apart.
	tm := &tmux{t: t, name: fmt.Sprintf("splitpoint-test-%d-%s", os.Getpid(), filepath.Base(t.TempDir()))}
	if out, err := exec.Command("tmux", "new-session", "-d", "-s", tm.name, "-x", "160", "-y", "40", cmd).CombinedOutput(); err != nil {
		t.Fatalf("tmux: %v: %s", err, out)
	}
	t.Cleanup(func() { exec.Command("tmux", "kill-session", "-t", tm.name).Run() })
	return tm
}

func (tm *tmux) send(keys ...string) {
	args := append([]string{"send-keys", "-t", tm.name}, keys...)
	if out, err := exec.Command("tmux", args...).CombinedOutput(); err != nil {
		tm.t.Fatalf("send-keys: %v: %s", err, out)
	}
}

func (tm *tmux) screen() string {
	out, _ := exec.Command("tmux", "capture-pane", "-p", "-t", tm.name).Output()
	return string(out)
}

// waitFor polls the screen until it holds want (never sleeps a fixed time
// to decide); it fails after limit.
func (tm *tmux) waitFor(want string, limit time.Duration) time.Duration {
	tm.t.Helper()
	return tm.waitUntil(fmt.Sprintf("show %q", want), limit, func(s string) bool { return strings.Contains(s, want) })
}

// waitUntil polls the screen until ok holds for it; it fails, saying the
// screen does not what, only when limit passes first.
func (tm *tmux) waitUntil(what string, limit time.Duration, ok func(screen string) bool) time.Duration {
	tm.t.Helper()
	start := time.Now()
	for time.Since(start) < limit {
		if ok(tm.screen()) {
			return time.Since(start)
		}
		time.Sleep(20 * time.Millisecond) // the polling interval
	}
	tm.t.Fatalf("after %v the screen does not %s:\n%s", limit, what, tm.screen())
	return 0
}

// atPrompt reports whether the screen's last non-empty line is the
// REPL's prompt with nothing typed after it.
func atPrompt(screen string) bool {
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	last := strings.TrimRight(lines[len(lines)-1], " ")
	return strings.HasPrefix(last, "splitpoint[") && strings.HasSuffix(last, "]>")
}

func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "splitpoint")
	cmd := exec.Command("go", "build", "-o", bin, "splitpoint")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func TestTmuxCompletionAndInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and drives tmux")
	}
	bin := buildBinary(t)
	home := t.TempDir()
	tm := startTmux(t, "SPLITPOINT_HOME="+home+" "+bin+" --session tmux; echo exit status $?; sleep 60")
	tm.waitFor("Tab completes", 60*time.Second)

	// Tab completes a command, then a suite name, then a position id.
	tm.send("sea", "Tab")
	tm.waitFor("]> search", 20*time.Second)
	tm.send(" suite:kau", "Tab")
	tm.waitFor("search suite:kaufman", 20*time.Second)
	tm.send("C-u")
	tm.send("set alg", "Tab")
	tm.waitFor("set algo", 20*time.Second)
	tm.send("C-u")

	// A long search, stopped by Ctrl-C.
	tm.send("search uniform:b=10,d=14,seed=1 --algo negamax --depth 14", "Enter")
	tm.waitFor(" nodes · ", 60*time.Second) // the search's progress line: it runs
	start := time.Now()
	tm.send("C-c")
	tm.waitFor("^C: stopping", 20*time.Second)
	tm.waitFor("search: cancelled", 20*time.Second)
	latency := time.Since(start)
	t.Logf("Ctrl-C to the search's end: %v", latency)

	// The REPL is still usable.
	tm.send("show settings", "Enter")
	tm.waitFor("session tmux", 20*time.Second)
	tm.send("C-d")
	tm.waitFor("saved session tmux", 20*time.Second)
	tm.waitFor("exit status 0", 20*time.Second)
	if _, err := os.Stat(filepath.Join(home, "history")); err != nil {
		t.Errorf("no history file after an interactive session: %v", err)
	}
}

// TestTmuxProgress: a long search at the REPL shows the live progress line
// (depth, simulated nodes, rate, elapsed) while it runs, and its final
// output is the one the same command prints when piped, the line cleared.
func TestTmuxProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and drives tmux")
	}
	bin := buildBinary(t)
	home := t.TempDir()
	search := "search uniform:b=6,d=9,seed=3 --algo jamboree --sim 512 --depth 9 --variants rid"
	tm := startTmux(t, "SPLITPOINT_HOME="+home+" "+bin+" --session tmux; sleep 60")
	tm.waitFor("Tab completes", 60*time.Second)
	tm.send(search, "Enter")
	tm.waitFor("simulated nodes", 60*time.Second)
	tm.waitFor("serial scout:", 120*time.Second) // the report's last line
	tm.waitUntil("show the prompt after the report", 20*time.Second, atPrompt)
	screen := tm.screen()
	if strings.Contains(screen, "simulated nodes") {
		t.Errorf("the progress line was not cleared:\n%s", screen)
	}
	piped, err := exec.Command(bin, strings.Fields(search)...).Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(piped), "\r") || strings.Contains(string(piped), "simulated nodes") {
		t.Errorf("piped output carries the progress line: %q", piped)
	}
	for _, l := range strings.Split(string(piped), "\n") {
		if l == "" || strings.Contains(l, " s;") || strings.Contains(l, "cpu ") || strings.Contains(l, "memory: peak") || len(l) > 150 {
			continue // wall times and the host's memory differ from run to run; long lines wrap on the screen
		}
		if !strings.Contains(screen, strings.TrimRight(l, " ")) {
			t.Errorf("the screen lacks the piped line %q:\n%s", l, screen)
		}
	}
}
