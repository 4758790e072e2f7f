package results

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Build describes the running build: what "splitpoint version" prints and
// every stored run records (Version).
type Build struct {
	// Module is the main module's version ("v1.2.0", or a pseudo-version
	// the go command derived from the VCS), "devel" when it has none.
	Module string
	// Commit is the VCS revision the go command stamped ("" when the build
	// had none: go run, -buildvcs=false, a test), Time its commit time,
	// Modified whether the tree had uncommitted changes.
	Commit, Time string
	Modified     bool
	// Go is the toolchain that built it (runtime.Version).
	Go string
}

// ReadBuild reads the running build's information (runtime/debug).
func ReadBuild() Build {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Build{Module: "devel", Go: runtime.Version()}
	}
	return buildOf(bi)
}

func buildOf(bi *debug.BuildInfo) Build {
	b := Build{Module: bi.Main.Version, Go: bi.GoVersion}
	if b.Module == "" || b.Module == "(devel)" {
		b.Module = "devel"
	}
	if b.Go == "" {
		b.Go = runtime.Version()
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// String is the build in one line, as stored with every run: the module
// version, the commit (12 hex digits, "-dirty" when the tree had changes)
// when the go command stamped one, and the Go version, e.g.
// "devel+3f2a1b4c5d6e-dirty go1.26.8" or "v1.2.0 go1.26.8".
func (b Build) String() string {
	var s strings.Builder
	s.WriteString(b.Module)
	if b.Commit != "" && !strings.Contains(b.Module, short(b.Commit)) {
		fmt.Fprintf(&s, "+%s", short(b.Commit))
		if b.Modified {
			s.WriteString("-dirty")
		}
	}
	if b.Go != "" {
		fmt.Fprintf(&s, " %s", b.Go)
	}
	return s.String()
}

func short(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}

// Version is the version of the running build, stored with every run
// (Build.String).
func Version() string { return ReadBuild().String() }
