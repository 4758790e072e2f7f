package workbench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"splitpoint/cluster"
	"splitpoint/lab"
	"splitpoint/progress"
	"splitpoint/sched"
	"splitpoint/suggest"
	"strings"
)

// Env is what a command runs in: where it writes, and the context that
// cancels it (Ctrl-C).
type Env struct {
	Ctx context.Context
	Out io.Writer
	// In is the command's input (uci reads its commands there); nil:
	// standard input.
	In io.Reader
	// Term is the terminal the progress line of a long command is drawn
	// on (the REPL's or the command line's), nil when the output is not a
	// terminal: then nothing extra is printed.
	Term io.Writer
	// Files collects the files the command wrote (reports, charts,
	// exports), for the session's notebook cell.
	Files []string
	// Observe, when not nil, watches a parallel search as it runs (the
	// terminal UI's live view).
	Observe *Observer
	// Tables are the knob and algorithm tables the commands are made
	// from (their flags, help, settings and runs); nil: lab.DefaultTables.
	Tables *lab.Tables
}

// tables are the environment's tables.
func (e *Env) tables() lab.Tables {
	if e == nil || e.Tables == nil {
		return lab.DefaultTables()
	}
	return *e.Tables
}

// Observer receives a parallel search's live snapshots (from another
// goroutine on the pool) and then the report of each position searched,
// or a distributed sweep's progress. Any function may be nil.
type Observer struct {
	Snapshot func(sched.Snapshot)
	Report   func(*lab.ParallelReport)
	// Sweep receives a sweep over NATS's progress (sweep --nats): once
	// its jobs are published, then after each run stored.
	Sweep func(cluster.Progress)
}

// progressLine starts a long command's progress line (progress.Line) on
// env.Term: none when there is no terminal or the output is JSON.
func (e *Env) progressLine(label string, total int, asJSON bool) *progress.Line {
	var w io.Writer
	if e.Term != nil && !asJSON {
		w = e.Term
	}
	tty := w != nil
	return progress.Start(w, label, total, progress.Options{TTY: &tty})
}

// Wrote records that the command wrote the file at path.
func (e *Env) Wrote(path string) { e.Files = append(e.Files, path) }

// Command is one row of the command table (commands). The help text, the
// usage line, completion and the command reference are all generated from
// the table.
type Command struct {
	Name  string
	Args  string // synopsis of the positional arguments
	Short string // one line for the command list
	Long  string // paragraphs for "help <command>"
	// More, when not nil, is help generated from the tables the command
	// is made from (an algorithm list, spec keys), printed after Long.
	More func(tab lab.Tables) string
	// Position says the first positional argument is a position name;
	// NArgs is the number of positional arguments the command takes. A
	// session fills in its loaded position when one argument is missing.
	Position bool
	NArgs    int
	// Flags declares the command's flags on fs, those of knobs from the
	// tables tab, and returns the function that runs the command once fs
	// has parsed.
	Flags func(fs *flag.FlagSet, tab lab.Tables) func(env *Env, args []string) error

	tab *lab.Tables // the tables the command is made from (In); nil: the Env's
}

// In is the command made from the tables tab: its flags, help and runs
// are theirs whatever the Env's.
func (c *Command) In(tab lab.Tables) *Command {
	d := *c
	d.tab = &tab
	return &d
}

// tables are the command's tables: In's, else env's.
func (c *Command) tables(env *Env) lab.Tables {
	if c.tab != nil {
		return *c.tab
	}
	return env.tables()
}

// ErrUsage marks an error in how a command was called: the usage is printed
// with it.
var ErrUsage = errors.New("usage")

// Failed is returned by a command that ran but whose result is a failure
// (a perft count that disagrees with the reference): exit status 1, no usage.
type Failed struct{ Msg string }

func (f *Failed) Error() string { return f.Msg }

func usageErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUsage, fmt.Sprintf(format, args...))
}

// Commands returns the command table, sorted by name.
func Commands() []*Command { return append([]*Command(nil), commands...) }

// Lookup finds a command by name.
func Lookup(name string) *Command {
	for _, c := range commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// FlagNames lists the command's flags, for completion and for the
// session's defaults.
func (c *Command) FlagNames() []string {
	fs, _ := c.newFlagSet(io.Discard)
	var out []string
	fs.VisitAll(func(f *flag.Flag) { out = append(out, f.Name) })
	return out
}

// Positional returns the positional arguments of a command line (flags
// removed), as the command will see them.
func (c *Command) Positional(args []string) ([]string, error) {
	fs, _ := c.newFlagSet(io.Discard)
	_, pos, err := splitFlags(fs, args)
	return pos, err
}

// IsBoolFlag reports whether the command's flag name is a switch.
func (c *Command) IsBoolFlag(name string) bool {
	fs, _ := c.newFlagSet(io.Discard)
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// newFlagSet makes the command's flag set; its usage text is the command's
// help.
func (c *Command) newFlagSet(out io.Writer) (*flag.FlagSet, func(*Env, []string) error) {
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fs.SetOutput(out)
	run := c.Flags(fs, c.tables(nil))
	fs.Usage = func() { c.writeHelp(out, fs) }
	return fs, run
}

func (c *Command) writeHelp(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", strings.TrimSpace("splitpoint "+c.Name+" "+c.Args), c.Short)
	if c.Long != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.Long))
	}
	if c.More != nil {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.More(c.tables(nil))))
	}
	has := false
	fs.VisitAll(func(*flag.Flag) { has = true })
	if has {
		fmt.Fprintf(w, "\nflags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}

// Help writes the help of one command, or the list of commands.
func Help(w io.Writer, name string) error { return helpIn(w, name, lab.DefaultTables()) }

// helpIn is Help of the commands made from the tables tab.
func helpIn(w io.Writer, name string, tab lab.Tables) error {
	if name != "" {
		c := Lookup(name)
		if c == nil {
			return fmt.Errorf("unknown command %q%s (commands: %s)", name, suggest.Hint(name, names()), strings.Join(names(), ", "))
		}
		c = c.In(tab)
		fs, _ := c.newFlagSet(w)
		c.writeHelp(w, fs)
		return nil
	}
	fmt.Fprintf(w, "splitpoint: a workbench for parallel game-tree search\n\nusage: splitpoint <command> [arguments] [flags]\n\ncommands:\n")
	for _, c := range Commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.Name, c.Short)
	}
	fmt.Fprintf(w, "\npositions:\n")
	for _, f := range lab.PositionForms {
		fmt.Fprintf(w, "  %s\n", f)
	}
	fmt.Fprintf(w, "\n\"splitpoint help <command>\" or \"splitpoint <command> --help\" gives a command's flags.\n")
	return nil
}

func names() []string {
	var out []string
	for _, c := range Commands() {
		out = append(out, c.Name)
	}
	return out
}

// Run executes one command line (args[0] is the command name). Flags may
// stand before, between or after the positional arguments.
func Run(env *Env, args []string) error {
	if len(args) == 0 {
		return usageErr("no command (commands: %s)", strings.Join(names(), ", "))
	}
	if args[0] == "help" || args[0] == "--help" || args[0] == "-h" {
		name := ""
		if len(args) > 1 {
			name = args[1]
		}
		return helpIn(env.Out, name, env.tables())
	}
	c := Lookup(args[0])
	if c == nil {
		return usageErr("unknown command %q%s (commands: help, %s)", args[0], suggest.Hint(args[0], names()), strings.Join(names(), ", "))
	}
	return c.Exec(env, args[1:])
}

// Exec parses the command's arguments (flags anywhere among them) and runs
// it. --help writes the command's help to env.Out; a flag error is one
// line naming the flag, the value and what the flag takes, never the
// whole help.
func (c *Command) Exec(env *Env, args []string) error {
	if c.tab == nil {
		c = c.In(env.tables())
	}
	fs, run := c.newFlagSet(io.Discard)
	pos, err := c.parse(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		c.writeHelp(env.Out, fs)
		return nil
	}
	if err != nil {
		return err
	}
	if err := run(env, pos); err != nil {
		return fmt.Errorf("%s: %w", c.Name, err)
	}
	return nil
}

// Check parses args as Exec would, without running the command: the
// positional arguments, flag.ErrHelp for --help, or the one-line usage
// error.
func (c *Command) Check(args []string) ([]string, error) {
	fs, _ := c.newFlagSet(io.Discard)
	return c.parse(fs, args)
}

func (c *Command) parse(fs *flag.FlagSet, args []string) ([]string, error) {
	flags, pos, err := splitFlags(fs, args)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.Name, err)
	}
	if err := fs.Parse(flags); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w", c.Name, flagError(fs, err))
	}
	return pos, nil
}

// WriteHelp writes the command's help: usage, description and flags.
func (c *Command) WriteHelp(w io.Writer) {
	fs, _ := c.newFlagSet(w)
	c.writeHelp(w, fs)
}

// invalidValue matches the flag package's error for a value its flag
// rejects.
var invalidValue = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-(\S+): (.*)$`)

// flagKinds says what a value of each kind of flag must look like.
var flagKinds = map[string]string{
	"int": "not a whole number", "uint": "not a whole number ≥ 0", "float": "not a number",
	"duration": "not a duration (e.g. 500ms, 10s, 2m)", "": "not true or false",
}

// flagError rewrites a flag package error as one line: the flag, the value
// given and what the flag takes (its kind and its usage text).
func flagError(fs *flag.FlagSet, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return usageErr("--%s needs a value", name)
	}
	m := invalidValue.FindStringSubmatch(msg)
	if m == nil {
		return usageErr("%s", msg)
	}
	value, name, why := m[1], m[2], m[3]
	f := fs.Lookup(name)
	if f == nil {
		return usageErr("--%s %q: %s", name, value, why)
	}
	kind, usage := flag.UnquoteUsage(f)
	if why == "parse error" {
		if k, ok := flagKinds[kind]; ok {
			why = k
		}
	}
	return usageErr("--%s %q: %s (--%s: %s)", name, value, why, name, usage)
}

// Message is err's text for the user, without the usage marker.
func Message(err error) string {
	return suggest.Bound(strings.Replace(err.Error(), ErrUsage.Error()+": ", "", 1))
}

// UsageError is an error in how a command was called (ErrUsage).
func UsageError(format string, args ...any) error { return usageErr(format, args...) }

// splitFlags separates flags from positional arguments anywhere on the
// line, so "perft chess:start 5 --divide" works. "--" ends the flags.
func splitFlags(fs *flag.FlagSet, args []string) (flags, pos []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(pos, args[i+1:]...), nil
		}
		if len(a) < 2 || a[0] != '-' || (a[1] >= '0' && a[1] <= '9') {
			pos = append(pos, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		name, _, hasValue := strings.Cut(name, "=")
		flags = append(flags, a)
		if name == "h" || name == "help" || hasValue {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			var known []string
			fs.VisitAll(func(f *flag.Flag) { known = append(known, f.Name) })
			hint := ""
			if c, ok := suggest.Closest(name, known); ok {
				hint = " (did you mean --" + c + "?)"
			}
			return nil, nil, fmt.Errorf("%w: unknown flag %s%s", ErrUsage, a, hint)
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if i+1 >= len(args) {
			return nil, nil, fmt.Errorf("%w: flag %s needs a value", ErrUsage, a)
		}
		i++
		flags = append(flags, args[i])
	}
	return flags, pos, nil
}
