package cluster

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/nats-io/nats.go"

	"splitpoint/algos"
	"splitpoint/experiment"
	"splitpoint/lab"
	"splitpoint/results"
)

// A worker runs only what a sweep may ask: a job is checked against the
// limits of the sweep's command line (Check) before its position is
// loaded, and its position is loaded by name with file: positions read
// only from the worker's directory of position files (Worker.Files).

// Check reports a job that the sweep's command line would not have
// planned: a role it does not know, a settled run out of the ranges the
// knobs take (lab.Settled.Check: depth ≤ algos.MaxDepth, the machine and
// its P, the memory budget, table size, grain, time, preset, costs) or an
// algorithm with variants that eng does not run on that machine.
func (m *JobMsg) Check(eng experiment.Engine) error {
	if err := m.check(eng); err != nil {
		return fmt.Errorf("job %s/%d refused: %w", m.Sweep, m.Job, err)
	}
	return nil
}

func (m *JobMsg) check(eng experiment.Engine) error {
	if err := CheckSweepID(m.Sweep); err != nil {
		return err
	}
	switch m.Role {
	case results.RoleBaseline, results.RoleSerial, results.RoleParallel:
	default:
		return fmt.Errorf("role %q (want %s, %s or %s)", m.Role, results.RoleBaseline, results.RoleSerial, results.RoleParallel)
	}
	if m.Rep < 1 {
		return fmt.Errorf("repetition %d: want 1 or more", m.Rep)
	}
	if strings.TrimSpace(m.LoadName) == "" {
		return errors.New("no position")
	}
	s := inTable(m.Settled, eng)
	if err := s.Check(); err != nil {
		return err
	}
	a := experiment.Algo{Name: s.Opt.Algo, Variants: s.Opt.VariantList()}
	parallel, err := eng.Algo(a)
	if err != nil {
		return err
	}
	if parallel != s.Parallel() || (m.Role == results.RoleParallel) != parallel {
		return fmt.Errorf("%s as a %s run on the %s machine", a, m.Role, s.Machine.Kind)
	}
	return nil
}

// algoTabled is an engine or a resolver with an algorithm table of its
// own (experiment.LabEngine): the job's algorithm is one of its rows.
type algoTabled interface{ AlgoTable() algos.AlgoTable }

// inTable is s with its algorithm a row of x's table, when x has one
// (algoTabled); else of the default table.
func inTable(s lab.Settled, x any) lab.Settled {
	if t, ok := x.(algoTabled); ok {
		return s.InTable(t.AlgoTable())
	}
	return s
}

// ownSweep refuses a job of a sweep other than the worker's (its key's).
func (w *Worker) ownSweep(m *JobMsg) error {
	if w.Sweep != "" && m.Sweep != w.Sweep {
		return fmt.Errorf("%w: job %s/%d is not of sweep %s, the one this worker's key is for: dropped", ErrMessage, m.Sweep, m.Job, w.Sweep)
	}
	return nil
}

// load checks job m and loads it with the worker's positions. A file:
// position that cannot be read is refused with the reason (outside the
// directory, missing, unreadable); one read but not understood, with no
// word of its content, which the worker's own log gives.
func (w *Worker) load(m *JobMsg) (experiment.Job, error) {
	if err := m.Check(w.Engine); err != nil {
		return experiment.Job{}, err
	}
	return m.Load(workerPositions{w})
}

// workerPositions resolves positions for a worker: by its engine, but
// file: positions only from Worker.Files (lab.ResolveIn).
type workerPositions struct{ w *Worker }

func (r workerPositions) Resolve(name string) ([]experiment.Position, error) {
	kind, _, _ := strings.Cut(strings.TrimSpace(name), ":")
	if kind != "file" {
		return r.w.Engine.Resolve(name)
	}
	items, err := resolveIn(name, r.w.Files, r.w.say)
	if err != nil {
		return nil, err
	}
	return experiment.Positions(items), nil
}

// resolveIn is lab.ResolveIn with an error fit to send back: why a file
// could not be read, or that it was not understood, which say (the
// worker's log) details.
func resolveIn(name string, files *os.Root, say func(string, ...any)) ([]*lab.Item, error) {
	items, err := lab.ResolveIn(name, files)
	if err == nil {
		return items, nil
	}
	var re *lab.ReadError
	kind, rest, _ := strings.Cut(strings.TrimSpace(name), ":")
	if kind != "file" || errors.As(err, &re) {
		return nil, err
	}
	path, _, _ := strings.Cut(rest, "#")
	say("%s: %v", name, err)
	return nil, fmt.Errorf("file:%s: not a position file this worker reads (its log says why)", path)
}

// closedForGood is the error of a connection the client gave up: the
// server refused its credentials (NATS gives up after two refusals in a
// row), so waiting for it is pointless.
func closedForGood(nc *nats.Conn) error {
	if !nc.IsClosed() {
		return nil
	}
	urls := serverURLs(nc)
	if err := nc.LastError(); err != nil {
		return fmt.Errorf("the NATS server at %s refused this worker: %w", urls, err)
	}
	return fmt.Errorf("the connection to the NATS server at %s is closed", urls)
}

// serverURLs are the URLs nc connects to, each with its password or
// token masked (redact).
func serverURLs(nc *nats.Conn) string {
	var urls []string
	for _, u := range nc.Opts.Servers {
		urls = append(urls, redact(u))
	}
	return strings.Join(urls, " ")
}
