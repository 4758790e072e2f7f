package lab

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"splitpoint/results"
	"splitpoint/sched"
)

// Noise is how much other processes competed for the cores while a timed
// run (a pool search, a serial baseline) measured its wall time. A
// benchmark tool warns about a noisy measurement; so does this: a pool run
// whose two workers shared the machine's two cores with other work reports
// a speedup that says nothing about the algorithm.
//
// OtherCores is measured, not guessed from the load average: the cores'
// busy time over the run (/proc/stat) minus this process's own CPU time
// (/proc/self/stat), divided by the run's length. The load averages before
// and after are recorded beside it for the reader.
type Noise struct {
	// Cores is the number of logical CPUs; Workers how many the run
	// needed (P for a pool run, 1 for a serial search).
	Cores   int `json:"cores"`
	Workers int `json:"workers"`
	// OtherCores is the mean number of cores other processes kept busy
	// during the run.
	OtherCores float64 `json:"other_cores"`
	// WindowNS is the length of the measurement: the run, or, for a run
	// shorter than the kernel's tick resolution allows, a window that ends
	// with it (noiseMinWindow).
	WindowNS int64 `json:"window_ns"`
	// Load1Before and Load1After are the one-minute load averages.
	Load1Before float64 `json:"load1_before"`
	Load1After  float64 `json:"load1_after"`
	// Warning is the one-line warning, empty when the cores were free.
	Warning string `json:"warning,omitempty"`
}

// Noisy reports whether the run's timing carries a warning.
func (n *Noise) Noisy() bool { return n != nil && n.Warning != "" }

// noiseTolerance is how many cores' worth of other work a run tolerates
// beyond the cores it leaves free (a quarter core: daemons and the
// terminal stay far below it; a compiler or a second search does not).
const noiseTolerance = 0.25

// noiseMinWindow is the shortest measurement: /proc/stat counts in ticks
// of 10 ms, so a shorter run is measured over a window that ends with it
// and starts at least this long before, at a reading the process kept
// (readingLog), or not at all.
const noiseMinWindow = 200 * time.Millisecond

// judge fills n.Warning: other processes kept more cores busy than the
// machine had left after the run's workers, by more than noiseTolerance.
func (n *Noise) judge() {
	free := float64(n.Cores - n.Workers)
	if n.OtherCores <= max(free, 0)+noiseTolerance {
		n.Warning = ""
		return
	}
	n.Warning = fmt.Sprintf("noisy timing: other processes kept %.1f of the %d cores busy while this run's %d worker(s) ran (load average %.2f before, %.2f after): times and speedups are not those of a quiet machine",
		n.OtherCores, n.Cores, n.Workers, n.Load1Before, n.Load1After)
}

// SetRow copies the measurement to a results row's columns noise and
// other_cores (a nil n leaves them NULL).
func (n *Noise) SetRow(row *results.Run) {
	if n == nil {
		return
	}
	oc := n.OtherCores
	row.OtherCores = &oc
	if n.Warning != "" {
		w := n.Warning
		row.Noise = &w
	}
}

// cpuReading is one reading of the machine's and the process's CPU time,
// in clock ticks.
type cpuReading struct {
	at          time.Time
	busy, total uint64 // all CPUs, /proc/stat
	own         uint64 // this process, /proc/self/stat
	load1       float64
}

// readingLog keeps a process's recent readings, at least readingSpacing
// apart, so that a run shorter than noiseMinWindow is measured over a
// window that starts at least noiseMinWindow before its end: /proc/stat
// counts in ticks of 10 ms, and over a window of a few milliseconds one
// tick of anything reads as a whole core.
type readingLog struct {
	mu   sync.Mutex
	ring [readingRing]cpuReading
	n    int // readings kept in all; the latest is ring[(n-1)%readingRing]
}

const (
	readingSpacing = 50 * time.Millisecond
	readingRing    = 128 // 6.4 s of readings at the spacing
	// readingMaxAge is the oldest reading a short run's window may
	// start at: past it the window says more about what ran before.
	readingMaxAge = 5 * time.Second
)

// recentReadings is the process's log.
var recentReadings readingLog

// keep adds r unless the latest reading kept is less than
// readingSpacing older.
func (l *readingLog) keep(r cpuReading) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.n > 0 && r.at.Sub(l.ring[(l.n-1)%readingRing].at) < readingSpacing {
		return
	}
	l.ring[l.n%readingRing] = r
	l.n++
}

// windowStart is the latest reading kept at least noiseMinWindow and at
// most readingMaxAge before end (ok false when there is none).
func (l *readingLog) windowStart(end time.Time) (cpuReading, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := l.n - 1; i >= 0 && i >= l.n-readingRing; i-- {
		r := l.ring[i%readingRing]
		age := end.Sub(r.at)
		if age > readingMaxAge {
			break
		}
		if age >= noiseMinWindow {
			return r, true
		}
	}
	return cpuReading{}, false
}

// readCPU takes a reading; ok is false where /proc is not available.
func readCPU() (r cpuReading, ok bool) {
	r.at = time.Now()
	stat, err := os.ReadFile("/proc/stat")
	if err != nil {
		return r, false
	}
	line, _, _ := strings.Cut(string(stat), "\n")
	f := strings.Fields(line)
	if len(f) < 5 || f[0] != "cpu" {
		return r, false
	}
	for i, s := range f[1:] {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return r, false
		}
		switch i {
		case 0, 1, 2, 5, 6, 7: // user nice system irq softirq steal
			r.busy += v
			r.total += v
		case 3, 4: // idle iowait
			r.total += v
		}
		// guest and guest_nice are already counted in user and nice.
	}
	self, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return r, false
	}
	// The fields after the command name, which is in parentheses and may
	// hold spaces: state is field 3, utime 14 and stime 15.
	i := strings.LastIndexByte(string(self), ')')
	if i < 0 {
		return r, false
	}
	g := strings.Fields(string(self[i+1:]))
	if len(g) < 13 {
		return r, false
	}
	ut, err1 := strconv.ParseUint(g[11], 10, 64)
	st, err2 := strconv.ParseUint(g[12], 10, 64)
	if err1 != nil || err2 != nil {
		return r, false
	}
	r.own = ut + st
	if la, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(la)); len(f) > 0 {
			r.load1, _ = strconv.ParseFloat(f[0], 64)
		}
	}
	return r, true
}

// noiseProbe measures one run.
type noiseProbe struct {
	start   cpuReading
	ok      bool
	workers int
}

// startNoise starts measuring a run that needs workers cores.
func startNoise(workers int) *noiseProbe {
	r, ok := readCPU()
	if ok {
		recentReadings.keep(r)
	}
	return &noiseProbe{start: r, ok: ok, workers: workers}
}

// stop ends the measurement; nil when it could not be taken, or when the
// run was shorter than noiseMinWindow and no reading of the process is
// recent enough to start a window of that length (measuring the run alone
// would read the ticks' rounding as other work).
func (p *noiseProbe) stop() *Noise {
	if p == nil || !p.ok {
		return nil
	}
	end, ok := readCPU()
	if !ok {
		return nil
	}
	recentReadings.keep(end)
	from := p.start
	if end.at.Sub(from.at) < noiseMinWindow {
		if from, ok = recentReadings.windowStart(end.at); !ok {
			return nil
		}
	}
	return measureNoise(from, end, runtime.NumCPU(), p.workers, p.start.load1)
}

// measureNoise is the Noise of the window from a to b on a machine of
// cores CPUs, for a run needing workers of them; nil when the window saw
// no clock tick.
func measureNoise(a, b cpuReading, cores, workers int, load1Before float64) *Noise {
	total := float64(b.total - a.total)
	if b.total <= a.total || b.busy < a.busy {
		return nil
	}
	other := float64(b.busy-a.busy) - float64(b.own-a.own)
	n := &Noise{Cores: cores, Workers: workers, OtherCores: max(other, 0) / total * float64(cores),
		WindowNS: int64(b.at.Sub(a.at)), Load1Before: load1Before, Load1After: b.load1}
	n.judge()
	return n
}

// poolNoise starts measuring a pool run (nil on the simulator).
func poolNoise(cfg sched.Config) *noiseProbe {
	if cfg.IsSim() {
		return nil
	}
	return startNoise(cfg.Machine.P)
}

// writeText prints the warning, if any, as one line.
func (n *Noise) writeText(w io.Writer) {
	if n.Noisy() {
		fmt.Fprintf(w, "  WARNING: %s\n", n.Warning)
	}
}
