package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"splitpoint/atomicfile"
	"splitpoint/repl"
)

// simGoldenRuns are simulated searches whose results (W, C, T_P, every
// counter, value, PV, per-processor figures) must not change when the
// simulator changes how it runs them: the reference runs of BENCHMARKS.md
// and docs/reproductions.md at small depths. simGoldenLarge are the same
// at the depths those documents give, run with SPLITPOINT_GOLDEN=large
// (minutes).
var simGoldenRuns = []string{
	"search suite:kaufman#1 --algo jamboree --preset plain --depth 4 --sim 512 --grain 0 --levels=false",
	"search suite:kaufman#1 --algo jamboree --preset default --depth 4 --sim 2 --grain 0 --levels=false",
	"search suite:kaufman#1 --algo jamboree --preset default --depth 4 --sim 64 --grain 0 --levels=false",
	"search suite:kaufman#1 --algo ybwc --preset default --depth 4 --sim 64",
	"search suite:kaufman#1 --algo abdada --preset default --depth 4 --sim 16",
	"search suite:kaufman#1 --algo lazysmp --preset default --depth 4 --sim 8",
	"search checkers:start --algo pvsplit --preset default --depth 8 --sim 8",
	"search uniform:b=4,d=7,seed=3 --algo parsss --sim inf",
	"search paper:parsss-table1 --algo parsss --sim 2 --costs terminal",
	"search suite:bk#1 --algo jamboree --sim 64 --depth 4 --preset default --grain 0",
	"search suite:bk#1 --algo jamboree --sim inf --depth 3 --preset default",
	"search suite:bk#1 --algo jamboree --sim inf --depth 3 --preset plain",
	"search suite:bk#1 --algo jamboree --sim 65536 --depth 3 --preset plain",
	"search suite:bk#1 --algo jamboree --sim 64 --depth 4 --preset default --grain 1 --variants serialize2,deferred,rid",
	"search suite:bk#2 --algo pvsplit --sim 16 --depth 4 --preset default",
	"search suite:bk#2 --algo pnegamax --sim inf --depth 2 --preset plain",
	"search suite:bk#2 --algo rootsplit --sim 4 --depth 4 --preset default",
	"search suite:bk#2 --algo jamboree --sim 1024 --depth 4 --preset default --variants deferred",
	"search suite:bk#2 --algo jamboree --sim 256 --depth 4 --preset default --grain 1 --variants serialize2,deferred,rid --levels --levelwait",
	"search suite:bk#3 --algo jamboree --sim 8 --depth 4 --preset default --costs node=1,steal=20,migrate=10,abort=5",
	"search suite:kaufman#3 --algo jamboree --sim 16 --depth 4 --preset default --dist-tt --levels --levelwait --costs cm5",
	"search ordered:b=32,d=8,seed=1,order=p0.95 --algo jamboree --sim 64 --depth 4 --grain 0",
	"search uniform:b=6,d=5,seed=3 --algo jamboree --sim inf --grain 0",
	"search uniform:b=5,d=6,seed=2 --algo pnegamax --sim 32",
	"search suite:3move#1 --algo jamboree --sim 16 --depth 6 --grain 1 --preset default",
	"search checkers:start --algo jamboree --sim inf --depth 6 --grain 2 --preset default",
}

var simGoldenLarge = []string{
	"search suite:kaufman#1 --algo jamboree --preset plain --depth 5 --sim 512 --grain 0 --levels=false",
	"search suite:kaufman#1 --algo jamboree --preset default --depth 5 --sim 2 --grain 0 --levels=false",
	"search suite:kaufman#1 --algo jamboree --preset default --depth 5 --sim 64 --grain 0 --levels=false",
	"search suite:kaufman#1 --algo ybwc --preset default --depth 5 --sim 64",
	"search suite:bk#1 --algo jamboree --sim 64 --depth 5 --preset default --grain 0",
	"search suite:bk#1 --algo jamboree --sim inf --depth 4 --preset default",
	"search suite:bk#1 --algo jamboree --sim inf --depth 4 --preset plain",
	"search suite:bk#1 --algo jamboree --sim 65536 --depth 4 --preset plain",
	"search suite:bk#2 --algo pvsplit --sim 16 --depth 5 --preset default",
	"search suite:bk#2 --algo rootsplit --sim 4 --depth 5 --preset default",
	"search suite:bk#2 --algo jamboree --sim 1024 --depth 5 --preset default --variants deferred",
	"search suite:bk#2 --algo jamboree --sim 512 --depth 4 --preset plain",
	"search suite:bk#2 --algo jamboree --sim 256 --depth 5 --preset default --grain 1 --variants serialize2,deferred,rid --levels --levelwait",
	"search ordered:b=32,d=8,seed=1,order=p0.95 --algo jamboree --sim 64 --depth 6 --grain 0",
	"search uniform:b=6,d=7,seed=3 --algo jamboree --sim inf --grain 0",
	"search suite:3move#1 --algo jamboree --sim 16 --depth 10 --grain 1 --preset default",
}

// simHostKeys are the JSON keys of a simulated search that measure the
// host, not the simulated machine: memory and wall-clock seconds.
var simHostKeys = []string{"peak_mem_bytes", "bytes_per_live_proc", "max_mem_bytes", "serial_seconds", "noise"}

var updateGolden = flag.Bool("update-sim-golden", false, "rewrite testdata/sim_golden.txt from this build")

// TestSimGolden runs the reference simulated searches and compares a
// digest of each one's --json output (all but simHostKeys) and its W, C
// and T_P with testdata/sim_golden.txt. -update-sim-golden rewrites the
// file (only when a change of the simulated results is intended).
func TestSimGolden(t *testing.T) {
	if raceEnabled {
		t.Skip("minutes under the race detector; sched's own tests run there")
	}
	runs := simGoldenRuns
	if os.Getenv("SPLITPOINT_GOLDEN") == "large" {
		runs = append(append([]string(nil), runs...), simGoldenLarge...)
	}
	const file = "testdata/sim_golden.txt"
	want := map[string]string{}
	if f, err := os.Open(file); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			cmd, res, ok := strings.Cut(line, " => ")
			if !ok {
				t.Fatalf("%s: malformed line %q", file, line)
			}
			want[cmd] = res
		}
		f.Close()
	} else if !*updateGolden {
		t.Fatal(err)
	}
	t.Setenv("SPLITPOINT_HOME", t.TempDir())
	got := map[string]string{}
	for _, cmd := range runs {
		res, err := simDigest(cmd)
		if err != nil {
			t.Errorf("%s: %v", cmd, err)
			continue
		}
		got[cmd] = res
		if w, ok := want[cmd]; !*updateGolden && !ok {
			t.Errorf("%s: not in %s (run with -update-sim-golden)", cmd, file)
		} else if !*updateGolden && w != res {
			t.Errorf("%s:\n got %s\nwant %s", cmd, res, w)
		}
	}
	if *updateGolden {
		var b bytes.Buffer
		b.WriteString("# Simulated reference runs: command => W C T_P sha256 of the --json output\n# without the host's measurements (sim_golden_test.go). Regenerate with\n#   go test -run TestSimGolden -update-sim-golden .\n# and SPLITPOINT_GOLDEN=large for the larger runs.\n")
		for _, cmd := range append(append([]string(nil), simGoldenRuns...), simGoldenLarge...) {
			res, ok := got[cmd]
			if !ok {
				res, ok = want[cmd]
			}
			if ok {
				fmt.Fprintf(&b, "%s => %s\n", cmd, res)
			}
		}
		if err := atomicfile.WriteBytes(file, b.Bytes()); err != nil {
			t.Fatal(err)
		}
	}
}

// simDigest runs one command with --json --baseline none and returns
// "W=… C=… T=… sha256".
func simDigest(cmd string) (string, error) {
	args := append(strings.Fields(cmd), "--json", "--baseline", "none")
	var out, errb bytes.Buffer
	if code := repl.Main(args, nil, &out, &errb); code != 0 {
		return "", fmt.Errorf("exit %d: %s", code, errb.String())
	}
	var v any
	dec := json.NewDecoder(&out)
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "", fmt.Errorf("output: %v", err)
	}
	v = strip(v, simHostKeys)
	canon, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	m, _ := v.(map[string]any)
	return fmt.Sprintf("W=%v C=%v T=%v %x", m["work"], m["span"], m["time"], sha256.Sum256(canon)), nil
}
