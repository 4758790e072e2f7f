package main

import (
	"os"
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
		Setup: func(env *testscript.Env) error {
			env.Setenv("SPLITPOINT_HOME", env.WorkDir+"/home")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
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
