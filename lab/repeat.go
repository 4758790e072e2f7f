package lab

import (
	"context"
	"fmt"
	"io"
	"slices"

	"splitpoint/algos"
	"splitpoint/sched"
)

// MaxRepeat bounds search --repeat.
const MaxRepeat = 99

// Repeats is what a repeated pool run measured (search --repeat N): the
// wall time of every repetition and of its serial baseline, in the order
// they ran. The report they belong to is the repetition of median time,
// its serial seconds the baselines' median and its speedup the ratio of
// the two medians: on a shared 2-core VM one search of a short position
// varies by a third from run to run (BENCHMARKS.md), so the timing goals
// read the median of three.
type Repeats struct {
	N             int       `json:"n"`                        // repetitions that finished
	Of            int       `json:"of"`                       // repetitions asked for
	Times         []int64   `json:"times_ns"`                 // each repetition's wall time
	SerialSeconds []float64 `json:"serial_seconds,omitempty"` // each one's baseline
}

// ParallelRepeated is Parallel run n times on the pool, each repetition
// with its serial baseline as base says (so runs and baselines alternate),
// reported by the repetition whose time is the median (the lower one of
// an even count), with Repeats filled and the comparison made from the
// medians. On the simulator, whose runs are reproducible bit for bit, and
// for n ≤ 1 it is Parallel. A cancelled repetition ends the series: the
// report is then that of the repetitions finished, with the error.
func ParallelRepeated(ctx context.Context, it *Item, opt algos.Options, cfg sched.Config, base BaselineMode, n int) (*ParallelReport, error) {
	if n <= 1 || cfg.IsSim() {
		return Parallel(ctx, it, opt, cfg, base)
	}
	var done []*ParallelReport
	var rs Repeats
	rs.Of = n
	var err error
	for range n {
		var r *ParallelReport
		r, err = Parallel(ctx, it, opt, cfg, base)
		if err != nil || r == nil || r.Cancelled {
			if len(done) == 0 {
				return r, err
			}
			break
		}
		done = append(done, r)
		rs.Times = append(rs.Times, r.Time)
		if r.Serial != nil {
			rs.SerialSeconds = append(rs.SerialSeconds, r.Serial.Seconds)
		}
	}
	rs.N = len(done)
	byTime := slices.Clone(done)
	slices.SortStableFunc(byTime, func(a, b *ParallelReport) int { return int(a.Time - b.Time) })
	med := byTime[(len(byTime)-1)/2]
	med.Repeats = &rs
	if med.Serial != nil && len(rs.SerialSeconds) == len(done) {
		s := slices.Clone(rs.SerialSeconds)
		slices.Sort(s)
		med.Serial.Seconds = s[(len(s)-1)/2]
		if med.Time > 0 {
			med.Speedup = med.Serial.Seconds * 1e9 / float64(med.Time)
		}
	}
	return med, err
}

// writeText prints a repeated run's spread.
func (rs *Repeats) writeText(w io.Writer, speedup float64) {
	t := slices.Clone(rs.Times)
	slices.Sort(t)
	if rs.N == 1 {
		fmt.Fprintf(w, "  ran once")
	} else {
		fmt.Fprintf(w, "  repeated %d times", rs.N)
	}
	if rs.N < rs.Of {
		fmt.Fprintf(w, " (of %d asked; cancelled)", rs.Of)
	}
	fmt.Fprintf(w, ": time median %.3f s (%.3f–%.3f)", float64(t[(len(t)-1)/2])/1e9, float64(t[0])/1e9, float64(t[len(t)-1])/1e9)
	if s := slices.Clone(rs.SerialSeconds); len(s) > 0 {
		slices.Sort(s)
		fmt.Fprintf(w, ", serial median %.3f s (%.3f–%.3f); speedup from the medians %.2f", s[(len(s)-1)/2], s[0], s[len(s)-1], speedup)
	}
	fmt.Fprintln(w)
}
