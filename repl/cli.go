package repl

import (
	"flag"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"sort"
	"strings"

	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/suggest"
	"splitpoint/workbench"
)

// shellCommands are the commands of the shell command line that are not
// the workbench's: they open or create sessions (run, reproduce, tui) or
// describe the program itself (version, completion). Their flags are
// declared here for help, the command reference and completion; Main
// runs them.
var shellCommands = []*workbench.Command{
	{Name: "run", Args: "FILE.sp", NArgs: 1,
		Short: "run a notebook script line by line in a fresh session, as the REPL would",
		Long: `Runs the commands of FILE line by line, as the REPL would, in a session
(by default a new one named after the file; --session NAME picks one). It
stops at the first error with file:line: message and a non-zero exit.`,
		Flags: func(fs *flag.FlagSet, _ lab.Tables) func(*workbench.Env, []string) error {
			fs.Bool("keep-going", false, "go on after a failing line (the exit status still reports it)")
			jobsFlag(fs)
			return nil
		}},
	{Name: "reproduce", Args: "list | NAME | --docs DIR [NAME...] | NAME --scale paper [--emit-spec DIR]", NArgs: 0, // reproduce checks its own arguments
		Short: "bring back a paper's result: run its bundled notebook, write its report and judge the paper's claims",
		Long: `Runs the bundled notebook that brings back a paper's result in a fresh
session reproduce-NAME: it prints the paper's figures, the settings in
which the run differs from the paper's configuration and why, the
workbench's tables, writes the report, and ends with the verdict of each
of the paper's claims computed from the run (docs/claims.md). "reproduce
list" names them with the time each takes.

--docs DIR writes each reproduction's document, DIR/reproductions/NAME.md
(with its verdicts as data in NAME.json), from its latest full-form
session, and the index DIR/reproductions.md with the counts per paper:
"splitpoint reproduce --docs docs" regenerates the project's
docs/reproductions.md. Names after DIR limit it to those reproductions; a
reproduction with no full-form session keeps its document.

--scale paper runs nothing: it prints what the paper's scale costs (runs,
simulated nodes and CPU-hours, estimated from a measured sample with the
model it states) and the commands that run its sweep specs over a cluster
(NATS or Slurm), resumably; --emit-spec DIR writes the specs (the free
machine's and the paper's) into DIR (docs/reproductions.md).`,
		Flags: func(fs *flag.FlagSet, _ lab.Tables) func(*workbench.Env, []string) error {
			fs.Bool("quick", false, "the quick form: fewer positions, seeds or depths (minutes on a 2-core machine)")
			fs.Bool("docs", false, "write under DIR each reproduction's document (DIR/reproductions/NAME.md) from its latest full-form run, and the index DIR/reproductions.md")
			fs.String("scale", "", "paper: print the paper's scale, its estimated cost and the cluster commands that run it (runs nothing)")
			fs.String("emit-spec", "", "with --scale paper: write the scale's sweep specs into this directory")
			jobsFlag(fs)
			return nil
		}},
	{Name: "tui", Args: "",
		Short: "open the full-screen terminal UI on the current session",
		Long: `Opens the terminal UI on the session --session names (default: the most
recently saved one): a board or tree, the algorithm pane, a live view of
a parallel search's processors, the session's cells. It needs a
terminal on both standard input and output.`,
		Flags: noFlags},
	{Name: "version", Args: "",
		Short: "print the version: module, commit and Go toolchain",
		Long: `Prints the build's module version, the VCS commit it was built from
(when the go command stamped one) and the Go version. Every stored run
records the same line.`,
		Flags: noFlags},
	{Name: "completion", Args: "bash | zsh | fish", NArgs: 1,
		Short: "write a shell completion script for commands, flags and algorithms",
		Long: `Writes a completion script generated from the command table. Install:
  bash: splitpoint completion bash > ~/.local/share/bash-completion/completions/splitpoint
  zsh:  splitpoint completion zsh > "${fpath[1]}/_splitpoint"
  fish: splitpoint completion fish > ~/.config/fish/completions/splitpoint.fish`,
		Flags: noFlags},
	{Name: "help", Args: "[command] [--markdown]",
		Short: "list the commands, or describe one",
		Long: `With --markdown: the command reference (docs/commands.md) for every
command.`,
		Flags: func(fs *flag.FlagSet, _ lab.Tables) func(*workbench.Env, []string) error {
			fs.Bool("markdown", false, "write the command reference for every command as Markdown")
			return nil
		}},
}

func noFlags(*flag.FlagSet, lab.Tables) func(*workbench.Env, []string) error { return nil }

// cliSessionCommands are the session commands the shell command line
// takes (on the session --session names); the REPL takes them all.
var cliSessionCommands = []string{"cells", "export", "rerun", "sessions", "settings"}

func findShellCommand(name string) *workbench.Command {
	for _, c := range shellCommands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// cliEntry is one command of the shell command line, whichever table it
// comes from.
type cliEntry struct {
	name, short string
	cmd         *workbench.Command // nil: a session command
	session     *sessionCommand
}

// cliCommands lists every command of the shell command line: the shell's,
// the workbench's and the session commands it takes, sorted by name.
func cliCommands() []cliEntry {
	var out []cliEntry
	for _, c := range shellCommands {
		out = append(out, cliEntry{name: c.Name, short: c.Short, cmd: c})
	}
	for _, c := range workbench.Commands() {
		out = append(out, cliEntry{name: c.Name, short: c.Short, cmd: c})
	}
	for _, n := range cliSessionCommands {
		sc := findSessionCommand(n)
		out = append(out, cliEntry{name: sc.name, short: sc.short, session: sc})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

func cliNames() []string {
	var out []string
	for _, e := range cliCommands() {
		out = append(out, e.name)
	}
	return out
}

func findCLI(name string) (cliEntry, bool) {
	for _, e := range cliCommands() {
		if e.name == name {
			return e, true
		}
	}
	return cliEntry{}, false
}

// unknownCommand is the error for a name no table holds, with the nearest
// command's name when one is near.
func unknownCommand(name string) error {
	return fmt.Errorf("unknown command %q%s", name, suggest.Hint(name, cliNames()))
}

// writeUsage is "splitpoint help": every command of the shell command
// line, from the tables.
func writeUsage(w io.Writer) {
	fmt.Fprintf(w, "splitpoint: a workbench for parallel game-tree search\n\n")
	fmt.Fprintf(w, "usage: splitpoint [--session NAME] <command> [arguments] [flags]\n")
	fmt.Fprintf(w, "       splitpoint [--session NAME]    the REPL on the session (default: the most recently saved)\n")
	fmt.Fprintf(w, "       splitpoint --version\n\ncommands:\n")
	for _, e := range cliCommands() {
		if e.session == nil {
			fmt.Fprintf(w, "  %-11s %s\n", e.name, e.short)
		}
	}
	fmt.Fprintf(w, "\nsession commands (on the session --session names; the REPL has more: type help there):\n")
	for _, e := range cliCommands() {
		if e.session != nil {
			fmt.Fprintf(w, "  %-11s %s\n", e.name, e.short)
		}
	}
	fmt.Fprintf(w, "\npositions:\n")
	for _, f := range lab.PositionForms {
		fmt.Fprintf(w, "  %s\n", f)
	}
	fmt.Fprintf(w, "\n\"splitpoint help <command>\" or \"splitpoint <command> --help\" describes a command and its flags.\n")
}

// writeCommandHelp is "splitpoint help NAME".
func writeCommandHelp(w io.Writer, name string) error {
	e, ok := findCLI(name)
	if !ok {
		if sc := findSessionCommand(name); sc != nil {
			fmt.Fprintf(w, "usage (in the REPL): %s\n\n%s\n", strings.TrimSpace(sc.name+" "+sc.args), sc.short)
			return nil
		}
		return workbench.UsageError("%v", unknownCommand(name))
	}
	if e.session != nil {
		fmt.Fprintf(w, "usage: %s\n\n%s\n", strings.TrimSpace("splitpoint "+e.session.name+" "+e.session.args), e.session.short)
		return nil
	}
	e.cmd.WriteHelp(w)
	return nil
}

// cliHelp is "splitpoint help [NAME] [--markdown]".
func cliHelp(w io.Writer, args []string) error {
	pos, err := findShellCommand("help").Check(args)
	if err != nil {
		return err
	}
	for _, a := range args {
		if a == "--markdown" || a == "-markdown" {
			writeReference(w)
			return nil
		}
	}
	if len(pos) == 0 {
		writeUsage(w)
		return nil
	}
	return writeCommandHelp(w, pos[0])
}

// stateGenerally rewrites the figures of the machine the help runs on
// (cores, memory), which the command reference states generally.
func stateGenerally(s string) string {
	s = coresRe.ReplaceAllString(s, "this machine has N cores")
	return memRe.ReplaceAllString(s, "a quarter of this machine's memory")
}

var (
	coresRe = regexp.MustCompile(`this machine has \d+ cores`)
	memRe   = regexp.MustCompile(`a quarter of this machine's memory, [0-9.]+ [KMGT]i?B`)
)

// writeReference writes the command reference, docs/commands.md.
func writeReference(w io.Writer) {
	fmt.Fprintf(w, "# Command reference\n\n")
	fmt.Fprintf(w, "Every command of `splitpoint`, as `splitpoint help <command>` prints it.\n")
	fmt.Fprintf(w, "This file is generated from the command table: `go run . help --markdown > docs/commands.md`.\n\n")
	fmt.Fprintf(w, "```\n")
	var usage strings.Builder
	writeUsage(&usage)
	fmt.Fprint(w, usage.String())
	fmt.Fprintf(w, "```\n\n")
	for _, e := range cliCommands() {
		fmt.Fprintf(w, "## %s\n\n%s.\n\n```\n", e.name, upper(e.short))
		var b strings.Builder
		_ = writeCommandHelp(&b, e.name)
		fmt.Fprint(w, stateGenerally(b.String()))
		fmt.Fprintf(w, "```\n\n")
	}
	fmt.Fprintf(w, "## REPL commands\n\nThe REPL (plain `splitpoint`) takes every command above but run, reproduce, version and completion, and these:\n\n")
	for _, sc := range sessionCommands() {
		fmt.Fprintf(w, "- `%s`: %s\n", strings.TrimSpace(sc.name+" "+sc.args), sc.short)
	}
	fmt.Fprintf(w, "\n`help set` lists the settings a session keeps.\n")
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// writeVersion is "splitpoint version".
func writeVersion(w io.Writer) {
	b := results.ReadBuild()
	fmt.Fprintf(w, "splitpoint %s\n", b)
	fmt.Fprintf(w, "  module  %s\n", b.Module)
	switch {
	case b.Commit == "":
		fmt.Fprintf(w, "  commit  not stamped in this build (go build in a git clone stamps it; go run and -buildvcs=false do not)\n")
	default:
		extra := []string{}
		if b.Time != "" {
			extra = append(extra, b.Time)
		}
		if b.Modified {
			extra = append(extra, "with uncommitted changes")
		}
		fmt.Fprintf(w, "  commit  %s", b.Commit)
		if len(extra) > 0 {
			fmt.Fprintf(w, " (%s)", strings.Join(extra, ", "))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "  go      %s %s/%s\n", b.Go, runtime.GOOS, runtime.GOARCH)
}
