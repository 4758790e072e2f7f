package workbench

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"splitpoint/atomicfile"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"splitpoint/cluster"
	"splitpoint/experiment"
	"splitpoint/lab"
	"splitpoint/results"
)

// DistFlags are the sweep's flags for NATS (package cluster).
type DistFlags struct {
	NATS   string        // a server URL, or "embedded"
	Port   int           // the embedded server's port
	Listen string        // the interface the embedded server listens on
	Creds  cluster.Creds // an external server's credentials and CA
	Resume string        // the id of a sweep to re-attach to
}

// distFlagNames are the flags DistFlags declares (not spec keys).
var distFlagNames = []string{"nats", "nats-port", "nats-listen", "nats-creds", "nats-ca", "resume"}

func (d *DistFlags) declare(fs *flag.FlagSet) {
	fs.StringVar(&d.NATS, "nats", "", "spread the runs over workers through NATS JetStream at URL (nats://HOST:4222, tls://…), or embedded: start a server here")
	fs.IntVar(&d.Port, "nats-port", 4222, "the embedded server's port (0: any free port)")
	declareNATSAuth(fs, &d.Listen, &d.Creds)
	fs.StringVar(&d.Resume, "resume", "", "re-attach to the sweep of this id (same spec): wait only for the runs not stored")
}

// declareNATSAuth declares the flags of who may reach a server: the
// embedded one's interface, and the credentials and CA for another.
func declareNATSAuth(fs *flag.FlagSet, listen *string, c *cluster.Creds) {
	fs.StringVar(listen, "nats-listen", "0.0.0.0", "the interface the embedded server listens on (default: every one; only holders of its keys get in)")
	fs.StringVar(&c.File, "nats-creds", "", "a NATS credentials file: .creds, nkey seed, or the worker.nk an embedded server writes (default: $NATS_CREDS, $NATS_NKEY)")
	fs.StringVar(&c.CA, "nats-ca", "", "the CA certificate (PEM) that signs a tls:// server's certificate (default: $NATS_CA)")
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
	id := d.Resume
	if d.NATS == "embedded" {
		if id == "" {
			id = experiment.NewID(time.Now())
		}
		srv, err := cluster.StartSweepServer(filepath.Dir(db), id, d.Listen, d.Port)
		if err != nil {
			return err
		}
		defer srv.Shutdown()
		fmt.Fprintf(env.Out, "nats server on %s:%d (JetStream store %s), only for the holders of its keys; on each worker machine run:\n  splitpoint worker --nats %s --nats-creds %s\n",
			srv.Host(), srv.Port(), srv.StoreDir(), srv.WorkerURL(), Quote(srv.Auth.WorkerFile()))
		if slices.ContainsFunc(jobs, func(j experiment.Job) bool { return strings.HasPrefix(j.Position.Name, "file:") }) {
			fmt.Fprintln(env.Out, "  with --files DIR: the directory the workers read the sweep's file: positions from (none without it)")
		}
		if nc, err = srv.Connect("splitpoint sweep"); err != nil {
			return err
		}
	} else if nc, err = cluster.DialNow(d.NATS, "splitpoint sweep", d.Creds); err != nil {
		// The coordinator needs the server now (workers wait for it).
		return err
	}
	defer nc.Close()
	c := &cluster.Coordinator{NC: nc, Store: store, ID: id, Out: env.Out, Term: env.Term}
	if env.Observe != nil {
		c.Progress = env.Observe.Sweep
	}
	out, err := c.Run(env.Ctx, jobs)
	if err != nil {
		if out != nil && !errors.Is(err, results.ErrOtherSpec) {
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
	if out.Errors > 0 {
		fmt.Fprintf(env.Out, "sweep %s: workers answered %d errors; %d jobs recorded as failed after %d attempts\n", out.Sweep, out.Errors, out.Failed, cluster.MaxTries)
	}
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

// workerLong is the help of the worker command.
const workerLong = `Connects to the NATS server at --nats (the URL "splitpoint sweep --nats
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

The worker runs only what a sweep may ask: each job is checked against the
limits of the sweep's command line (depth, machine size, memory budget,
known algorithms and positions) and refused with the reason otherwise.
Positions are loaded by name on the worker; file: positions only from the
directory --files (none without it), never outside it (no "..", no
symbolic link out), at the path the sweep gave relative to it, or the same
absolute path (a shared file system).

Credentials: --nats-creds names the key file a "sweep --nats embedded"
prints (its worker.nk: that sweep's jobs only), a NATS .creds file or an
nkey seed file; without it $NATS_CREDS or $NATS_NKEY name one, or
$NATS_USER and $NATS_PASSWORD, or $NATS_TOKEN, or the URL's user:pass@
give them. tls:// URLs use TLS, checked against --nats-ca (or $NATS_CA). A
key file that does not exist yet is waited for (a coordinator in the same
batch job writes it). See docs/cluster.md.`

// workerCommand declares the worker command's flags on fs and returns the
// function that runs it.
func workerCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	url := fs.String("nats", "", "the NATS server (nats://HOST:4222, tls://…), or embedded: start one in this worker")
	ackWait := fs.Duration("ack-wait", cluster.DefaultAckWait, "how long a job may go unacknowledged before another worker gets it")
	port := fs.Int("nats-port", 4222, "with --nats embedded: the port of the server this worker starts")
	idle := fs.Duration("idle", 0, "stop after this long without a job (0: run until Ctrl-C)")
	jobs := jobsFlag(fs)
	var listen string
	var creds cluster.Creds
	declareNATSAuth(fs, &listen, &creds)
	files := fs.String("files", "", "the directory file: positions are read from, nothing outside it (default: none is read)")
	return func(env *Env, args []string) error {
		if *url == "" || *url == "none" {
			return fmt.Errorf("%w: give --nats URL", ErrUsage)
		}
		if len(args) > 0 {
			return fmt.Errorf("%w: unexpected arguments %q", ErrUsage, args)
		}
		var root *os.Root
		if *files != "" {
			var err error
			if root, err = os.OpenRoot(*files); err != nil {
				return fmt.Errorf("--files: %w", err)
			}
			defer root.Close()
		}
		target := *url
		if target == "embedded" {
			dir, err := filepath.Abs(filepath.Join("splitpoint-nats", "auth"))
			if err != nil {
				return err
			}
			auth, err := cluster.AuthFor(dir, "")
			if err != nil {
				return err
			}
			srv, err := cluster.StartServer(cluster.ServerOptions{Host: listen, Port: *port, Auth: auth})
			if err != nil {
				return err
			}
			defer srv.Shutdown()
			target = srv.LocalURL()
			creds.File = auth.WorkerFile()
			fmt.Fprintf(env.Out, "nats server on %s:%d, only for the holders of its keys; other workers use --nats %s --nats-creds %s, searches --remote %s with NATS_NKEY=%s\n",
				srv.Host(), srv.Port(), srv.WorkerURL(), Quote(auth.WorkerFile()), srv.WorkerURL(), Quote(auth.OwnerFile()))
		}
		if err := waitForCreds(env, creds); err != nil {
			return err
		}
		info, err := creds.Info()
		if err != nil {
			return err
		}
		nc, err := cluster.Dial(target, "splitpoint worker", creds)
		if err != nil {
			return err
		}
		defer nc.Close()
		out := &lockedWriter{w: env.Out}
		w := &cluster.Worker{NC: nc, Engine: experiment.LabEngine{Tables: &tab}, Out: out, AckWait: *ackWait, Idle: *idle, Parallel: *jobs,
			Name: fmt.Sprintf("%s:%d", cluster.ThisHost().Name, os.Getpid()), Sweep: info.Sweep, Files: root, API: info.API()}
		// The same process is a root-split searcher for
		// "search --algo rootsplit --remote URL".
		sub, err := cluster.ServeRootSplit(nc, w.Name, out, root)
		if err != nil {
			return err
		}
		defer sub.Unsubscribe()
		return w.Run(env.Ctx)
	}
}

// waitForCreds waits until the credentials file exists: a coordinator
// started in the same batch job writes it when its server starts.
func waitForCreds(env *Env, c cluster.Creds) error {
	said := false
	for {
		_, err := c.Options()
		if !errors.Is(err, cluster.ErrNoCredsFile) {
			return err
		}
		if !said {
			fmt.Fprintf(env.Out, "worker: waiting for the credentials file (%v): the coordinator writes it when its server starts\n", err)
			said = true
		}
		select {
		case <-env.Ctx.Done():
			return nil
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// slurmLong is the help of the slurm command.
const slurmLong = `Writes an sbatch script (--out, default NAME.sbatch after the spec) for the
sweep of SPEC.yaml: a coordinator task on the allocation's first node runs
"splitpoint sweep --spec SPEC.yaml --nats embedded" (a NATS server with
JetStream, no root, no daemon) and N worker tasks, one per other node, run
"splitpoint worker --nats nats://FIRST:PORT --nats-creds KEY". The server
lets in only the holders of the sweep's keys, which the coordinator writes
beside the database (KEY is its worker.nk, mode 0600 in a directory of mode
0700); the workers read it from the shared file system, and the script
itself is written with mode 0600. Submit it as is with sbatch; the database
(--db) and the spec are read and written by the coordinator's node, so put
them on the shared file system; --files gives the workers the directory of
the spec's file: positions. The spec is checked here.`

// slurmCommand declares the slurm command's flags on fs and returns the
// function that runs it.
func slurmCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	var s cluster.Slurm
	fs.IntVar(&s.Nodes, "nodes", 0, "worker nodes (the job takes one more for the coordinator)")
	fs.StringVar(&s.Time, "time", "", "the job's time limit as Slurm writes it: 30, 2:00:00, 1-12:00:00")
	fs.StringVar(&s.DB, "db", results.DefaultPath, "the results database, as the job sees it")
	fs.IntVar(&s.Port, "port", 4222, "the embedded NATS server's port")
	fs.StringVar(&s.Partition, "partition", "", "the Slurm partition (default: the cluster's)")
	fs.StringVar(&s.Binary, "bin", "", "the splitpoint binary as the nodes see it (default: splitpoint on PATH)")
	fs.StringVar(&s.Files, "files", "", "the directory the workers read file: positions from (default: none)")
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
		// Private: the script names where the workers' key is.
		if err := atomicfile.Write(*out, s.Write, atomicfile.WithMode(atomicfile.Private)); err != nil {
			return err
		}
		env.Wrote(*out)
		fmt.Fprintf(env.Out, "wrote %s: a coordinator and %d worker nodes for %s; submit it with\n  sbatch %s\n", *out, s.Nodes, s.Time, *out)
		return nil
	}
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
