package results

import (
	"runtime/debug"
	"testing"
)

func TestBuildString(t *testing.T) {
	for _, c := range []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, "devel go1.26.8"},
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}}, "v1.2.0 go1.26.8"},
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "3f2a1b4c5d6e7f8091a2b3c4d5e6f708192a3b4c"}, {Key: "vcs.modified", Value: "true"}}},
			"devel+3f2a1b4c5d6e-dirty go1.26.8"},
		// A pseudo-version already names the commit.
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261126145000-3f2a1b4c5d6e"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "3f2a1b4c5d6e7f8091a2b3c4d5e6f708192a3b4c"}}},
			"v0.0.0-20261126145000-3f2a1b4c5d6e go1.26.8"},
	} {
		if got := buildOf(&c.bi).String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.bi.Main, got, c.want)
		}
	}
}
