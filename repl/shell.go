package repl

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"splitpoint/lab"
	"splitpoint/sessions"
	"splitpoint/suggest"
	"splitpoint/workbench"
)

// Shell evaluates command lines on a session: the REPL, scripts and the
// terminal UI all call Eval.
type Shell struct {
	// RememberLast is set for a person's REPL or terminal UI: the session
	// it opens (and any it switches to with open) is the one plain
	// `splitpoint` opens next (sessions.SetLast). Scripts leave it unset.
	RememberLast bool
	Home         string // where sessions live
	Dir          string // this session's directory
	S            *sessions.Session
	Out          io.Writer
	Now          func() time.Time
	// Autosave saves the session after every recorded cell.
	Autosave bool
	// Observe, when not nil, is handed to the workbench commands (Env.Observe):
	// the terminal UI's live view of parallel searches.
	Observe *workbench.Observer
	// Term, when not nil, is the terminal long commands draw their
	// progress line on (the interactive prompt's, or a script's stdout
	// when it is a terminal); the line never goes into a cell's output.
	Term io.Writer
	// Tables are the knob and algorithm tables of the session's settings
	// and commands (nil: lab.DefaultTables).
	Tables *lab.Tables
	quit   bool
}

// tables are the shell's tables.
func (sh *Shell) tables() lab.Tables {
	if sh.Tables == nil {
		return lab.DefaultTables()
	}
	return *sh.Tables
}

// Open opens the named session under home, or starts it when it does not
// exist yet. An unreadable session file is an error and is left untouched.
func Open(home, name string, out io.Writer) (*Shell, error) {
	if err := sessions.CheckName(name); err != nil {
		return nil, err
	}
	sh := &Shell{Home: home, Dir: sessions.Dir(home, name), Out: out, Now: time.Now, Autosave: true}
	s, err := sessions.Load(sh.Dir)
	switch {
	case errors.Is(err, sessions.ErrNotFound):
		s = sessions.New(name, sh.Now())
	case err != nil:
		return nil, err
	}
	sh.S = s
	return sh, nil
}

// DB is the session's results database.
func (sh *Shell) DB() string { return filepath.Join(sh.Dir, sessions.DBName) }

// Quit reports whether a quit command was evaluated.
func (sh *Shell) Quit() bool { return sh.quit }

// Prompt shows the session and what is loaded.
func (sh *Shell) Prompt() string {
	p := "splitpoint[" + sh.S.Name
	if sh.S.Loaded != "" {
		p += " " + shorten(sh.S.Loaded, 40)
	}
	return p + "]> "
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// Save writes the session file.
func (sh *Shell) Save() error { return sessions.Save(sh.Dir, sh.S, sh.Now()) }

// Eval runs one line: a session command or a workbench command. Blank
// lines and comments do nothing. A recorded command becomes a cell of the
// session (with its output, error and files), and the session is saved.
func (sh *Shell) Eval(ctx context.Context, line, source string) error {
	words, err := workbench.Fields(line)
	if err != nil {
		fmt.Fprintf(sh.Out, "error: %s\n", suggest.Bound(err.Error()))
		return err
	}
	if len(words) == 0 {
		return nil
	}
	if words[0] == "show" && len(words) == 2 && words[1] == "settings" {
		words = []string{"settings"}
	}
	if sc := findSessionCommand(words[0]); sc != nil && !sc.record {
		err := sc.run(ctx, sh, words[1:])
		if err != nil {
			fmt.Fprintf(sh.Out, "error: %s\n", suggest.Bound(err.Error()))
		}
		return err
	}
	start := sh.Now()
	out, files, err := sh.exec(ctx, words)
	cell := sessions.Cell{N: sh.nextCell(), Input: strings.TrimSpace(line), Source: source, Started: start,
		Seconds: sh.Now().Sub(start).Seconds(), Output: out, Files: files}
	if err != nil {
		cell.Error = workbench.Message(err)
	}
	sh.S.Cells = append(sh.S.Cells, cell)
	if sh.Autosave {
		if serr := sh.Save(); serr != nil {
			fmt.Fprintf(sh.Out, "error: saving the session: %v\n", serr)
		}
	}
	return err
}

func (sh *Shell) nextCell() int {
	n := 0
	for _, c := range sh.S.Cells {
		n = max(n, c.N)
	}
	return n + 1
}

// exec runs a recorded command, writing its output to sh.Out and
// returning a copy of it with the files it wrote.
func (sh *Shell) exec(ctx context.Context, words []string) (string, []string, error) {
	var buf bytes.Buffer
	w := io.MultiWriter(sh.Out, &buf)
	env := &workbench.Env{Ctx: ctx, Out: w, Observe: sh.Observe, Term: sh.Term, Tables: sh.Tables}
	var err error
	if sc := findSessionCommand(words[0]); sc != nil {
		err = sc.run(ctx, &Shell{Home: sh.Home, Dir: sh.Dir, S: sh.S, Out: w, Now: sh.Now, Tables: sh.Tables}, words[1:])
	} else if cmd := workbench.Lookup(words[0]); cmd != nil {
		var args []string
		if args, err = sh.expand(cmd, words); err == nil {
			err = workbench.Run(env, args)
		}
	} else {
		err = replUnknown(words[0])
	}
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(w, "%s: cancelled\n", words[0])
	case err != nil:
		fmt.Fprintf(w, "error: %s\n", workbench.Message(err))
	}
	return buf.String(), env.Files, err
}

// expand fills in the session's defaults: a flag for every setting the
// command has (before the user's own flags, which win), the session's
// results database, and the loaded position when the position argument is
// missing.
func (sh *Shell) expand(cmd *workbench.Command, words []string) ([]string, error) {
	user := words[1:]
	given := map[string]bool{}
	for _, u := range user {
		if strings.HasPrefix(u, "-") {
			name, _, _ := strings.Cut(strings.TrimLeft(u, "-"), "=")
			given[name] = true
		}
	}
	flags := cmd.In(sh.tables()).FlagNames()
	out := []string{words[0]}
	for _, s := range allSettings(sh.tables()) {
		v, ok := sh.S.Settings[s.name]
		if !ok || !slices.Contains(flags, s.name) || given[s.name] {
			continue
		}
		if slices.ContainsFunc(s.clears, func(c string) bool { return given[c] }) {
			continue
		}
		out = append(out, "--"+s.name+"="+v)
	}
	if slices.Contains(flags, "db") && !given["db"] {
		if err := os.MkdirAll(sh.Dir, 0o755); err != nil {
			return nil, err
		}
		out = append(out, "--db="+sh.DB())
	}
	if cmd.Position && sh.S.Loaded != "" {
		pos, err := cmd.Positional(user)
		if err != nil {
			return nil, err
		}
		if len(pos) == cmd.NArgs-1 {
			out = append(out, sh.S.Loaded)
		}
	}
	return append(out, user...), nil
}

// replUnknown is the error for a word that is no command of the REPL: a
// command of the shell is named as such, a typo gets the nearest command.
func replUnknown(name string) error {
	if c := findShellCommand(name); c != nil {
		return fmt.Errorf("%s is a command of the shell, not of the REPL: splitpoint %s %s", name, name, c.Args)
	}
	return fmt.Errorf("unknown command %q%s (type help for the commands)", name, suggest.Hint(name, CommandNames()))
}
