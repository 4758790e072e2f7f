package lab

import (
	"strings"
	"testing"
)

// TestSettleDefaults: what Settle chooses when a knob is not given, per
// position and algorithm, and that a knob given wins; grain 0 given is
// not "no grain".
func TestSettleDefaults(t *testing.T) {
	game, tree := Shape{Domain: "checkers"}, Shape{Tree: true, Domain: "synth"}
	for _, c := range []struct {
		name     string
		shape    Shape
		given    [][2]string
		preset   string
		restart  bool
		levels   bool
		auto     bool
		grain    int
		baseline string
		note     string
	}{
		{"serial game", game, [][2]string{{"algo", "scout"}}, "default", false, false, false, 0, "", "preset default"},
		{"serial tree", tree, [][2]string{{"algo", "scout"}}, "plain", false, false, false, 0, "", "preset plain"},
		{"jamboree game", game, [][2]string{{"algo", "jamboree"}}, "default", true, true, true, 0, "scout", "variants restart"},
		{"jamboree preset", game, [][2]string{{"algo", "jamboree"}, {"preset", "default"}}, "default", false, true, true, 0, "scout", "levels"},
		{"jamboree variants", game, [][2]string{{"algo", "jamboree"}, {"variants", "none"}}, "default", false, true, true, 0, "scout", "levels"},
		{"jamboree tree", tree, [][2]string{{"algo", "jamboree"}}, "plain", false, false, true, 0, "scout", "preset plain"},
		{"grain 0 given", tree, [][2]string{{"algo", "ybwc"}, {"grain", "0"}}, "plain", false, false, false, 0, "scout", ""},
		{"grain 3 given", tree, [][2]string{{"algo", "ybwc"}, {"grain", "3"}}, "plain", false, false, false, 3, "scout", ""},
		{"levels off", game, [][2]string{{"algo", "ybwc"}, {"levels", "false"}}, "default", false, false, true, 0, "scout", ""},
		{"parsss", tree, [][2]string{{"algo", "parsss"}, {"depth", "4"}}, "plain", false, false, false, 0, "sss", ""},
		{"ignored", tree, [][2]string{{"algo", "scout"}, {"variants", "rid"}}, "plain", false, false, false, 0, "", "--variants=rid ignored: scout does not take it"},
		{"ignored grain", tree, [][2]string{{"algo", "lazysmp"}, {"grain", "2"}}, "plain", false, false, false, 0, "scout", "--grain=2 ignored"},
		{"ignored param", tree, [][2]string{{"algo", "jamboree"}, {"param", "granularity=3"}}, "plain", false, false, true, 0, "scout", "--param granularity=3 ignored: jamboree does not read it (read by pvsplit"},
	} {
		var r Request
		r.Set("depth", "4")
		for _, kv := range c.given {
			if err := r.Set(kv[0], kv[1]); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		}
		s, err := Settle(c.shape, r)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if s.Preset != c.preset || s.Opt.Restart != c.restart || s.Levels != c.levels || s.AutoGrain != c.auto || s.Opt.Grain != c.grain || s.Baseline != c.baseline {
			t.Errorf("%s: preset %s restart %t levels %t auto grain %t grain %d baseline %q", c.name, s.Preset, s.Opt.Restart, s.Levels, s.AutoGrain, s.Opt.Grain, s.Baseline)
		}
		if notes := strings.Join(s.Notes, "\n"); !strings.Contains(notes, c.note) {
			t.Errorf("%s: notes %q lack %q", c.name, notes, c.note)
		}
		if s.Baseline != "" && (s.BaselineOpt.Algo != s.Baseline || s.BaselineOpt.Restart || s.BaselineOpt.Grain != 0) {
			t.Errorf("%s: baseline options %s", c.name, s.BaselineOpt)
		}
	}
}

// TestRequestIsAValue: a copy of a request does not change with the
// original, and a bad value names the knob and what it allows.
func TestRequestIsAValue(t *testing.T) {
	var a Request
	a.Set("depth", "3")
	b := a
	b.Set("depth", "5")
	if d, _ := a.Int("depth"); d != 3 {
		t.Errorf("the original changed with its copy: depth %d", d)
	}
	if err := a.Set("grain", "-1"); err == nil || !strings.Contains(err.Error(), "grain") || !strings.Contains(err.Error(), "0…100") {
		t.Errorf("grain -1: %v", err)
	}
	if err := a.Set("Hash", "1"); err != nil || !a.Given("tt") {
		t.Errorf("a knob by its UCI name: %v", err)
	}
}
