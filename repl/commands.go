package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"splitpoint/lab"
	"splitpoint/sessions"
	"splitpoint/workbench"
)

// sessionCommand is a command of the session itself (as opposed to the
// workbench's). Help and completion come from this table and the
// workbench's, never written twice.
type sessionCommand struct {
	name, args, short string
	// record: the command is a cell of the notebook (load, set, …);
	// session management (save, open, rerun, …) is not.
	record bool
	run    func(ctx context.Context, sh *Shell, args []string) error
}

// sessionCommands is the table of the session commands, in the order help
// lists them. It is a function, not a variable, because help (cmdHelp)
// reads the table it is a row of.
func sessionCommands() []*sessionCommand {
	return []*sessionCommand{
		{name: "help", args: "[command]", short: "list the commands, or describe one", run: cmdHelp},
		{name: "load", args: "<position>", short: "load a position, suite, file or tree for the commands that follow", record: true, run: cmdLoad},
		{name: "set", args: "[name value]", short: "set a session default (algo, depth, workers, sim, tt, seed, …); alone: show them", record: true, run: cmdSet},
		{name: "unset", args: "<name>", short: "remove a session default", record: true, run: cmdUnset},
		{name: "settings", args: "", short: "show the session's settings and what is loaded (also: show settings)", record: true, run: cmdSettings},
		{name: "cells", args: "", short: "list the notebook's cells", run: cmdCells},
		{name: "save", args: "[name]", short: "save the session (under a new name: save a copy and switch to it)", run: cmdSave},
		{name: "open", args: "<name>", short: "save this session and open another (new if it does not exist)", run: cmdOpen},
		{name: "sessions", args: "", short: "list the saved sessions", run: cmdSessions},
		{name: "rerun", args: "[N|N-M]", short: "re-execute all cells (from a fresh state) or a range, and show what changed", run: cmdRerun},
		{name: "export", args: "[--md FILE] [--html FILE] [--ipynb [FILE]]", short: "write the notebook as Markdown, one HTML page and a Jupyter notebook (--ipynb alone: only the notebook)", run: cmdExport},
		{name: "tui", args: "", short: "open the full-screen terminal UI on this session", run: cmdTUI},
		{name: "quit", args: "", short: "save and leave (also: exit, Ctrl-D)", run: cmdQuit},
		{name: "exit", args: "", short: "save and leave", run: cmdQuit},
	}
}

func findSessionCommand(name string) *sessionCommand {
	for _, c := range sessionCommands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// CommandNames lists every command the shell knows, for completion.
func CommandNames() []string {
	var out []string
	for _, c := range sessionCommands() {
		out = append(out, c.name)
	}
	for _, c := range workbench.Commands() {
		out = append(out, c.Name)
	}
	sort.Strings(out)
	return out
}

func cmdHelp(_ context.Context, sh *Shell, args []string) error {
	if len(args) > 0 {
		if c := findSessionCommand(args[0]); c != nil {
			fmt.Fprintf(sh.Out, "%s %s\n\n%s\n", c.name, c.args, c.short)
			if c.name == "set" {
				writeSettingsHelp(sh.Out, sh.tables())
			}
			return nil
		}
		if c := findShellCommand(args[0]); c != nil && workbench.Lookup(args[0]) == nil && c.Name != "help" {
			fmt.Fprintf(sh.Out, "(a command of the shell: splitpoint %s)\n", c.Name)
			c.WriteHelp(sh.Out)
			return nil
		}
		return workbench.Help(sh.Out, args[0])
	}
	fmt.Fprintf(sh.Out, "session commands:\n")
	for _, c := range sessionCommands() {
		fmt.Fprintf(sh.Out, "  %-9s %-26s %s\n", c.name, c.args, c.short)
	}
	fmt.Fprintf(sh.Out, "\nworkbench commands (the same as on the command line; the session fills in its settings\nand loaded position where a command leaves them out):\n")
	for _, c := range workbench.Commands() {
		fmt.Fprintf(sh.Out, "  %-9s %s\n", c.Name, c.Short)
	}
	fmt.Fprintf(sh.Out, "\n\"help <command>\" describes one; Tab completes commands, flags, positions and files.\n")
	fmt.Fprintf(sh.Out, "\ncommands of the shell (splitpoint <command>; splitpoint help lists them all):\n")
	for _, c := range shellCommands {
		if findSessionCommand(c.Name) == nil {
			fmt.Fprintf(sh.Out, "  %-10s %s\n", c.Name, c.Short)
		}
	}
	return nil
}

func writeSettingsHelp(w io.Writer, tab lab.Tables) {
	fmt.Fprintf(w, "\nsettings:\n")
	for _, s := range allSettings(tab) {
		fmt.Fprintf(w, "  %-10s %s\n", s.name, s.help)
	}
}

func cmdLoad(_ context.Context, sh *Shell, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("load takes one position name (forms: %s)", strings.Join(lab.PositionForms, ", "))
	}
	items, err := lab.Resolve(args[0])
	if err != nil {
		return err
	}
	sh.S.Loaded = args[0]
	if len(items) == 1 {
		fmt.Fprintf(sh.Out, "loaded %s (%s)\n", items[0].Name, items[0].Domain())
	} else {
		fmt.Fprintf(sh.Out, "loaded %s: %d %s positions\n", args[0], len(items), items[0].Domain())
	}
	return nil
}

func cmdSet(ctx context.Context, sh *Shell, args []string) error {
	if len(args) == 0 {
		return cmdSettings(ctx, sh, nil)
	}
	if len(args) != 2 {
		return fmt.Errorf("set takes a name and a value, e.g. set depth 6 (names: %s)", strings.Join(SettingNamesIn(sh.tables()), ", "))
	}
	s := findSetting(sh.tables(), args[0])
	if s == nil {
		return fmt.Errorf("unknown setting %q (names: %s)", args[0], strings.Join(SettingNamesIn(sh.tables()), ", "))
	}
	if err := s.check(args[1]); err != nil {
		return fmt.Errorf("set %s %s: %v", args[0], args[1], err)
	}
	sh.S.Settings[s.name] = args[1]
	for _, c := range s.clears {
		if _, ok := sh.S.Settings[c]; ok {
			delete(sh.S.Settings, c)
			fmt.Fprintf(sh.Out, "%s = %s (%s cleared)\n", s.name, args[1], c)
			return nil
		}
	}
	fmt.Fprintf(sh.Out, "%s = %s\n", s.name, args[1])
	return nil
}

func cmdUnset(_ context.Context, sh *Shell, args []string) error {
	if len(args) != 1 || findSetting(sh.tables(), args[0]) == nil {
		return fmt.Errorf("unset takes a setting name (%s)", strings.Join(SettingNamesIn(sh.tables()), ", "))
	}
	delete(sh.S.Settings, args[0])
	fmt.Fprintf(sh.Out, "%s unset\n", args[0])
	return nil
}

func cmdSettings(_ context.Context, sh *Shell, _ []string) error {
	fmt.Fprintf(sh.Out, "session %s (%s)\n", sh.S.Name, sh.Dir)
	loaded := sh.S.Loaded
	if loaded == "" {
		loaded = "(nothing)"
	}
	fmt.Fprintf(sh.Out, "  loaded     %s\n", loaded)
	for _, s := range allSettings(sh.tables()) {
		if v, ok := sh.S.Settings[s.name]; ok {
			fmt.Fprintf(sh.Out, "  %-10s %s\n", s.name, v)
		}
	}
	fmt.Fprintf(sh.Out, "  results    %s\n", sh.DB())
	return nil
}

func cmdCells(_ context.Context, sh *Shell, _ []string) error {
	for _, c := range sh.S.Cells {
		mark := ""
		if c.Error != "" {
			mark = "  [error]"
		}
		fmt.Fprintf(sh.Out, "%4d  %-60s %8.3f s%s\n", c.N, shorten(c.Input, 60), c.Seconds, mark)
	}
	fmt.Fprintf(sh.Out, "%d cells\n", len(sh.S.Cells))
	return nil
}

func cmdSave(_ context.Context, sh *Shell, args []string) error {
	if len(args) > 1 {
		return fmt.Errorf("save takes at most a new name")
	}
	if len(args) == 1 && args[0] != sh.S.Name {
		if err := sessions.CheckName(args[0]); err != nil {
			return err
		}
		dir := sessions.Dir(sh.Home, args[0])
		if _, err := sessions.Load(dir); !errors.Is(err, sessions.ErrNotFound) {
			return fmt.Errorf("session %q exists already: open it, or save under another name", args[0])
		}
		sh.S.Name, sh.Dir = args[0], dir
	}
	if err := sh.Save(); err != nil {
		return err
	}
	fmt.Fprintf(sh.Out, "saved session %s (%d cells) in %s\n", sh.S.Name, len(sh.S.Cells), sh.Dir)
	return nil
}

func cmdOpen(_ context.Context, sh *Shell, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("open takes a session name")
	}
	other, err := Open(sh.Home, args[0], sh.Out)
	if err != nil {
		return fmt.Errorf("open %s: %w (this session stays open)", args[0], err)
	}
	if err := sh.Save(); err != nil {
		return err
	}
	sh.S, sh.Dir = other.S, other.Dir
	sh.rememberLast()
	fmt.Fprintf(sh.Out, "opened session %s: %d cells, loaded %q\n", sh.S.Name, len(sh.S.Cells), sh.S.Loaded)
	return nil
}

func cmdSessions(_ context.Context, sh *Shell, _ []string) error {
	infos, err := sessions.List(sh.Home)
	if err != nil {
		return err
	}
	for _, in := range infos {
		cur := " "
		if in.Name == sh.S.Name {
			cur = "*"
		}
		if in.Err != nil {
			fmt.Fprintf(sh.Out, "%s %-24s unreadable: %v\n", cur, in.Name, in.Err)
			continue
		}
		fmt.Fprintf(sh.Out, "%s %-24s %4d cells  saved %s\n", cur, in.Name, in.Cells, in.Saved.Local().Format("2006-01-02 15:04"))
	}
	fmt.Fprintf(sh.Out, "%d sessions in %s\n", len(infos), sh.Home)
	return nil
}

func cmdQuit(_ context.Context, sh *Shell, _ []string) error {
	sh.quit = true
	return sh.Save()
}

// parseRange reads "N" or "N-M" against the cells' numbers.
func parseRange(s string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = strconv.Atoi(a); err != nil || lo < 1 {
		return 0, 0, fmt.Errorf("cell range %q: want N or N-M", s)
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(b); err != nil || hi < lo {
			return 0, 0, fmt.Errorf("cell range %q: want N or N-M with N ≤ M", s)
		}
	}
	return lo, hi, nil
}
