package results

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
)

// WriteSummary prints the summary as Lu's tables do: per algorithm,
// machine and P, the mean and standard deviation of the speedup, the
// efficiency, the search overhead and the idle time (both in %), and the
// mean parallelism W/C. Columns for failed work, cutoff work and node
// saving appear when some row carries them.
func WriteSummary(w io.Writer, rows []SummaryRow) error {
	extra := false
	for _, r := range rows {
		extra = extra || r.FailedShare.N+r.CutoffShare.N+r.NodeSaving.N > 0
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "algorithm\tmachine\tP\truns\tspeedup\tsd\tefficiency\tsd\t% overhead\tsd\t% idle\tsd\tW/C\t"
	if extra {
		head += "% failed\t% cutoff\t% node saving\t"
	}
	fmt.Fprintln(tw, head)
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t", r.Label(), r.Machine, r.ProcsLabel(), r.Runs,
			num(r.Speedup.Mean, 2), sd(r.Speedup, 2), num(r.Efficiency.Mean, 3), sd(r.Efficiency, 3),
			num(100*r.SearchOverhead.Mean, 1), sd(scale(r.SearchOverhead, 100), 1),
			num(100*r.IdleFraction.Mean, 1), sd(scale(r.IdleFraction, 100), 1), num(r.Parallelism.Mean, 1))
		if extra {
			fmt.Fprintf(tw, "%s\t%s\t%s\t", num(100*r.FailedShare.Mean, 1), num(100*r.CutoffShare.Mean, 1), num(100*r.NodeSaving.Mean, 1))
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	var noisy []string
	for _, r := range rows {
		if r.OtherHost > 0 {
			fmt.Fprintf(w, "note: %s pool p=%s: %d of %d runs ran on another host than their baseline: the speedup compares wall times of two machines\n",
				r.Label(), r.ProcsLabel(), r.OtherHost, r.Runs)
		}
		if r.Noisy > 0 {
			noisy = append(noisy, fmt.Sprintf("%s %s p=%s %d of %d", r.Label(), r.Machine, r.ProcsLabel(), r.Noisy, r.Runs))
		}
	}
	if len(noisy) > 0 {
		fmt.Fprintf(w, "warning: runs timed while other processes competed for the cores (column noise; the run or its baseline): %s; their times and speedups are not those of a quiet machine\n",
			strings.Join(noisy, ", "))
	}
	fmt.Fprintln(w, "speedup = T_S/T_P (the serial baseline's time over the run's; on the simulator T_S is its work), efficiency = T_S/W (its work over the run's work): a run can be efficient and slow")
	return nil
}

func scale(s Stat, k float64) Stat { return Stat{N: s.N, Mean: k * s.Mean, SD: k * s.SD} }

func num(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	return strconv.FormatFloat(x, 'f', prec, 64)
}

func sd(s Stat, prec int) string {
	if s.N < 2 {
		return "-"
	}
	return num(s.SD, prec)
}

// WriteRuns lists runs one a line: id, sweep, algorithm, machine, P, rep,
// position, value, nodes, W, C, T_P and its unit.
func WriteRuns(w io.Writer, runs []Run) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "id\tsweep\trole\talgorithm\tmachine\tP\trep\tposition\tvalue\tnodes\tW\tC\tT\tunit")
	for _, r := range runs {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%s\n", r.ID, r.Sweep, r.Role, r.AlgoLabel(),
			r.Machine, r.ProcsLabel(), r.Rep, r.Position, r.Value, r.Nodes, r.Work, r.Span, r.Time, r.TimeUnit)
	}
	return tw.Flush()
}

// WriteTable prints a query's table with aligned columns; NULL prints as
// "NULL".
func WriteTable(w io.Writer, t *Table) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(t.Columns, "\t"))
	for _, row := range t.Rows {
		cells := make([]string, len(row))
		for i, v := range row {
			cells[i] = strings.ReplaceAll(Cell(v), "\t", " ")
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}

// Cell formats one value of a query: NULL, an integer, a float in its
// shortest form, or text.
func Cell(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case []byte:
		return string(x)
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	}
	return fmt.Sprint(v)
}
