package tui

import (
	"fmt"
	"splitpoint/sched"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// machine pane rows
const (
	rowMachine = iota
	rowWorkers
	rowSimP
	rowSteal
	rowMigrate
	rowAbort
	rowTTRemote
	rowServer
	numMachineRows
)

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
// the simulated machine with a list of P (a sweep) and its costs, or a
// cluster: the same simulated runs published as a sweep over NATS to
// "splitpoint worker" processes on any machines.
type machineModel struct {
	cursor   int
	kind     int // machPool, machSim or machCluster
	workers  int
	maxProcs int    // GOMAXPROCS: more workers oversubscribe the cores
	simP     string // one of simPs
	// costs of the simulator, in units of a node (node = 1)
	steal, migrate, abort, ttRemote int64
	session                         map[string]bool

	// the cluster: the NATS server's URL ("embedded": a server started
	// here; "": none given), typed after / or cycled with ←/→
	nats     string
	editing  bool
	input    textinput.Model
	embedded string // what workers give after --nats to reach the embedded server (its URL and key file), once started
	err      string // why the last cluster run could not run
}

// simPs are the simulated machines offered: one P, or a sweep.
func simPs() []string {
	return []string{"1", "2", "4", "8", "16", "32", "64", "inf", "1,2,4,8", "1,2,4,8,16", "1,2,4,8,16,32,64"}
}

// costSteps are the values offered for a cost.
func costSteps() []int64 { return []int64{0, 1, 2, 5, 10, 20, 50, 100} }

func newMachineModel(settings map[string]string, maxProcs int) machineModel {
	in := textinput.New()
	in.Placeholder = "nats://HOST:4222 or embedded"
	in.Prompt = "server: "
	mc := machineModel{workers: min(2, maxProcs), maxProcs: maxProcs, simP: "4", session: map[string]bool{}, input: in}
	for k := range settings {
		mc.session[k] = true
	}
	if v := settings["workers"]; v != "" {
		if n, err := strconv.Atoi(strings.Split(v, ",")[0]); err == nil && n > 0 {
			mc.workers = n
		}
	}
	if v := settings["sim"]; v != "" {
		mc.kind = machSim
		mc.simP = v
	}
	if c, err := sched.ParseCosts(settings["costs"]); err == nil {
		mc.steal, mc.migrate, mc.abort, mc.ttRemote = c.Steal, c.Migrate, c.Abort, c.TTRemote
	}
	if v := settings["nats"]; v != "none" {
		mc.nats = v
	}
	return mc
}

// simulated reports whether the runs are simulated (here or on workers).
func (mc machineModel) simulated() bool { return mc.kind != machPool }

// procList is the P of each search of a run.
func (mc machineModel) procList() []string {
	if !mc.simulated() {
		return []string{strconv.Itoa(mc.workers)}
	}
	return strings.Split(mc.simP, ",")
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

// costs is the --costs value (empty when every cost the pane sets is 0),
// written by sched.CostModel.String.
func (mc machineModel) costs() string {
	c := sched.DefaultCosts()
	c.Steal, c.Migrate, c.Abort, c.TTRemote = mc.steal, mc.migrate, mc.abort, mc.ttRemote
	return c.String()
}

// flags are the machine flags of one search on p (of the sweep on the
// cluster: p is the whole P list).
func (mc machineModel) flags(p string) []string {
	if !mc.simulated() {
		// an empty --costs overrides a session's (the pool has none)
		return append([]string{"--workers=" + p}, flagIf(mc.session["costs"], "costs", "")...)
	}
	f := []string{"--sim=" + p}
	c := mc.costs()
	return append(f, flagIf(c != "" || mc.session["costs"], "costs", c)...)
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
	if mc.editing {
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
	switch {
	case key.Matches(msg, k.Up):
		mc.cursor = (mc.cursor + numMachineRows - 1) % numMachineRows
	case key.Matches(msg, k.Down):
		mc.cursor = (mc.cursor + 1) % numMachineRows
	case key.Matches(msg, k.Left):
		mc = mc.change(-1)
	case key.Matches(msg, k.Right), key.Matches(msg, k.Toggle):
		mc = mc.change(+1)
	case key.Matches(msg, k.TypeURL):
		mc.cursor, mc.editing = rowServer, true
		mc.input.SetValue(mc.nats)
		return mc, mc.input.Focus()
	}
	return mc, nil
}

func (mc machineModel) change(d int) machineModel {
	switch mc.cursor {
	case rowMachine:
		mc.kind = ((mc.kind+d)%numMachines + numMachines) % numMachines
	case rowWorkers:
		mc.workers = min(max(mc.workers+d, 1), 4*mc.maxProcs)
	case rowSimP:
		mc.simP = cycle(simPs(), mc.simP, d)
	case rowSteal:
		mc.steal = cycle(costSteps(), mc.steal, d)
	case rowMigrate:
		mc.migrate = cycle(costSteps(), mc.migrate, d)
	case rowAbort:
		mc.abort = cycle(costSteps(), mc.abort, d)
	case rowTTRemote:
		mc.ttRemote = cycle(costSteps(), mc.ttRemote, d)
	case rowServer:
		mc.nats, mc.err = cycle(mc.natsChoices(), mc.nats, d), ""
	}
	return mc
}

// view

func (mc machineModel) view(w int, st styles) string {
	machine := [numMachines]string{machPool: "goroutine pool", machSim: "simulated machine", machCluster: "cluster (NATS)"}[mc.kind]
	dimIf := func(on bool, s string) string {
		if on {
			return st.dim.Render(s)
		}
		return s
	}
	pool := func(s string) string { return dimIf(mc.simulated(), s) }
	sim := func(s string) string { return dimIf(!mc.simulated(), s) }
	server := mc.nats
	if server == "" {
		server = "none"
	}
	rows := [numMachineRows]string{
		rowMachine:  "machine  ◀ " + machine + " ▶",
		rowWorkers:  pool(fmt.Sprintf("workers  ◀ %d ▶  of %d", mc.workers, mc.maxProcs)),
		rowSimP:     sim("P        ◀ " + mc.simP + " ▶"),
		rowSteal:    sim(fmt.Sprintf("steal    ◀ %d ▶", mc.steal)),
		rowMigrate:  sim(fmt.Sprintf("migrate  ◀ %d ▶", mc.migrate)),
		rowAbort:    sim(fmt.Sprintf("abort    ◀ %d ▶", mc.abort)),
		rowTTRemote: sim(fmt.Sprintf("tt_remote◀ %d ▶", mc.ttRemote)),
		rowServer:   dimIf(mc.kind != machCluster, "server   ◀ "+server+" ▶"),
	}
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
	b.WriteString("\n")
	if mc.kind == machPool && mc.workers > mc.maxProcs {
		b.WriteString(st.warn.Render(fmt.Sprintf("oversubscribed: %d workers on GOMAXPROCS=%d;\nwall times are not those of %d processors", mc.workers, mc.maxProcs, mc.workers)) + "\n")
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
			b.WriteString(st.warn.Render("no NATS server: / types its URL (or set nats URL in the REPL)") + "\n")
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
	return truncateLines(b.String(), w)
}
