package tui

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/lab"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// algorithm pane rows: the algorithm, one checkbox per row of the variant
// table (algos.Variants), then the scheduler's and search's settings.
const rowAlgo = 0

var (
	numVariants  = len(algos.Variants())
	rowLevels    = 1 + numVariants
	rowLevelWait = rowLevels + 1
	rowTT        = rowLevels + 2
	rowGrain     = rowLevels + 3
	rowDepth     = rowLevels + 4
	rowTime      = rowLevels + 5
	rowSeed      = rowLevels + 6
	rowExtra     = rowLevels + 7 // the knob table's other rows (extraKnobs)
)

// numAlgoRows is the number of rows of the pane.
func (a algorithmModel) numAlgoRows() int { return rowExtra + len(extraKnobs()) + len(a.paramRows()) }

// paramRows are the algorithm's own options (its row's Params that no
// knob sets), each a row of the pane given as --param name=value.
func (a algorithmModel) paramRows() []algos.Param {
	row, _ := algos.Lookup(a.algo)
	var out []algos.Param
	for _, p := range algos.ParamList() {
		if _, knob := lab.FindKnob(p.Name); slices.Contains(row.Params, p.Name) && !knob {
			out = append(out, p)
		}
	}
	return out
}

// paramChoices are the values a parameter row cycles through after auto
// (the algorithm's default).
func paramChoices(p algos.Param) []string {
	switch p.Kind {
	case "bool":
		return []string{"true", "false"}
	case "int", "uint":
		return []string{"0", "1", "2", "3", "4", "5", "6", "8"}
	case "float":
		return []string{"0.125", "0.25", "0.5"}
	}
	return nil
}

// builtinRows are the knobs the pane shows in rows of their own above.
var builtinRows = []string{"levels", "levelwait", "tt", "grain", "depth", "time", "seed"}

// extraKnobs are the rows of the knob table with a TUI row (lab.Knob.TUI)
// that the pane does not show above, but the machine's that choose the
// machine (lab.Knob.On: the machine pane's): each is a row that cycles
// through auto (not given) and the knob's choices.
func extraKnobs() []lab.Knob {
	var out []lab.Knob
	for _, k := range lab.Knobs() {
		if k.TUI != "" && k.On == nil && !slices.Contains(builtinRows, k.Name) {
			out = append(out, k)
		}
	}
	return out
}

// takesKnob reports whether the pane's algorithm takes the knob named name.
func (a algorithmModel) takesKnob(name string) bool {
	k, ok := lab.FindKnob(name)
	row, _ := algos.Lookup(a.algo)
	return !ok || k.Takes == nil || k.Takes(row)
}

// model

// algorithmModel is the algorithm pane: the parallel algorithm, the
// variants of the variant table as checkboxes (StarTech §4), the
// scheduler's options (*Socrates §4.3–4.4), the table, the grain, the
// depth, time limit and seed, the knob table's other rows and the
// algorithm's own options; a row the algorithm does not take says which
// algorithms take it.
//
// The variants, steal ordering by levels, the table and the grain start
// as "auto": no flag is given, and the search chooses them for the
// position as it says in its output (lab.Settle: on a chess or
// checkers position the default preset's table, the restart variant and
// levels; on a synthetic tree none; the grain for the pool by
// lab.AutoGrain). A change makes the setting explicit.
type algorithmModel struct {
	cursor      int
	algo        string
	variantOn   []bool // by row of algos.Variants()
	variantsSet bool   // a variant was toggled (else auto)
	levels      bool
	levelsSet   bool // else auto
	levelWait   bool
	ttBits      int // autoValue: the preset's
	grain       int // autoValue: chosen by the search
	depth       int
	timeLimit   time.Duration
	seed        uint64
	session     map[string]bool // settings the session has: their flags are always given
	// sessionParam is the session's param setting, which the pane's
	// --param keeps.
	sessionParam string
	extra        map[string]string // the values of extraKnobs' rows by name ("": auto)
	params       map[string]string // the values of paramRows by name ("": auto)
}

// autoValue is the table size or grain the pane leaves to the search.
const autoValue = -1

// parallelAlgos are the algorithms the UI runs on a machine (the
// algorithm table's parallel rows).
func parallelAlgos() []string { return algos.Names(algos.ParallelAlgos) }

// timeLimits are the choices of the time limit (0: none).
func timeLimits() []time.Duration {
	return []time.Duration{0, time.Second, 5 * time.Second, 10 * time.Second, 30 * time.Second, time.Minute}
}

// ttSizes are the table sizes offered, in bits (0: off; autoValue: the
// preset's).
func ttSizes() []int { return []int{autoValue, 0, 12, 14, 16, 18, 20, 22, 24} }

// newAlgorithmModel starts from the session's settings where it has them.
func newAlgorithmModel(settings map[string]string) algorithmModel {
	a := algorithmModel{algo: algos.AlgoJamboree, depth: 5, seed: 1, session: map[string]bool{}, variantOn: make([]bool, numVariants),
		ttBits: autoValue, grain: autoValue}
	for k := range settings {
		a.session[k] = true
	}
	a.extra, a.params, a.sessionParam = map[string]string{}, map[string]string{}, settings["param"]
	for _, k := range extraKnobs() {
		a.extra[k.Name] = settings[k.Name]
	}
	if v := settings["algo"]; slices.Contains(parallelAlgos(), v) {
		a.algo = v
	}
	for _, v := range strings.Split(settings["variants"], ",") {
		for i, x := range algos.Variants() {
			if x.Name == v {
				a.variantOn[i] = true
			}
		}
	}
	a.variantOn[distTT] = a.variantOn[distTT] || settings["dist-tt"] == "true"
	a.variantsSet = a.session["variants"]
	a.levels, a.levelsSet = settings["levels"] == "true", a.session["levels"]
	a.levelWait = settings["levelwait"] == "true"
	if n, err := strconv.Atoi(settings["depth"]); err == nil && n > 0 {
		a.depth = n
	}
	if n, err := strconv.Atoi(settings["tt"]); err == nil && n >= 0 {
		a.ttBits = n
	}
	if n, err := strconv.Atoi(settings["grain"]); err == nil && n >= 0 {
		a.grain = n
	}
	if n, err := strconv.ParseUint(settings["seed"], 10, 64); err == nil {
		a.seed = n
	}
	if d, err := time.ParseDuration(settings["time"]); err == nil {
		a.timeLimit = d
	}
	return a
}

// distTT is the row of the dist-tt variant, which the pane gives as
// --dist-tt (a session setting of its own) rather than in --variants.
var distTT = slices.IndexFunc(algos.Variants(), func(v algos.Variant) bool { return v.Name == algos.VariantDistTT })

// takes reports whether the pane's algorithm takes variant i.
func (a algorithmModel) takes(i int) bool {
	row, _ := algos.Lookup(a.algo)
	return slices.Contains(row.Variants, algos.Variants()[i].Name)
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

// flags are the search flags of the pane: those off their default, and
// every one the session has a setting for (so that the setting does not
// fill in a value the UI does not show).
func (a algorithmModel) flags() []string {
	f := []string{"--algo=" + a.algo}
	if a.depth > 0 { // 0: a synthetic tree's own depth (searched whole)
		f = append(f, "--depth="+strconv.Itoa(a.depth))
	}
	row, _ := algos.Lookup(a.algo)
	some := len(row.Variants) > 0
	f = append(f, flagIf(some && a.variantsSet, "variants", a.variants())...)
	f = append(f, flagIf(a.takes(distTT) && a.variantOn[distTT], "dist-tt", true)...)
	f = append(f, flagIf(a.levelsSet, "levels", a.levels)...)
	f = append(f, flagIf(a.levelWait || a.session["levelwait"], "levelwait", a.levelWait)...)
	f = append(f, flagIf(a.takesKnob("tt") && a.ttBits != autoValue, "tt", a.ttBits)...)
	f = append(f, flagIf(a.takesKnob("grain") && a.grain != autoValue, "grain", a.grain)...)
	f = append(f, flagIf(a.timeLimit != 0 || a.session["time"], "time", a.timeLimit)...)
	f = append(f, flagIf(a.seed != 1 || a.session["seed"], "seed", a.seed)...)
	for _, k := range extraKnobs() {
		f = append(f, flagIf(a.extra[k.Name] != "" && a.takesKnob(k.Name), k.Name, a.extra[k.Name])...)
	}
	var params []string
	for _, p := range a.paramRows() {
		if v := a.params[p.Name]; v != "" {
			params = append(params, p.Name+"="+v)
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

func (a algorithmModel) updateKey(msg tea.KeyMsg, k keyMap) algorithmModel {
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
	}
	return a
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
	if i := a.cursor - rowExtra - len(extraKnobs()); i >= 0 && i < len(a.paramRows()) {
		p := a.paramRows()[i]
		a.params = maps.Clone(a.params)
		a.params[p.Name] = cycle(append([]string{""}, paramChoices(p)...), a.params[p.Name], step)
		return a
	}
	if i := a.cursor - rowExtra; i >= 0 && i < len(extraKnobs()) {
		k := extraKnobs()[i]
		a.extra = maps.Clone(a.extra)
		a.extra[k.Name] = cycle(append([]string{""}, k.TUIChoices()...), a.extra[k.Name], step)
		return a
	}
	switch a.cursor {
	case rowAlgo:
		a.algo = cycle(parallelAlgos(), a.algo, step)
	case rowLevels: // auto → on → off → auto
		switch {
		case !a.levelsSet:
			a.levels, a.levelsSet = true, true
		case a.levels:
			a.levels = false
		default:
			a.levelsSet = false
		}
	case rowLevelWait:
		a.levelWait = !a.levelWait
	case rowTT:
		a.ttBits = cycle(ttSizes(), a.ttBits, step)
	case rowGrain:
		bound := a.depth
		if bound == 0 {
			bound = 30 // the tree's own depth, not known here
		}
		a.grain = min(max(a.grain+step, autoValue), bound)
	case rowDepth:
		a.depth = min(max(a.depth+step, 0), 30) // 0: a tree's own depth
	case rowTime:
		a.timeLimit = cycle(timeLimits(), a.timeLimit, step)
	case rowSeed:
		a.seed = uint64(max(int64(a.seed)+int64(step), 1))
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
	check := func(on bool) string {
		if on {
			return st.on.Render("[x]")
		}
		return st.off.Render("[ ]")
	}
	only := func(name, s string) string {
		if a.takesKnob(name) {
			return s
		}
		k, _ := lab.FindKnob(name)
		return s + st.dim.Render(" ("+strings.Join(k.Takers(), ", ")+")")
	}
	variant := func(i int) string {
		s := check(a.variantOn[i]) + " " + algos.Variants()[i].Label
		if a.takes(i) {
			return s
		}
		return s + st.dim.Render(" ("+strings.Join(takers(i), ", ")+")")
	}
	tt := "off"
	switch {
	case a.ttBits == autoValue:
		tt = "auto"
	case a.ttBits > 0:
		tt = fmt.Sprintf("2^%d entries", a.ttBits)
	}
	grain := "auto"
	if a.grain != autoValue {
		grain = strconv.Itoa(a.grain)
	}
	levels := check(a.levels)
	if !a.levelsSet {
		levels = st.off.Render("[a]")
	}
	limit := "none"
	if a.timeLimit > 0 {
		limit = a.timeLimit.String()
	}
	rows := make([]string, a.numAlgoRows())
	for i, p := range a.paramRows() {
		v := a.params[p.Name]
		if v == "" {
			v = "auto"
		}
		rows[rowExtra+len(extraKnobs())+i] = fmt.Sprintf("%-11s ◀ %s ▶", p.Name, v)
	}
	for i, k := range extraKnobs() {
		v := a.extra[k.Name]
		if v == "" {
			v = "auto"
		}
		rows[rowExtra+i] = only(k.Name, fmt.Sprintf("%-11s ◀ %s ▶", k.TUI, v))
	}
	for i := range numVariants {
		rows[1+i] = variant(i)
	}
	for i, r := range map[int]string{
		rowAlgo:      "algorithm   ◀ " + a.algo + " ▶",
		rowLevels:    levels + " steal ordering by levels",
		rowLevelWait: check(a.levelWait) + " level waiting",
		rowTT:        only("tt", "table       ◀ "+tt+" ▶"),
		rowGrain:     only("grain", "grain depth ◀ "+grain+" ▶"),
		rowDepth:     depthLabel(a.depth),
		rowTime:      "time limit  ◀ " + limit + " ▶",
		rowSeed:      fmt.Sprintf("seed        ◀ %d ▶", a.seed),
	} {
		rows[i] = r
	}
	var b strings.Builder
	b.WriteString(st.heading.Render("Algorithm") + "\n\n")
	for i, r := range rows {
		mark := "  "
		if i == a.cursor {
			mark = st.cursor.Render("▸ ")
		}
		b.WriteString(mark + r + "\n")
	}
	v := a.variants()
	if row, _ := algos.Lookup(a.algo); !a.variantsSet && slices.Contains(row.Variants, algos.VariantRestart) {
		v = "auto (restart on chess, checkers)"
	}
	b.WriteString("\n" + st.dim.Render("variants: "+v))
	b.WriteString("\n" + st.dim.Render("auto, [a]: as search chooses"))
	return truncateLines(b.String(), w)
}

// takers are the algorithms that take variant i.
func takers(i int) []string {
	var out []string
	for _, a := range algos.Table() {
		if slices.Contains(a.Variants, algos.Variants()[i].Name) {
			out = append(out, a.Name)
		}
	}
	return out
}

// depthLabel is the depth row: 0 is a synthetic tree's own depth (a chess
// or checkers position then needs one: the search says so).
func depthLabel(d int) string {
	if d == 0 {
		return "depth       ◀ tree's own ▶"
	}
	return fmt.Sprintf("depth       ◀ %d ▶", d)
}
