package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"golang.org/x/term"

	"splitpoint/tui"
	"splitpoint/workbench"
)

// ErrNoTerminal is returned by RunTUI when stdin or stdout is not a
// terminal.
var ErrNoTerminal = errors.New("the terminal UI needs a terminal: stdin and stdout must both be one (pipes and scripts use the REPL's commands instead)")

// tuiEvaluator runs the terminal UI's command lines on the shell: each is
// a cell of the session with source "tui".
type tuiEvaluator struct{ sh *Shell }

// TUIEvaluator adapts a shell to the terminal UI.
func TUIEvaluator(sh *Shell) tui.Evaluator { return tuiEvaluator{sh} }

// Eval evaluates line with its output going to w and the parallel
// searches observed by observe, and returns the files the cell wrote.
func (e tuiEvaluator) Eval(ctx context.Context, line string, w io.Writer, observe *workbench.Observer) ([]string, error) {
	sh := e.sh
	// No progress line on the terminal under the UI: the UI draws it.
	out, obs, tm := sh.Out, sh.Observe, sh.Term
	sh.Out, sh.Observe, sh.Term = w, observe, nil
	defer func() { sh.Out, sh.Observe, sh.Term = out, obs, tm }()
	n := len(sh.S.Cells)
	err := sh.Eval(ctx, line, "tui")
	var files []string
	if len(sh.S.Cells) > n {
		files = sh.S.Cells[len(sh.S.Cells)-1].Files
	}
	return files, err
}

// TUISession is what the terminal UI is told of the shell's session.
func TUISession(sh *Shell) tui.Session {
	return tui.Session{Name: sh.S.Name, Dir: sh.Dir, DB: sh.DB(), Loaded: sh.S.Loaded, Settings: maps.Clone(sh.S.Settings)}
}

// RunTUI opens the full-screen terminal UI on the shell's session, on the
// terminal in and out, and returns when the user leaves it. Without a
// terminal it returns ErrNoTerminal at once.
func RunTUI(sh *Shell, in, out *os.File) error {
	if !term.IsTerminal(int(in.Fd())) || !term.IsTerminal(int(out.Fd())) {
		return ErrNoTerminal
	}
	m := tui.New(TUIEvaluator(sh), TUISession(sh), tui.Options{Tables: sh.Tables})
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithInput(in), tea.WithOutput(out))
	_, err := p.Run()
	// The UI's embedded NATS server, if a cluster run started one (the
	// Model's copies share it).
	m.Close()
	if err != nil {
		return fmt.Errorf("terminal UI: %w", err)
	}
	return sh.Save()
}

// cmdTUI is the REPL's tui command: the UI on this same session.
func cmdTUI(_ context.Context, sh *Shell, args []string) error {
	if len(args) != 0 {
		return fmt.Errorf("tui takes no arguments")
	}
	return RunTUI(sh, os.Stdin, os.Stdout)
}

// tuiMain is "splitpoint tui": the UI on the current session.
func tuiMain(home, named string, stdout, stderr io.Writer) int {
	sh, err := Open(home, currentName(home, named), stdout)
	if err != nil {
		fmt.Fprintf(stderr, "splitpoint: %v\n", err)
		return 1
	}
	sh.RememberLast = true
	sh.rememberLast()
	if err := RunTUI(sh, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintf(stderr, "splitpoint tui: %v\n", err)
		return 1
	}
	return 0
}
