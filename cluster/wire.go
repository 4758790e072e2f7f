package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"splitpoint/experiment"
	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/suggest"
)

// Message kinds: the first field of every message on the streams, so that
// a foreign message is told apart from a malformed one of ours.
const (
	KindJob    = "splitpoint/job/3"
	KindResult = "splitpoint/result/2"
)

// JobMsg is one planned run of a sweep on the wire: experiment.Job,
// whose settled run (lab.Settled: options, machine, costs) is one field,
// with its position by the name that loads it again (lab.Item.Name),
// which a worker resolves itself. Job is the run's index in the sweep's
// plan.
type JobMsg struct {
	Kind  string `json:"kind"`
	Sweep string `json:"sweep"`
	// Epoch is the publishing coordinator's run (a resumed coordinator
	// publishes in a new one): a cancel names the epoch it ends, so the
	// jobs of a resumed sweep are not dropped for an earlier Ctrl-C.
	Epoch    string      `json:"epoch"`
	Job      int         `json:"job"`
	Total    int         `json:"total"`
	Role     string      `json:"role"`
	LoadName string      `json:"load"` // the name that loads the position
	Position string      `json:"position"`
	PosID    string      `json:"position_id"`
	Rep      int         `json:"rep"`
	Settled  lab.Settled `json:"settled"`
	// Try counts the job's attempts (1: the first): a job whose worker
	// answered with an error is published again with the next, and
	// only an error for the current attempt counts.
	Try int `json:"try"`
}

// NewJobMsg is job i of n of sweep as a message, its first attempt.
func NewJobMsg(sweep, epoch string, i, n int, j *experiment.Job) JobMsg {
	load := j.Position.Name
	if j.Position.Item != nil {
		load = j.Position.Item.Name
	}
	return JobMsg{Kind: KindJob, Sweep: sweep, Epoch: epoch, Job: i, Total: n, Role: j.Role, LoadName: load, Position: j.Position.Name,
		PosID: j.Position.ID, Rep: j.Rep, Settled: j.Settled, Try: 1}
}

// JobKey names the job across attempts and epochs: sweep/job.
func (m *JobMsg) JobKey() string { return m.Sweep + "/" + m.JobID() }

// JobID is the job's id in its sweep, as the store's column job holds it.
func (m *JobMsg) JobID() string { return strconv.Itoa(m.Job) }

// algoLabel is the job's algorithm with its variants, as its row's
// AlgoLabel spells it.
func (m *JobMsg) algoLabel() string {
	return experiment.Algo{Name: m.Settled.Opt.Algo, Variants: m.Settled.Opt.VariantList()}.String()
}

// Resolver loads positions by name (experiment.Engine's Resolve).
type Resolver interface {
	Resolve(name string) ([]experiment.Position, error)
}

// Load rebuilds the experiment.Job, loading its position with r; its
// algorithm is a row of r's table when r has one (experiment.LabEngine).
func (m *JobMsg) Load(r Resolver) (experiment.Job, error) {
	ps, err := r.Resolve(m.LoadName)
	if err != nil {
		return experiment.Job{}, fmt.Errorf("job %s/%d: %w", m.Sweep, m.Job, err)
	}
	for i := range ps {
		if ps[i].Name == m.Position && ps[i].ID == m.PosID {
			return experiment.Job{Role: m.Role, Position: ps[i], Rep: m.Rep, Settled: inTable(m.Settled, r)}, nil
		}
	}
	return experiment.Job{}, fmt.Errorf("job %s/%d: %q does not load position %q here (%d positions)", m.Sweep, m.Job, m.LoadName, m.Position, len(ps))
}

// ResultMsg is a worker's answer to a job: the run's row (with the
// worker's host), or why the job could not run.
type ResultMsg struct {
	Kind   string `json:"kind"`
	Sweep  string `json:"sweep"`
	Job    int    `json:"job"`
	Worker string `json:"worker"`
	// Try is the attempt of the job answered (JobMsg.Try).
	Try   int          `json:"try"`
	Run   *results.Run `json:"run,omitempty"`
	Error string       `json:"error,omitempty"`
}

// ErrMessage is the error of a message that is not one of ours or is
// malformed: the consumer rejects it (terminates its delivery) and goes on.
var ErrMessage = errors.New("rejected message")

// decode reads a message of kind from the subject subj into v (which has
// a Kind and a Sweep field read back by kindOf).
func decode(subj string, data []byte, kind string, v any) error {
	var head struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return fmt.Errorf("%w on %s: not JSON (%v): %.60q", ErrMessage, subj, err, data)
	}
	if head.Kind != kind {
		return fmt.Errorf("%w on %s: kind %q, want %q (a foreign message)", ErrMessage, subj, head.Kind, kind)
	}
	dec := json.NewDecoder(bytesReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w on %s: malformed %s: %v", ErrMessage, subj, kind, err)
	}
	return nil
}

// DecodeJob reads a job message received on subject subj and checks it
// against the subject (splitpoint.jobs.<sweep>.<job>).
func DecodeJob(subj string, data []byte) (*JobMsg, error) {
	var m JobMsg
	if err := decode(subj, data, KindJob, &m); err != nil {
		return nil, err
	}
	switch {
	case m.Sweep == "" || m.Total <= 0 || m.Job < 0 || m.Job >= m.Total:
		return nil, fmt.Errorf("%w on %s: job %d of %d of sweep %q is out of range", ErrMessage, subj, m.Job, m.Total, m.Sweep)
	case subj != "" && subj != JobSubject(m.Sweep, m.Job):
		return nil, fmt.Errorf("%w on %s: job %s/%d belongs on %s", ErrMessage, subj, m.Sweep, m.Job, JobSubject(m.Sweep, m.Job))
	}
	return &m, nil
}

// DecodeResult reads a result message of sweep received on subject subj.
func DecodeResult(subj, sweep string, total int, data []byte) (*ResultMsg, error) {
	var m ResultMsg
	if err := decode(subj, data, KindResult, &m); err != nil {
		return nil, err
	}
	switch {
	case m.Sweep != sweep:
		return nil, fmt.Errorf("%w on %s: a result of sweep %s, want %q", ErrMessage, subj, suggest.Echo(m.Sweep), sweep)
	case m.Job < 0 || m.Job >= total:
		return nil, fmt.Errorf("%w on %s: job %d out of range (the sweep has %d)", ErrMessage, subj, m.Job, total)
	case subj != "" && subj != ResultSubject(sweep, m.Job):
		return nil, fmt.Errorf("%w on %s: a result of job %d belongs on %s", ErrMessage, subj, m.Job, ResultSubject(sweep, m.Job))
	case m.Error == "" && m.Run == nil:
		return nil, fmt.Errorf("%w on %s: job %d: neither a run nor an error", ErrMessage, subj, m.Job)
	case m.Run != nil && m.Run.Sweep != sweep:
		return nil, fmt.Errorf("%w on %s: job %d: its row names sweep %s", ErrMessage, subj, m.Job, suggest.Echo(m.Run.Sweep))
	}
	return &m, nil
}
