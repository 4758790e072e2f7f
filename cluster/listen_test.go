package cluster

import (
	"net"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestStartServerFailsFast: a taken port or an address that cannot be
// listened on is an error at once (well before the 10 s the server is
// given to come up), one line naming the address and the reason.
func TestStartServerFailsFast(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	port := held.Addr().(*net.TCPAddr).Port
	for _, tc := range []struct {
		host   string
		port   int
		reason string
	}{
		{"127.0.0.1", port, "in use"},
		{"256.0.0.1", 4222, "256.0.0.1"},
		{"no such host.invalid", 4222, "no such host.invalid"},
		{"127.0.0.1", 70000, "70000"},
	} {
		start := time.Now()
		s, err := StartServer(ServerOptions{Host: tc.host, Port: tc.port, StoreDir: t.TempDir()})
		took := time.Since(start)
		if err == nil {
			s.Shutdown()
			t.Errorf("%s:%d: started", tc.host, tc.port)
			continue
		}
		addr := net.JoinHostPort(tc.host, strconv.Itoa(tc.port))
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, addr) || !strings.Contains(msg, tc.reason) {
			t.Errorf("%s: %q: want one line naming the address and %q", addr, msg, tc.reason)
		}
		if took > 5*time.Second {
			t.Errorf("%s: failed after %v", addr, took)
		}
	}
}
