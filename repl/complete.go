package repl

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/sessions"
	"splitpoint/suites"
	"splitpoint/workbench"
)

// Complete returns the completions of the word under the cursor at the
// end of line, each a whole word. Commands, settings, flags, positions
// (suite names, ids after '#', tree families), algorithms, variants and
// file names all come from the same tables that generate help: the
// default ones (CompleteIn).
func Complete(line string) []string { return CompleteIn(lab.DefaultTables(), line) }

// CompleteIn is Complete with the settings, flags and algorithms of the
// tables tab.
func CompleteIn(tab lab.Tables, line string) []string {
	words := strings.Fields(line)
	cur := ""
	if len(line) > 0 && line[len(line)-1] != ' ' && len(words) > 0 {
		cur = words[len(words)-1]
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return prefixed(CommandNames(), cur)
	}
	cmd := words[0]
	prev := words[len(words)-1]
	switch {
	case (cmd == "set" || cmd == "unset") && len(words) == 1:
		return prefixed(SettingNamesIn(tab), cur)
	case cmd == "set" && len(words) == 2:
		return prefixed(settingValues(tab, words[1]), cur)
	case cmd == "help" && len(words) == 1:
		return prefixed(CommandNames(), cur)
	case cmd == "open" && len(words) == 1:
		return prefixed(sessionNames(), cur)
	case prev == "--algo" || prev == "-algo":
		return prefixed(tab.Algos.Names(algos.AllAlgos), cur)
	case prev == "--variants":
		return prefixed(Variants(), cur)
	case prev == "--csv" || prev == "--spec" || prev == "--out" || prev == "--md" || prev == "--html":
		return files(cur)
	case cmd == "run":
		return files(cur)
	case strings.HasPrefix(cur, "-"):
		if c := workbench.Lookup(cmd); c != nil {
			var fl []string
			for _, f := range c.In(tab).FlagNames() {
				fl = append(fl, "--"+f)
			}
			return prefixed(fl, cur)
		}
		return nil
	}
	return positions(cur)
}

func prefixed(list []string, prefix string) []string {
	var out []string
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			out = append(out, s)
		}
	}
	return out
}

func settingValues(tab lab.Tables, name string) []string {
	if s := findSetting(tab, name); s != nil && s.values != nil {
		return s.values()
	}
	return nil
}

func sessionNames() []string {
	infos, _ := sessions.List(sessions.Home())
	var out []string
	for _, in := range infos {
		out = append(out, in.Name)
	}
	return out
}

// positions completes a position name: the kinds of name, suite names,
// and the ids of a suite's positions after '#'.
func positions(cur string) []string {
	if name, sel, ok := strings.Cut(cur, "#"); ok && strings.HasPrefix(name, "suite:") {
		s, err := suites.Find(strings.TrimPrefix(name, "suite:"))
		if err != nil {
			return nil
		}
		es, err := s.Entries()
		if err != nil {
			return nil
		}
		var out []string
		for _, e := range es {
			id := strings.ReplaceAll(e.ID, " ", "_")
			if strings.HasPrefix(strings.ToLower(id), strings.ToLower(sel)) {
				out = append(out, name+"#"+id)
			}
		}
		return out
	}
	if strings.HasPrefix(cur, "suite:") {
		var out []string
		for _, n := range suites.Names() {
			out = append(out, "suite:"+n)
		}
		return prefixed(out, cur)
	}
	if strings.HasPrefix(cur, "file:") {
		var out []string
		for _, f := range files(strings.TrimPrefix(cur, "file:")) {
			out = append(out, "file:"+f)
		}
		return out
	}
	kinds := []string{"chess:start", "checkers:start", "suite:", "file:", "uniform:b=", "ordered:b=", "bimodal:bq=", "literal:(", "paper:parsss-table1"}
	return prefixed(kinds, cur)
}

// files completes a file name relative to the working directory.
func files(cur string) []string {
	dir, base := filepath.Split(cur)
	d := dir
	if d == "" {
		d = "."
	}
	ents, err := os.ReadDir(d)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), base) || (strings.HasPrefix(e.Name(), ".") && !strings.HasPrefix(base, ".")) {
			continue
		}
		name := dir + e.Name()
		if e.IsDir() {
			name += "/"
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}
