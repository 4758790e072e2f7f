package repl

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"splitpoint/lab"
	"splitpoint/progress"
	"time"

	"github.com/chzyer/readline"
)

// completer adapts CompleteIn, with the shell's tables, to readline.
type completer struct{ tab lab.Tables }

// Do returns, for the word under the cursor, the rest of every completion.
func (c completer) Do(line []rune, pos int) ([][]rune, int) {
	head := string(line[:pos])
	cands := CompleteIn(c.tab, head)
	cur := ""
	if len(head) > 0 && head[len(head)-1] != ' ' {
		for i := len(head) - 1; i >= 0 && head[i] != ' '; i-- {
			cur = head[i:]
		}
	}
	var out [][]rune
	for _, c := range cands {
		if len(c) >= len(cur) {
			out = append(out, []rune(c[len(cur):]))
		}
	}
	return out, len([]rune(cur))
}

// Interactive runs the prompt on a terminal: readline editing, tab
// completion, persistent history in the home directory, Ctrl-C stopping
// the running command (not the REPL), Ctrl-D saving and leaving.
func Interactive(sh *Shell, stdin io.ReadCloser, stdout, stderr io.Writer) error {
	rl, err := readline.NewEx(&readline.Config{
		Prompt:          sh.Prompt(),
		HistoryFile:     filepath.Join(sh.Home, "history"),
		AutoComplete:    completer{sh.tables()},
		InterruptPrompt: "^C",
		EOFPrompt:       "",
		// A cancelable stdin: rl.Close (Ctrl-D) wakes readline's reader
		// instead of waiting for one more key. readline wraps only the
		// os.Stdin it opens itself this way (chzyer/readline #72), and a
		// REPL left with Ctrl-D after a Ctrl-C'd search hung at exit
		// (TestTmuxCompletionAndInterrupt, once in CI).
		Stdin:  readline.NewCancelableStdin(stdin),
		Stdout: stdout,
		Stderr: stderr,
	})
	if err != nil {
		return err
	}
	defer closeWithin(rl, 2*time.Second)
	sh.Out = rl.Stdout()
	if progress.IsTerminal(stdout) {
		sh.Term = sh.Out
	}
	fmt.Fprintf(sh.Out, "splitpoint session %s (%d cells). help lists the commands; Tab completes; Ctrl-D saves and leaves.\n", sh.S.Name, len(sh.S.Cells))
	for {
		rl.SetPrompt(sh.Prompt())
		line, err := rl.Readline()
		if errors.Is(err, readline.ErrInterrupt) {
			if line == "" {
				fmt.Fprintln(sh.Out, "(Ctrl-D saves the session and leaves)")
			}
			continue
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		evalInterruptible(sh, line, "repl")
		if sh.Quit() {
			break
		}
	}
	if err := sh.Save(); err != nil {
		return err
	}
	fmt.Fprintf(sh.Out, "saved session %s (%d cells)\n", sh.S.Name, len(sh.S.Cells))
	return nil
}

// closeWithin closes the line editor, waiting at most d: its reader can
// stay blocked on the terminal after a Ctrl-C'd command even with a
// cancelable stdin, and leaving the REPL must not wait on it (the process
// exits, and the reader with it).
func closeWithin(rl *readline.Instance, d time.Duration) {
	done := make(chan struct{})
	go func() {
		rl.Close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(d):
	}
}

// evalInterruptible runs one line; an interrupt (Ctrl-C) while it runs
// cancels the command's context, and the command stops and keeps what it
// finished.
func evalInterruptible(sh *Shell, line, source string) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sigc := make(chan os.Signal, 1)
	signal.Notify(sigc, os.Interrupt)
	defer signal.Stop(sigc)
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-sigc:
			fmt.Fprintln(sh.Out, "^C: stopping…")
			cancel()
		case <-done:
		}
	}()
	return sh.Eval(ctx, line, source)
}

// Piped evaluates lines read from r (input that is not a terminal): the
// same evaluation as the prompt, no prompt text, no history. Ctrl-C
// (ctx) stops the current command and the reading.
func Piped(ctx context.Context, sh *Shell, r io.Reader) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLine)
	var first error
	n := 0
	for sc.Scan() {
		n++
		if ctx.Err() != nil {
			break
		}
		if err := sh.Eval(ctx, sc.Text(), "repl"); err != nil && first == nil {
			first = err
		}
		if sh.Quit() {
			break
		}
	}
	if err := sh.Save(); err != nil {
		return err
	}
	if first != nil {
		return first
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("line %d: %w", n+1, lineErr(err))
	}
	return nil
}
