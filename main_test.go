package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rogpeppe/go-internal/testscript"

	"splitpoint/cluster"
	"splitpoint/repl"
	"splitpoint/results"
)

// TestMain registers the splitpoint binary for the txtar scripts: each
// script runs "splitpoint …" in a fresh directory.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"splitpoint": func() {
			os.Exit(repl.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// TestScripts runs testdata/script/*.txtar: the command line end to end.
// Every script gets its own session home.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		// [race]: the reproductions' quick forms skip themselves under
		// the race detector (minutes of simulation each, whose code the
		// packages' own tests run under -race); CI runs them without it.
		Condition: func(cond string) (bool, error) {
			if cond == "race" {
				return raceEnabled, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("SPLITPOINT_HOME", env.WorkDir+"/home")
			// Debian installs XBoard and Polyglot in /usr/games
			// (xboard.txtar).
			env.Setenv("PATH", env.Getenv("PATH")+string(os.PathListSeparator)+"/usr/games")
			// NATSPORT: a free loopback port for an embedded NATS server
			// (dist_e2e.txtar).
			l, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				return err
			}
			env.Setenv("NATSPORT", strconv.Itoa(l.Addr().(*net.TCPAddr).Port))
			return l.Close()
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// cmpjson A B KEY…: A and B hold the same JSON but for the
			// named keys at any depth (the host's measurements of a
			// simulated run: its memory), which are left out.
			"cmpjson": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) < 2 {
					ts.Fatalf("usage: cmpjson A B [KEY…]")
				}
				load := func(name string) any {
					var v any
					ts.Check(json.Unmarshal([]byte(ts.ReadFile(name)), &v))
					return strip(v, args[2:])
				}
				if eq := reflect.DeepEqual(load(args[0]), load(args[1])); eq == neg {
					ts.Fatalf("%s and %s: equal %t (but for %v)", args[0], args[1], eq, args[2:])
				}
			},
			// waitjob URL CREDS N: wait until the NATS server at URL has
			// delivered N jobs to the workers and one of them is not
			// acknowledged yet: a worker is running it (dist_e2e.txtar
			// kills it then). It connects with the key file CREDS once
			// the coordinator has written it, and gives up after a minute.
			"waitjob": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 3 || neg {
					ts.Fatalf("usage: waitjob URL CREDS N")
				}
				n, err := strconv.Atoi(args[2])
				ts.Check(err)
				var opts []nats.Option
				waitFor(ts, "waitjob: the key file "+args[1], func() bool {
					opts, err = cluster.Creds{File: ts.MkAbs(args[1])}.Options()
					if err != nil && !errors.Is(err, cluster.ErrNoCredsFile) {
						ts.Fatalf("waitjob: %v", err)
					}
					return err == nil
				})
				nc, err := nats.Connect(args[0], append(opts, nats.RetryOnFailedConnect(true), nats.MaxReconnects(-1))...)
				ts.Check(err)
				defer nc.Close()
				js, err := jetstream.New(nc)
				ts.Check(err)
				waitFor(ts, fmt.Sprintf("waitjob: a worker holding job %d", n), func() bool {
					delivered, pending, err := jobsDelivered(js)
					return err == nil && delivered >= uint64(n) && pending > 0
				})
			},
			// waitfile FILE: wait until FILE exists, such as the file a
			// background splitpoint creates once Ctrl-C stops it cleanly
			// (SPLITPOINT_READY_FILE). It gives up after a minute.
			"waitfile": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 || neg {
					ts.Fatalf("usage: waitfile FILE")
				}
				waitFor(ts, "waitfile "+args[0], func() bool {
					_, err := os.Stat(ts.MkAbs(args[0]))
					return err == nil
				})
			},
			// waitrows DB SQL: wait until the query's first column is a
			// positive number in the results database DB, such as a count
			// of the games a background match has recorded. It gives up
			// after a minute.
			"waitrows": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 2 || neg {
					ts.Fatalf("usage: waitrows DB SQL")
				}
				waitFor(ts, "waitrows "+args[1], func() bool {
					st, err := results.OpenExisting(ts.MkAbs(args[0]))
					if err != nil {
						return false
					}
					defer st.Close()
					var n int64
					return st.DB().QueryRow(args[1]).Scan(&n) == nil && n > 0
				})
			},
		},
	})
}

// jobsDelivered sums over the consumers of the jobs stream the jobs
// delivered and those not acknowledged yet.
func jobsDelivered(js jetstream.JetStream) (delivered uint64, pending int, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	s, err := js.Stream(ctx, cluster.JobsStream)
	if err != nil {
		return 0, 0, err
	}
	l := s.ListConsumers(ctx)
	for info := range l.Info() {
		delivered += info.Delivered.Consumer
		pending += info.NumAckPending
	}
	return delivered, pending, l.Err()
}

// waitFor polls done until it holds, and fails the script when it never
// does within a minute: a deadline that only catches a hung command.
func waitFor(ts *testscript.TestScript, what string, done func() bool) {
	deadline := time.Now().Add(time.Minute)
	for !done() {
		if time.Now().After(deadline) {
			ts.Fatalf("%s: not within a minute", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// strip removes the keys from every object in v.
func strip(v any, keys []string) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if slices.Contains(keys, k) {
				delete(x, k)
			} else {
				x[k] = strip(e, keys)
			}
		}
	case []any:
		for i := range x {
			x[i] = strip(x[i], keys)
		}
	}
	return v
}
