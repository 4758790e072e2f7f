package dist

import (
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// Server is an embedded NATS server with JetStream, for a coordinator
// that brings its own (--nats embedded) and for tests.
type Server struct {
	*server.Server
	tmp string // a store directory made here, removed by Shutdown
	url string // InProcess: its inprocess:// URL, registered in inProcessServers
}

// inProcessServers are the running servers without a listener, by their
// inprocess:// URL: Dial reaches them from the same process.
var inProcessServers sync.Map

// InProcessScheme starts the URL of a server without a listener (see
// Server.URL): Dial reaches it, from this process only.
const InProcessScheme = "inprocess://"

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
}

// StartServer starts an embedded server and waits until it is ready.
func StartServer(o ServerOptions) (*Server, error) {
	s := &Server{}
	dir := o.StoreDir
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "splitpoint-nats-"); err != nil {
			return nil, err
		}
		s.tmp = dir
	}
	opts := &server.Options{Host: o.Host, Port: o.Port, JetStream: true, StoreDir: dir, DontListen: o.InProcess,
		NoSigs: true, ServerName: "splitpoint"}
	if opts.Host == "" {
		opts.Host = "0.0.0.0"
	}
	if opts.Port == 0 {
		opts.Port = server.RANDOM_PORT
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		s.cleanup()
		return nil, fmt.Errorf("nats server: %w", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		s.cleanup()
		return nil, fmt.Errorf("nats server: not ready after 10s")
	}
	s.Server = ns
	if o.InProcess {
		s.url = InProcessScheme + ns.ID()
		inProcessServers.Store(s.url, s)
	}
	return s, nil
}

// URL is how a client of this process reaches the server: its loopback
// URL, or for a server without a listener an inprocess:// URL that only
// Dial and DialNow of this process understand (the tests hand it to the
// commands as any other URL).
func (s *Server) URL() string {
	if s.url != "" {
		return s.url
	}
	return s.LoopbackURL()
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

// Connect opens a client connection: in-process when the server does not
// listen, else over the loopback address.
func (s *Server) Connect(name string) (*nats.Conn, error) {
	if s.Server.Addr() == nil {
		return nats.Connect("", nats.InProcessServer(s.Server), nats.Name(name))
	}
	return nats.Connect(s.LoopbackURL(), nats.Name(name))
}

// LoopbackURL is nats://127.0.0.1:PORT.
func (s *Server) LoopbackURL() string {
	return "nats://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(s.Port()))
}

// Port is the port the server listens on.
func (s *Server) Port() int {
	if a, ok := s.Server.Addr().(*net.TCPAddr); ok {
		return a.Port
	}
	return 0
}

// WorkerURL is the URL to give workers on other machines: the host's name
// (or "HOST" when it has none) and the port.
func (s *Server) WorkerURL() string {
	h, err := os.Hostname()
	if err != nil || h == "" {
		h = "HOST"
	}
	return "nats://" + net.JoinHostPort(h, strconv.Itoa(s.Port()))
}

// Dial connects to url for a command: a name, reconnecting for ever, and
// retrying the first connection too (a worker may start before the
// coordinator's server, and outlives its restart).
func Dial(url, name string) (*nats.Conn, error) {
	return dial(url, name, true)
}

// DialNow connects to url as Dial does but fails at once when the server
// cannot be reached (a coordinator, which needs the server now: the
// terminal UI shows why), reconnecting for ever afterwards.
func DialNow(url, name string) (*nats.Conn, error) {
	return dial(url, name, false)
}

func dial(url, name string, retryFirst bool) (*nats.Conn, error) {
	if strings.HasPrefix(url, InProcessScheme) {
		s, ok := inProcessServers.Load(url)
		if !ok {
			return nil, fmt.Errorf("connecting to %s: no such server in this process", url)
		}
		return s.(*Server).Connect(name)
	}
	opts := []nats.Option{nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(time.Second)}
	if retryFirst {
		opts = append(opts, nats.RetryOnFailedConnect(true))
	} else {
		opts = append(opts, nats.Timeout(5*time.Second))
	}
	nc, err := nats.Connect(url, opts...)
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", url, err)
	}
	return nc, nil
}
