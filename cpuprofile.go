package main

import (
	"bytes"
	"fmt"
	"io"
	"runtime/pprof"

	"splitpoint/atomicfile"
)

// startCPUProfile profiles the whole process's CPU time when path is not
// empty (the environment's SPLITPOINT_CPUPROFILE) and returns the function
// that writes the profile to path, atomically, as the process ends. The
// profiles of representative runs, merged, are default.pgo, the profile go
// build optimizes the binary with (bench/pgo.sh). A profile that cannot
// be taken or written is reported on errw and changes nothing else.
func startCPUProfile(path string, errw io.Writer) (stop func()) {
	if path == "" {
		return func() {}
	}
	var buf bytes.Buffer
	if err := pprof.StartCPUProfile(&buf); err != nil {
		fmt.Fprintf(errw, "splitpoint: SPLITPOINT_CPUPROFILE: %v\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := atomicfile.WriteBytes(path, buf.Bytes()); err != nil {
			fmt.Fprintf(errw, "splitpoint: SPLITPOINT_CPUPROFILE: %v\n", err)
		}
	}
}
