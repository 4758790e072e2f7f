package main

import (
	"context"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"splitpoint/workbench"
)

// TestMain registers the splitpoint binary for the txtar scripts: each
// script runs "splitpoint …" in a fresh directory.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"splitpoint": func() {
			os.Exit(workbench.Main(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
		},
	})
}

// TestScripts runs testdata/script/*.txtar: the command line end to end.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}
