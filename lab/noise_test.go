package lab

import (
	"strings"
	"testing"
	"time"

	"splitpoint/results"
)

func TestMeasureNoise(t *testing.T) {
	t0 := time.Unix(0, 0)
	// Two cores for one second: 200 ticks in all.
	at := func(busy, own uint64) cpuReading {
		return cpuReading{at: t0.Add(time.Second), busy: busy, total: 200, own: own, load1: 3.5}
	}
	start := cpuReading{at: t0, load1: 2}
	for _, tc := range []struct {
		name       string
		end        cpuReading
		workers    int
		wantOther  float64
		wantNoisy  bool
		wantInWarn string
	}{
		{"quiet, two workers", at(196, 195), 2, 0.01, false, ""},
		{"another search on both cores", at(200, 70), 2, 1.3, true, "1.3 of the 2 cores"},
		{"one worker, the other core busy", at(200, 100), 1, 1.0, false, ""},
		{"one worker, both cores taken by others", at(200, 40), 1, 1.6, true, "1 worker(s)"},
		{"oversubscribed by this process only", at(200, 200), 4, 0, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := measureNoise(start, tc.end, 2, tc.workers, start.load1)
			if n == nil {
				t.Fatal("no measurement")
			}
			if d := n.OtherCores - tc.wantOther; d > 1e-9 || d < -1e-9 {
				t.Errorf("other cores = %v, want %v", n.OtherCores, tc.wantOther)
			}
			if n.Noisy() != tc.wantNoisy {
				t.Errorf("noisy = %v (%q), want %v", n.Noisy(), n.Warning, tc.wantNoisy)
			}
			if !strings.Contains(n.Warning, tc.wantInWarn) || strings.Contains(n.Warning, "\n") {
				t.Errorf("warning %q: want one line with %q", n.Warning, tc.wantInWarn)
			}
			var row results.Run
			n.SetRow(&row)
			if row.OtherCores == nil || (row.Noise != nil) != tc.wantNoisy {
				t.Errorf("row: other_cores %v, noise %v", row.OtherCores, row.Noise)
			}
			var b strings.Builder
			n.writeText(&b)
			if got := strings.Count(b.String(), "\n"); got != map[bool]int{true: 1}[tc.wantNoisy] {
				t.Errorf("text %q: want one warning line when noisy, none otherwise", b.String())
			}
		})
	}
	if n := measureNoise(start, start, 2, 2, 0); n != nil {
		t.Errorf("a window without ticks measured %+v", n)
	}
	var none *Noise
	none.SetRow(&results.Run{})
}

// TestReadCPU checks the readings /proc gives where it exists: counters
// that only grow.
func TestReadCPU(t *testing.T) {
	a, ok := readCPU()
	if !ok {
		t.Skip("no /proc on this system")
	}
	b, _ := readCPU()
	if b.total < a.total || b.busy < a.busy || b.own < a.own || a.total == 0 {
		t.Errorf("readings went backwards or are empty: %+v then %+v", a, b)
	}
}

// TestReadingLogWindow: a short run's window starts at the latest kept
// reading at least noiseMinWindow (200 ms) before its end, never at one
// a few milliseconds before (where one 10 ms tick reads as a whole core),
// and not at all when no kept reading is old enough or all are older
// than readingMaxAge.
func TestReadingLogWindow(t *testing.T) {
	t0 := time.Unix(100, 0)
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }
	var l readingLog
	for _, n := range []int{0, 10, 60, 120, 170, 230, 231} { // 10 and 231 fall within the spacing
		l.keep(cpuReading{at: ms(n), busy: uint64(n)})
	}
	for _, c := range []struct {
		end  int
		want int // ms of the window's start, -1: none
	}{
		{235, 0}, {300, 60}, {380, 170}, {150, -1}, {5000, 230}, {5100, 230}, {5300, -1},
	} {
		r, ok := l.windowStart(ms(c.end))
		switch {
		case c.want < 0 && ok:
			t.Errorf("end %d ms: window from %v, want none", c.end, r.at.Sub(t0))
		case c.want >= 0 && (!ok || !r.at.Equal(ms(c.want))):
			t.Errorf("end %d ms: window from %v (ok %v), want %d ms", c.end, r.at.Sub(t0), ok, c.want)
		}
	}
	// The ring keeps the latest readingRing readings.
	for i := range readingRing + 10 {
		l.keep(cpuReading{at: ms(10_000 + 50*i)})
	}
	last := 10_000 + 50*(readingRing+9)
	if r, ok := l.windowStart(ms(last + 10)); !ok || !r.at.Equal(ms(last-200)) {
		t.Errorf("after wrapping: window from %v (ok %v), want %d ms", r.at.Sub(t0), ok, last-200)
	}
}
