package sched

import "math"

// profBuckets is the default and maximum number of profile buckets: memory
// is bounded whatever the length of the run.
const profBuckets = 256

// LowLevels is the number of low parallelism levels whose time a profile
// keeps exactly (Profile.Low): 0, 1, …, LowLevels−1 tasks able to run.
const LowLevels = 16

// profiler integrates two step functions of time — the parallelism (tasks
// that could run: running plus posted) and the utilization (processors
// busy) — into a fixed number of buckets. When time runs past the last
// bucket, neighbouring buckets are merged and the bucket width doubles.
// Besides, it keeps exactly how long the parallelism stood at each low
// level, which the buckets' averages would blur.
type profiler struct {
	width     int64
	par, util []float64 // area (value × time) per bucket
	low       [LowLevels]int64
	last      int64
	curP      int64
	curU      int64
	n         int
}

func (f *profiler) init(n int) {
	if n <= 0 || n > profBuckets {
		n = profBuckets
	}
	n &^= 1
	f.n = n
	f.width = 1
	f.par = make([]float64, n)
	f.util = make([]float64, n)
}

// set records that from time t on the values are par and util.
func (f *profiler) set(t, par, util int64) {
	if f.n == 0 {
		return
	}
	f.advance(t)
	f.curP, f.curU = par, util
}

func (f *profiler) advance(t int64) {
	if f.last < t && f.curP < LowLevels {
		f.low[max(f.curP, 0)] += t - f.last
	}
	for f.last < t {
		b := f.last / f.width
		if b >= int64(f.n) {
			f.rescale()
			continue
		}
		end := min(t, (b+1)*f.width)
		d := float64(end - f.last)
		f.par[b] += float64(f.curP) * d
		f.util[b] += float64(f.curU) * d
		f.last = end
	}
}

func (f *profiler) rescale() {
	h := f.n / 2
	for i := 0; i < h; i++ {
		f.par[i] = f.par[2*i] + f.par[2*i+1]
		f.util[i] = f.util[2*i] + f.util[2*i+1]
	}
	clear(f.par[h:])
	clear(f.util[h:])
	f.width *= 2
}

// Profile is the parallelism profile of a run (how many tasks could run at
// each moment: running plus posted) and its utilization profile (how many
// processors were busy), averaged over buckets of Width time units
// (virtual units on the simulator, nanoseconds on the pool), for charts.
// Low[k] is the time during which exactly k tasks could run, for k <
// LowLevels, exactly (not averaged over buckets): the time a run spent
// with little parallelism (StarTech §5: "for about a quarter of the
// run-time on an infinite processor machine, the average parallelism was
// less than 4"; *Socrates §2.5: "for half the run-time there is often less
// than 10-fold parallelism"). End is the time the profile covers.
type Profile struct {
	Width       int64     `json:"width"`
	Parallelism []float64 `json:"parallelism"`
	Utilization []float64 `json:"utilization"`
	Low         []int64   `json:"low,omitempty"`
	End         int64     `json:"end,omitempty"`
}

// FractionBelow is the fraction of the run's time during which fewer than
// k tasks could run (k ≤ LowLevels); NaN for a missing or empty profile.
func (pr *Profile) FractionBelow(k int) float64 {
	if pr == nil || pr.End <= 0 || len(pr.Low) < k {
		return math.NaN()
	}
	var t int64
	for _, d := range pr.Low[:k] {
		t += d
	}
	return float64(t) / float64(pr.End)
}

func (f *profiler) profile(end int64) *Profile {
	if f.n == 0 {
		return nil
	}
	f.advance(end)
	nb := int((end + f.width - 1) / f.width)
	nb = min(nb, f.n)
	pr := &Profile{Width: f.width, Parallelism: make([]float64, nb), Utilization: make([]float64, nb), Low: append([]int64(nil), f.low[:]...), End: end}
	for i := 0; i < nb; i++ {
		w := float64(f.width)
		if r := end - int64(i)*f.width; r < f.width {
			w = float64(r)
		}
		if w > 0 {
			pr.Parallelism[i] = f.par[i] / w
			pr.Utilization[i] = f.util[i] / w
		}
	}
	return pr
}
