package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	neturl "net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"splitpoint/suggest"
)

// Server is an embedded NATS server with JetStream, for a coordinator
// that brings its own (--nats embedded), the terminal UI's cluster and
// tests. It lets in only the holders of its Auth's keys.
type Server struct {
	*server.Server
	Auth *Auth  // its credentials
	host string // the interface it listens on ("0.0.0.0": every one)
	dir  string // JetStream's store
	tmp  string // a store directory made here, removed by Shutdown
	url  string // InProcess: its inprocess:// URL, registered in inProcessServers
}

// inProcessServers are the running servers without a listener, by their
// inprocess:// URL: Dial reaches them from the same process.
var inProcessServers sync.Map

// InProcessScheme starts the URL of a server without a listener (see
// Server.URL): Dial reaches it, from this process only.
const InProcessScheme = "inprocess://"

// MaxPayload is the largest message an embedded server takes (NATS's
// max_payload): a client that sends more is refused and disconnected. A
// job or a run's row is a few kilobytes.
const MaxPayload = 1 << 20

// ServerOptions configure an embedded server.
type ServerOptions struct {
	// Host and Port to listen on (Port 0: a free port; -1 with
	// InProcess). Host "" is 0.0.0.0, so that workers on other machines
	// reach it.
	Host string
	Port int
	// StoreDir is JetStream's directory ("": a temporary directory
	// removed at Shutdown).
	StoreDir string
	// InProcess: no listener at all (DontListen); clients connect with
	// Server.Connect. For tests.
	InProcess bool
	// Auth is who may connect (nil: fresh keys for every sweep, kept in
	// memory: Server.Connect is the owner).
	Auth *Auth
	// Log receives a line for each thing the server refuses (nil: the
	// standard logger, on standard error).
	Log io.Writer
	// AuthTimeout is how long a client that connected has to present its
	// credential before the server closes the connection, a refusal it
	// logs (0: NATS's default, 2 seconds).
	AuthTimeout time.Duration
}

// StartServer starts an embedded server and waits until it is ready. It
// then takes the jobs stream for its workers' consumer: consumers of
// workers of other keys (an earlier server on the same store, whose keys
// are gone) are deleted, as the jobs stream lets no two consumers take the
// same job.
func StartServer(o ServerOptions) (*Server, error) {
	s := &Server{Auth: o.Auth}
	if s.Auth == nil {
		var err error
		if s.Auth, err = NewAuth(""); err != nil {
			return nil, err
		}
	}
	dir := o.StoreDir
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "splitpoint-nats-"); err != nil {
			return nil, err
		}
		s.tmp = dir
	}
	owner, workers := server.NewAccount(OwnerAccount), server.NewAccount(WorkersAccount)
	opts := &server.Options{Host: o.Host, Port: o.Port, JetStream: true, StoreDir: dir, DontListen: o.InProcess,
		NoSigs: true, ServerName: "splitpoint", Accounts: []*server.Account{owner, workers}, Nkeys: s.Auth.users(owner, workers),
		MaxPayload: MaxPayload, AuthTimeout: o.AuthTimeout.Seconds()}
	if opts.Host == "" {
		opts.Host = "0.0.0.0"
	}
	s.host, s.dir = opts.Host, dir
	if opts.Port == 0 {
		opts.Port = server.RANDOM_PORT
	}
	if !o.InProcess {
		if err := checkListen(opts.Host, o.Port); err != nil {
			s.cleanup()
			return nil, err
		}
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		s.cleanup()
		return nil, fmt.Errorf("nats server: %w", err)
	}
	lg := log.Default()
	if o.Log != nil {
		lg = log.New(o.Log, "", log.LstdFlags)
	}
	start := &startup{fatal: make(chan string, 1)}
	// Debug lines on: the server reports a client that never
	// authenticated only at debug level (refusals.Debugf keeps those).
	ns.SetLoggerV2(refusals{Logger: lg, start: start}, true, false, false)
	go ns.Start()
	err = waitReady(ns, start.fatal, 10*time.Second)
	start.done()
	if err == nil {
		err = link(ns, s.Auth.Sweep)
	}
	if err != nil {
		ns.Shutdown()
		s.cleanup()
		return nil, err
	}
	s.Server = ns
	if o.InProcess {
		s.url = InProcessScheme + ns.ID()
		inProcessServers.Store(s.url, s)
	}
	if err := s.claimJobs(); err != nil {
		s.Shutdown()
		return nil, err
	}
	return s, nil
}

// checkListen fails at once, with one line naming the address and the
// reason, when host:port cannot be listened on (a port taken, a host that
// is no address of this machine, a port out of range): the server itself
// would only log it and never become ready. The port is bound and let go
// again at once.
func checkListen(host string, port int) error {
	addr := net.JoinHostPort(host, strconv.Itoa(port))
	if port < 0 || port > 65535 {
		return fmt.Errorf("nats server: cannot listen on %s: the port is out of range 0…65535", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		var oe *net.OpError
		if errors.As(err, &oe) && oe.Err != nil {
			err = oe.Err
		}
		return fmt.Errorf("nats server: cannot listen on %s: %v", addr, err)
	}
	return ln.Close()
}

// waitReady waits until ns accepts connections, or fails as soon as the
// server reports a fatal error (a listener it could not open after all).
func waitReady(ns *server.Server, fatal <-chan string, limit time.Duration) error {
	for end := time.Now().Add(limit); time.Now().Before(end); {
		if ns.ReadyForConnections(50 * time.Millisecond) {
			return nil
		}
		select {
		case msg := <-fatal:
			return fmt.Errorf("nats server: %s", strings.ReplaceAll(msg, "\n", " "))
		default:
		}
	}
	return fmt.Errorf("nats server: not ready after %v", limit)
}

// claimJobs creates the streams and deletes the workers' consumers of
// other keys.
func (s *Server) claimJobs() error {
	nc, err := s.Connect("splitpoint server")
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := EnsureStreams(ctx, js); err != nil {
		return err
	}
	mine := WorkersConsumer(s.Auth.Sweep)
	st, err := js.Stream(ctx, JobsStream)
	if err != nil {
		return err
	}
	names := st.ConsumerNames(ctx)
	var stale []string
	for n := range names.Name() {
		if n != mine && (n == WorkersName || strings.HasPrefix(n, WorkersName+"-")) {
			stale = append(stale, n)
		}
	}
	if err := names.Err(); err != nil {
		return fmt.Errorf("listing the jobs stream's consumers: %w", err)
	}
	for _, n := range stale {
		if err := js.DeleteConsumer(ctx, JobsStream, n); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
			return fmt.Errorf("deleting the stale consumer %s: %w", n, err)
		}
	}
	return nil
}

// refusals logs what the server refuses: a client without the credential,
// a message over MaxPayload, a subject its key does not allow. The rest of
// the server's notices stay quiet, as before it logged nothing.
type refusals struct {
	*log.Logger
	start *startup
}

// startup hands the server's first fatal error to StartServer while it
// waits for the server; once it is up, fatal errors are logged.
type startup struct {
	mu    sync.Mutex
	fatal chan string // nil once the server is up
}

// take sends msg to the waiting StartServer and reports whether there
// was one.
func (s *startup) take(msg string) bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fatal == nil {
		return false
	}
	select {
	case s.fatal <- msg:
	default: // one is enough
	}
	return true
}

// done ends the wait: later fatal errors are logged.
func (s *startup) done() {
	s.mu.Lock()
	s.fatal = nil
	s.mu.Unlock()
}

func (refusals) Noticef(string, ...any) {}
func (refusals) Warnf(string, ...any)   {}
func (r refusals) Fatalf(f string, a ...any) {
	if msg := fmt.Sprintf(f, a...); !r.start.take(msg) {
		r.Printf("nats server: %s", msg)
	}
}

// Debugf logs, of the server's debug lines, only the refusals the server
// reports at that level: a client closed because it connected and did not
// authenticate within the auth timeout (nats-server's client.go:
// markConnAsClosed, "Client connection closed: Authentication Timeout").
// The server's other debug lines are dropped unformatted.
func (r refusals) Debugf(f string, a ...any) {
	if !strings.Contains(f, "connection closed") {
		return
	}
	msg := strings.ReplaceAll(suggest.Bound(maskURLs(fmt.Sprintf(f, a...))), "\n", " ")
	for _, k := range debugRefusalMarks {
		if strings.HasSuffix(msg, k) {
			r.Printf("nats server: refused: %s (no credential within the authentication timeout)", msg)
			return
		}
	}
}

// debugRefusalMarks end the debug lines that report a refusal (the
// reason of a closed connection, nats-server's ClosedState.String).
var debugRefusalMarks = []string{"connection closed: Authentication Timeout"}

func (refusals) Tracef(string, ...any) {}

// refusalMarks are the words of the server's log lines (nats-server's
// client.go and errors.go) that say it refused a client: a key it does
// not know ("authentication error"), a subject the key may not publish or
// subscribe to or a reserved reply subject ("Publish Violation - Subject",
// "Subscription Violation", "Publish Violation - Reply"), a message over
// MaxPayload ("maximum payload exceeded"), too many connections or
// subscriptions.
var refusalMarks = []string{"authentication error", "Authorization Violation", "Publish Violation", "Subscription Violation",
	"maximum payload exceeded", "maximum connections exceeded", "maximum subscriptions exceeded", "maximum account active connections exceeded"}

// Errorf logs every error the server reports, one line each (the
// client's name in it is the client's own text: suggest.Bound), a
// refusal with "refused:" and its reason.
func (r refusals) Errorf(f string, a ...any) {
	msg := strings.ReplaceAll(suggest.Bound(maskURLs(fmt.Sprintf(f, a...))), "\n", " ")
	for _, k := range refusalMarks {
		if strings.Contains(msg, k) {
			r.Printf("nats server: refused: %s", msg)
			return
		}
	}
	r.Printf("nats server: %s", msg)
}

// URL is how a client of this process reaches the server: its loopback
// URL, or for a server without a listener an inprocess:// URL that only
// Dial and DialNow of this process understand (the tests hand it to the
// commands as any other URL).
func (s *Server) URL() string {
	if s.url != "" {
		return s.url
	}
	return s.LocalURL()
}

func (s *Server) cleanup() {
	if s.tmp != "" {
		os.RemoveAll(s.tmp)
	}
}

// Shutdown stops the server and removes a temporary store.
func (s *Server) Shutdown() {
	if s.url != "" {
		inProcessServers.Delete(s.url)
	}
	s.Server.Shutdown()
	s.Server.WaitForShutdown()
	s.cleanup()
}

// Connect opens a client connection as the owner: in-process when the
// server does not listen, else over LocalURL.
func (s *Server) Connect(name string) (*nats.Conn, error) {
	return s.ConnectWith(name, s.Auth.OwnerOption())
}

// ConnectWith opens a client connection with opts (a key: Auth's options).
func (s *Server) ConnectWith(name string, opts ...nats.Option) (*nats.Conn, error) {
	opts = append([]nats.Option{nats.Name(name)}, opts...)
	if s.Server.Addr() == nil {
		return nats.Connect("", append(opts, nats.InProcessServer(s.Server))...)
	}
	return nats.Connect(s.LocalURL(), opts...)
}

// LocalURL is how this machine reaches the server: nats://127.0.0.1:PORT,
// or the address of the one interface it listens on.
func (s *Server) LocalURL() string {
	h := s.host
	if wildcardHost(h) {
		h = "127.0.0.1"
	}
	return "nats://" + net.JoinHostPort(h, strconv.Itoa(s.Port()))
}

func wildcardHost(h string) bool { return h == "" || h == "0.0.0.0" || h == "::" || h == "[::]" }

// Port is the port the server listens on.
func (s *Server) Port() int {
	if a, ok := s.Server.Addr().(*net.TCPAddr); ok {
		return a.Port
	}
	return 0
}

// WorkerURL is the URL to give workers on other machines: the interface
// it listens on, or when it listens on every one the host's name (or
// "HOST" when it has none), and the port.
func (s *Server) WorkerURL() string {
	h := s.host
	if wildcardHost(h) {
		var err error
		if h, err = os.Hostname(); err != nil || h == "" {
			h = "HOST"
		}
	}
	return "nats://" + net.JoinHostPort(h, strconv.Itoa(s.Port()))
}

// Dial connects to url for a command with creds: a name, reconnecting
// for ever, and retrying the first connection too (a worker may start
// before the coordinator's server, and outlives its restart).
func Dial(url, name string, creds Creds) (*nats.Conn, error) {
	return dial(url, name, creds, true)
}

// DialNow connects to url as Dial does but fails at once when the server
// cannot be reached (a coordinator, which needs the server now: the
// terminal UI shows why), reconnecting for ever afterwards.
func DialNow(url, name string, creds Creds) (*nats.Conn, error) {
	return dial(url, name, creds, false)
}

func dial(url, name string, creds Creds, retryFirst bool) (*nats.Conn, error) {
	auth, err := creds.Options()
	if err != nil {
		return nil, err
	}
	if strings.HasPrefix(url, InProcessScheme) {
		s, ok := inProcessServers.Load(url)
		if !ok {
			return nil, fmt.Errorf("connecting to %s: no such server in this process", url)
		}
		if len(auth) == 0 {
			return s.(*Server).Connect(name)
		}
		return s.(*Server).ConnectWith(name, auth...)
	}
	opts := append([]nats.Option{nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second)}, auth...)
	if retryFirst {
		opts = append(opts, nats.RetryOnFailedConnect(true))
	} else {
		opts = append(opts, nats.Timeout(5*time.Second))
	}
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", redact(url), masked{err})
	}
	return nc, nil
}

// userInfo matches the user information of a URL in a text.
var userInfo = regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*://)([^/@\s]+)@`)

// maskURLs hides the password or token of every URL in text s (a
// message that may quote one: an error of the NATS client, a URL given).
func maskURLs(s string) string {
	return userInfo.ReplaceAllStringFunc(s, func(m string) string {
		sub := userInfo.FindStringSubmatch(m)
		user, _, pass := strings.Cut(sub[2], ":")
		if !pass {
			user = "xxxxx" // a token
		} else {
			user += ":xxxxx"
		}
		return sub[1] + user + "@"
	})
}

// masked is an error whose text has its URLs masked (maskURLs).
type masked struct{ err error }

func (m masked) Error() string { return maskURLs(m.err.Error()) }
func (m masked) Unwrap() error { return m.err }

// redact hides the password or token of a URL in a message.
func redact(u string) string {
	if pu, err := neturl.Parse(u); err == nil && pu.User != nil {
		if _, ok := pu.User.Password(); !ok { // a token
			pu.User = neturl.User("xxxxx")
		}
		return pu.Redacted()
	}
	return u
}

// StartSweepServer starts the server of "splitpoint sweep --nats
// embedded" for sweep, listening on host and port: JetStream's store in
// dir/splitpoint-nats/SWEEP (beside the results database), its keys in
// dir/splitpoint-nats/SWEEP/auth (AuthFor: fresh for a new sweep, the
// same for a resumed one), the workers' key for this sweep alone. Each
// sweep has its own store and keys: two sweeps started in one directory
// neither share a store nor overwrite each other's keys.
func StartSweepServer(dir, sweep, host string, port int) (*Server, error) {
	if err := CheckSweepID(sweep); err != nil {
		return nil, err
	}
	// Absolute: the worker command printed names the key file.
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	store := SweepStore(dir, sweep)
	auth, err := AuthFor(filepath.Join(store, "auth"), sweep)
	if err != nil {
		return nil, fmt.Errorf("the NATS server's keys: %w", err)
	}
	return StartServer(ServerOptions{Host: host, Port: port, StoreDir: store, Auth: auth})
}

// SweepStore is the directory of sweep's embedded server beside a
// database in dir: its JetStream store, and its keys in auth/.
func SweepStore(dir, sweep string) string { return filepath.Join(dir, "splitpoint-nats", sweep) }

// Host is the interface the server listens on (0.0.0.0: every one).
func (s *Server) Host() string { return s.host }

// StoreDir is JetStream's directory.
func (s *Server) StoreDir() string { return s.dir }
