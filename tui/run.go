package tui

import (
	"fmt"
	"strings"
	"time"

	"github.com/NimbleMarkets/ntcharts/sparkline"
	"github.com/charmbracelet/bubbles/progress"

	"splitpoint/algos"
	"splitpoint/cluster"
	"splitpoint/lab"
	"splitpoint/metrics"
	"splitpoint/sched"
)

// model

// runModel is the live run view: the plan's lines, and for the search in
// progress (then the last one) the depth, nodes, rate, per-processor
// utilization, steals, aborts, table accesses, the parallelism profile
// and the elapsed time.
type runModel struct {
	plan     int
	steps    []step
	at       int // the step in progress, or len(steps) when done
	done     []bool
	errs     []string
	started  time.Time // the plan's start (wall)
	stepFrom time.Time // the current step's start (wall)
	now      time.Time
	procs    int // the largest P (0: the infinite machine)

	snap   *sched.Snapshot // the latest live snapshot of the current search
	par    []float64       // the parallelism seen live
	report *lab.ParallelReport
	// reports are this plan's finished searches
	reports  []*lab.ParallelReport
	finished bool
	cancel   bool
	bar      progress.Model
	// sweep is the run's sweep over NATS (the cluster), if it is one
	sweep *sweepState
}

// sweepState is where a sweep over NATS stands, from its coordinator's
// progress reports.
type sweepState struct {
	url, workerURL string
	id             string
	total, done    int
	published      int
	reported       bool               // the jobs are published
	last           []cluster.Progress // the latest runs stored, newest last
	workers        []string           // the workers seen, in order ("name on host")
	perWorker      map[string]int     // runs stored per worker
}

// lastRuns is how many of the latest stored runs the run view lists.
const lastRuns = 6

func newRunModel() runModel {
	return runModel{bar: progress.New(progress.WithSolidFill("42"), progress.WithWidth(40))}
}

func (r runModel) start(plan int, steps []step, now time.Time, procs int) runModel {
	return runModel{plan: plan, steps: steps, done: make([]bool, len(steps)), errs: make([]string, len(steps)),
		started: now, now: now, procs: procs, bar: r.bar}
}

// startSweep makes the run a sweep over NATS through the server at url,
// which workers reach at workerURL.
func (r runModel) startSweep(url, workerURL string) runModel {
	r.sweep = &sweepState{url: url, workerURL: workerURL, perWorker: map[string]int{}}
	return r
}

// observeSweep takes a progress report of the sweep.
func (r runModel) observeSweep(p cluster.Progress) runModel {
	if r.sweep == nil {
		return r
	}
	s := *r.sweep
	s.id, s.total, s.done, s.published, s.reported = p.Sweep, p.Total, p.Done, p.Published, true
	if p.Run != nil {
		s.last = append(append([]cluster.Progress{}, s.last[max(len(s.last)-lastRuns+1, 0):]...), p)
		name := p.Worker
		if p.Run.Host != nil {
			name += " on " + *p.Run.Host
		}
		if s.perWorker[name] == 0 {
			s.workers = append(append([]string{}, s.workers...), name)
		}
		per := make(map[string]int, len(s.perWorker)+1)
		for k, v := range s.perWorker {
			per[k] = v
		}
		per[name]++
		s.perWorker = per
	}
	r.sweep = &s
	return r
}

func (r runModel) beginStep(i int, now time.Time) runModel {
	r.at, r.stepFrom, r.now = i, now, now
	r.snap, r.par = nil, nil
	return r
}

// observe takes a live snapshot.
func (r runModel) observe(s sched.Snapshot) runModel {
	r.snap = &s
	r.par = append(r.par, float64(s.Parallelism))
	return r
}

func (r runModel) endStep(msg stepDoneMsg, now time.Time) runModel {
	r.now = now
	r.done[msg.step] = msg.err == nil
	if msg.err != nil {
		r.errs[msg.step] = firstLine(msg.err.Error())
	}
	r.snap = nil
	if msg.err == nil && len(msg.reports) > 0 {
		r.report = msg.reports[len(msg.reports)-1]
		r.reports = append(r.reports, msg.reports...)
	}
	return r
}

func (r runModel) finish(cancelled bool, now time.Time) runModel {
	r.finished, r.cancel, r.now, r.at = true, cancelled, now, len(r.steps)
	return r
}

// searches counts the finished searches.
func (r runModel) searches() int { return len(r.reports) }

// progress is the fraction of the plan's lines that finished (a search's
// total work is not known before it ends, so a line counts when done).
func (r runModel) progress() float64 {
	if r.sweep != nil && r.sweep.total > 0 {
		return float64(r.sweep.done) / float64(r.sweep.total)
	}
	if len(r.steps) == 0 {
		return 0
	}
	n := 0
	for _, d := range r.done {
		if d {
			n++
		}
	}
	return float64(n) / float64(len(r.steps))
}

// view

func (r runModel) view(w int, st styles) string {
	var b strings.Builder
	b.WriteString(st.heading.Render("Run") + "\n\n")
	if len(r.steps) == 0 {
		b.WriteString("nothing has run yet: r runs the setup's search\n")
		return b.String()
	}
	for i, s := range r.steps {
		mark := "  "
		switch {
		case r.errs[i] != "":
			mark = st.warn.Render("✗ ")
		case r.done[i]:
			mark = st.on.Render("✓ ")
		case i == r.at && !r.finished:
			mark = st.cursor.Render("▸ ")
		}
		b.WriteString(mark + truncate(s.line, w-4) + "\n")
		if r.errs[i] != "" {
			b.WriteString("    " + st.warn.Render(truncate(r.errs[i], w-6)) + "\n")
		}
	}
	b.WriteString("\n")
	state := "running"
	switch {
	case r.cancel:
		state = "cancelled"
	case r.finished:
		state = "finished"
	}
	b.WriteString(fmt.Sprintf("%s  %s  elapsed %s\n\n", r.bar.ViewAs(r.progress()), state,
		r.now.Sub(r.started).Round(100*time.Millisecond)))
	switch {
	case r.sweep != nil:
		b.WriteString(r.sweepView(w, st))
	case r.snap != nil:
		b.WriteString(r.liveView(w, st))
	case r.report != nil:
		b.WriteString(r.reportView(w, st))
	case r.finished:
		b.WriteString(st.dim.Render("no search finished") + "\n")
	default:
		b.WriteString(st.dim.Render("waiting for the first snapshot…") + "\n")
	}
	return b.String()
}

// sweepView shows a sweep over NATS: jobs stored of planned, the workers
// seen and the latest runs with the worker and host that ran them.
func (r runModel) sweepView(w int, st styles) string {
	s := r.sweep
	var b strings.Builder
	b.WriteString(fmt.Sprintf("cluster: NATS at %s\n", s.url))
	if !s.reported {
		if r.finished {
			b.WriteString(st.dim.Render("no job was published") + "\n")
		} else {
			b.WriteString(st.dim.Render("connecting and publishing the jobs…") + "\n")
		}
		return b.String()
	}
	b.WriteString(fmt.Sprintf("sweep %s: %d of %d jobs stored (%d published now)\n", s.id, s.done, s.total, s.published))
	if !r.finished {
		b.WriteString("on each worker machine run:  splitpoint worker --nats " + s.workerURL + "\n")
	}
	b.WriteString("\n")
	if len(s.workers) == 0 {
		b.WriteString(st.dim.Render("no run stored yet: waiting for workers") + "\n")
		return b.String()
	}
	var ws []string
	for _, name := range s.workers {
		ws = append(ws, fmt.Sprintf("%s (%d)", name, s.perWorker[name]))
	}
	b.WriteString(truncate(fmt.Sprintf("workers %d: %s", len(s.workers), strings.Join(ws, ", ")), w) + "\n")
	b.WriteString("latest runs:\n")
	for _, p := range s.last {
		host := ""
		if p.Run.Host != nil {
			host = " on " + *p.Run.Host
		}
		b.WriteString(truncate(fmt.Sprintf("  job %-4d %s: value %d, %d nodes — %s%s", p.Job, p.Run.Short(), p.Run.Value, p.Run.Nodes, p.Worker, host), w) + "\n")
	}
	return b.String()
}

// liveView shows the search in progress.
func (r runModel) liveView(w int, st styles) string {
	s := r.snap
	var b strings.Builder
	s0 := r.steps[min(r.at, len(r.steps)-1)]
	depth := "–"
	if s.Progress > 0 {
		depth = fmt.Sprint(s.Progress)
	}
	b.WriteString(fmt.Sprintf("live: P=%s  elapsed %s  depth reached %s\n", s0.procs, metrics.FormatTime(s.Elapsed, s.TimeUnit), depth))
	b.WriteString(fmt.Sprintf("nodes %d   work W %d   %s\n", s.Nodes, s.Work, rate(s.Nodes, s.Elapsed, s.TimeUnit)))
	b.WriteString(fmt.Sprintf("steals %d   aborts %d   parallelism now %d\n", s.Steals, s.Aborts, s.Parallelism))
	b.WriteString(utilization(s.Busy, s.Elapsed, w, st))
	b.WriteString("parallelism " + spark(r.par, min(w-14, 100)) + "\n")
	return b.String()
}

// reportView shows the last finished search: the common counters, the
// overheads, then the algorithm's own account (its Detail) as the
// command line prints it.
func (r runModel) reportView(w int, st styles) string {
	rep := r.report
	s := rep.Stats
	var b strings.Builder
	b.WriteString(fmt.Sprintf("%s on %s: value %d at depth %d", rep.Algo, s.Machine, rep.Value, rep.Depth))
	if rep.BestMove != "" {
		b.WriteString(", best move " + rep.BestMove)
	}
	b.WriteString("\n")
	b.WriteString(fmt.Sprintf("nodes %d   W %d   C %d   W/C %.2f   T_P %s\n", s.Counts["node"], s.Work, s.Span, s.Parallelism, metrics.FormatTime(s.Time, s.TimeUnit)))
	b.WriteString(fmt.Sprintf("steals %d of %d   aborts %d", s.Steals, s.StealAttempts, s.Aborts))
	if t := rep.TT; t.Probes > 0 {
		b.WriteString(fmt.Sprintf("   table hits %d of %d probes (%d cutoffs)", t.Hits, t.Probes, t.Cutoffs))
	}
	b.WriteString("\n" + overheads(rep) + "\n")
	if ser := rep.Serial; ser != nil {
		b.WriteString(fmt.Sprintf("against the serial %s: efficiency T_S/W %.3f, speedup %.2f\n", ser.Algo, rep.Efficiency, rep.Speedup))
	}
	if s.Note != "" {
		b.WriteString(st.warn.Render(truncate(s.Note, w)) + "\n")
	}
	b.WriteString(detailView(rep, w, st))
	b.WriteString(utilization(s.Busy, s.Time, w, st))
	if s.Profile != nil {
		b.WriteString("parallelism " + spark(s.Profile.Parallelism, min(w-14, 100)) + "\n")
	}
	return b.String()
}

// overheads are the run's search overhead against the serial baseline's
// nodes (Lu, formula 3.3: nodes_P/nodes_serial − 1) and its idle time:
// over the searchers only when the algorithm measures it so (Lu's idle
// per searcher), else the runtime's over P·T_P.
func overheads(rep *lab.ParallelReport) string {
	out := "search overhead –"
	if ser := rep.Serial; ser != nil && ser.Nodes > 0 {
		out = fmt.Sprintf("search overhead %+.1f%% (nodes %d against the serial's %d)",
			100*(float64(rep.Counts["node"])/float64(ser.Nodes)-1), rep.Counts["node"], ser.Nodes)
	}
	if d, ok := rep.Detail.(algos.SearcherIdle); ok {
		return out + fmt.Sprintf("   idle per searcher %.3f", d.SearcherIdleFraction())
	}
	return out + fmt.Sprintf("   idle %.3f", rep.IdleFraction)
}

// detailView is the algorithm's own account of the run, its Detail,
// written by the Detail itself (algos.Detail.WriteText) under a heading,
// each line wrapped to w.
func detailView(rep *lab.ParallelReport, w int, st styles) string {
	if rep.Detail == nil {
		return ""
	}
	var buf strings.Builder
	rep.Detail.WriteText(&buf, nil, rep.Stats)
	text := strings.TrimRight(buf.String(), "\n")
	if text == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString(st.heading.Render(rep.Algo+" counters") + "\n")
	for _, l := range strings.Split(text, "\n") {
		b.WriteString(wrap(strings.TrimPrefix(l, "  "), w) + "\n")
	}
	return b.String()
}

// utilization draws one bar per processor (at most 16, then a summary).
func utilization(busy []int64, elapsed int64, w int, st styles) string {
	if len(busy) == 0 || elapsed <= 0 {
		return ""
	}
	var b strings.Builder
	bw := max(min(w-24, 50), 10)
	var sum float64
	for i, x := range busy {
		f := float64(x) / float64(elapsed)
		sum += f
		if i < 16 {
			b.WriteString(fmt.Sprintf("P%-3d %s %5.1f%%\n", i, st.barOf(f, bw), 100*f))
		}
	}
	if len(busy) > 16 {
		b.WriteString(fmt.Sprintf("… %d more processors\n", len(busy)-16))
	}
	b.WriteString(fmt.Sprintf("mean utilization %.1f%%\n", 100*sum/float64(len(busy))))
	return b.String()
}

// spark draws the values as a one-line sparkline of at most w cells (the
// last w values, or the whole series averaged down to w).
func spark(vals []float64, w int) string {
	if len(vals) == 0 || w < 2 {
		return ""
	}
	if len(vals) > w {
		down := make([]float64, w)
		for i := range down {
			lo, hi := i*len(vals)/w, (i+1)*len(vals)/w
			for _, v := range vals[lo:hi] {
				down[i] += v
			}
			down[i] /= float64(max(hi-lo, 1))
		}
		vals = down
	}
	sl := sparkline.New(len(vals), 1)
	sl.PushAll(vals)
	sl.Draw()
	peak := 0.0
	for _, v := range vals {
		peak = max(peak, v)
	}
	return sl.View() + fmt.Sprintf(" peak %.1f", peak)
}

// rate is nodes per second (pool) or per thousand units (simulator).
func rate(nodes, t int64, unit string) string {
	if t <= 0 {
		return ""
	}
	if unit == "ns" {
		return fmt.Sprintf("%.0f nodes/s", float64(nodes)/(float64(t)/1e9))
	}
	return fmt.Sprintf("%.1f nodes per 1000 units", 1000*float64(nodes)/float64(t))
}
