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

	"splitpoint/dist"
	"splitpoint/repl"
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
				deadline := time.Now().Add(time.Minute)
				var opts []nats.Option
				for {
					opts, err = dist.Creds{File: ts.MkAbs(args[1])}.Options()
					if err == nil {
						break
					}
					if !errors.Is(err, dist.ErrNoCredsFile) || time.Now().After(deadline) {
						ts.Fatalf("waitjob: %v", err)
					}
					time.Sleep(20 * time.Millisecond)
				}
				nc, err := nats.Connect(args[0], append(opts, nats.RetryOnFailedConnect(true), nats.MaxReconnects(-1))...)
				ts.Check(err)
				defer nc.Close()
				js, err := jetstream.New(nc)
				ts.Check(err)
				for {
					delivered, pending, err := jobsDelivered(js)
					if err == nil && delivered >= uint64(n) && pending > 0 {
						return
					}
					if time.Now().After(deadline) {
						ts.Fatalf("waitjob: no worker took job %d within a minute (last: %v)", n, err)
					}
					time.Sleep(20 * time.Millisecond)
				}
			},
			// sleep DURATION: let a background command get going before
			// a kill (cancel.txtar); the command outlives it by far.
			"sleep": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 {
					ts.Fatalf("usage: sleep DURATION")
				}
				d, err := time.ParseDuration(args[0])
				ts.Check(err)
				time.Sleep(d)
			},
		},
	})
}

// jobsDelivered sums over the consumers of the jobs stream the jobs
// delivered and those not acknowledged yet.
func jobsDelivered(js jetstream.JetStream) (delivered uint64, pending int, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	s, err := js.Stream(ctx, dist.JobsStream)
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
