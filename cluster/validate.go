package cluster

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"splitpoint/experiment"
	"splitpoint/game"
	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/suggest"
)

// A worker's answer is untrusted: whoever holds the workers' key can send
// one. The coordinator stores a run only when it is what its job asked
// for (every column the job determines equals the job's own row) and its
// measurements are possible for that job (CheckRun); a root-split
// searcher's share only when it is the share asked for (checkShare).
// Text a worker supplies (its name, an error, a host) is made one
// bounded line (cleanText) before it is printed or stored.

// MaxText is the most bytes of a worker-supplied text (a worker's name,
// an error, a host or CPU name) that are printed or stored.
const MaxText = 200

// cleanText is worker-supplied text as it may be printed or stored: one
// line (every control character, newlines included, replaced with U+FFFD,
// invalid UTF-8 too) of at most max bytes, cut at a character boundary
// with an ellipsis and the original length.
func cleanText(s string, max int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\n", "\uFFFD"), "\t", " ")
	s = suggest.Clean(s)
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s…(%d bytes)", s[:cut], len(s))
}

// measured copies into want the columns a run measures (the worker's):
// its counters, times, value, best move and result, the host it ran on,
// the build it ran with. Every other column is the job's: CheckRun
// compares it whole, so a column added to results.Run is checked against
// the job unless it is listed here.
func measured(want, got *results.Run) {
	want.ID, want.Created, want.Version, want.BaselineID = got.ID, got.Created, got.Version, got.BaselineID
	want.Value, want.BestMove, want.Nodes, want.Leaves = got.Value, got.BestMove, got.Nodes, got.Leaves
	want.Work, want.Span, want.Parallelism, want.Time, want.TimeUnit, want.Seconds = got.Work, got.Span, got.Parallelism, got.Time, got.TimeUnit, got.Seconds
	want.Tasks, want.Steals, want.StealTries, want.Aborts, want.AbortedTask = got.Tasks, got.Steals, got.StealTries, got.Aborts, got.AbortedTask
	want.IdleFrac, want.BlockedKids, want.BlockedShr, want.BlockedPar, want.Overhead = got.IdleFrac, got.BlockedKids, got.BlockedShr, got.BlockedPar, got.Overhead
	want.FailedWork, want.CutoffWork, want.WinnerNodes = got.FailedWork, got.CutoffWork, got.WinnerNodes
	want.Result, want.Failed, want.Host, want.CPU, want.Cores = got.Result, got.Failed, got.Host, got.CPU, got.Cores
	want.Noise, want.OtherCores, want.ParBelow10 = got.Noise, got.OtherCores, got.ParBelow10
}

// CheckRun reports why r, a worker's run for job i of sweep, is not what
// job j asked for: a column the job determines (sweep, job number,
// position, algorithm and variants, depth, time limit, machine and P,
// seed, repetition, table size, costs, levels) that differs from the
// job's own row (experiment.Job.Row), settings in its result that are
// not the job's, or measurements that no run of the job can have
// (possible).
func CheckRun(sweep string, i int, j *experiment.Job, r *results.Run) error {
	want := j.Row()
	id := strconv.Itoa(i)
	want.Sweep, want.Job = sweep, &id
	measured(&want, r)
	if !reflect.DeepEqual(want, *r) {
		return fmt.Errorf("its %s (a run of %s)", differing(&want, r), j.Algo())
	}
	if err := sameResult(j, r.Result); err != nil {
		return err
	}
	return possible(j, r)
}

// differing names the first column where a and b differ and both values.
func differing(a, b *results.Run) string {
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for k := 0; k < va.NumField(); k++ {
		x, y := va.Field(k).Interface(), vb.Field(k).Interface()
		if reflect.DeepEqual(x, y) {
			continue
		}
		name, _, _ := strings.Cut(va.Type().Field(k).Tag.Get("json"), ",")
		return fmt.Sprintf("%s is %s, the job's %s", name, suggest.Echo(show(y)), suggest.Echo(show(x)))
	}
	return "row"
}

// show is a column's value as text (a NULL as "NULL").
func show(v any) string {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return "NULL"
		}
		v = rv.Elem().Interface()
	}
	return fmt.Sprint(v)
}

// sameResult checks the settings a run's result records (what a re-run
// reads back, lab.RowSettled) against the job: its algorithm, depth,
// seed and, on a machine, the machine and costs. The grain and the notes
// are the run's own choices and are not compared.
func sameResult(j *experiment.Job, result string) error {
	var head map[string]json.RawMessage
	if err := json.Unmarshal([]byte(result), &head); err != nil || head == nil {
		return errors.New("its result is not a JSON object")
	}
	if len(head) == 0 {
		return nil // a failed run's empty result
	}
	s, err := lab.RowSettled(result)
	if err != nil {
		return errors.New("its result is not a run's")
	}
	o := s.Opt
	if o.Algo != j.Opt.Algo || o.Depth != j.Opt.Depth || o.Seed != j.Opt.Seed || o.TTBits != j.Opt.TTBits {
		return fmt.Errorf("its result records %s to depth %d, seed %d, table 2^%d: not the job's", suggest.Echo(o.Algo), o.Depth, o.Seed, o.TTBits)
	}
	if j.Parallel() && (s.Machine != j.Machine || s.Costs != j.Costs) {
		return fmt.Errorf("its result records machine %s with costs %s: not the job's", suggest.Echo(s.Machine.String()), suggest.Echo(s.Costs.String()))
	}
	return nil
}

// possible checks measurements that hold for every run of job j:
//
//   - the value is within the game's bounds, [-game.Inf, game.Inf];
//   - every counter (nodes, leaves, tasks, steals, aborts, blocked
//     processes, overhead, failed, cutoff and winner work) is ≥ 0;
//   - the work W is ≥ 1 (the root is searched) and the critical path C
//     is 1 ≤ C ≤ W, with parallelism W/C (a serial run: C = W,
//     parallelism 1); a run stopped by its memory budget may have W = 0;
//   - on the simulator, T_P ≥ C and P·T_P ≥ W (no machine beats its
//     critical path or does more than P units of work per unit of time:
//     Brent's bounds), in cost units; elsewhere a time in nanoseconds;
//   - the idle fraction in [0, 1]; the time below 10-fold parallelism,
//     seconds and other processes' cores finite and ≥ 0 (a pool run's
//     profile may count a little over its wall time);
//   - a failure only for a job with a memory budget (max_mem ≥ 0).
//
// A value within bounds but wrong cannot be told from a right one
// without running the job again; the property tests make every parallel
// algorithm return its serial value, and the summary compares them.
func possible(j *experiment.Job, r *results.Run) error {
	if r.Value < -int64(game.Inf) || r.Value > int64(game.Inf) {
		return fmt.Errorf("value %d is outside the game's bounds ±%d", r.Value, game.Inf)
	}
	for _, c := range []struct {
		name string
		v    *int64
	}{{"nodes", &r.Nodes}, {"leaves", &r.Leaves}, {"tasks", &r.Tasks}, {"steals", &r.Steals}, {"steal_attempts", &r.StealTries},
		{"aborts", &r.Aborts}, {"aborted_tasks", &r.AbortedTask}, {"blocked_children", &r.BlockedKids}, {"blocked_shared", &r.BlockedShr},
		{"blocked_parent", &r.BlockedPar}, {"overhead", &r.Overhead}, {"failed_work", r.FailedWork}, {"cutoff_work", r.CutoffWork},
		{"winner_nodes", r.WinnerNodes}, {"cores", r.Cores}, {"time", &r.Time}} {
		if c.v != nil && *c.v < 0 {
			return fmt.Errorf("%s %d is negative", c.name, *c.v)
		}
	}
	if r.Failed != nil && j.MaxMem < 0 {
		return errors.New("it reports a failure, but the job has no memory budget to exceed")
	}
	minW := int64(1)
	if r.Failed != nil {
		minW = 0
	}
	if r.Work < minW || r.Span < minW || r.Span > r.Work {
		return fmt.Errorf("work W = %d and critical path C = %d: want 1 ≤ C ≤ W", r.Work, r.Span)
	}
	if r.Span > 0 && !near(r.Parallelism, float64(r.Work)/float64(r.Span)) {
		return fmt.Errorf("parallelism %g is not W/C = %d/%d", r.Parallelism, r.Work, r.Span)
	}
	if !j.Parallel() && (r.Span != r.Work || r.Parallelism != 1) {
		return fmt.Errorf("a serial run with C = %d ≠ W = %d", r.Span, r.Work)
	}
	if j.Parallel() && j.Machine.IsSim() {
		if r.TimeUnit != "units" {
			return fmt.Errorf("a simulated time in %s, want units", suggest.Echo(r.TimeUnit))
		}
		if r.Failed == nil && r.Time < r.Span {
			return fmt.Errorf("T_P = %d is below the critical path C = %d", r.Time, r.Span)
		}
		if p := int64(j.Machine.P); r.Failed == nil && p > 0 && r.Time <= math.MaxInt64/p && r.Time*p < r.Work {
			return fmt.Errorf("T_P = %d on P = %d is below W/P = %d/%d", r.Time, p, r.Work, p)
		}
	} else if r.TimeUnit != "ns" {
		return fmt.Errorf("a measured time in %s, want ns", suggest.Echo(r.TimeUnit))
	}
	for _, f := range []struct {
		name string
		v    *float64
		max  float64
	}{{"idle_fraction", &r.IdleFrac, 1}, {"par_below10", r.ParBelow10, 1}, {"seconds", &r.Seconds, math.MaxFloat64}, {"parallelism", &r.Parallelism, math.MaxFloat64},
		{"other_cores", r.OtherCores, math.MaxFloat64}} {
		if f.v != nil && !(*f.v >= 0 && *f.v <= f.max) {
			return fmt.Errorf("%s %g is out of range 0…%g", f.name, *f.v, f.max)
		}
	}
	return nil
}

// near reports whether a and b agree to a relative 1e-9.
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// cleanRun makes the text columns a worker filled one bounded line each.
func cleanRun(r *results.Run) {
	for _, s := range []*string{&r.Version, &r.BestMove, r.Failed, r.Host, r.CPU, r.Noise} {
		if s != nil {
			*s = cleanText(*s, MaxText)
		}
	}
}

// checkShare reports why rep is not the answer to a root share of the
// moves asked: another set of moves, a best move not among them, a value
// outside the game's bounds, a search time not finite and ≥ 0.
func checkShare(rep *ShareReply, moves []game.Move) error {
	sh := &rep.Share
	switch {
	case !slices.Equal(sh.Moves, moves):
		return fmt.Errorf("it searched %d other moves, not the %d of its share", len(sh.Moves), len(moves))
	case len(moves) > 0 && !slices.Contains(moves, sh.BestMove):
		return errors.New("its best move is not one of its share's moves")
	case sh.Value < -game.Inf || sh.Value > game.Inf:
		return fmt.Errorf("value %d is outside the game's bounds ±%d", sh.Value, game.Inf)
	case !(rep.Seconds >= 0 && rep.Seconds <= math.MaxFloat64):
		return fmt.Errorf("search time %g s", rep.Seconds)
	}
	return nil
}
