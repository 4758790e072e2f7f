package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"splitpoint/cluster"
	"splitpoint/lab"
	"splitpoint/sched"
	"splitpoint/workbench"
)

// Evaluator runs command lines on a session. The REPL's Shell is adapted to
// it in package repl.
type Evaluator interface {
	// Eval runs line as a cell of the session (source "tui"), writing its
	// output to w and handing observe (when not nil) what a parallel
	// search reports while it runs. It returns the files the command
	// wrote. Calls never overlap: the UI runs one line at a time.
	Eval(ctx context.Context, line string, w io.Writer, observe *workbench.Observer) (files []string, err error)
}

// Session is what the UI knows of the session when it opens.
type Session struct {
	Name     string
	Dir      string            // the session's directory (the report goes under it)
	DB       string            // the session's results database
	Loaded   string            // the loaded position, if any
	Settings map[string]string // the session's settings (algo, depth, workers, …)
}

// Options are the UI's knobs, for tests: nil or zero means the real thing.
type Options struct {
	// Now is the clock of the elapsed times (nil: time.Now).
	Now func() time.Time
	// MaxProcs is GOMAXPROCS for the oversubscription note (0: the
	// runtime's).
	MaxProcs int
	// HasReport says whether the workbench has a report command (nil:
	// look it up).
	HasReport *bool
	// Knobs are the rows of the algorithm pane, rows of the knob table
	// (nil: algorithmKnobs, the table's rows with a TUI label that are
	// not a machine's settings); Machine the knob rows of the machine
	// pane (nil: machineKnobs). Each row's label, kind, choices, limits,
	// help, parser and the algorithms that take it are the row's.
	Knobs, Machine []lab.Knob
	// Tables are the knob and algorithm tables the UI is made from (nil:
	// lab.DefaultTables): the algorithm pane's algorithms, and its rows
	// and the machine pane's when Knobs and Machine are nil.
	Tables *lab.Tables
}

// machineKnobsOf are the machine pane's rows of the tables tab: its
// machine rows, those that choose the machine among them (newMachineModel).
func machineKnobsOf(tab lab.Tables) []lab.Knob { return tab.MachineKnobs() }

// screen is what the UI shows below its title.
type screen int

const (
	screenSetup screen = iota
	screenRun
	screenResults
)

// messages

// stepDoneMsg is the end of one line of a run's plan.
type stepDoneMsg struct {
	plan   int // the plan's number
	step   int
	output string
	files  []string
	// reports are the parallel searches' reports the line produced.
	reports []*lab.ParallelReport
	err     error
}

// snapshotMsg is a live snapshot of the running search, or (ok false) the
// end of the step's snapshots.
type snapshotMsg struct {
	plan, step int
	snap       sched.Snapshot
	ok         bool
	ch         <-chan sched.Snapshot
}

// sweepMsg is the progress of the running sweep over NATS, or (ok false)
// the end of the step's reports.
type sweepMsg struct {
	plan, step int
	p          cluster.Progress
	ok         bool
	ch         <-chan cluster.Progress
}

// tickMsg refreshes the elapsed time while a run goes on.
type tickMsg struct{ plan int }

// reportDoneMsg is the end of the report command.
type reportDoneMsg struct {
	files  []string
	output string
	err    error
}

// model

// Model is the root of the UI: it owns the panes and the session, routes
// keys to the focused pane, and runs the plans.
type Model struct {
	ev      Evaluator
	session Session
	now     func() time.Time
	keys    keyMap
	help    help.Model
	st      styles

	width, height int
	screen        screen
	focus         int // setup pane with the focus: 0 positions, 1 algorithm, 2 machine

	positions positionsModel
	algorithm algorithmModel
	machine   machineModel
	run       runModel
	results   resultsModel

	// the running plan
	planN    int
	plan     []step
	stepAt   int
	planCtx  context.Context // cancelled by cancel: x, or leaving
	cancel   context.CancelFunc
	quitting bool
	loaded   string // the session's loaded position as far as the UI knows

	hasReport bool
	status    string

	// nats is the NATS server the UI started for the cluster (the
	// machine pane's "embedded"), shared by the Model's copies; Close
	// stops it.
	nats *embeddedNATS
}

// embeddedNATS is the UI's own NATS server, started by the first cluster
// run with server "embedded" and kept for the next ones (the workers stay
// connected) until the UI closes.
type embeddedNATS struct {
	srv *cluster.Server
	dir string   // its directory, splitpoint-nats/ui.N (embeddedNATS.start)
	log *os.File // its refusals (refused.log in dir)
}

// uiStorePrefix starts the name of the directory of a terminal UI's
// embedded NATS server in the session's splitpoint-nats/ (a random number
// follows). A sweep id has no '.' (cluster.CheckSweepID), so no sweep's
// store (cluster.SweepStore) is ever one of these.
const uiStorePrefix = "ui."

// start starts the UI's server with a directory of its own, made afresh
// in sessionDir/splitpoint-nats/ (uiStorePrefix): its JetStream store,
// its keys in auth/ (fresh, so that no other UI's or sweep's keys are
// overwritten, nor its own by them) and refused.log. The workers' key is
// for every sweep on this server, which runs this UI's sweeps only: the
// workers stay connected from one run to the next.
func (e *embeddedNATS) start(sessionDir string) error {
	base, err := filepath.Abs(filepath.Join(sessionDir, "splitpoint-nats"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(base, 0o700); err != nil {
		return err
	}
	dir, err := os.MkdirTemp(base, uiStorePrefix)
	if err != nil {
		return err
	}
	auth, err := cluster.NewAuth("")
	if err == nil {
		err = auth.Save(filepath.Join(dir, "auth"))
	}
	if err != nil {
		os.RemoveAll(dir)
		return fmt.Errorf("the embedded NATS server's keys: %w", err)
	}
	// What the server refuses goes to a file: standard error is the
	// UI's screen.
	logf, err := os.OpenFile(filepath.Join(dir, "refused.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		os.RemoveAll(dir)
		return err
	}
	srv, err := cluster.StartServer(cluster.ServerOptions{Port: DefaultNATSPort, StoreDir: dir, Auth: auth, Log: logf})
	if err != nil {
		srv, err = cluster.StartServer(cluster.ServerOptions{Port: 0, StoreDir: dir, Auth: auth, Log: logf})
	}
	if err != nil {
		logf.Close()
		os.RemoveAll(dir)
		return fmt.Errorf("starting the embedded NATS server: %w", err)
	}
	e.srv, e.dir, e.log = srv, dir, logf
	return nil
}

// stop shuts the server down and removes its store and its keys, which
// no later server takes; refused.log stays when it holds a line.
func (e *embeddedNATS) stop() {
	if e.srv != nil {
		e.srv.Shutdown()
		e.srv = nil
	}
	if e.log != nil {
		e.log.Close()
		e.log = nil
	}
	if e.dir == "" {
		return
	}
	if st, err := os.Stat(filepath.Join(e.dir, "refused.log")); err == nil && st.Size() > 0 {
		entries, _ := os.ReadDir(e.dir)
		for _, en := range entries {
			if en.Name() != "refused.log" {
				os.RemoveAll(filepath.Join(e.dir, en.Name()))
			}
		}
	} else {
		os.RemoveAll(e.dir)
	}
	e.dir = ""
}

// New builds the UI on a session.
func New(ev Evaluator, s Session, opt Options) Model {
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	procs := opt.MaxProcs
	if procs <= 0 {
		procs = runtime.GOMAXPROCS(0)
	}
	hasReport := workbench.Lookup("report") != nil
	if opt.HasReport != nil {
		hasReport = *opt.HasReport
	}
	tab := lab.DefaultTables()
	if opt.Tables != nil {
		tab = *opt.Tables
	}
	knobs, machine := opt.Knobs, opt.Machine
	if knobs == nil {
		knobs = algorithmKnobsOf(tab)
	}
	if machine == nil {
		machine = machineKnobsOf(tab)
	}
	st := newStyles()
	m := Model{
		ev: ev, session: s, now: now, keys: newKeyMap(), help: help.New(), st: st,
		positions: newPositionsModel(s.Loaded),
		algorithm: newAlgorithmModelIn(s.Settings, knobs, tab.Algos),
		machine:   newMachineModel(s.Settings, procs, machine),
		run:       newRunModel(),
		results:   newResultsModel(s.DB),
		loaded:    s.Loaded,
		hasReport: hasReport,
		nats:      &embeddedNATS{},
		width:     120, height: 40,
	}
	m.machine.algs = tab.Algos
	m.status = fmt.Sprintf("session %s: choose a position, the algorithm and the machine; r runs", s.Name)
	return m
}

// init

// Init resolves the selected position and reads the results database.
func (m Model) Init() tea.Cmd {
	return tea.Batch(m.positions.resolveCmd(), m.results.loadCmd())
}

// update

// Update handles a message.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.Width = msg.Width
		return m, nil
	case tea.KeyMsg:
		return m.updateKey(msg)
	case positionMsg:
		var cmd tea.Cmd
		m.positions, cmd = m.positions.update(msg)
		return m, cmd
	case dbRunsMsg:
		m.results = m.results.update(msg)
		return m, nil
	case snapshotMsg:
		if msg.plan != m.planN || !msg.ok {
			return m, nil
		}
		m.run = m.run.observe(msg.snap)
		return m, waitSnapshot(msg.plan, msg.step, msg.ch)
	case sweepMsg:
		if msg.plan != m.planN || !msg.ok {
			return m, nil
		}
		m.run = m.run.observeSweep(msg.p)
		return m, waitSweep(msg.plan, msg.step, msg.ch)
	case tickMsg:
		if msg.plan != m.planN || m.plan == nil {
			return m, nil
		}
		m.run.now = m.now()
		return m, tick(msg.plan)
	case stepDoneMsg:
		return m.stepDone(msg)
	case reportDoneMsg:
		m.results.reportBusy = false
		switch {
		case msg.err != nil:
			m.status = "report: " + firstLine(msg.err.Error())
		case len(msg.files) > 0:
			m.results.reportPath = msg.files[0]
			m.status = "report written: " + msg.files[0]
		default:
			m.status = "report: " + lastLine(msg.output)
		}
		return m, nil
	}
	return m, nil
}

func (m Model) updateKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if m.positions.editing {
		var cmd tea.Cmd
		m.positions, cmd = m.positions.updateKey(msg, m.keys)
		return m, cmd
	}
	if m.machine.typing() {
		var cmd tea.Cmd
		m.machine, cmd = m.machine.updateKey(msg, m.keys)
		return m, cmd
	}
	if m.algorithm.typing() {
		var cmd tea.Cmd
		m.algorithm, cmd = m.algorithm.updateKey(msg, m.keys)
		return m, cmd
	}
	running := m.plan != nil
	switch {
	case key.Matches(msg, m.keys.Quit):
		if running {
			m.quitting = true
			m.cancel()
			m.status = "cancelling the run, then leaving…"
			return m, nil
		}
		return m, tea.Quit
	case key.Matches(msg, m.keys.Cancel):
		if running {
			m.cancel()
			m.status = "cancelling the run…"
		}
		return m, nil
	case key.Matches(msg, m.keys.Help):
		m.help.ShowAll = !m.help.ShowAll
		return m, nil
	case key.Matches(msg, m.keys.Setup):
		m.screen = screenSetup
		return m, nil
	case key.Matches(msg, m.keys.RunView):
		m.screen = screenRun
		return m, nil
	case key.Matches(msg, m.keys.Results):
		m.screen = screenResults
		return m, nil
	case key.Matches(msg, m.keys.Run):
		if running {
			m.status = "a run is in progress (x cancels it)"
			return m, nil
		}
		return m.startPlan()
	}
	switch m.screen {
	case screenSetup:
		switch {
		case key.Matches(msg, m.keys.Next):
			m.focus = (m.focus + 1) % 3
			return m, nil
		case key.Matches(msg, m.keys.Prev):
			m.focus = (m.focus + 2) % 3
			return m, nil
		}
		var cmd tea.Cmd
		switch m.focus {
		case 0:
			m.positions, cmd = m.positions.updateKey(msg, m.keys)
		case 1:
			m.algorithm, cmd = m.algorithm.updateKey(msg, m.keys)
		case 2:
			m.machine, cmd = m.machine.updateKey(msg, m.keys)
		}
		return m, cmd
	case screenResults:
		if key.Matches(msg, m.keys.Report) {
			return m.startReport()
		}
		if key.Matches(msg, m.keys.Reload) {
			return m, m.results.loadCmd()
		}
		m.results = m.results.updateKey(msg, m.keys)
	}
	return m, nil
}

// startPlan builds the run's command lines and evaluates the first.
func (m Model) startPlan() (tea.Model, tea.Cmd) {
	pos := m.positions.selectedName()
	if pos == "" {
		m.status = "no position selected yet (it may still be loading)"
		return m, nil
	}
	var plan []step
	if m.machine.kind == machCluster {
		url, creds, err := m.clusterURL()
		if err != nil {
			m.machine.err = err.Error()
			m.status = "cluster: " + err.Error()
			return m, nil
		}
		m.machine.err = ""
		plan = buildClusterPlan(pos, m.algorithm, m.machine, url, creds)
	} else {
		plan = buildPlan(m.loaded, pos, m.algorithm, m.machine)
	}
	m.planN++
	m.plan, m.stepAt = plan, 0
	ctx, cancel := context.WithCancel(context.Background())
	m.planCtx, m.cancel = ctx, cancel
	m.run = m.run.start(m.planN, plan, m.now(), m.machine.procCount())
	if m.machine.kind == machCluster {
		m.run = m.run.startSweep(plan[0].url, m.workerURL(plan[0].url))
	}
	m.screen = screenRun
	m.status = "running " + plan[0].line
	cmd := m.stepCmd(ctx)
	return m, tea.Batch(cmd, tick(m.planN))
}

// stepCmd evaluates the plan's current line (and listens to its
// snapshots when it is a search).
func (m *Model) stepCmd(ctx context.Context) tea.Cmd {
	s := m.plan[m.stepAt]
	m.run = m.run.beginStep(m.stepAt, m.now())
	switch {
	case s.sweep:
		ch := make(chan cluster.Progress, 1024)
		return tea.Batch(evalCmd(ctx, m.ev, m.planN, m.stepAt, s.line, nil, ch), waitSweep(m.planN, m.stepAt, ch))
	case s.search:
		ch := make(chan sched.Snapshot, 16)
		return tea.Batch(evalCmd(ctx, m.ev, m.planN, m.stepAt, s.line, ch, nil), waitSnapshot(m.planN, m.stepAt, ch))
	}
	return evalCmd(ctx, m.ev, m.planN, m.stepAt, s.line, nil, nil)
}

// clusterURL is the URL of the cluster's NATS server: the pane's, or for
// "embedded" the server the UI starts (once, embeddedNATS.start) on
// DefaultNATSPort, or any free port when that one is taken; creds is then
// the owner's key file, which the sweep line names.
func (m Model) clusterURL() (url, creds string, err error) {
	switch url := m.machine.nats; url {
	case "", "none":
		return "", "", errors.New("no NATS server: type its URL with / on the machine pane's server row (or set nats URL in the REPL), or choose embedded")
	case "embedded":
	default:
		return url, "", nil
	}
	if m.nats.srv == nil {
		if err := m.nats.start(m.session.Dir); err != nil {
			return "", "", err
		}
	}
	return m.nats.srv.LocalURL(), m.nats.srv.Auth.OwnerFile(), nil
}

// workerURL is what workers on other machines give to reach the server at
// url: the host's name and the workers' key file for the UI's embedded
// server.
func (m Model) workerURL(url string) string {
	if m.nats.srv != nil && url == m.nats.srv.LocalURL() {
		return m.nats.srv.WorkerURL() + " --nats-creds " + workbench.Quote(m.nats.srv.Auth.WorkerFile())
	}
	return url
}

// Close stops what the UI started: its embedded NATS server (repl.RunTUI
// calls it when the UI ends).
func (m Model) Close() {
	if m.nats != nil {
		m.nats.stop()
	}
}

// stepDone records a finished line and starts the next, or ends the plan.
func (m Model) stepDone(msg stepDoneMsg) (tea.Model, tea.Cmd) {
	if msg.plan != m.planN || m.plan == nil {
		return m, nil
	}
	s := m.plan[msg.step]
	if s.load && msg.err == nil {
		m.loaded = s.pos
	}
	if msg.err == nil { // a failed or cancelled search's numbers are partial
		for _, r := range msg.reports {
			m.results = m.results.add(r)
		}
	}
	m.run = m.run.endStep(msg, m.now())
	cancelled := errors.Is(msg.err, context.Canceled)
	switch {
	case cancelled && s.sweep:
		m.status = fmt.Sprintf("run cancelled: the sweep's remaining jobs withdrawn, its %d stored runs kept", m.run.sweep.done)
	case cancelled:
		m.status = fmt.Sprintf("run cancelled during %q; the finished searches are kept", s.line)
	case msg.err != nil:
		m.status = "error: " + firstLine(msg.err.Error())
	}
	if s.sweep {
		m.machine.err = ""
		if msg.err != nil && !cancelled {
			m.machine.err = firstLine(msg.err.Error())
		}
	}
	if msg.err != nil || msg.step+1 == len(m.plan) || m.quitting {
		switch {
		case msg.err == nil && s.sweep:
			m.status = fmt.Sprintf("run finished: %d runs stored by the workers; 3 shows the results and the fit", m.run.sweep.done)
		case msg.err == nil:
			m.status = fmt.Sprintf("run finished: %d searches; 3 shows the results and the fit", m.run.searches())
		}
		m.cancel()
		m.plan, m.cancel, m.planCtx = nil, nil, nil
		m.run = m.run.finish(cancelled, m.now())
		if m.quitting {
			return m, tea.Quit
		}
		return m, m.results.loadCmd()
	}
	m.stepAt = msg.step + 1
	return m, m.stepCmd(m.planCtx)
}

// startReport writes the HTML report through the workbench's report
// command.
func (m Model) startReport() (tea.Model, tea.Cmd) {
	if !m.hasReport {
		m.status = "the workbench has no report command yet: nothing written"
		return m, nil
	}
	if m.plan != nil || m.results.reportBusy {
		m.status = "wait for the run to finish"
		return m, nil
	}
	m.results.reportBusy = true
	m.status = "writing the report…"
	line := "report --out " + workbench.Quote(reportDir(m.session.Dir))
	return m, reportCmd(m.ev, line)
}

// view

// View draws the screen.
func (m Model) View() string {
	w := max(m.width, 40)
	title := m.st.title.Render("splitpoint tui") + "  " + m.st.dim.Render("session "+m.session.Name) + "  " + m.tabs()
	var body string
	switch m.screen {
	case screenSetup:
		body = m.setupView(w)
	case screenRun:
		body = m.run.view(w, m.st)
	case screenResults:
		body = m.results.view(w, m.bodyHeight(), m.st)
	}
	status := m.st.status.Render(truncate(m.status, w))
	helpView := m.help.View(m.keys.forScreen(m.screen, m.focus, m.plan != nil))
	used := lipgloss.Height(title) + lipgloss.Height(status) + lipgloss.Height(helpView)
	body = fitHeight(body, max(m.height-used, 1))
	return lipgloss.JoinVertical(lipgloss.Left, title, body, status, helpView)
}

func (m Model) bodyHeight() int { return max(m.height-4, 10) }

func (m Model) tabs() string {
	names := []string{"1 setup", "2 run", "3 results"}
	var out []string
	for i, n := range names {
		if screen(i) == m.screen {
			out = append(out, m.st.tabOn.Render(n))
		} else {
			out = append(out, m.st.tabOff.Render(n))
		}
	}
	return strings.Join(out, " ")
}

func (m Model) setupView(w int) string {
	if m.nats.srv != nil {
		m.machine.embedded = m.workerURL(m.nats.srv.LocalURL())
	}
	third := max((w-2)/3, 20)
	h := m.bodyHeight() - 2
	pane := func(i int, s string) string {
		st := m.st.pane
		if m.focus == i {
			st = m.st.paneOn
		}
		return st.Width(third - 2).Height(h).Render(s)
	}
	return lipgloss.JoinHorizontal(lipgloss.Top,
		pane(0, m.positions.view(third-4, h, m.st)),
		pane(1, m.algorithm.view(third-4, m.st)),
		pane(2, m.machine.view(third-4, m.algorithm.row(), m.st)))
}

// commands

// evalCmd evaluates one line, collecting its output and the reports of its
// parallel searches; snapshots go to ch (dropped when the UI lags), which
// is closed when the line ends.
func evalCmd(ctx context.Context, ev Evaluator, plan, step int, line string, ch chan sched.Snapshot, sw chan cluster.Progress) tea.Cmd {
	return func() tea.Msg {
		var out strings.Builder
		var reports []*lab.ParallelReport
		var observe *workbench.Observer
		if ch != nil {
			observe = &workbench.Observer{
				Snapshot: func(v sched.Snapshot) {
					select {
					case ch <- v:
					default:
					}
				},
				Report: func(r *lab.ParallelReport) { reports = append(reports, r) },
			}
		}
		if sw != nil {
			observe = &workbench.Observer{Sweep: func(p cluster.Progress) {
				select {
				case sw <- p:
				default: // the UI lags: the next report says where the sweep stands
				}
			}}
		}
		files, err := ev.Eval(ctx, line, &out, observe)
		if ch != nil {
			close(ch)
		}
		if sw != nil {
			close(sw)
		}
		return stepDoneMsg{plan: plan, step: step, output: out.String(), files: files, reports: reports, err: err}
	}
}

// waitSnapshot delivers the next snapshot of a step.
func waitSnapshot(plan, step int, ch <-chan sched.Snapshot) tea.Cmd {
	return func() tea.Msg {
		s, ok := <-ch
		return snapshotMsg{plan: plan, step: step, snap: s, ok: ok, ch: ch}
	}
}

// waitSweep delivers the next progress report of a sweep over NATS.
func waitSweep(plan, step int, ch <-chan cluster.Progress) tea.Cmd {
	return func() tea.Msg {
		p, ok := <-ch
		return sweepMsg{plan: plan, step: step, p: p, ok: ok, ch: ch}
	}
}

// tick refreshes the elapsed time five times a second.
func tick(plan int) tea.Cmd {
	return tea.Tick(200*time.Millisecond, func(time.Time) tea.Msg { return tickMsg{plan: plan} })
}

// reportCmd runs the report command.
func reportCmd(ev Evaluator, line string) tea.Cmd {
	return func() tea.Msg {
		var out strings.Builder
		files, err := ev.Eval(context.Background(), line, &out, nil)
		return reportDoneMsg{files: files, output: out.String(), err: err}
	}
}
