package cluster

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"splitpoint/algos"
	"splitpoint/experiment"
	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/sched"
)

// trivialEngine runs nothing: a job costs only its trip through the
// streams and the store.
type trivialEngine struct{}

func (trivialEngine) Resolve(name string) ([]experiment.Position, error) {
	return []experiment.Position{{Name: name, Domain: "synth"}}, nil
}
func (trivialEngine) Algo(experiment.Algo) (bool, error)                       { return false, nil }
func (trivialEngine) Run(context.Context, *experiment.Job, *results.Run) error { return nil }

// BenchmarkJobThroughput is the coordinator's overhead: b.N
// trivial jobs published, taken by two workers, answered and stored, in
// jobs per second, with the server in process (DontListen) and over the
// loopback address.
func BenchmarkJobThroughput(b *testing.B) {
	for _, loopback := range []bool{false, true} {
		name := "inprocess"
		if loopback {
			name = "loopback"
		}
		b.Run(name, func(b *testing.B) {
			srv, err := StartServer(ServerOptions{InProcess: !loopback, Host: "127.0.0.1", StoreDir: b.TempDir()})
			if err != nil {
				b.Fatal(err)
			}
			defer srv.Shutdown()
			jobs := make([]experiment.Job, b.N)
			for i := range jobs {
				jobs[i] = experiment.Job{Role: results.RoleBaseline, Position: experiment.Position{Name: fmt.Sprint("p", i)}, Rep: 1,
					Settled: lab.Settled{Opt: algos.Options{Algo: "scout", Seed: 1, Depth: 1}, Machine: sched.Machine{Kind: lab.Serial}}}
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			for i := 0; i < 2; i++ {
				nc, err := srv.Connect("w")
				if err != nil {
					b.Fatal(err)
				}
				defer nc.Close()
				go (&Worker{NC: nc, Engine: trivialEngine{}, Name: fmt.Sprint("w", i), Poll: 20 * time.Millisecond}).Run(ctx)
			}
			st, err := results.Open(filepath.Join(b.TempDir(), "r.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			nc, err := srv.Connect("coord")
			if err != nil {
				b.Fatal(err)
			}
			defer nc.Close()
			b.ResetTimer()
			o, err := (&Coordinator{NC: nc, Store: st, ID: "bench", Poll: 20 * time.Millisecond}).Run(ctx, jobs)
			if err != nil || o.Done != b.N {
				b.Fatalf("%v %+v", err, o)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
		})
	}
}
