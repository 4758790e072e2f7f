package tui

import (
	"slices"
	"strings"

	"splitpoint/algos"
	"splitpoint/lab"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// algorithm pane rows: the algorithm, one checkbox per row of the variant
// table (algos.Variants), then one row per knob the pane is given
// (algorithmKnobs) and one per option of the algorithm's own.
const rowAlgo = 0

var numVariants = len(algos.Variants())

// rowKnobs is the pane's first knob row.
var rowKnobs = 1 + numVariants

// algorithmKnobs are the default knob table's rows of the algorithm pane
// (algorithmKnobsOf).
func algorithmKnobs() []lab.Knob { return algorithmKnobsOf(lab.DefaultTables()) }

// algorithmKnobsOf are the rows of the algorithm pane of the tables tab:
// every row of its knob table with a TUI label that is not a machine's
// setting.
func algorithmKnobsOf(tab lab.Tables) []lab.Knob {
	var out []lab.Knob
	for _, k := range tab.Knobs {
		if k.TUI != "" && !k.Machine {
			out = append(out, k)
		}
	}
	return out
}

// model

// algorithmModel is the algorithm pane: the parallel algorithm, the
// variants of the variant table as checkboxes (StarTech §4), a row per
// knob it is given (the knob table's rows: the table, the grain, the
// depth, time limit and seed…) and a row per option of the algorithm's
// own (its row's Params, given as --param); a row the algorithm does not
// take is dimmed and says which algorithms take it.
//
// Every row starts as "auto", the knob not given (the session's setting
// when it has one): the search chooses it for the position as it says in
// its output (lab.Settle: on a chess or checkers position the default
// preset's table, the restart variant and levels; on a synthetic tree
// none; the grain for the pool by lab.AutoGrain). A change makes the
// setting explicit.
type algorithmModel struct {
	cursor      int
	algo        string
	variantOn   []bool // by row of algos.Variants()
	variantsSet bool   // a variant was toggled (else auto)
	knobs       []row  // the knob rows, in the table's order
	set         settings
	algs        algos.AlgoTable // the algorithm table the pane chooses from
	// sessionParam is the session's param setting, which the pane's
	// --param keeps.
	sessionParam string
}

// parallelAlgos are the algorithms the UI runs on a machine (the
// algorithm table's parallel rows).
func (a algorithmModel) parallelAlgos() []string { return a.algs.Names(algos.ParallelAlgos) }

// newAlgorithmModel is newAlgorithmModelIn of the default algorithm
// table.
func newAlgorithmModel(session map[string]string, knobs []lab.Knob) algorithmModel {
	return newAlgorithmModelIn(session, knobs, algos.DefaultTable())
}

// newAlgorithmModelIn starts from the session's settings where it has
// them, with a row per knob of knobs and the parallel algorithms of algs.
func newAlgorithmModelIn(session map[string]string, knobs []lab.Knob, algs algos.AlgoTable) algorithmModel {
	a := algorithmModel{algo: algos.AlgoJamboree, variantOn: make([]bool, numVariants), knobs: rowsOf(knobs),
		sessionParam: session["param"], algs: algs}
	a.set = newSettings(session, a.knobs)
	if v := session["algo"]; slices.Contains(a.parallelAlgos(), v) {
		a.algo = v
	}
	for _, v := range strings.Split(session["variants"], ",") {
		for i, x := range algos.Variants() {
			if x.Name == v {
				a.variantOn[i] = true
			}
		}
	}
	a.variantOn[distTT] = a.variantOn[distTT] || session["dist-tt"] == "true"
	_, a.variantsSet = session["variants"]
	return a
}

// row is the algorithm's row of the algorithm table.
func (a algorithmModel) row() algos.Algorithm {
	r, _ := a.algs.Lookup(a.algo)
	return r
}

// paramRows are the algorithm's own options (its row's Params that no
// row of the pane sets), each a row given as --param name=value.
func (a algorithmModel) paramRows() []row {
	var out []row
	for _, p := range algos.ParamList() {
		knob := slices.ContainsFunc(a.knobs, func(r row) bool { return r.k.Name == p.Name || r.k.Spec == p.Name })
		if slices.Contains(a.row().Params, p.Name) && !knob {
			out = append(out, paramRow(p))
		}
	}
	return out
}

// rows are the pane's setting rows: the knobs', then the algorithm's own.
func (a algorithmModel) rows() []row { return append(slices.Clone(a.knobs), a.paramRows()...) }

// typing reports whether a value is being typed.
func (a algorithmModel) typing() bool { return a.set.editing != "" }

// numAlgoRows is the number of rows of the pane.
func (a algorithmModel) numAlgoRows() int { return rowKnobs + len(a.rows()) }

// current is the setting row under the cursor, if it is one.
func (a algorithmModel) current() (row, bool) {
	rows := a.rows()
	if i := a.cursor - rowKnobs; i >= 0 && i < len(rows) {
		return rows[i], true
	}
	return row{}, false
}

// distTT is the row of the dist-tt variant, which the pane gives as
// --dist-tt (a knob of its own) rather than in --variants.
var distTT = slices.IndexFunc(algos.Variants(), func(v algos.Variant) bool { return v.Name == algos.VariantDistTT })

// takes reports whether the pane's algorithm takes variant i.
func (a algorithmModel) takes(i int) bool {
	return slices.Contains(a.row().Variants, algos.Variants()[i].Name)
}

// variants is the --variants value: the variants that are on, or none.
func (a algorithmModel) variants() string {
	var on []string
	for i, v := range algos.Variants() {
		if a.variantOn[i] && i != distTT {
			on = append(on, v.Name)
		}
	}
	if len(on) == 0 {
		return "none"
	}
	return strings.Join(on, ",")
}

// flags are the search flags of the pane: the algorithm, the variants
// when set, and every row given that the algorithm takes (the session's
// settings fill in the rows not given).
func (a algorithmModel) flags() []string {
	f := []string{"--algo=" + a.algo}
	some := len(a.row().Variants) > 0
	f = append(f, flagIf(some && a.variantsSet, "variants", a.variants())...)
	f = append(f, flagIf(a.takes(distTT) && a.variantOn[distTT], "dist-tt", true)...)
	f = append(f, a.set.flags(a.knobs, func(r row) bool { return r.takes(a.row()) })...)
	var params []string
	for _, r := range a.paramRows() {
		if v, ok := a.set.get(r); ok {
			params = append(params, r.k.Name+"="+v)
		}
	}
	if len(params) > 0 {
		if s := a.sessionParam; s != "" {
			params = append([]string{s}, params...) // the session's, then the pane's over them
		}
		f = append(f, "--param="+strings.Join(params, ","))
	}
	return f
}

// update

func (a algorithmModel) updateKey(msg tea.KeyMsg, k keyMap) (algorithmModel, tea.Cmd) {
	if a.set.editing != "" {
		r, _ := a.current()
		var cmd tea.Cmd
		a.set, cmd = a.set.updateEdit(msg, k, r)
		return a, cmd
	}
	switch {
	case key.Matches(msg, k.Up):
		a.cursor = (a.cursor + a.numAlgoRows() - 1) % a.numAlgoRows()
	case key.Matches(msg, k.Down):
		a.cursor = (a.cursor + 1) % a.numAlgoRows()
	case key.Matches(msg, k.Toggle):
		a = a.change(0)
	case key.Matches(msg, k.Left):
		a = a.change(-1)
	case key.Matches(msg, k.Right):
		a = a.change(+1)
	case key.Matches(msg, k.TypeValue):
		if r, ok := a.current(); ok {
			var cmd tea.Cmd
			a.set, cmd = a.set.startEdit(r)
			return a, cmd
		}
	}
	return a, nil
}

// change moves the value under the cursor by d (0: toggle a checkbox, or
// step forward).
func (a algorithmModel) change(d int) algorithmModel {
	step := d
	if step == 0 {
		step = 1
	}
	if i := a.cursor - 1; i >= 0 && i < numVariants {
		a.variantOn = slices.Clone(a.variantOn)
		a.variantOn[i] = !a.variantOn[i]
		a.variantsSet = a.variantsSet || i != distTT
		return a
	}
	if r, ok := a.current(); ok {
		a.set = a.set.step(r, step)
		return a
	}
	if a.cursor == rowAlgo {
		a.algo = cycle(a.parallelAlgos(), a.algo, step)
		a.cursor = min(a.cursor, a.numAlgoRows()-1)
	}
	return a
}

// cycle returns the element of list d places after cur (wrapping); the
// first when cur is not in it.
func cycle[T comparable](list []T, cur T, d int) T {
	for i, x := range list {
		if x == cur {
			return list[((i+d)%len(list)+len(list))%len(list)]
		}
	}
	return list[0]
}

// view

func (a algorithmModel) view(w int, st styles) string {
	rows := a.rows()
	lw := max(labelWidth(rows), len("algorithm"))
	lines := []string{padRight("algorithm", lw) + " ◀ " + a.algo + " ▶"}
	for i, v := range algos.Variants() {
		s := st.off.Render("[ ]")
		if a.variantOn[i] {
			s = st.on.Render("[x]")
		}
		s += " " + v.Label
		if !a.takes(i) {
			s = st.dim.Render(s + " (" + strings.Join(a.takers(i), ", ") + ")")
		}
		lines = append(lines, s)
	}
	for _, r := range rows {
		lines = append(lines, a.set.line(r, lw, r.notTakenIn(a.row(), a.algs), st))
	}
	var b strings.Builder
	b.WriteString(st.heading.Render("Algorithm") + "\n\n")
	for i, l := range lines {
		mark := "  "
		if i == a.cursor {
			mark = st.cursor.Render("▸ ")
		}
		b.WriteString(mark + l + "\n")
	}
	if a.set.editing != "" {
		b.WriteString("\n" + a.set.input.View() + "\n")
	}
	v := a.variants()
	if !a.variantsSet && slices.Contains(a.row().Variants, algos.VariantRestart) {
		v = "auto (restart on chess, checkers)"
	}
	b.WriteString("\n" + st.dim.Render("variants: "+v))
	b.WriteString("\n" + st.dim.Render("auto, [a]: as search chooses"))
	return truncateLines(b.String(), w) + paneFoot(a.set, a.current, w, st)
}

// paneFoot is the foot of a pane of rows: why the last value was refused,
// and the help of the row under the cursor, wrapped to w.
func paneFoot(s settings, current func() (row, bool), w int, st styles) string {
	var b strings.Builder
	if s.err != "" {
		b.WriteString("\n" + st.warn.Render(wrap(s.err, w)))
	}
	if r, ok := current(); ok {
		b.WriteString("\n" + st.dim.Render(wrap(r.help(), w)))
	}
	return b.String()
}

// takers are the algorithms that take variant i.
func (a algorithmModel) takers(i int) []string {
	var out []string
	for _, a := range a.algs.Rows() {
		if slices.Contains(a.Variants, algos.Variants()[i].Name) {
			out = append(out, a.Name)
		}
	}
	return out
}
