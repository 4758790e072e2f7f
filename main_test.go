package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

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
			return nil
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
