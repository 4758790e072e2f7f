package cluster

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"splitpoint/suggest"
)

// Streams and subjects (see the package documentation).
const (
	JobsStream    = "SPLITPOINT_JOBS"
	ResultsStream = "SPLITPOINT_RESULTS"
	WorkersName   = "workers" // the workers' shared durable consumer
	jobsPrefix    = "splitpoint.jobs."
	resultsPrefix = "splitpoint.results."
	cancelPrefix  = "splitpoint.cancel."
)

// JobSubject is the subject of job i of sweep.
func JobSubject(sweep string, i int) string { return fmt.Sprintf("%s%s.%d", jobsPrefix, sweep, i) }

// ResultSubject is the subject of the result of job i of sweep.
func ResultSubject(sweep string, i int) string {
	return fmt.Sprintf("%s%s.%d", resultsPrefix, sweep, i)
}

// CancelSubject is the core subject that cancels a sweep's jobs of one
// epoch (the message's body).
func CancelSubject(sweep string) string { return cancelPrefix + sweep }

// MaxSweepID is the longest sweep id.
const MaxSweepID = 64

// CheckSweepID reports whether id can be a sweep's id: a subject token
// of letters, digits, '-' and '_' (as experiment.NewID makes them), at
// most MaxSweepID bytes, so that it is printed as it is.
func CheckSweepID(id string) error {
	ok := id != "" && len(id) <= MaxSweepID
	for _, r := range id {
		ok = ok && (r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}
	if !ok {
		return fmt.Errorf("sweep id %s: want 1 to %d letters, digits, '-' or '_'", suggest.Echo(id), MaxSweepID)
	}
	return nil
}

// Dedupe is the jobs stream's duplicate window: a job published twice
// with the same Nats-Msg-Id within it (a retried publish) is stored once.
const Dedupe = 10 * time.Minute

// EnsureStreams creates the two streams, or checks that they exist. The
// coordinator and every worker call it; whoever comes first and may
// creates them (a worker's key may only read their settings: it waits for
// the coordinator).
func EnsureStreams(ctx context.Context, js jetstream.JetStream) error {
	cfgs := []jetstream.StreamConfig{
		{Name: JobsStream, Subjects: []string{jobsPrefix + ">"}, Retention: jetstream.WorkQueuePolicy,
			Storage: jetstream.FileStorage, Duplicates: Dedupe},
		// AllowDirect: a worker reads a run back by its subject
		// (Worker.answered), which its permissions can name.
		{Name: ResultsStream, Subjects: []string{resultsPrefix + ">"}, Retention: jetstream.LimitsPolicy,
			Storage: jetstream.FileStorage, Duplicates: Dedupe, MaxAge: 7 * 24 * time.Hour, AllowDirect: true},
	}
	for _, c := range cfgs {
		if s, err := js.Stream(ctx, c.Name); err == nil {
			have := s.CachedInfo().Config
			if slices.Equal(have.Subjects, c.Subjects) && have.Retention == c.Retention && have.Duplicates == c.Duplicates && have.MaxAge == c.MaxAge &&
				have.AllowDirect == c.AllowDirect {
				continue
			}
		}
		if _, err := js.CreateOrUpdateStream(ctx, c); err != nil {
			return fmt.Errorf("stream %s: %w", c.Name, err)
		}
	}
	return nil
}

// subjectsIn lists the subjects under filter that hold messages in stream.
func subjectsIn(ctx context.Context, js jetstream.JetStream, stream, filter string) (map[string]uint64, error) {
	s, err := js.Stream(ctx, stream)
	if err != nil {
		return nil, err
	}
	info, err := s.Info(ctx, jetstream.WithSubjectFilter(filter))
	if err != nil {
		return nil, err
	}
	return info.State.Subjects, nil
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
