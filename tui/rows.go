package tui

import (
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"splitpoint/algos"
	"splitpoint/lab"
)

// row is one setting of a setup pane, made from a row of the knob table
// (lab.Knob): its label, kind, choices, limits, help and parser are the
// row's, and "auto" is the knob not given. A param row is one of the
// algorithm's own options (algos.Param), given with the others in one
// --param name=value,….
type row struct {
	k     lab.Knob
	param bool
}

// rowsOf makes the rows of a pane of knob table rows.
func rowsOf(knobs []lab.Knob) []row {
	out := make([]row, len(knobs))
	for i, k := range knobs {
		out[i] = row{k: k}
	}
	return out
}

// paramRow is a row of the algorithm's own option p: its value is
// checked by algos.SetParams, as --param checks it.
func paramRow(p algos.Param) row {
	k := lab.Knob{Name: p.Name, TUI: p.Name, Kind: lab.String, Help: "the algorithm's own option " + p.Name + " (--param)",
		Check: func(v string) (string, error) {
			var o algos.Options
			return v, algos.SetParams(&o, p.Name+"="+v)
		}}
	switch p.Kind {
	case "bool":
		k.Kind = lab.Bool
	case "int":
		k.Kind, k.Min, k.Max = lab.Int, math.MinInt, math.MaxInt
	case "uint":
		k.Kind = lab.Uint
	case "duration":
		k.Kind = lab.Duration
	}
	return row{k: k, param: true}
}

// label is the row's label in its pane: the knob's TUI label, or its name.
func (r row) label() string {
	if r.k.TUI != "" {
		return r.k.TUI
	}
	return r.k.Name
}

// numeric reports whether ←/→ step the row's value by whole numbers.
func (r row) numeric() bool { return r.k.Kind == lab.Int || r.k.Kind == lab.Uint }

// limits are the least and greatest whole number of a numeric row.
func (r row) limits() (lo, hi int) {
	if r.k.Kind == lab.Uint {
		return 0, math.MaxInt
	}
	return r.k.Min, r.k.Max
}

// typed reports whether the row is given only by typing its value (no
// choices to cycle through and no numbers to step).
func (r row) typed() bool {
	return !r.numeric() && r.k.Kind != lab.Bool && len(r.k.TUIChoices()) == 0
}

// takes reports whether algorithm a takes the row's knob.
func (r row) takes(a algos.Algorithm) bool { return r.k.Takes == nil || r.k.Takes(a) }

// next is the value d steps from cur ("": auto) of a row that is not typed.
func (r row) next(cur string, d int) string {
	if !r.numeric() {
		return cycle(append([]string{""}, r.k.TUIChoices()...), cur, d)
	}
	lo, hi := r.limits()
	var marks []int // the row's choices, the stops of a step
	for _, c := range r.k.TUIChoices() {
		if n, err := strconv.Atoi(c); err == nil && n >= lo && n <= hi {
			marks = append(marks, n)
		}
	}
	slices.Sort(marks)
	n, err := strconv.Atoi(cur)
	switch {
	case err != nil && d < 0: // auto stays the least
		return ""
	case err != nil && len(marks) > 0:
		return strconv.Itoa(marks[0])
	case err != nil:
		return strconv.Itoa(min(max(0, lo), hi))
	case d > 0:
		i := slices.IndexFunc(marks, func(m int) bool { return m > n })
		if i >= 0 {
			return strconv.Itoa(marks[i])
		}
		return strconv.Itoa(min(n+1, hi))
	}
	for i := len(marks) - 1; i >= 0; i-- {
		if marks[i] < n {
			return strconv.Itoa(marks[i])
		}
	}
	if n <= lo {
		return "" // below the least: auto
	}
	return strconv.Itoa(n - 1)
}

// settings are a pane's values of its rows, by knob name: a row absent
// is not given (auto). The session's settings fill in a row not given.
type settings struct {
	vals    map[string]string
	session map[string]string
	err     string // why the last value typed or chosen was refused
	input   textinput.Model
	editing string // the row being typed, "" for none
}

// newSettings starts every row of rows that the session has a setting
// for from it: the row is then given.
func newSettings(session map[string]string, rows []row) settings {
	s := settings{vals: map[string]string{}, session: session, input: textinput.New()}
	for _, r := range rows {
		if v, ok := session[r.k.Name]; ok {
			if v, err := r.k.Parse(v); err == nil {
				s.vals[r.k.Name] = v
			}
		}
	}
	return s
}

// get is the row's value and whether it is given.
func (s settings) get(r row) (string, bool) {
	v, ok := s.vals[r.k.Name]
	return v, ok
}

// set gives the row the value v ("": not given), checked by the row's
// parser; a refused value leaves the row as it was and says why.
func (s settings) set(r row, v string) settings {
	s.vals, s.err = maps.Clone(s.vals), ""
	if strings.TrimSpace(v) == "" {
		delete(s.vals, r.k.Name)
		return s
	}
	v, err := r.k.Parse(v)
	if err != nil {
		s.err = r.label() + " " + strconv.Quote(v) + ": " + err.Error()
		return s
	}
	s.vals[r.k.Name] = v
	return s
}

// step moves the row's value d steps (a typed row does not step).
func (s settings) step(r row, d int) settings {
	if r.typed() {
		return s
	}
	v, _ := s.get(r)
	return s.set(r, r.next(v, d))
}

// startEdit opens the input on the row's value.
func (s settings) startEdit(r row) (settings, tea.Cmd) {
	s.editing = r.k.Name
	s.input.Prompt = r.label() + ": "
	s.input.Placeholder = "empty for auto"
	v, _ := s.get(r)
	s.input.SetValue(v)
	return s, s.input.Focus()
}

// updateEdit takes a key while the row is typed: enter sets the value
// (kept open when refused), esc leaves it as it was.
func (s settings) updateEdit(msg tea.KeyMsg, k keyMap, r row) (settings, tea.Cmd) {
	switch {
	case key.Matches(msg, k.Esc):
		s.editing, s.err = "", ""
		s.input.Blur()
		return s, nil
	case key.Matches(msg, k.Enter):
		if s = s.set(r, s.input.Value()); s.err == "" {
			s.editing = ""
			s.input.Blur()
		}
		return s, nil
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return s, cmd
}

// line draws the row: a switch as [a], [x] or [ ] before its label,
// any other row as its label, padded to w cells, and its value; a row
// that does not apply (off not "") is dimmed and says where it does.
func (s settings) line(r row, w int, off string, st styles) string {
	v, given := s.get(r)
	shown := v
	if !given {
		shown = "auto"
		if sv, ok := s.session[r.k.Name]; ok {
			shown = "session: " + sv
		}
	}
	var out string
	switch {
	case r.k.Kind == lab.Bool && given && v == "true":
		out = st.on.Render("[x]") + " " + r.label()
	case r.k.Kind == lab.Bool && given:
		out = st.off.Render("[ ]") + " " + r.label()
	case r.k.Kind == lab.Bool:
		out = st.off.Render("[a]") + " " + r.label()
		if !strings.HasPrefix(shown, "auto") {
			out += " (" + shown + ")"
		}
	case r.typed():
		out = padRight(r.label(), w) + " " + shown
	default:
		out = padRight(r.label(), w) + " ◀ " + shown + " ▶"
	}
	if off == "" {
		return out
	}
	return st.dim.Render(ansi.Strip(out) + " (" + off + ")")
}

// notTakenIn is "" when algorithm a takes the row, else the algorithms of
// algs that take it (the dimmed row's note).
func (r row) notTakenIn(a algos.Algorithm, algs algos.AlgoTable) string {
	if r.takes(a) {
		return ""
	}
	return strings.Join(r.k.TakersIn(algs), ", ")
}

// help is the row's help for the foot of its pane: what it does, what
// auto means, and how a typed row is given.
func (r row) help() string {
	h := r.k.Help
	if r.k.Default != "" {
		h += "; auto: " + r.k.Default
	}
	if r.typed() {
		h += "; / types a value"
	}
	return h
}

// flags are the rows' flags, --name=value, of the rows taken (param
// rows are given by paramFlag).
func (s settings) flags(rows []row, taken func(row) bool) []string {
	var out []string
	for _, r := range rows {
		if v, ok := s.get(r); ok && !r.param && taken(r) {
			out = append(out, "--"+r.k.Name+"="+v)
		}
	}
	return out
}

// labelWidth is the width of the longest label of a non-switch row.
func labelWidth(rows []row) int {
	w := 0
	for _, r := range rows {
		if r.k.Kind != lab.Bool {
			w = max(w, ansi.StringWidth(r.label()))
		}
	}
	return w
}

// padRight pads s with spaces to w cells.
func padRight(s string, w int) string {
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}
