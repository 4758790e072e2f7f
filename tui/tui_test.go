package tui_test

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"

	"splitpoint/repl"
	"splitpoint/tui"
)

func TestMain(m *testing.M) {
	// Golden views carry no colours, whatever terminal runs the tests.
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

// newUI opens the UI on a fresh session in a temporary home, at 120×40,
// with a clock that never moves (no durations in the golden views) and
// GOMAXPROCS fixed at 4.
func newUI(t *testing.T) (*teatest.TestModel, *repl.Shell) {
	t.Helper()
	return newUIWith(t, nil)
}

// newUIWith is newUI with settings of the session set first.
func newUIWith(t *testing.T, settings map[string]string) (*teatest.TestModel, *repl.Shell) {
	t.Helper()
	sh, err := repl.Open(t.TempDir(), "golden", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range settings {
		sh.S.Settings[k] = v
	}
	fixed := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	noReport := false
	m := tui.New(repl.TUIEvaluator(sh), repl.TUISession(sh), tui.Options{
		Now: func() time.Time { return fixed }, MaxProcs: 4, HasReport: &noReport})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	return tm, sh
}

// keys sends key presses by name.
func keys(tm *teatest.TestModel, names ...string) {
	for _, n := range names {
		switch n {
		case "tab":
			tm.Send(tea.KeyMsg{Type: tea.KeyTab})
		case "down":
			tm.Send(tea.KeyMsg{Type: tea.KeyDown})
		case "up":
			tm.Send(tea.KeyMsg{Type: tea.KeyUp})
		case "right":
			tm.Send(tea.KeyMsg{Type: tea.KeyRight})
		case "left":
			tm.Send(tea.KeyMsg{Type: tea.KeyLeft})
		case "space":
			tm.Send(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
		case "enter":
			tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
		default:
			tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(n)})
		}
	}
}

// waitFor waits until the screen shows every one of want.
func waitFor(t *testing.T, tm *teatest.TestModel, want ...string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		for _, w := range want {
			if !bytes.Contains(b, []byte(w)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(20*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

// finalView quits and compares the last view with testdata/<Test>.golden.
func finalView(t *testing.T, tm *teatest.TestModel) string {
	t.Helper()
	keys(tm, "q")
	v := tm.FinalModel(t, teatest.WithFinalTimeout(20*time.Second)).View()
	golden.RequireEqual(t, []byte(v))
	return v
}

func TestToggleVariants(t *testing.T) {
	tm, sh := newUI(t)
	waitFor(t, tm, "uniform tree, b=4, d=6")
	// the algorithm pane: every checkbox on, one by one
	keys(tm, "tab")
	for i := 0; i < 7; i++ {
		keys(tm, "down", "space")
	}
	waitFor(t, tm, "[x] deferred reads", "[x] window restart", "[x] value two children")
	// and deferred off again
	keys(tm, "up", "up", "up", "up", "up", "space")
	waitFor(t, tm, "variants: serialize2,rid,restart")
	finalView(t, tm)
	if len(sh.S.Cells) != 0 {
		t.Errorf("toggling recorded %d cells; only runs are cells", len(sh.S.Cells))
	}
}

func TestRunCancel(t *testing.T) {
	tm, sh := newUI(t)
	waitFor(t, tm, "uniform tree, b=4, d=6")
	// a tree far too big to finish: b=10, d=10 searched to depth 9 on
	// the simulator
	keys(tm, "/")
	tm.Type("uniform:b=10,d=10,seed=1")
	keys(tm, "enter")
	waitFor(t, tm, "uniform tree, b=10, d=10")
	keys(tm, "tab")
	for i := 0; i < 8; i++ { // the depth row, after the variants
		keys(tm, "down")
	}
	for i := 0; i < 9; i++ {
		keys(tm, "right")
	}
	keys(tm, "tab", "right") // the simulated machine, P = 4
	waitFor(t, tm, "◀ 9 ▶", "simulated machine")
	keys(tm, "r")
	waitFor(t, tm, "live: P=4")
	keys(tm, "x")
	waitFor(t, tm, "run cancelled")
	v := finalView(t, tm)
	_ = v
	// the load and the cancelled search are cells of the session
	if n := len(sh.S.Cells); n != 2 || sh.S.Cells[0].Source != "tui" || sh.S.Cells[1].Error == "" {
		t.Fatalf("cells: %+v", sh.S.Cells)
	}
}

func TestRunFit(t *testing.T) {
	tm, sh := newUI(t)
	waitFor(t, tm, "uniform tree, b=4, d=6")
	keys(tm, "tab", "down", "space", "down", "space") // serialize2, deferred
	keys(tm, "tab", "right", "down", "down")          // simulator, P row
	for i := 0; i < 8; i++ {
		keys(tm, "right") // past the row's P to its sweeps
	}
	waitFor(t, tm, "simulated P  ◀ 1,2,4,16,64 ▶", "a sweep: 5 searches")
	keys(tm, "r")
	waitFor(t, tm, "run finished: 5 searches")
	keys(tm, "3")
	waitFor(t, tm, "Fit T_P = c1·W/P + c∞·C + c0 to 5 runs", "R²")
	// the database read after the run may or may not have cleared the
	// note of the one read when the UI opened: the golden view has neither
	// the note nor blank lines
	keys(tm, "q")
	v := tm.FinalModel(t, teatest.WithFinalTimeout(20*time.Second)).View()
	var lines []string
	for _, l := range strings.Split(v, "\n") {
		if strings.TrimSpace(l) != "" && !strings.Contains(l, "no results database in this session yet") {
			lines = append(lines, l)
		}
	}
	golden.RequireEqual(t, []byte(strings.Join(lines, "\n")))
	if n := len(sh.S.Cells); n != 6 {
		t.Fatalf("%d cells, want a load and 5 searches", n)
	}
	if got := sh.S.Cells[1].Input; got != "search --algo=jamboree --variants=serialize2,deferred --sim=1 --profile" {
		t.Errorf("first search cell %q", got)
	}
}
