package cluster

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/nats-io/nats.go"

	"splitpoint/experiment"
	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/sched"
)

// A worker runs only what a sweep may ask: a job is checked against the
// limits of the sweep's command line (Check) before its position is
// loaded, and its position is loaded by name with file: positions read
// only from the worker's directory of position files (Worker.Files).

// Check reports a job that the sweep's command line would not have
// planned: a role or machine it does not know, settings out of the ranges
// its flags take (depth ≤ algos.MaxDepth, the machine's P, the memory
// budget, table size, grain, time, preset, params, costs) or an algorithm
// with variants that eng does not run on that machine. It checks through
// experiment.Spec.Set and the engine, the command line's own checks.
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
	s := experiment.NewSpec()
	set := []struct{ key, value string }{
		{"algos", m.Algo},
		{"depth", strconv.Itoa(m.Depth)},
		{"tt", strconv.Itoa(m.TTBits)},
		{"time", m.Time.String()},
		{"max_mem", budget(m.MaxMem)},
	}
	if !m.AutoGrain {
		set = append(set, struct{ key, value string }{"grain", strconv.Itoa(m.Grain)})
	}
	if m.Preset != "" {
		set = append(set, struct{ key, value string }{"preset", m.Preset})
	}
	if m.Params != "" {
		set = append(set, struct{ key, value string }{"params", m.Params})
	}
	switch m.Machine {
	case "serial":
		if m.P != 0 {
			return fmt.Errorf("a serial run on %d processors", m.P)
		}
	case sched.Pool:
		set = append(set, struct{ key, value string }{"workers", strconv.Itoa(m.P)})
	case sched.Sim:
		set = append(set, struct{ key, value string }{"sim", sched.SimOf(m.P).PLabel()})
	default:
		return fmt.Errorf("machine %q (want serial, %s or %s)", m.Machine, sched.Pool, sched.Sim)
	}
	for _, kv := range set {
		if err := s.Set(kv.key, kv.value); err != nil {
			return err
		}
	}
	if _, err := eng.Costs(m.Costs.String()); err != nil {
		return fmt.Errorf("costs: %w", err)
	}
	parallel, err := eng.Algo(s.Algos[0])
	if err != nil {
		return err
	}
	if parallel != (m.Machine != "serial") || (m.Role == results.RoleParallel) != parallel {
		return fmt.Errorf("%s as a %s run on the %s machine", m.Algo, m.Role, m.Machine)
	}
	return nil
}

// budget writes a memory budget as the command line's max_mem reads it.
func budget(n int64) string {
	switch {
	case n == 0:
		return "default"
	case n < 0:
		return "none"
	}
	return strconv.FormatInt(n, 10)
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
	var urls []string
	for _, u := range nc.Opts.Servers {
		urls = append(urls, redact(u))
	}
	if err := nc.LastError(); err != nil {
		return fmt.Errorf("the NATS server at %s refused this worker: %w", strings.Join(urls, " "), err)
	}
	return fmt.Errorf("the connection to the NATS server at %s is closed", strings.Join(urls, " "))
}
