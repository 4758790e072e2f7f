package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"splitpoint/algos"
	"splitpoint/lab"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// machine pane rows: the machine, its workers or P (the machine rows
// that choose the machine), then one row per other knob the pane is
// given (machineKnobs), then the cluster's server.
const (
	rowMachine = iota
	rowWorkers
	rowSimP
	rowMachineKnobs
)

// costsKnob is the knob of the simulator's costs, which the pool has not.
const costsKnob = "costs"

// The machine rows that choose the machine (lab.Knob.On): the pool's
// workers and the simulator's P.
const (
	workersKnob = "workers"
	simKnob     = "sim"
)

// machineKnobs are the machine pane's rows by default: the knob table's
// machine rows (lab.Knob.Machine): the pool's workers and the
// simulator's P (the rows that choose the machine, lab.Knob.On), steal
// ordering by levels, level waiting (*Socrates §4.3–4.4), the
// simulator's cost model and the memory budget.
func machineKnobs() []lab.Knob { return machineKnobsOf(lab.DefaultTables()) }

// machineRow is the pane's row of the machine row k that chooses the
// machine: a value the row's parser takes must also name a machine of
// the row (k.On), each of a list when list (the simulator's P: a list is
// a sweep, one search per P). Its choices are the row's, then, when
// list, the sweeps of them (sweeps).
func machineRow(k lab.Knob, list bool) row {
	check := k.Check
	k.Check = func(v string) (string, error) {
		if check != nil {
			var err error
			if v, err = check(v); err != nil {
				return v, err
			}
		}
		items := []string{v}
		if list {
			items = strings.Split(v, ",")
		}
		for i, it := range items {
			items[i] = strings.TrimSpace(it)
			if _, err := k.On(items[i]); err != nil {
				return v, err
			}
		}
		return strings.Join(items, ","), nil
	}
	if list {
		k.Choices = append(slices.Clone(k.TUIChoices()), sweeps(k)...)
		k.Values = nil
	}
	return row{k: k}
}

// sweeps are the lists of P ←/→ offer after the row's own choices: its
// finite choices from the least, three or more of them.
func sweeps(k lab.Knob) []string {
	var ps []string
	for _, c := range k.TUIChoices() {
		if m, err := k.On(c); err == nil && !m.Infinite() {
			ps = append(ps, c)
		}
	}
	var out []string
	for n := 3; n <= len(ps); n++ {
		out = append(out, strings.Join(ps[:n], ","))
	}
	return out
}

// machineRows splits the pane's knobs into the rows of the pool's
// workers and the simulator's P (the knob table's when knobs has none)
// and the others.
func machineRows(knobs []lab.Knob) (workers, simP row, others []lab.Knob) {
	find := func(name string) lab.Knob {
		for _, k := range append(slices.Clone(knobs), lab.MachineKnobs()...) {
			if k.Name == name && k.On != nil {
				return k
			}
		}
		panic("tui: no machine row " + name)
	}
	for _, k := range knobs {
		if k.On == nil {
			others = append(others, k)
		}
	}
	return machineRow(find(workersKnob), false), machineRow(find(simKnob), true), others
}

// the machines a run goes to
const (
	machPool    = iota // the goroutine pool, here
	machSim            // the simulated machine, here
	machCluster        // the simulated machine on workers, through NATS
	numMachines
)

// DefaultNATSPort is the port of the embedded NATS server the UI starts
// (any free port when it is taken), as sweep --nats embedded.
const DefaultNATSPort = 4222

// model

// machineModel is the machine pane: the goroutine pool and its workers,
// the simulated machine with a list of P (a sweep), or a cluster: the
// same simulated runs published as a sweep over NATS to "splitpoint
// worker" processes on any machines; then a row per knob of a machine's
// settings it is given (the knob table's rows: levels, level waiting,
// the simulator's costs, the memory budget).
type machineModel struct {
	cursor   int
	kind     int // machPool, machSim or machCluster
	maxProcs int // GOMAXPROCS: more workers oversubscribe the cores
	// workers and simP are the rows of the pool's workers and the
	// simulator's P (machineRow), always given in set
	workers, simP row
	knobs         []row // the other knob rows, in the order given
	set           settings
	// algs is the algorithm table whose takers a dimmed row names (the
	// zero table: the default).
	algs algos.AlgoTable

	// the cluster: the NATS server's URL ("embedded": a server started
	// here; "": none given), typed after / or cycled with ←/→
	nats     string
	editing  bool
	input    textinput.Model
	embedded string // what workers give after --nats to reach the embedded server (its URL and key file), once started
	err      string // why the last cluster run could not run
}

// newMachineModel starts from the session's settings where it has them,
// with the workers and P rows of the machine rows of knobs and a row per
// other knob of knobs.
func newMachineModel(settings map[string]string, maxProcs int, knobs []lab.Knob) machineModel {
	in := textinput.New()
	in.Placeholder = "nats://HOST:4222 or embedded"
	in.Prompt = "server: "
	workers, simP, others := machineRows(knobs)
	mc := machineModel{maxProcs: maxProcs, workers: workers, simP: simP, input: in, knobs: rowsOf(others)}
	mc.set = newSettings(settings, append([]row{workers, simP}, mc.knobs...))
	if _, ok := mc.set.get(simP); ok {
		mc.kind = machSim
	}
	mc = mc.given()
	if v := settings["nats"]; v != "none" {
		mc.nats = v
	}
	return mc
}

// given gives the workers and P rows their defaults where they have no
// value: two workers (one on one core) and P = 4.
func (mc machineModel) given() machineModel {
	for _, d := range []struct {
		r row
		v string
	}{{mc.workers, strconv.Itoa(min(2, mc.maxProcs))}, {mc.simP, "4"}} {
		if _, ok := mc.set.get(d.r); !ok {
			err := mc.set.err
			mc.set = mc.set.set(d.r, d.v)
			mc.set.err = err
		}
	}
	return mc
}

// workerCount is the pool's workers.
func (mc machineModel) workerCount() int {
	v, _ := mc.set.get(mc.workers)
	n, _ := strconv.Atoi(v)
	return n
}

// pList is the simulator's P, or a list of them (a sweep).
func (mc machineModel) pList() string {
	v, _ := mc.set.get(mc.simP)
	return v
}

// typing reports whether a value or the server's URL is being typed.
func (mc machineModel) typing() bool { return mc.editing || mc.set.editing != "" }

// simulated reports whether the runs are simulated (here or on workers).
func (mc machineModel) simulated() bool { return mc.kind != machPool }

// procList is the P of each search of a run.
func (mc machineModel) procList() []string {
	if !mc.simulated() {
		return []string{strconv.Itoa(mc.workerCount())}
	}
	return strings.Split(mc.pList(), ",")
}

// procCount is the largest P of a run (0 for inf), for the run view's bars.
func (mc machineModel) procCount() int {
	n := 0
	for _, p := range mc.procList() {
		v, _ := strconv.Atoi(p)
		n = max(n, v)
	}
	return n
}

// rowServer is the row of the cluster's NATS server, the last.
func (mc machineModel) rowServer() int { return rowMachineKnobs + len(mc.knobs) }

// numMachineRows is the number of rows of the pane.
func (mc machineModel) numMachineRows() int { return mc.rowServer() + 1 }

// current is the knob row under the cursor (the workers and P rows are
// knob rows), if it is one.
func (mc machineModel) current() (row, bool) {
	switch i := mc.cursor - rowMachineKnobs; {
	case mc.cursor == rowWorkers:
		return mc.workers, true
	case mc.cursor == rowSimP:
		return mc.simP, true
	case i >= 0 && i < len(mc.knobs):
		return mc.knobs[i], true
	}
	return row{}, false
}

// applies reports whether the row applies to the pane's machine and
// algorithm a: the pool has no costs.
func (mc machineModel) applies(r row, a algos.Algorithm) bool { return mc.off(r, a) == "" }

// off is "" when the row applies to the pane's machine and algorithm a,
// else where it does: the simulated machine, or the algorithms that take
// it.
func (mc machineModel) off(r row, a algos.Algorithm) string {
	if !mc.simulated() && r.k.Name == costsKnob {
		return "simulated machine"
	}
	return r.notTakenIn(a, mc.algs)
}

// flags are the machine flags of one search of algorithm a on p (of the
// sweep on the cluster: p is the whole P list).
func (mc machineModel) flags(p string, a algos.Algorithm) []string {
	f := []string{"--" + mc.simP.k.Name + "=" + p}
	if !mc.simulated() {
		f = []string{"--" + mc.workers.k.Name + "=" + p}
		if _, ok := mc.set.session[costsKnob]; ok {
			f = append(f, "--"+costsKnob+"=") // an empty --costs overrides a session's (the pool has none)
		}
	}
	return append(f, mc.set.flags(mc.knobs, func(r row) bool { return mc.applies(r, a) })...)
}

// natsChoices are the servers ←/→ cycle through: the session's, an
// embedded one, a local one, and the one typed.
func (mc machineModel) natsChoices() []string {
	var out []string
	for _, c := range []string{mc.nats, "embedded", fmt.Sprintf("nats://127.0.0.1:%d", DefaultNATSPort)} {
		if c != "" && !strings.Contains(strings.Join(out, " "), c) {
			out = append(out, c)
		}
	}
	return out
}

// update

func (mc machineModel) updateKey(msg tea.KeyMsg, k keyMap) (machineModel, tea.Cmd) {
	if mc.set.editing != "" {
		r, _ := mc.current()
		var cmd tea.Cmd
		mc.set, cmd = mc.set.updateEdit(msg, k, r)
		return mc.given(), cmd // empty: the workers' or P's default
	}
	if mc.editing {
		return mc.updateURL(msg, k)
	}
	n := mc.numMachineRows()
	switch {
	case key.Matches(msg, k.Up):
		mc.cursor = (mc.cursor + n - 1) % n
	case key.Matches(msg, k.Down):
		mc.cursor = (mc.cursor + 1) % n
	case key.Matches(msg, k.Left):
		mc = mc.change(-1)
	case key.Matches(msg, k.Right), key.Matches(msg, k.Toggle):
		mc = mc.change(+1)
	case key.Matches(msg, k.TypeURL):
		if r, ok := mc.current(); ok { // / on a knob row types its value
			var cmd tea.Cmd
			mc.set, cmd = mc.set.startEdit(r)
			return mc, cmd
		}
		mc.cursor, mc.editing = mc.rowServer(), true
		mc.input.SetValue(mc.nats)
		return mc, mc.input.Focus()
	}
	return mc, nil
}

// updateURL takes a key while the server's URL is typed.
func (mc machineModel) updateURL(msg tea.KeyMsg, k keyMap) (machineModel, tea.Cmd) {
	switch {
	case key.Matches(msg, k.Esc):
		mc.editing = false
		mc.input.Blur()
		return mc, nil
	case key.Matches(msg, k.Enter):
		mc.editing = false
		mc.input.Blur()
		if v := strings.TrimSpace(mc.input.Value()); v != "" {
			mc.nats, mc.err = v, ""
		}
		mc.input.SetValue("")
		return mc, nil
	}
	var cmd tea.Cmd
	mc.input, cmd = mc.input.Update(msg)
	return mc, cmd
}

func (mc machineModel) change(d int) machineModel {
	if mc.cursor == rowWorkers || mc.cursor == rowSimP {
		return mc.stepMachine(d)
	}
	if r, ok := mc.current(); ok {
		mc.set = mc.set.step(r, d)
		return mc
	}
	switch mc.cursor {
	case rowMachine:
		mc.kind = ((mc.kind+d)%numMachines + numMachines) % numMachines
	case mc.rowServer():
		mc.nats, mc.err = cycle(mc.natsChoices(), mc.nats, d), ""
	}
	return mc
}

// stepMachine moves the workers or P under the cursor d steps through
// the row's choices (the workers: by whole numbers past them), never to
// auto: the pane's machine has a size; a step to a value the row refuses
// (no machine) is not taken.
func (mc machineModel) stepMachine(d int) machineModel {
	r, _ := mc.current()
	cur, _ := mc.set.get(r)
	v := r.next(cur, d)
	if v == "" && !r.numeric() {
		v = r.next(v, d) // the cycle goes on past auto
	}
	if set := mc.set.set(r, v); v != "" && set.err == "" {
		mc.set = set
	}
	return mc
}

// view

// view draws the pane for algorithm a (whose knobs the rows follow).
func (mc machineModel) view(w int, a algos.Algorithm, st styles) string {
	machine := [numMachines]string{machPool: "goroutine pool", machSim: "simulated machine", machCluster: "cluster (NATS)"}[mc.kind]
	dimIf := func(on bool, s string) string {
		if on {
			return st.dim.Render(s)
		}
		return s
	}
	server := mc.nats
	if server == "" {
		server = "none"
	}
	lw := max(labelWidth(append([]row{mc.workers, mc.simP}, mc.knobs...)), len("machine "))
	rows := []string{
		padRight("machine", lw) + " ◀ " + machine + " ▶",
		dimIf(mc.simulated(), mc.set.line(mc.workers, lw, "", st)+fmt.Sprintf("  of %d", mc.maxProcs)),
		dimIf(!mc.simulated(), mc.set.line(mc.simP, lw, "", st)),
	}
	for _, r := range mc.knobs {
		rows = append(rows, mc.set.line(r, lw, mc.off(r, a), st))
	}
	rows = append(rows, dimIf(mc.kind != machCluster, padRight("server", lw)+" ◀ "+server+" ▶"))
	return truncateLines(mc.viewRows(rows, w, st), w) + paneFoot(mc.set, mc.current, w, st)
}

// viewRows draws the pane's rows and what the machine runs.
func (mc machineModel) viewRows(rows []string, w int, st styles) string {
	var b strings.Builder
	b.WriteString(st.heading.Render("Machine") + "\n\n")
	for i, r := range rows {
		mark := "  "
		if i == mc.cursor {
			mark = st.cursor.Render("▸ ")
		}
		b.WriteString(mark + r + "\n")
	}
	if mc.editing {
		b.WriteString("\n" + mc.input.View() + "\n")
	}
	if mc.set.editing != "" {
		b.WriteString("\n" + mc.set.input.View() + "\n")
	}
	b.WriteString("\n")
	if n := mc.workerCount(); mc.kind == machPool && n > mc.maxProcs {
		b.WriteString(st.warn.Render(fmt.Sprintf("oversubscribed: %d workers on GOMAXPROCS=%d;\nwall times are not those of %d processors", n, mc.maxProcs, n)) + "\n")
	}
	switch mc.kind {
	case machSim:
		if n := len(mc.procList()); n > 1 {
			b.WriteString(fmt.Sprintf("a sweep: %d searches, one per P\n", n))
		}
		b.WriteString(st.dim.Render("costs in node units (node = 1)"))
	case machCluster:
		b.WriteString(fmt.Sprintf("a sweep over NATS: %d jobs\n", 1+len(mc.procList())))
		b.WriteString(st.dim.Render("the serial baseline, then one per P") + "\n")
		switch {
		case mc.nats == "":
			b.WriteString(st.warn.Render(ansi.Wrap("no NATS server: / on the server row types its URL (or set nats URL in the REPL)", max(w, 10), "")) + "\n")
		case mc.nats == "embedded" && mc.embedded != "":
			b.WriteString("on each worker machine run:\n" + ansi.Wrap("splitpoint worker --nats "+mc.embedded, max(w, 10), "") + "\n")
		case mc.nats == "embedded":
			b.WriteString(st.dim.Render(fmt.Sprintf("r starts a NATS server here (port %d) and shows the worker command", DefaultNATSPort)) + "\n")
		default:
			b.WriteString("on each worker machine run:\n" + ansi.Wrap("splitpoint worker --nats "+mc.nats, max(w, 10), "") + "\n")
		}
		if mc.err != "" { // wrapped, not cut: it says what to do
			b.WriteString(st.warn.Render(ansi.Wrap("error: "+mc.err, max(w, 10), "")) + "\n")
		}
		b.WriteString(st.dim.Render("costs in node units (node = 1)"))
	default:
		b.WriteString(st.dim.Render("wall time on this computer's cores"))
	}
	return b.String()
}
