package experiment

import (
	"reflect"
	"splitpoint/sched"
	"strings"
	"testing"
	"time"
)

const goodSpec = `# a small sweep
positions:
  - suite:kaufman#1-2
  - "uniform:b=4,d=6,seed=1"
algos: [scout, "jamboree+serialize2+deferred"]
depth: 5
workers: 1,2
sim: [1, 16, inf]
reps: 2
seeds: [1, 0x10]
tt: 16
costs: {node: 1, steal: 20}
levels: true
baseline: alphabeta
`

func TestParseSpec(t *testing.T) {
	s, err := Parse("good.yaml", []byte(goodSpec))
	if err != nil {
		t.Fatal(err)
	}
	want := &Spec{
		Positions: []string{"suite:kaufman#1-2", "uniform:b=4,d=6,seed=1"},
		Algos:     []Algo{{Name: "scout"}, {Name: "jamboree", Variants: []string{"serialize2", "deferred"}}},
		Machines:  map[string][]sched.Machine{"workers": {sched.PoolOf(1), sched.PoolOf(2)}, "sim": {sched.SimOf(1), sched.SimOf(16), sched.SimOf(0)}}, Reps: 2, Seeds: []uint64{1, 16}, Baseline: "alphabeta",
	}
	for _, kv := range [][2]string{{"depth", "5"}, {"tt", "16"}, {"costs", "node=1,steal=20"}, {"levels", "true"}} {
		if err := want.Req.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	s.file, s.lines, want.file, want.lines = "", nil, "", nil
	if !reflect.DeepEqual(s, want) {
		t.Fatalf("got  %+v\nwant %+v", s, want)
	}
}

func TestParseSpecScalarsAndDefaults(t *testing.T) {
	s, err := Parse("s.yaml", []byte("positions: uniform:b=2,d=3,seed=1, suite:kaufman#3\nalgos: pnegamax\nsim: inf\ntime: 2s\ncosts: node=2,eval=1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.Positions, " | "); got != "uniform:b=2,d=3,seed=1 | suite:kaufman#3" {
		t.Errorf("positions %s", got)
	}
	costs, _ := s.Req.Get("costs")
	if s.Reps != 1 || !reflect.DeepEqual(s.Seeds, []uint64{1}) || s.Baseline != "" || s.Time() != 2*time.Second ||
		costs != "node=2,eval=1" || !reflect.DeepEqual(s.Machines["sim"], []sched.Machine{sched.SimOf(0)}) {
		t.Errorf("spec %+v", s)
	}
}

func TestSpecErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"positions: [a]\nalgos: [scout]\ndepht: 3\n", `x.yaml:3: unknown key "depht" (keys: positions, algos`},
		{"positions: [a]\nalgos: [scout]\ndepth: 3\nsim:\n  - 4\n  - 0\n", `x.yaml:6: sim: "0": want 1…65536 simulated processors or inf`},
		{"positions: [a]\nalgos: [scout, jamboree++rid]\ndepth: 3\n", `x.yaml:2: algos: empty variant in "jamboree++rid"`},
		{"positions: [a]\nalgos: [scout]\ndepth: three\n", `x.yaml:3: depth: "three": not a whole number in 0…100`},
		{"positions: [a]\nalgos: [scout]\ndepth: 3\nreps: 0\n", `x.yaml:4: reps: 0 repetitions: want at least 1`},
		{"positions: [a]\nalgos: [scout]\ndepth: 3\nworkers: [1, {p: 2}]\n", `x.yaml:4: workers: want a plain value in the list`},
		{"positions: [a]\nalgos: [scout]\ndepth: 3\ntime: soon\n", `x.yaml:4: time: "soon": not a duration`},
		{"positions: [a]\nalgos: [scout]\ndepth: 3\nlevels: maybe\n", `x.yaml:4: levels: "maybe": not true or false`},
		{"positions: [a]\nalgos: [scout]\ndepth:\n", `x.yaml:3: depth: no value`},
		{"positions: [a\nalgos: [scout]\n", `x.yaml:`},
		{"positions: [a]\nalgos: [scout]\nalgos: [scout]\n", `x.yaml:3: algos: given twice (first at line 2)`},
		{"algos: [scout]\ndepth: 3\n", `x.yaml:1: positions: no positions`},
		{"- a\n- b\n", `x.yaml:1: want a mapping`},
		{"", `x.yaml:1: empty spec`},
	} {
		_, err := Parse("x.yaml", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: err = %v, want %q", c.src, err, c.want)
		}
	}
}

func TestSpecFlags(t *testing.T) {
	s := NewSpec()
	for _, kv := range [][2]string{
		{"positions", "suite:kaufman#1,suite:kaufman#2,uniform:b=4,d=6,seed=1,literal:(1 (2,3)),chess:start"},
		{"algos", "scout,jamboree,jamboree+serialize2+deferred"},
		{"workers", "1,2"}, {"sim", "1,4,16,64,inf"}, {"depth", "4"}, {"seeds", "3"}, {"tt", "12"},
	} {
		if err := s.Set(kv[0], kv[1]); err != nil {
			t.Fatalf("%s: %v", kv[0], err)
		}
	}
	if got := strings.Join(s.Positions, " | "); got != "suite:kaufman#1 | suite:kaufman#2 | uniform:b=4,d=6,seed=1 | literal:(1 (2,3)) | chess:start" {
		t.Errorf("positions %s", got)
	}
	if len(s.Algos) != 3 || s.Algos[2].String() != "jamboree+serialize2+deferred" || s.Algos[2].VariantString() != "serialize2+deferred" {
		t.Errorf("algos %+v", s.Algos)
	}
	if tt, _ := s.Req.Int("tt"); !reflect.DeepEqual(s.Machines["sim"], []sched.Machine{sched.SimOf(1), sched.SimOf(4), sched.SimOf(16), sched.SimOf(64), sched.SimOf(0)}) || s.Depth() != 4 || s.Seeds[0] != 3 || tt != 12 {
		t.Errorf("spec %+v", s)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
	for _, c := range [][3]string{
		{"sim", "4,x", `--sim: "x": want 1…65536`},
		{"workers", "0", `--workers: "0": want a number of pool workers`},
		{"depth", "101", `--depth: "101": not a whole number in 0…100`},
		{"tt", "31", `--tt: "31": not a whole number in 0…30`},
		{"algos", "+x", `--algos: empty algorithm name`},
		{"algos", "a+b+b", `--algos: variant "b" twice`},
		{"seeds", "-1", `--seeds: "-1" is not a seed`},
	} {
		if err := s.Set(c[0], c[1]); err == nil || !strings.Contains(err.Error(), c[2]) {
			t.Errorf("%s %s: err = %v, want %q", c[0], c[1], err, c[2])
		}
	}
}

// TestPresetAndGrain: preset and grain keys, and the preset's table size
// when tt is not given.
func TestPresetAndGrain(t *testing.T) {
	s := NewSpec()
	if s.Req.Given("preset") {
		t.Fatal("a preset given by default; want none (chosen per position by the plan)")
	}
	if err := s.Set("preset", "default"); err != nil {
		t.Fatal(err)
	}
	if err := s.Set("grain", "2"); err != nil {
		t.Fatalf("grain: %v", err)
	}
	if g, ok := s.Req.Int("grain"); !ok || g != 2 {
		t.Fatalf("grain %d, given %t", g, ok)
	}
	if err := s.Set("preset", "turbo"); err == nil || !strings.Contains(err.Error(), `unknown preset "turbo"`) {
		t.Fatalf("bad preset: %v", err)
	}
	if err := s.Set("grain", "-1"); err == nil {
		t.Fatal("negative grain accepted")
	}
	if s.Req.Given("tt") {
		t.Fatal("tt marked as given")
	}
	s.Set("tt", "12")
	if tt, ok := s.Req.Int("tt"); !ok || tt != 12 {
		t.Fatal("tt not recorded")
	}
}
