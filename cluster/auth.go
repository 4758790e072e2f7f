package cluster

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"splitpoint/atomicfile"
)

// Auth is the credentials of a NATS server the workbench starts: two NATS
// nkeys (the server keeps only their public keys; a client proves that it
// holds a seed by signing the server's nonce, so no secret crosses the
// network), generated from crypto/rand by nkeys.CreateUser:
//
//   - the owner's, with every permission: the coordinator, and the
//     commands of the user who started the server;
//   - the workers', with only what a worker does (WorkerPermissions): take
//     the jobs of Sweep through the consumer WorkersConsumer(Sweep), answer
//     on its result subjects, hear its cancel, serve root splits.
//
// A client without one of them is refused (the server's INFO says
// auth_required). Save writes them as owner.nk and worker.nk, mode 0600,
// in a directory of mode 0700.
type Auth struct {
	// Sweep is the sweep the workers' key is for ("": every sweep on the
	// server, for a server that outlives one sweep, as the terminal UI's).
	Sweep string
	// Dir is where Save wrote the files ("": nowhere yet).
	Dir string

	owner, worker []byte // the seeds
}

// Roles of a credential file written by Save.
const (
	RoleOwner  = "owner"
	RoleWorker = "worker"
)

// NewAuth makes fresh keys for sweep's server.
func NewAuth(sweep string) (*Auth, error) {
	a := &Auth{Sweep: sweep}
	for _, seed := range []*[]byte{&a.owner, &a.worker} {
		kp, err := nkeys.CreateUser()
		if err != nil {
			return nil, fmt.Errorf("making a NATS key: %w", err)
		}
		if *seed, err = kp.Seed(); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// LoadAuth reads the keys Save wrote to dir.
func LoadAuth(dir string) (*Auth, error) {
	a := &Auth{Dir: dir}
	for _, f := range []struct {
		role string
		seed *[]byte
	}{{RoleOwner, &a.owner}, {RoleWorker, &a.worker}} {
		path := filepath.Join(dir, f.role+".nk")
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		info := parseCredsHeader(data)
		if info.Role != f.role {
			return nil, fmt.Errorf("%s: not a splitpoint %s credential", path, f.role)
		}
		kp, err := nkeys.ParseDecoratedNKey(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if *f.seed, err = kp.Seed(); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if f.role == RoleWorker {
			a.Sweep = info.Sweep
		}
	}
	return a, nil
}

// AuthFor is the credentials of sweep's server in dir: the ones there when
// they are for the same sweep (a resumed sweep: its workers, which
// reconnect with the key they read, are let in again), else fresh ones,
// saved there.
func AuthFor(dir, sweep string) (*Auth, error) {
	if a, err := LoadAuth(dir); err == nil && a.Sweep == sweep && sweep != "" {
		return a, nil
	}
	a, err := NewAuth(sweep)
	if err != nil {
		return nil, err
	}
	return a, a.Save(dir)
}

// Save writes the two keys to dir (made with mode 0700) as owner.nk and
// worker.nk, mode 0600, each written atomically: NATS nkey seed files with
// a header of comments saying what they are for, which nats.go
// (NkeyOptionFromSeed) and the nats command line (--nkey) read as they are.
func (a *Auth) Save(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return err
	}
	for _, f := range []struct {
		role string
		seed []byte
	}{{RoleOwner, a.owner}, {RoleWorker, a.worker}} {
		err := atomicfile.Write(filepath.Join(dir, f.role+".nk"), func(w io.Writer) error {
			what := "the owner's NATS key (every permission: the coordinator and your own tools)"
			if f.role == RoleWorker {
				what = "the workers' NATS key (take jobs, send back runs)"
				if a.Sweep != "" {
					what = "the NATS key of sweep " + a.Sweep + "'s workers (take its jobs, send back its runs)"
				}
			}
			_, err := fmt.Fprintf(w, "# splitpoint: %s, an nkey seed.\n# Keep it private: whoever reads it is let in.\n# role: %s\n# sweep: %s\n%s\n",
				what, f.role, a.Sweep, f.seed)
			return err
		}, atomicfile.WithMode(atomicfile.Private))
		if err != nil {
			return err
		}
	}
	a.Dir = dir
	return nil
}

// OwnerFile and WorkerFile are the files Save wrote.
func (a *Auth) OwnerFile() string  { return filepath.Join(a.Dir, RoleOwner+".nk") }
func (a *Auth) WorkerFile() string { return filepath.Join(a.Dir, RoleWorker+".nk") }

func publicKey(seed []byte) string {
	kp, err := nkeys.FromSeed(seed)
	if err != nil {
		return ""
	}
	pub, _ := kp.PublicKey()
	return pub
}

// Accounts of a server the workbench starts: the owner's holds the
// streams and every subject; the workers' holds nothing but what it
// imports from the owner's (link): a message a worker sends with a reply
// subject is answered in the workers' account, so that no answer of the
// server (a publish acknowledgement, an API response, delivered jobs)
// can be steered onto a subject of the owner's, such as a job's.
const (
	OwnerAccount   = "SPLITPOINT"
	WorkersAccount = "SPLITPOINT_WORKERS"
)

// WorkerAPI is the prefix of the JetStream API in the workers' account:
// the few requests a worker makes, each imported from the owner's
// account (link). A worker connected there uses it instead of $JS.API.
const WorkerAPI = "splitpoint.api"

// users are the server's nkey users: the owner without limits in the
// owner's account, the workers with WorkerPermissions in theirs.
func (a *Auth) users(owner, workers *server.Account) []*server.NkeyUser {
	return []*server.NkeyUser{
		{Nkey: publicKey(a.owner), Account: owner},
		{Nkey: publicKey(a.worker), Account: workers, Permissions: WorkerPermissions(a.Sweep)},
	}
}

// link gives the workers' account, on the running server, what a worker
// of sweep ("": of every sweep) does in the owner's: JetStream there, and
// as imports create and pull from its consumer of the jobs stream,
// acknowledge what it delivered, read a run back from the results stream
// (a direct get by the run's subject, of this sweep's only), publish the
// sweep's results, hear its cancel; the owner's account reaches the
// workers' root-split searchers.
func link(ns *server.Server, sweep string) error {
	owner, err := ns.LookupAccount(OwnerAccount)
	if err != nil {
		return err
	}
	workers, err := ns.LookupAccount(WorkersAccount)
	if err != nil {
		return err
	}
	if err := owner.EnableJetStream(map[string]server.JetStreamAccountLimits{
		"": {MaxMemory: -1, MaxStore: -1, MaxStreams: -1, MaxConsumers: -1}}, nil); err != nil {
		return fmt.Errorf("jetstream: %w", err)
	}
	c := JobsStream + "." + WorkersConsumer(sweep)
	api := "$JS.API."
	services := []struct {
		subject string
		resp    server.ServiceRespType
	}{
		{api + "CONSUMER.CREATE." + c + "." + jobsFilter(sweep), server.Singleton},
		{api + "CONSUMER.MSG.NEXT." + c, server.Streamed},
		{api + "DIRECT.GET." + ResultsStream + "." + resultsFilter(sweep), server.Singleton},
		{"$JS.ACK." + c + ".>", server.Singleton},
		{resultsFilter(sweep), server.Singleton},
	}
	for _, sv := range services {
		if err := owner.AddServiceExportWithResponse(sv.subject, sv.resp, []*server.Account{workers}); err != nil {
			return fmt.Errorf("exporting %s: %w", sv.subject, err)
		}
		local := sv.subject
		if tail, ok := strings.CutPrefix(sv.subject, api); ok {
			local = WorkerAPI + "." + tail
		}
		if err := workers.AddServiceImport(owner, local, sv.subject); err != nil {
			return fmt.Errorf("importing %s: %w", sv.subject, err)
		}
	}
	if err := owner.AddStreamExport(cancelFilter(sweep), []*server.Account{workers}); err != nil {
		return err
	}
	if err := workers.AddStreamImport(owner, cancelFilter(sweep), ""); err != nil {
		return err
	}
	if err := workers.AddServiceExport(RootSplitSubject, []*server.Account{owner}); err != nil {
		return err
	}
	return owner.AddServiceImport(workers, RootSplitSubject, RootSplitSubject)
}

// seedOption signs the server's nonce with seed (held in memory: the
// process made or read it).
func seedOption(seed []byte) nats.Option {
	return nats.Nkey(publicKey(seed), func(nonce []byte) ([]byte, error) {
		kp, err := nkeys.FromSeed(seed)
		if err != nil {
			return nil, err
		}
		defer kp.Wipe()
		return kp.Sign(nonce)
	})
}

// OwnerOption and WorkerOption connect with the owner's or the workers'
// key (a worker's connection also takes WorkerInbox).
func (a *Auth) OwnerOption() nats.Option { return seedOption(a.owner) }
func (a *Auth) WorkerOptions() []nats.Option {
	return []nats.Option{seedOption(a.worker), nats.CustomInboxPrefix(WorkerInbox)}
}

// WorkerInbox is the prefix of the reply subjects of a worker holding the
// workers' key: it may listen there and not on the owner's _INBOX.>, where
// the coordinator's fetches and the JetStream API's answers to it arrive.
const WorkerInbox = "_INBOX_splitpoint_worker"

// WorkersConsumer is the durable consumer of the jobs stream that the
// workers of sweep share ("": of every sweep, filtered on every job).
func WorkersConsumer(sweep string) string {
	if sweep == "" {
		return WorkersName
	}
	return WorkersName + "-" + sweep
}

// jobsFilter is the subjects of sweep's jobs ("": every sweep's).
func jobsFilter(sweep string) string {
	if sweep == "" {
		return jobsPrefix + ">"
	}
	return jobsPrefix + sweep + ".>"
}

// cancelFilter is the subjects that cancel sweep ("": any sweep).
func cancelFilter(sweep string) string {
	if sweep == "" {
		return cancelPrefix + ">"
	}
	return CancelSubject(sweep)
}

// resultsFilter is the subjects of sweep's results ("": every sweep's).
func resultsFilter(sweep string) string {
	if sweep == "" {
		return resultsPrefix + ">"
	}
	return resultsPrefix + sweep + ".>"
}

// WorkerPermissions are what the workers' key allows on the server of
// sweep ("": of every sweep), in the workers' account, whose only way to
// the streams is the imports of link: the JetStream API (WorkerAPI) only
// to create and pull from its own consumer (with a filter on the sweep's
// jobs: it cannot ask for anything else) and to read back a run of the
// sweep by its subject (Worker.answered); acknowledging what that
// consumer delivered; publishing only the sweep's results; listening only
// on its own inbox, the sweep's cancel and the root-split subject, whose
// requests it answers once each.
func WorkerPermissions(sweep string) *server.Permissions {
	api := WorkerAPI + "."
	c := JobsStream + "." + WorkersConsumer(sweep)
	return &server.Permissions{
		Publish: &server.SubjectPermission{Allow: []string{
			api + "CONSUMER.CREATE." + c + "." + jobsFilter(sweep),
			api + "CONSUMER.MSG.NEXT." + c,
			api + "DIRECT.GET." + ResultsStream + "." + resultsFilter(sweep),
			"$JS.ACK." + c + ".>",
			resultsFilter(sweep),
		}},
		Subscribe: &server.SubjectPermission{Allow: []string{WorkerInbox + ".>", cancelFilter(sweep), RootSplitSubject}},
		// A root share's answer goes to its requester's reply subject,
		// once; a share may search for hours.
		Response: &server.ResponsePermission{MaxMsgs: 1, Expires: 24 * time.Hour},
	}
}

// Creds are how a command proves itself to a NATS server and checks the
// server's certificate: a credentials file and a CA file, each defaulting
// to NATS's usual environment variables. A URL with user:password@ or
// token@, or nats.go's handling of tls://, needs nothing here.
type Creds struct {
	// File is a NATS credentials file: a .creds file (a user JWT and its
	// seed, as nsc writes them), an nkey seed file (the nats command
	// line's --nkey), or one of the files Auth.Save writes. "": the file
	// $NATS_CREDS names, else $NATS_NKEY's.
	File string
	// CA is a PEM file of the certificate authorities that sign the
	// server's TLS certificate ("": $NATS_CA; none: the system's).
	CA string
}

// CredsInfo is what the header of a file Auth.Save wrote says (empty for
// other files).
type CredsInfo struct {
	Role  string // RoleOwner or RoleWorker
	Sweep string // the sweep a worker's key is for ("": any)
}

// API is the JetStream API prefix a worker with these credentials uses:
// WorkerAPI with the workers' key of a server the workbench started, else
// "" ($JS.API).
func (i CredsInfo) API() string {
	if i.Role == RoleWorker {
		return WorkerAPI
	}
	return ""
}

func parseCredsHeader(data []byte) CredsInfo {
	var info CredsInfo
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "#")
		if !ok {
			continue
		}
		k, v, _ := strings.Cut(strings.TrimSpace(line), ":")
		switch strings.TrimSpace(k) {
		case "role":
			info.Role = strings.TrimSpace(v)
		case "sweep":
			info.Sweep = strings.TrimSpace(v)
		}
	}
	return info
}

// file is the credentials file to use: File or the environment's.
func (c Creds) file() string {
	for _, f := range []string{c.File, os.Getenv("NATS_CREDS"), os.Getenv("NATS_NKEY")} {
		if f != "" {
			return f
		}
	}
	return ""
}

// Info reads the header of the credentials file (no file: none).
func (c Creds) Info() (CredsInfo, error) {
	f := c.file()
	if f == "" {
		return CredsInfo{}, nil
	}
	data, err := os.ReadFile(f)
	if err != nil {
		return CredsInfo{}, fmt.Errorf("NATS credentials: %w", err)
	}
	return parseCredsHeader(data), nil
}

// ErrNoCredsFile is the error of a credentials file that does not exist
// (yet: a coordinator on another node writes it).
var ErrNoCredsFile = errors.New("no such credentials file")

// Options are the connection options of the credentials: the file's key
// (and for a worker's key, WorkerInbox), $NATS_USER and $NATS_PASSWORD,
// or $NATS_TOKEN, when there is no file; the CA; and a client certificate
// from $NATS_CERT and $NATS_KEY when both are set.
func (c Creds) Options() ([]nats.Option, error) {
	var opts []nats.Option
	if f := c.file(); f != "" {
		data, err := os.ReadFile(f)
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s", ErrNoCredsFile, f)
		}
		if err != nil {
			return nil, fmt.Errorf("NATS credentials: %w", err)
		}
		if bytes.Contains(data, []byte("BEGIN NATS USER JWT")) {
			opts = append(opts, nats.UserCredentials(f))
		} else {
			o, err := nats.NkeyOptionFromSeed(f)
			if err != nil {
				return nil, fmt.Errorf("NATS credentials %s: %w", f, err)
			}
			opts = append(opts, o)
			if parseCredsHeader(data).Role == RoleWorker {
				opts = append(opts, nats.CustomInboxPrefix(WorkerInbox))
			}
		}
	} else if u := os.Getenv("NATS_USER"); u != "" {
		opts = append(opts, nats.UserInfo(u, os.Getenv("NATS_PASSWORD")))
	} else if t := os.Getenv("NATS_TOKEN"); t != "" {
		opts = append(opts, nats.Token(t))
	}
	ca := c.CA
	if ca == "" {
		ca = os.Getenv("NATS_CA")
	}
	if ca != "" {
		opts = append(opts, nats.RootCAs(ca))
	}
	if cert, key := os.Getenv("NATS_CERT"), os.Getenv("NATS_KEY"); cert != "" && key != "" {
		opts = append(opts, nats.ClientCert(cert, key))
	}
	return opts, nil
}
