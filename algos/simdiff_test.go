package algos

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"splitpoint/atomicfile"
	"splitpoint/games/chess"
	"splitpoint/sched"
)

var updateSimDiff = flag.Bool("update-sim-diff", false, "rewrite testdata/sim_diff.txt from this build")

// simDiffRuns is the grid of TestSimDiff: bare Jamboree (grain 0) on
// Kaufman #1 at depth 3 over presets × P × costs × levels, each run's
// key.
func simDiffRuns() []struct {
	key    string
	preset string
	cfg    sched.Config
} {
	var runs []struct {
		key    string
		preset string
		cfg    sched.Config
	}
	for _, preset := range []string{"plain", "default"} {
		for _, p := range []int{1, 2, 64, 512, 65536, 0} {
			for _, costs := range []string{"unit", "cm5"} {
				for _, levels := range []bool{false, true} {
					cm := sched.DefaultCosts()
					if costs == "cm5" {
						cm = sched.CM5Costs()
					}
					cfg := sched.Config{Machine: sched.SimOf(p), Seed: 1, Levels: levels, Costs: cm, ProfileBuckets: 16}
					key := fmt.Sprintf("preset=%s P=%d costs=%s levels=%v", preset, p, costs, levels)
					runs = append(runs, struct {
						key    string
						preset string
						cfg    sched.Config
					}{key, preset, cfg})
				}
			}
		}
	}
	return runs
}

// simDiffDigest is one run's line: W, C, T_P, the task and steal counters,
// and digests of the whole Stats (less the host's measurements) and of the
// search's result.
func simDiffDigest(root *chess.Position, preset string, cfg sched.Config) (string, error) {
	opt := Presets()[preset]
	opt.Algo, opt.Depth, opt.Grain = AlgoJamboree, 3, 0
	res, st, err := RunJamboree[chess.Position](context.Background(), root, opt, cfg)
	if err != nil {
		return "", err
	}
	s := st.Simulated()
	s.MaxMem = 0
	sj, err := json.Marshal(s)
	if err != nil {
		return "", err
	}
	rj, err := json.Marshal(res)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("W=%d C=%d T=%d tasks=%d steals=%d/%d aborts=%d/%d nodes=%d live=%d stats=%x result=%x",
		s.Work, s.Span, s.Time, s.Tasks, s.Steals, s.StealAttempts, s.Aborts, s.AbortedTasks, s.Counts["node"], s.PeakLiveProcs,
		sha256.Sum256(sj), sha256.Sum256(rj)), nil
}

// TestSimDiff is the simulator's differential test: every run of the grid
// (simDiffRuns) must give the W, C, T_P, every counter and the result
// recorded in testdata/sim_diff.txt, bit for bit, however the simulator
// runs it. -update-sim-diff rewrites the file (only when a change of the
// simulated results is intended).
func TestSimDiff(t *testing.T) {
	if raceEnabled {
		t.Skip("minutes under the race detector; sched's own tests run there")
	}
	if testing.Short() {
		t.Skip("short")
	}
	const file = "testdata/sim_diff.txt"
	want := map[string]string{}
	if b, err := os.ReadFile(file); err == nil {
		sc := bufio.NewScanner(strings.NewReader(string(b)))
		for sc.Scan() {
			line := sc.Text()
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			k, v, ok := strings.Cut(line, " => ")
			if !ok {
				t.Fatalf("%s: malformed line %q", file, line)
			}
			want[k] = v
		}
	} else if !*updateSimDiff {
		t.Fatal(err)
	}
	root := kaufmanRoot(t)
	var out strings.Builder
	out.WriteString("# Bare Jamboree, grain 0, Kaufman #1, depth 3, seed 1 (simdiff_test.go): key => figures.\n# Regenerate with go test ./algos/ -run TestSimDiff -update-sim-diff (only for an intended change).\n")
	for _, r := range simDiffRuns() {
		got, err := simDiffDigest(root, r.preset, r.cfg)
		if err != nil {
			t.Errorf("%s: %v", r.key, err)
			continue
		}
		fmt.Fprintf(&out, "%s => %s\n", r.key, got)
		if *updateSimDiff {
			continue
		}
		if w, ok := want[r.key]; !ok {
			t.Errorf("%s: not in %s", r.key, file)
		} else if w != got {
			t.Errorf("%s:\n got %s\nwant %s", r.key, got, w)
		}
	}
	if *updateSimDiff {
		if err := atomicfile.WriteBytes(file, []byte(out.String())); err != nil {
			t.Fatal(err)
		}
	}
}
