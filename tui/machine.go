package tui

import (
	"fmt"
	"splitpoint/sched"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
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
	numMachineRows
)

// model

// machineModel is the machine pane: the goroutine pool and its workers, or
// the simulated machine with a list of P (a sweep) and its costs.
type machineModel struct {
	cursor   int
	sim      bool
	workers  int
	maxProcs int    // GOMAXPROCS: more workers oversubscribe the cores
	simP     string // one of simPs
	// costs of the simulator, in units of a node (node = 1)
	steal, migrate, abort, ttRemote int64
	session                         map[string]bool
}

// simPs are the simulated machines offered: one P, or a sweep.
func simPs() []string {
	return []string{"1", "2", "4", "8", "16", "32", "64", "inf", "1,2,4,8", "1,2,4,8,16", "1,2,4,8,16,32,64"}
}

// costSteps are the values offered for a cost.
func costSteps() []int64 { return []int64{0, 1, 2, 5, 10, 20, 50, 100} }

func newMachineModel(settings map[string]string, maxProcs int) machineModel {
	mc := machineModel{workers: min(2, maxProcs), maxProcs: maxProcs, simP: "4", session: map[string]bool{}}
	for k := range settings {
		mc.session[k] = true
	}
	if v := settings["workers"]; v != "" {
		if n, err := strconv.Atoi(strings.Split(v, ",")[0]); err == nil && n > 0 {
			mc.workers = n
		}
	}
	if v := settings["sim"]; v != "" {
		mc.sim = true
		mc.simP = v
	}
	if c, err := sched.ParseCosts(settings["costs"]); err == nil {
		mc.steal, mc.migrate, mc.abort, mc.ttRemote = c.Steal, c.Migrate, c.Abort, c.TTRemote
	}
	return mc
}

// procList is the P of each search of a run.
func (mc machineModel) procList() []string {
	if !mc.sim {
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

// flags are the machine flags of one search on p.
func (mc machineModel) flags(p string) []string {
	if !mc.sim {
		// an empty --costs overrides a session's (the pool has none)
		return append([]string{"--workers=" + p}, flagIf(mc.session["costs"], "costs", "")...)
	}
	f := []string{"--sim=" + p}
	c := mc.costs()
	return append(f, flagIf(c != "" || mc.session["costs"], "costs", c)...)
}

// update

func (mc machineModel) updateKey(msg tea.KeyMsg, k keyMap) machineModel {
	switch {
	case key.Matches(msg, k.Up):
		mc.cursor = (mc.cursor + numMachineRows - 1) % numMachineRows
	case key.Matches(msg, k.Down):
		mc.cursor = (mc.cursor + 1) % numMachineRows
	case key.Matches(msg, k.Left):
		mc = mc.change(-1)
	case key.Matches(msg, k.Right), key.Matches(msg, k.Toggle):
		mc = mc.change(+1)
	}
	return mc
}

func (mc machineModel) change(d int) machineModel {
	switch mc.cursor {
	case rowMachine:
		mc.sim = !mc.sim
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
	}
	return mc
}

// view

func (mc machineModel) view(w int, st styles) string {
	machine := "goroutine pool"
	if mc.sim {
		machine = "simulated machine"
	}
	pool := func(s string) string {
		if mc.sim {
			return st.dim.Render(s)
		}
		return s
	}
	sim := func(s string) string {
		if !mc.sim {
			return st.dim.Render(s)
		}
		return s
	}
	rows := [numMachineRows]string{
		rowMachine:  "machine  ◀ " + machine + " ▶",
		rowWorkers:  pool(fmt.Sprintf("workers  ◀ %d ▶  of %d", mc.workers, mc.maxProcs)),
		rowSimP:     sim("P        ◀ " + mc.simP + " ▶"),
		rowSteal:    sim(fmt.Sprintf("steal    ◀ %d ▶", mc.steal)),
		rowMigrate:  sim(fmt.Sprintf("migrate  ◀ %d ▶", mc.migrate)),
		rowAbort:    sim(fmt.Sprintf("abort    ◀ %d ▶", mc.abort)),
		rowTTRemote: sim(fmt.Sprintf("tt_remote◀ %d ▶", mc.ttRemote)),
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
	b.WriteString("\n")
	if !mc.sim && mc.workers > mc.maxProcs {
		b.WriteString(st.warn.Render(fmt.Sprintf("oversubscribed: %d workers on GOMAXPROCS=%d;\nwall times are not those of %d processors", mc.workers, mc.maxProcs, mc.workers)) + "\n")
	}
	if mc.sim {
		if n := len(mc.procList()); n > 1 {
			b.WriteString(fmt.Sprintf("a sweep: %d searches, one per P\n", n))
		}
		b.WriteString(st.dim.Render("costs in node units (node = 1)"))
	} else {
		b.WriteString(st.dim.Render("wall time on this computer's cores"))
	}
	return truncateLines(b.String(), w)
}
