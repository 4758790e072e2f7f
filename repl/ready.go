package repl

import (
	"os"

	"splitpoint/atomicfile"
)

// ReadyFileEnv names an environment variable: when it is set, splitpoint
// creates the file it names once a command has started and Ctrl-C
// (SIGINT) stops it cleanly. A harness that interrupts a run (a test
// script, a job scheduler) waits for the file instead of guessing a delay.
const ReadyFileEnv = "SPLITPOINT_READY_FILE"

// announceReady creates the file ReadyFileEnv names, if any. It is called
// right after the interrupt handler is installed; a failure to write it is
// not the command's failure.
func announceReady() {
	if p := os.Getenv(ReadyFileEnv); p != "" {
		_ = atomicfile.WriteBytes(p, []byte("ready\n"))
	}
}
