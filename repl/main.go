package repl

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"golang.org/x/term"

	"splitpoint/lab"
	"splitpoint/progress"
	"splitpoint/reproductions"
	"splitpoint/sessions"
	"splitpoint/suggest"
	"splitpoint/workbench"
)

// Main is the splitpoint binary: with no command it opens the REPL on the
// current session (the most recently saved, or "default"); the shell's
// commands (shellCommands: run, reproduce, tui, version, completion, help)
// open sessions or describe the program; session commands (sessions,
// export, rerun, cells, settings) act on the session --session names;
// every other command is the workbench's, the same typed or given as
// arguments. It returns the exit status.
func Main(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	global := flag.NewFlagSet("splitpoint", flag.ContinueOnError)
	global.SetOutput(io.Discard)
	session := global.String("session", "", "the session to open (default: the most recently saved one, or \"default\")")
	version := global.Bool("version", false, "print the version and exit")
	global.Usage = func() {}
	if err := global.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			writeUsage(stdout)
			return 0
		}
		msg := err.Error()
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
			msg = "unknown flag " + name + suggest.Hint(strings.TrimLeft(name, "-"), []string{"--session", "--version", "--help"}) +
				" (flags before the command: --session NAME, --version; a command's flags follow it)"
		}
		fmt.Fprintf(stderr, "splitpoint: %s\nsee \"splitpoint help\"\n", suggest.Bound(msg))
		return 2
	}
	if *version {
		writeVersion(stdout)
		return 0
	}
	args = global.Args()
	home := sessions.Home()
	if len(args) == 0 {
		return repl(home, *session, stdin, stdout, stderr)
	}
	if c := findShellCommand(args[0]); c != nil {
		if args[0] != "help" {
			pos, err := c.Check(args[1:])
			if errors.Is(err, flag.ErrHelp) {
				c.WriteHelp(stdout)
				return 0
			}
			if err == nil && c.NArgs > 0 && len(pos) != c.NArgs {
				err = workbench.UsageError("%s takes %s", c.Name, c.Args)
			}
			if err != nil {
				return usageFailure(stderr, args[0], err)
			}
		}
		switch args[0] {
		case "run":
			return script(home, *session, args[1:], stdout, stderr)
		case "reproduce":
			return reproduce(home, *session, args[1:], stdout, stderr)
		case "tui":
			return tuiMain(home, *session, stdout, stderr)
		case "version":
			writeVersion(stdout)
			return 0
		case "completion":
			if err := writeCompletion(stdout, args[1]); err != nil {
				return usageFailure(stderr, args[0], err)
			}
			return 0
		case "help":
			if err := cliHelp(stdout, args[1:]); err != nil {
				return usageFailure(stderr, "", err)
			}
			return 0
		}
	}
	switch args[0] {
	case "--help", "-h":
		writeUsage(stdout)
		return 0
	case "sessions", "export", "rerun", "cells", "settings":
		sh, err := Open(home, currentName(home, *session), stdout)
		if err != nil {
			fmt.Fprintf(stderr, "splitpoint: %s\n", suggest.Bound(err.Error()))
			return 1
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		if err := sh.Eval(ctx, join(args), "args"); err != nil {
			return 1
		}
		return 0
	}
	if workbench.Lookup(args[0]) == nil {
		return usageFailure(stderr, "", unknownCommand(args[0]))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	announceReady()
	return workbench.Main(ctx, args, stdout, stderr)
}

// usageFailure prints a usage error in one line and where to read more,
// and returns exit status 2.
func usageFailure(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "splitpoint: %s\n", workbench.Message(err))
	if _, ok := findCLI(cmd); ok {
		fmt.Fprintf(stderr, "see \"splitpoint help %s\"\n", cmd)
	} else {
		fmt.Fprintf(stderr, "see \"splitpoint help\"\n")
	}
	return 2
}

func join(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = workbench.Quote(a)
	}
	return strings.Join(q, " ")
}

// currentName is the session to open: the one named, else the one a
// person last opened (sessions.Current), else "default".
func currentName(home, named string) string {
	if named != "" {
		return named
	}
	return sessions.Current(home)
}

// rememberLast records sh's session as the one plain `splitpoint` opens
// next, when sh is a person's REPL or terminal UI.
func (sh *Shell) rememberLast() {
	if !sh.RememberLast {
		return
	}
	if err := sessions.SetLast(sh.Home, sh.S.Name); err != nil {
		fmt.Fprintf(sh.Out, "warning: recording the last session: %v\n", err)
	}
}

func repl(home, named string, stdin *os.File, stdout, stderr io.Writer) int {
	sh, err := Open(home, currentName(home, named), stdout)
	if err != nil {
		fmt.Fprintf(stderr, "splitpoint: %s\n", suggest.Bound(err.Error()))
		return 1
	}
	sh.RememberLast = true
	sh.rememberLast()
	if term.IsTerminal(int(stdin.Fd())) {
		if err := Interactive(sh, stdin, stdout, stderr); err != nil {
			fmt.Fprintf(stderr, "splitpoint: %s\n", suggest.Bound(err.Error()))
			return 1
		}
		return 0
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := Piped(ctx, sh, stdin); err != nil {
		return 1
	}
	return 0
}

func script(home, named string, args []string, stdout, stderr io.Writer) int {
	fs, files, rc := parseShellFlags("run", args, stderr)
	if fs == nil {
		return rc
	}
	keep, jobs := flagBool(fs, "keep-going"), flagInt(fs, "jobs")
	if len(files) != 1 {
		fs.Usage()
		return 2
	}
	path := files[0]
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "splitpoint: %s\n", suggest.Bound(err.Error()))
		return 1
	}
	defer f.Close()
	name := named
	if name == "" {
		name = freshName(home, strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)))
	}
	return runNotebook(home, name, path, f, keep, func(sh *Shell) { setJobs(sh, jobs) }, stdout, stderr)
}

// runNotebook runs the script r (named path in errors) in the session
// name, saving the session at the end; before, when not nil, prints a
// heading once the session is open. It returns the exit status.
func runNotebook(home, name, path string, r io.Reader, keep bool, before func(sh *Shell), stdout, stderr io.Writer) int {
	sh, err := Open(home, name, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "splitpoint: %s\n", suggest.Bound(err.Error()))
		return 1
	}
	sh.Term = progress.Terminal(stdout, stderr)
	sh.S.Host = thisMachine()
	if before != nil {
		before(sh)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	announceReady()
	err = RunScript(ctx, sh, path, r, keep, stderr)
	if serr := sh.Save(); serr != nil {
		fmt.Fprintf(stderr, "splitpoint: saving the session: %v\n", serr)
		return 1
	}
	if err != nil {
		return 1
	}
	return 0
}

// valueFlags are the shell commands' flags that take a value as the next
// argument.
var valueFlags = map[string]bool{"jobs": true, "scale": true, "emit-spec": true}

// splitArgs separates run's flags from its file argument.
func splitArgs(args []string) (flags, rest []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case valueFlags[strings.TrimLeft(a, "-")] && !strings.Contains(a, "=") && i+1 < len(args):
			flags = append(flags, a, args[i+1]) // a flag with a value
			i++
		case strings.HasPrefix(a, "-"):
			flags = append(flags, a)
		default:
			rest = append(rest, a)
		}
	}
	return flags, rest
}

// freshName returns base, or base-2, base-3, … for the first session name
// not taken, so that running a script never overwrites an earlier notebook.
func freshName(home, base string) string {
	if sessions.CheckName(base) != nil {
		base = "script"
	}
	name := base
	for i := 2; ; i++ {
		if _, err := sessions.Load(sessions.Dir(home, name)); errors.Is(err, sessions.ErrNotFound) {
			return name
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
}

// reproduce runs a bundled reproduction (reproductions.Reproductions): "list",
// or NAME with --quick for its quick form, as a script in a fresh session
// named reproduce-NAME.
func reproduce(home, named string, args []string, stdout, stderr io.Writer) int {
	fs, rest, rc := parseShellFlags("reproduce", args, stderr)
	if fs == nil {
		return rc
	}
	quick, docs, jobs := flagBool(fs, "quick"), flagBool(fs, "docs"), flagInt(fs, "jobs")
	if docs {
		if len(rest) < 1 {
			fs.Usage()
			return 2
		}
		if err := writeReproductionDocs(context.Background(), home, rest[0], rest[1:], stdout, stderr); err != nil {
			fmt.Fprintf(stderr, "splitpoint: reproduce --docs: %v\n", err)
			return 1
		}
		return 0
	}
	if scale := flagString(fs, "scale"); scale != "" || flagString(fs, "emit-spec") != "" {
		return reproduceScale(rest, scale, flagString(fs, "emit-spec"), stdout, stderr)
	}
	if len(rest) != 1 {
		fs.Usage()
		return 2
	}
	if rest[0] == "list" {
		for _, r := range reproductions.Reproductions {
			fmt.Fprintf(stdout, "%-18s %s (full form: %s)\n%-18s   %s\n", r.Name, r.Paper, r.Takes, "", r.What)
		}
		return 0
	}
	r, err := reproductions.Find(rest[0])
	if err != nil {
		fmt.Fprintf(stderr, "splitpoint: reproduce: %v\n", err)
		return 2
	}
	path, nb, err := r.Open(quick)
	if err != nil {
		fmt.Fprintf(stderr, "splitpoint: reproduce: %v\n", err)
		return 1
	}
	name := named
	if name == "" {
		name = freshName(home, "reproduce-"+r.Name)
	}
	form := "full form"
	if quick {
		form = "quick form"
	}
	var db string
	rc = runNotebook(home, name, path, bytes.NewReader(nb), false, func(sh *Shell) {
		db = sh.DB()
		setJobs(sh, jobs)
		fmt.Fprintf(stdout, "reproduce %s (%s, %s): %s; session %s\n", r.Name, r.Paper, form, path, name)
		if r.Published != "" {
			fmt.Fprintf(stdout, "\n%s\n", r.Published)
		}
		reproductions.WriteDifferences(stdout, r.Differs)
		if quick {
			fmt.Fprintf(stdout, "\nThe full form's figures and verdicts: docs/reproductions/%s.md (splitpoint reproduce %s).\n", r.Name, r.Name)
		}
		if r.Published != "" || len(r.Differs) > 0 {
			fmt.Fprintf(stdout, "\nThe workbench:\n")
		}
	}, stdout, stderr)
	if rc != 0 {
		return rc
	}
	if len(r.Claims) == 0 {
		fmt.Fprintf(stdout, "\nNo claim of a paper is judged here: the differences above say why.\n")
		return 0
	}
	fmt.Fprintf(stdout, "\nThe papers' claims, judged from this run:\n")
	outs, mr, pouts, err := machineVerdicts(context.Background(), db, r)
	if err != nil {
		fmt.Fprintf(stderr, "splitpoint: reproduce: %v\n", err)
		return 1
	}
	reproductions.WriteVerdicts(stdout, outs)
	if r.Machine.Costs != "" {
		reproductions.WriteMachineVerdicts(stdout, r.Machine, mr, outs, pouts)
	}
	return 0
}

// parseShellFlags parses the flags of args with those the command table
// declares for the shell command name (one declaration for help,
// completion and parsing), and returns the flag set and the other
// arguments; a nil flag set means the command ends with exit status rc
// (0 after --help, 2 after a bad flag).
func parseShellFlags(name string, args []string, stderr io.Writer) (*flag.FlagSet, []string, int) {
	c := findShellCommand(name)
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	c.Flags(fs, lab.DefaultTables())
	fs.Usage = func() { c.WriteHelp(stderr) }
	flags, rest := splitArgs(args)
	if err := fs.Parse(flags); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, nil, 0
		}
		return nil, nil, 2
	}
	return fs, rest, 0
}

// flagBool and flagInt read a parsed flag the command table declared.
func flagBool(fs *flag.FlagSet, name string) bool {
	return fs.Lookup(name).Value.(flag.Getter).Get().(bool)
}

func flagInt(fs *flag.FlagSet, name string) int {
	return fs.Lookup(name).Value.(flag.Getter).Get().(int)
}
