package workbench

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"splitpoint/atomicfile"
	"strings"
	"sync"

	"github.com/nats-io/nats.go"

	"splitpoint/dist"
	"splitpoint/experiment"
	"splitpoint/results"
)

// DistFlags are the sweep's flags for NATS (package dist).
type DistFlags struct {
	NATS   string // a server URL, or "embedded"
	Port   int    // the embedded server's port
	Resume string // the id of a sweep to re-attach to
}

func (d *DistFlags) declare(fs *flag.FlagSet) {
	fs.StringVar(&d.NATS, "nats", "", "spread the runs over workers through NATS JetStream at URL (nats://HOST:4222), or embedded: start a server here")
	fs.IntVar(&d.Port, "nats-port", 4222, "the embedded server's port (0: any free port)")
	fs.StringVar(&d.Resume, "resume", "", "re-attach to the sweep of this id (same spec): wait only for the runs not stored")
}

// DistSweepCmd runs a sweep through NATS: it publishes the planned runs
// as jobs, stores what the workers send back (each job once) and prints
// the summary as SweepCmd does.
func DistSweepCmd(env *Env, spec *experiment.Spec, db string, fit bool, d DistFlags) error {
	jobs, store, err := planAndOpen(spec, db, env.Out)
	if err != nil {
		return err
	}
	defer store.Close()
	var nc *nats.Conn
	if d.NATS == "embedded" {
		srv, err := dist.StartServer(dist.ServerOptions{Port: d.Port, StoreDir: filepath.Join(filepath.Dir(db), "splitpoint-nats")})
		if err != nil {
			return err
		}
		defer srv.Shutdown()
		fmt.Fprintf(env.Out, "nats server on port %d (JetStream store %s); on each worker machine run:\n  splitpoint worker --nats %s\n",
			srv.Port(), filepath.Join(filepath.Dir(db), "splitpoint-nats"), srv.WorkerURL())
		if nc, err = srv.Connect("splitpoint sweep"); err != nil {
			return err
		}
	} else if nc, err = dist.DialNow(d.NATS, "splitpoint sweep"); err != nil {
		// The coordinator needs the server now (workers wait for it).
		return err
	}
	defer nc.Close()
	c := &dist.Coordinator{NC: nc, Store: store, ID: d.Resume, Out: env.Out, Term: env.Term}
	if env.Observe != nil {
		c.Progress = env.Observe.Sweep
	}
	out, err := c.Run(env.Ctx, jobs)
	if err != nil {
		if out != nil {
			what := "stopped by an error"
			if out.Cancelled {
				what = "interrupted, its remaining jobs cancelled"
			}
			fmt.Fprintf(env.Out, "sweep %s %s: kept %d finished runs of %d in %s (--resume %s goes on)\n", out.Sweep, what, out.Done, out.Total, db, out.Sweep)
		}
		return err
	}
	fmt.Fprintf(env.Out, "sweep %s: %d runs stored in %s (%d published now, %d duplicates dropped, %d messages rejected)\n",
		out.Sweep, out.Done, db, out.Published, out.Dropped, out.Rejected)
	rows, err := store.Runs(out.Sweep)
	if err != nil {
		return err
	}
	if err := results.WriteSummary(env.Out, results.Summarize(rows)); err != nil {
		return err
	}
	if fit {
		return sweepFits(env, rows)
	}
	return nil
}

func init() {
	register(&Command{
		Name:  "worker",
		Args:  "--nats URL [--ack-wait D] [--idle D]",
		Short: "take a distributed sweep's jobs from NATS JetStream, run them and send back the runs",
		Long: `Connects to the NATS server at --nats (the URL "splitpoint sweep --nats
embedded" prints) and runs the jobs of every sweep published there, one at a
time: each planned run is searched here exactly as a local sweep would, and
its row (with this machine's host name, CPU model and core count) goes back
to the coordinator, which stores it. A job this worker does not acknowledge
within --ack-wait (it died) is given to another worker; a long job is kept
alive meanwhile. The worker prints each job it takes and finishes, and runs
until Ctrl-C (a job in progress is handed back at once) or, with --idle,
until no job came for that long.

A worker is also a searcher of Vučković's root splitting over the network:
"splitpoint search POS --algo rootsplit --remote URL --searchers N" deals
the root moves to N workers and combines their answers.

Positions are loaded by name on the worker: file: positions need the file
at the same path (a shared file system).`,
		Flags: func(fs *flag.FlagSet) func(*Env, []string) error {
			url := fs.String("nats", "", "the NATS server (nats://HOST:4222), or embedded: start one in this worker")
			ackWait := fs.Duration("ack-wait", dist.DefaultAckWait, "how long a job may go unacknowledged before another worker gets it")
			port := fs.Int("nats-port", 4222, "with --nats embedded: the port of the server this worker starts")
			idle := fs.Duration("idle", 0, "stop after this long without a job (0: run until Ctrl-C)")
			jobs := jobsFlag(fs)
			return func(env *Env, args []string) error {
				if *url == "" || *url == "none" {
					return fmt.Errorf("%w: give --nats URL", ErrUsage)
				}
				if len(args) > 0 {
					return fmt.Errorf("%w: unexpected arguments %q", ErrUsage, args)
				}
				target := *url
				if target == "embedded" {
					srv, err := dist.StartServer(dist.ServerOptions{Port: *port})
					if err != nil {
						return err
					}
					defer srv.Shutdown()
					target = srv.LoopbackURL()
					fmt.Fprintf(env.Out, "nats server on port %d; other workers and searches use --nats/--remote %s\n", srv.Port(), srv.WorkerURL())
				}
				nc, err := dist.Dial(target, "splitpoint worker")
				if err != nil {
					return err
				}
				defer nc.Close()
				out := &lockedWriter{w: env.Out}
				w := &dist.Worker{NC: nc, Engine: experiment.LabEngine{}, Out: out, AckWait: *ackWait, Idle: *idle, Parallel: *jobs,
					Name: fmt.Sprintf("%s:%d", dist.ThisHost().Name, os.Getpid())}
				// The same process is a root-split searcher for
				// "search --algo rootsplit --remote URL".
				sub, err := dist.ServeRootSplit(nc, w.Name, out)
				if err != nil {
					return err
				}
				defer sub.Unsubscribe()
				return w.Run(env.Ctx)
			}
		},
	})
}

func init() {
	register(&Command{
		Name:  "slurm",
		Args:  "SPEC.yaml --nodes N --time T [--out FILE] [--db FILE] [--port P] [--partition P] [--bin PATH]",
		Short: "write an sbatch script that runs a sweep over N worker nodes of a Slurm cluster",
		Long: `Writes an sbatch script (--out, default NAME.sbatch after the spec) for the
sweep of SPEC.yaml: a coordinator task on the allocation's first node runs
"splitpoint sweep --spec SPEC.yaml --nats embedded" (a NATS server with
JetStream, no root, no daemon) and N worker tasks, one per other node, run
"splitpoint worker --nats nats://FIRST:PORT". Submit it as is with sbatch;
the database (--db) and the spec are read and written by the coordinator's
node, so put them on the shared file system. The spec is checked here.`,
		NArgs: 1,
		Flags: func(fs *flag.FlagSet) func(*Env, []string) error {
			var s dist.Slurm
			fs.IntVar(&s.Nodes, "nodes", 0, "worker nodes (the job takes one more for the coordinator)")
			fs.StringVar(&s.Time, "time", "", "the job's time limit as Slurm writes it: 30, 2:00:00, 1-12:00:00")
			fs.StringVar(&s.DB, "db", results.DefaultPath, "the results database, as the job sees it")
			fs.IntVar(&s.Port, "port", 4222, "the embedded NATS server's port")
			fs.StringVar(&s.Partition, "partition", "", "the Slurm partition (default: the cluster's)")
			fs.StringVar(&s.Binary, "bin", "", "the splitpoint binary as the nodes see it (default: splitpoint on PATH)")
			out := fs.String("out", "", "the script to write (default: the spec's name with .sbatch)")
			return func(env *Env, args []string) error {
				if len(args) != 1 {
					return fmt.Errorf("%w: give the sweep's spec file", ErrUsage)
				}
				if _, err := experiment.Load(args[0]); err != nil {
					return err
				}
				s.Spec = args[0]
				base := strings.TrimSuffix(filepath.Base(args[0]), filepath.Ext(args[0]))
				s.Name = "splitpoint-" + base
				if *out == "" {
					*out = base + ".sbatch"
				}
				if err := s.Check(); err != nil {
					return fmt.Errorf("%w: %v", ErrUsage, err)
				}
				if err := atomicfile.Write(*out, s.Write); err != nil {
					return err
				}
				env.Wrote(*out)
				fmt.Fprintf(env.Out, "wrote %s: a coordinator and %d worker nodes for %s; submit it with\n  sbatch %s\n", *out, s.Nodes, s.Time, *out)
				return nil
			}
		},
	})
}

// lockedWriter serializes the lines of the worker and its searcher.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
