package tui

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/linechart"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"splitpoint/fits"
	"splitpoint/lab"
	"splitpoint/metrics"
	"splitpoint/results"
	"splitpoint/workbench"
)

// messages

// dbRunsMsg is the runs read from the session's results database.
type dbRunsMsg struct {
	runs  []results.Run
	bases map[int64]results.Run // baselines by id, for the efficiency
	err   error
}

// model

// resultRow is one run in the table: from the database or started here.
type resultRow struct {
	from             string // "db" or "tui"
	n                int    // the database id, or the UI's run number
	position, algo   string
	machine, procs   string
	p                float64 // +Inf for the infinite machine
	work, span, time int64
	unit             string
	steals, aborts   int64
	efficiency       float64
	parallel         bool
}

// resultColumns are the table's columns; sortKeys compare rows by each.
func resultColumns() []string {
	return []string{"#", "from", "position", "algorithm", "mach", "P", "W", "C", "T_P", "steals", "T_S/W"}
}

func sortKey(r resultRow, col int) any {
	switch col {
	case 0:
		return r.n
	case 1:
		return r.from
	case 2:
		return r.position
	case 3:
		return r.algo
	case 4:
		return r.machine
	case 5:
		return r.p
	case 6:
		return r.work
	case 7:
		return r.span
	case 8:
		return r.time
	case 9:
		return r.steals
	}
	return r.efficiency
}

// resultsModel is the results view: the session's runs (its database and
// the searches run here) as a sortable table, and the fit of
// T_P = c1·W/P + c∞·C + c0 to the parallel runs of the selected row's
// algorithm and machine, with predicted against measured as a chart.
type resultsModel struct {
	db string
	// opened is when the UI opened: the searches it runs are recorded in
	// the database (sweep workbench.SearchesSweep) and listed as its own
	// rows, so the database's copies of them are left out.
	opened     time.Time
	dbRows     []resultRow
	dbNote     string
	tuiRows    []resultRow
	sortCol    int
	desc       bool
	table      table.Model
	rows       []resultRow // in table order
	reportPath string
	reportBusy bool
}

func newResultsModel(db string) resultsModel {
	var cols []table.Column
	widths := []int{4, 4, 26, 28, 5, 4, 9, 7, 12, 7, 6}
	for i, c := range resultColumns() {
		cols = append(cols, table.Column{Title: c, Width: widths[i]})
	}
	t := table.New(table.WithColumns(cols), table.WithHeight(8), table.WithFocused(true))
	s := table.DefaultStyles()
	s.Selected = s.Selected.Bold(true).Foreground(lipgloss.Color("39"))
	t.SetStyles(s)
	return resultsModel{db: db, table: t, opened: time.Now()}
}

// rowOf makes a table row of a finished search of the UI.
func rowOf(n int, r *lab.ParallelReport) resultRow {
	s := r.Stats
	algo := r.Algo
	if v := r.Options.VariantLabel(); v != "" {
		algo += "+" + v
	}
	eff := r.Efficiency
	procs, p := s.PLabel(), float64(s.P)
	if s.Infinite() {
		p = math.Inf(1)
	}
	pos := r.Position
	if r.ID != "" {
		pos = r.ID
	}
	return resultRow{from: "tui", n: n, position: pos, algo: algo, machine: s.Kind, procs: procs, p: p,
		work: s.Work, span: s.Span, time: s.Time, unit: s.TimeUnit, steals: s.Steals, aborts: s.Aborts,
		efficiency: eff, parallel: true}
}

// dbRow makes a table row of a stored run.
func dbRow(r results.Run, bases map[int64]results.Run) resultRow {
	eff := 0.0
	if r.BaselineID != nil {
		if base, ok := bases[*r.BaselineID]; ok {
			if e := results.Derive(&r, &base).Efficiency; !math.IsNaN(e) {
				eff = e
			}
		}
	}
	return resultRow{from: "db", n: int(r.ID), position: r.PositionID, algo: r.AlgoLabel(), machine: r.Machine,
		procs: r.ProcsLabel(), p: r.Procs(), work: r.Work, span: r.Span, time: r.Time, unit: r.TimeUnit,
		steals: r.Steals, aborts: r.Aborts, efficiency: eff, parallel: r.Role == results.RoleParallel}
}

// update

func (r resultsModel) update(msg dbRunsMsg) resultsModel {
	r.dbRows, r.dbNote = nil, ""
	switch {
	case errors.Is(msg.err, results.ErrNoDB):
		r.dbNote = "no results database in this session yet (sweep writes one)"
	case msg.err != nil:
		r.dbNote = "results database: " + firstLine(msg.err.Error())
	}
	for _, run := range msg.runs {
		if run.Sweep == lab.BaselineSweep {
			continue // the serial baselines cached for searches (listed with them as eff)
		}
		if run.Sweep == workbench.SearchesSweep {
			if t, err := time.Parse(time.RFC3339Nano, run.Created); err == nil && !t.Before(r.opened) {
				continue
			}
		}
		r.dbRows = append(r.dbRows, dbRow(run, msg.bases))
	}
	return r.sorted()
}

// add records a search the UI ran.
func (r resultsModel) add(rep *lab.ParallelReport) resultsModel {
	r.tuiRows = append(r.tuiRows, rowOf(len(r.tuiRows)+1, rep))
	r = r.sorted()
	r.table.SetCursor(slices.IndexFunc(r.rows, func(x resultRow) bool { return x.from == "tui" && x.n == len(r.tuiRows) }))
	return r
}

func (r resultsModel) updateKey(msg tea.KeyMsg, k keyMap) resultsModel {
	switch {
	case key.Matches(msg, k.Sort):
		r.sortCol = (r.sortCol + 1) % len(resultColumns())
		return r.sorted()
	case key.Matches(msg, k.Reverse):
		r.desc = !r.desc
		return r.sorted()
	case key.Matches(msg, k.Up):
		r.table.MoveUp(1)
	case key.Matches(msg, k.Down):
		r.table.MoveDown(1)
	}
	return r
}

// sorted puts every row in the table, in the chosen order.
func (r resultsModel) sorted() resultsModel {
	rows := append(append([]resultRow{}, r.dbRows...), r.tuiRows...)
	slices.SortStableFunc(rows, func(a, b resultRow) int {
		c := compareAny(sortKey(a, r.sortCol), sortKey(b, r.sortCol))
		if r.desc {
			return -c
		}
		return c
	})
	r.rows = rows
	trs := make([]table.Row, len(rows))
	for i, x := range rows {
		trs[i] = table.Row{strconv.Itoa(x.n), x.from, x.position, x.algo, x.machine, x.procs,
			strconv.FormatInt(x.work, 10), strconv.FormatInt(x.span, 10), metrics.FormatTime(x.time, x.unit),
			strconv.FormatInt(x.steals, 10), fmt.Sprintf("%.3f", x.efficiency)}
	}
	cols := r.table.Columns()
	for i := range cols {
		cols[i].Title = strings.TrimRight(cols[i].Title, " ▲▼")
		if i == r.sortCol {
			cols[i].Title += map[bool]string{false: " ▲", true: " ▼"}[r.desc]
		}
	}
	r.table.SetColumns(cols)
	r.table.SetRows(trs)
	if r.table.Cursor() >= len(trs) || r.table.Cursor() < 0 {
		r.table.SetCursor(max(len(trs)-1, 0))
	}
	return r
}

func compareAny(a, b any) int {
	switch a := a.(type) {
	case int:
		return cmp.Compare(a, b.(int))
	case int64:
		return cmp.Compare(a, b.(int64))
	case float64:
		return cmp.Compare(a, b.(float64))
	case string:
		return cmp.Compare(a, b.(string))
	}
	return 0
}

// fitGroup is the parallel runs of the selected row's algorithm and
// machine (or, with nothing selected, of the last row's).
func (r resultsModel) fitGroup() (algo, machine, unit string, obs []fits.Obs) {
	if len(r.rows) == 0 {
		return "", "", "", nil
	}
	sel := r.rows[min(max(r.table.Cursor(), 0), len(r.rows)-1)]
	for _, x := range r.rows {
		if !x.parallel || x.algo != sel.algo || x.machine != sel.machine || x.time <= 0 {
			continue
		}
		obs = append(obs, fits.Obs{P: x.p, Work: float64(x.work), Span: float64(x.span), Time: float64(x.time),
			Label: fmt.Sprintf("%s %d", x.from, x.n)})
	}
	return sel.algo, sel.machine, sel.unit, obs
}

// view

func (r resultsModel) view(w, h int, st styles) string {
	var b strings.Builder
	b.WriteString(st.heading.Render("Results") + fmt.Sprintf("  %d runs (%d from this UI)", len(r.rows), len(r.tuiRows)))
	b.WriteString(st.dim.Render(fmt.Sprintf("  sorted by %s", strings.TrimRight(r.table.Columns()[r.sortCol].Title, " ▲▼"))) + "\n")
	if r.dbNote != "" {
		b.WriteString(st.dim.Render(r.dbNote) + "\n")
	}
	t := r.table
	t.SetHeight(max(min(len(r.rows)+1, h/3), 3))
	b.WriteString(t.View() + "\n\n")
	b.WriteString(r.fitView(w, max(h-lipgloss.Height(b.String())-2, 8), st))
	if r.reportPath != "" {
		b.WriteString("\nreport: " + r.reportPath + "\n")
	}
	return b.String()
}

// fitView fits the model and draws predicted against measured.
func (r resultsModel) fitView(w, h int, st styles) string {
	algo, machine, unit, obs := r.fitGroup()
	if algo == "" {
		return st.dim.Render("no runs yet: r runs a search (a P list on the simulator makes a sweep to fit)") + "\n"
	}
	var b strings.Builder
	b.WriteString(st.heading.Render(fmt.Sprintf("Fit T_P = c1·W/P + c∞·C + c0 to %d runs of %s on %s", len(obs), algo, machine)) + "\n")
	res, err := fits.Fit(obs, fits.Full)
	if err != nil {
		b.WriteString(st.warn.Render(truncate("no fit: "+err.Error(), w)) + "\n")
		b.WriteString(st.dim.Render("the full model needs at least 4 runs on 3 or more values of P, with different W and C") + "\n")
		return b.String()
	}
	var left strings.Builder
	for _, c := range []struct {
		name string
		c    fits.Coef
	}{{"c1 ", res.C1}, {"c∞ ", res.Cinf}, {"c0 ", res.C0}} {
		left.WriteString(fmt.Sprintf("%s %11.4g ± %-9.3g 95%% CI [%.4g, %.4g]\n", c.name, c.c.Value, c.c.SE, c.c.CI95[0], c.c.CI95[1]))
	}
	left.WriteString(fmt.Sprintf("R² %.4f   mean relative error %.2f%%\n", res.R2, 100*res.MeanRelativeError))
	left.WriteString(fmt.Sprintf("Brent W/P + C: mean relative error %.2f%%\n", 100*res.BrentMeanRelativeError))
	left.WriteString(st.dim.Render("T_P in "+unit+"; W and C in cost units") + "\n\n")
	left.WriteString(fmt.Sprintf("%-8s %12s %12s %8s\n", "run", "measured", "predicted", "error"))
	for i, o := range res.Obs {
		if i >= max(h-10, 3) {
			left.WriteString(fmt.Sprintf("… %d more\n", len(res.Obs)-i))
			break
		}
		left.WriteString(fmt.Sprintf("%-8s %12s %12s %7.1f%%\n", o.Label, metrics.FormatTime(int64(o.Time), unit),
			metrics.FormatTime(int64(math.Round(res.Predicted[i])), unit), 100*(res.Predicted[i]-o.Time)/o.Time))
	}
	lw := lipgloss.Width(left.String())
	cw, ch := max(min(w-lw-4, 60), 20), max(min(h-2, 16), 8)
	chart := scatter(res, cw, ch)
	b.WriteString(lipgloss.JoinHorizontal(lipgloss.Top, left.String(), "   ",
		lipgloss.JoinVertical(lipgloss.Left, st.dim.Render("predicted (↑) against measured (→)"), chart)))
	return b.String() + "\n"
}

// scatter draws the predicted times against the measured ones, with the
// diagonal where they agree.
func scatter(res *fits.Result, w, h int) string {
	hi := 0.0
	for i, o := range res.Obs {
		hi = max(hi, o.Time, res.Predicted[i])
	}
	hi *= 1.05
	lc := linechart.New(w, h, 0, hi, 0, hi, linechart.WithXYSteps(2, 2),
		linechart.WithXLabelFormatter(compactLabel), linechart.WithYLabelFormatter(compactLabel))
	lc.DrawXYAxisAndLabel()
	lc.DrawBrailleLine(canvas.Float64Point{X: 0, Y: 0}, canvas.Float64Point{X: hi, Y: hi})
	for i, o := range res.Obs {
		lc.DrawRune(canvas.Float64Point{X: o.Time, Y: max(res.Predicted[i], 0)}, '●')
	}
	return lc.View()
}

// compactLabel writes an axis label in at most five characters.
func compactLabel(_ int, v float64) string {
	switch a := math.Abs(v); {
	case a >= 1e9:
		return fmt.Sprintf("%.3gG", v/1e9)
	case a >= 1e6:
		return fmt.Sprintf("%.3gM", v/1e6)
	case a >= 1e3:
		return fmt.Sprintf("%.3gk", v/1e3)
	}
	return fmt.Sprintf("%.3g", v)
}

// commands

// loadCmd reads the runs of the session's results database.
func (r resultsModel) loadCmd() tea.Cmd {
	db := r.db
	return func() tea.Msg {
		if db == "" {
			return dbRunsMsg{err: results.ErrNoDB}
		}
		s, err := results.OpenExisting(db)
		if err != nil {
			return dbRunsMsg{err: err}
		}
		defer s.Close()
		runs, err := s.Runs("")
		if err != nil {
			return dbRunsMsg{err: err}
		}
		bases, err := s.Baselines("")
		return dbRunsMsg{runs: runs, bases: bases, err: err}
	}
}
