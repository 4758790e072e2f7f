package workbench

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"splitpoint/dist"
	"splitpoint/lab"
	"splitpoint/progress"
	"splitpoint/sched"
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
}

// Observer receives a parallel search's live snapshots (from another
// goroutine on the pool) and then the report of each position searched,
// or a distributed sweep's progress. Any function may be nil.
type Observer struct {
	Snapshot func(sched.Snapshot)
	Report   func(*lab.ParallelReport)
	// Sweep receives a sweep over NATS's progress (sweep --nats): once
	// its jobs are published, then after each run stored.
	Sweep func(dist.Progress)
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

// Command is one entry of the command table. The help text, the usage line
// and (later) the REPL's completion are all generated from this table.
type Command struct {
	Name  string
	Args  string // synopsis of the positional arguments
	Short string // one line for the command list
	Long  string // paragraphs for "help <command>"
	// Position says the first positional argument is a position name;
	// NArgs is the number of positional arguments the command takes. A
	// session fills in its loaded position when one argument is missing.
	Position bool
	NArgs    int
	// Flags declares the command's flags on fs and returns the function
	// that runs the command once fs has parsed.
	Flags func(fs *flag.FlagSet) func(env *Env, args []string) error
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

var commands []*Command

func register(c *Command) { commands = append(commands, c) }

// Commands returns the command table, sorted by name.
func Commands() []*Command {
	out := append([]*Command(nil), commands...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

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
	run := c.Flags(fs)
	fs.Usage = func() { c.writeHelp(out, fs) }
	return fs, run
}

func (c *Command) writeHelp(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: splitpoint %s %s\n\n%s\n", c.Name, c.Args, c.Short)
	if c.Long != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.Long))
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
func Help(w io.Writer, name string) error {
	if name != "" {
		c := Lookup(name)
		if c == nil {
			return fmt.Errorf("unknown command %q (commands: %s)", name, strings.Join(names(), ", "))
		}
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
		return Help(env.Out, name)
	}
	c := Lookup(args[0])
	if c == nil {
		return usageErr("unknown command %q (commands: help, %s)", args[0], strings.Join(names(), ", "))
	}
	fs, run := c.newFlagSet(env.Out)
	flags, pos, err := splitFlags(fs, args[1:])
	if err != nil {
		return fmt.Errorf("%s: %w", c.Name, err)
	}
	if err := fs.Parse(flags); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return fmt.Errorf("%s: %w: %v", c.Name, ErrUsage, err)
	}
	if err := run(env, pos); err != nil {
		return fmt.Errorf("%s: %w", c.Name, err)
	}
	return nil
}

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
			fs.VisitAll(func(f *flag.Flag) { known = append(known, "--"+f.Name) })
			return nil, nil, fmt.Errorf("%w: unknown flag %s (flags: %s)", ErrUsage, a, strings.Join(known, " "))
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
