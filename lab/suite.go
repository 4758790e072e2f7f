package lab

import (
	"fmt"
	"io"
)

// SuiteTotals is a search of several positions summed as the timing goals
// of BENCHMARKS.md read: each position's time (the median repetition's with
// --repeat) against its own serial baseline's (the median baseline's),
// summed over the positions, and the work likewise.
type SuiteTotals struct {
	Positions int
	Sim       bool
	// Time is ΣT_P: wall seconds on the pool, cost units on the
	// simulator; Serial the baselines' sum in the same unit (wall seconds,
	// or W_serial on the simulator: one processor of the same cost model).
	Time, Serial float64
	// Work and SerialWork are ΣW and ΣW_serial in cost units.
	Work, SerialWork int64
	// Baselines is the number of positions with a serial baseline: the
	// comparison is made only when every position has one.
	Baselines int
	// Unfinished counts the reports left out: cancelled or failed runs,
	// whose figures are those of part of a search.
	Unfinished int
}

// Suite sums reports.
func Suite(reps []*ParallelReport) SuiteTotals {
	var s SuiteTotals
	for _, r := range reps {
		if r == nil || r.Stats == nil {
			continue
		}
		if r.Cancelled || r.Failed != "" {
			s.Unfinished++
			continue
		}
		s.Positions++
		s.Sim = r.Config.IsSim()
		s.Work += r.Work
		if s.Sim {
			s.Time += float64(r.Time)
		} else {
			s.Time += float64(r.Time) / 1e9
		}
		if r.Serial != nil {
			s.Baselines++
			s.SerialWork += r.Serial.Work
			if s.Sim {
				s.Serial += float64(r.Serial.Work)
			} else {
				s.Serial += r.Serial.Seconds
			}
		}
	}
	return s
}

// WriteText prints the totals on one line, for a search of two positions
// or more (finished ones: a search stopped by Ctrl-C sums those it
// finished and says how many it left out).
func (s SuiteTotals) WriteText(w io.Writer) {
	if s.Positions < 2 {
		return
	}
	if s.Unfinished > 0 {
		fmt.Fprintf(w, "suite (%d positions finished, %d not, left out): ", s.Positions, s.Unfinished)
	} else {
		fmt.Fprintf(w, "suite: %d positions, ", s.Positions)
	}
	unit, f := "s", "%.3f"
	if s.Sim {
		unit, f = "units", "%.0f"
	}
	fmt.Fprintf(w, "time "+f+" %s", s.Time, unit)
	if s.Baselines == s.Positions && s.Serial > 0 && s.Time > 0 && s.SerialWork > 0 {
		fmt.Fprintf(w, " against the serial baselines' "+f+" %s: %.3f× their time, speedup %.2f; work %.3f× theirs (each position's own time against its own baseline's, summed)",
			s.Serial, unit, s.Time/s.Serial, s.Serial/s.Time, float64(s.Work)/float64(s.SerialWork))
	}
	fmt.Fprintln(w)
}
