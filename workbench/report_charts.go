package workbench

import (
	"encoding/json"

	"fmt"
	"math"
	"sort"
	"splitpoint/algos"

	"splitpoint/fits"
	"splitpoint/reports"
	"splitpoint/results"
	"strings"
)

// groupKey is an algorithm (with its variants) on a machine.
type groupKey struct{ label, machine string }

// measured is one parallel run with its derived measures.
type measured struct {
	r *results.Run
	m results.Measures
	p float64 // P; +Inf for the infinite machine
}

// byGroup collects the parallel runs by algorithm label and machine, in a
// stable order (sim first, then labels as they first appear).
func byGroup(runs []results.Run, base map[int64]results.Run) ([]groupKey, map[groupKey][]measured) {
	out := map[groupKey][]measured{}
	var keys []groupKey
	for i := range runs {
		r := &runs[i]
		if r.Role != results.RoleParallel || r.P == nil {
			continue
		}
		k := groupKey{r.AlgoLabel(), r.Machine}
		if _, ok := out[k]; !ok {
			keys = append(keys, k)
		}
		p := float64(*r.P)
		if *r.P < 0 {
			p = math.Inf(1)
		}
		out[k] = append(out[k], measured{r, results.Derive(r, results.BaselineOf(r, base)), p})
	}
	sort.SliceStable(keys, func(i, j int) bool { return keys[i].machine == "sim" && keys[j].machine != "sim" })
	return keys, out
}

// meanBy averages f over the runs of each finite P, in increasing P.
func meanBy(ms []measured, f func(measured) float64) (xs, ys []float64) {
	sum, n := map[float64]float64{}, map[float64]int{}
	for _, m := range ms {
		v := f(m)
		if math.IsInf(m.p, 0) || v != v || math.IsInf(v, 0) {
			continue
		}
		sum[m.p] += v
		n[m.p]++
	}
	for p := range sum {
		xs = append(xs, p)
	}
	sort.Float64s(xs)
	for _, p := range xs {
		ys = append(ys, sum[p]/float64(n[p]))
	}
	return xs, ys
}

func chartSection(heading, text string, c *reports.Chart) reports.Section {
	c.ID = reports.Slug(c.ID)
	return reports.Section{Heading: heading, Text: text, Chart: c}
}

// reportCharts draws the papers' figures from the runs.
func reportCharts(runs []results.Run, base map[int64]results.Run) []reports.Section {
	keys, groups := byGroup(runs, base)
	var out []reports.Section
	machines := map[string]bool{}
	for _, k := range keys {
		machines[k.machine] = true
	}
	for _, mach := range []string{"sim", "pool"} {
		if !machines[mach] {
			continue
		}
		name := machineName(mach)
		sp := pAxis(&reports.Chart{ID: "speedup-" + mach, Title: "Speedup against P (" + name + ")", YLabel: "speedup T_S/T_P", LogY: true}, mach)
		ov := pAxis(&reports.Chart{ID: "overhead-" + mach, Title: "Search overhead against P (" + name + ")", YLabel: "search overhead %"}, mach)
		idle := pAxis(&reports.Chart{ID: "idle-" + mach, Title: "Idle time against P (" + name + ")", YLabel: "idle %"}, mach)
		lo, hi := math.Inf(1), 0.0
		for _, k := range keys {
			if k.machine != mach {
				continue
			}
			ms := groups[k]
			x, y := meanBy(ms, func(m measured) float64 { return m.m.Speedup })
			sp.Series = append(sp.Series, reports.Series{Name: k.label, X: x, Y: y})
			for _, p := range x {
				lo, hi = min(lo, p), max(hi, p)
			}
			x, y = meanBy(ms, func(m measured) float64 { return 100 * m.m.SearchOverhead })
			ov.Series = append(ov.Series, reports.Series{Name: k.label, X: x, Y: y})
			x, y = meanBy(ms, func(m measured) float64 { return 100 * m.m.IdleFraction })
			idle.Series = append(idle.Series, reports.Series{Name: k.label, X: x, Y: y})
		}
		if hi > lo {
			sp.Series = append(sp.Series, reports.Series{Name: "linear speedup", X: []float64{lo, hi}, Y: []float64{lo, hi}, Dashed: true})
		}
		out = append(out,
			chartSection("Speedup, "+name, "Mean speedup T_S/T_P over the positions; the dashed line is linear speedup.", sp),
			chartSection("Search overhead, "+name, "nodes_P/nodes_serial − 1, mean over the positions (Lu Fig. 5.10).", ov),
			chartSection("Idle time, "+name, "Idle fraction of P·T_P, mean over the positions (Lu Fig. 5.11).", idle))
	}
	for i, k := range keys {
		if i >= 6 {
			break
		}
		out = append(out, perPositionCharts(k, groups[k])...)
		out = append(out, utilizationChart(k, groups[k]))
	}
	if s, ok := profileChart(keys, groups); ok {
		out = append(out, s)
	}
	if s, ok := tableSizeChart(runs, keys, groups); ok {
		out = append(out, s)
	}
	if s, ok := nodeSavingChart(keys, groups); ok {
		out = append(out, s)
	}
	if s, ok := ratingChart(runs); ok {
		out = append(out, s)
	}
	return out
}

// ratingChart is StarTech's Fig. 5: Kaufman's rating estimate
// 2930 − 200·log10(t20) against P, from the rows of parallel solves
// (solve --algo jamboree --sim …), one line per algorithm and machine.
func ratingChart(runs []results.Run) (reports.Section, bool) {
	type key struct{ label, machine string }
	times := map[key]map[float64][]algos.SolveResult{}
	var keys []key
	for i := range runs {
		r := &runs[i]
		if r.Role != results.RoleSolve || r.P == nil || *r.P < 0 {
			continue
		}
		var res struct {
			Solved bool `json:"solved"`
		}
		json.Unmarshal([]byte(r.Result), &res)
		k := key{r.AlgoLabel(), r.Machine}
		if times[k] == nil {
			times[k] = map[float64][]algos.SolveResult{}
			keys = append(keys, k)
		}
		p := float64(*r.P)
		times[k][p] = append(times[k][p], algos.SolveResult{Solved: res.Solved, Seconds: r.Seconds})
	}
	if len(keys) == 0 {
		return reports.Section{}, false
	}
	c := &reports.Chart{ID: "rating", Title: "Rating against P", XLabel: "processors P", YLabel: "rating 2930 − 200·log10(t20)", LogX: true, IntegerX: true, LogXBase: 2}
	var machines []string
	for _, k := range keys {
		s := reports.Series{Name: k.label + " (" + machineName(k.machine) + ")"}
		machines = appendNew(machines, k.machine)
		for p := range times[k] {
			s.X = append(s.X, p)
		}
		sort.Float64s(s.X)
		for _, p := range s.X {
			s.Y = append(s.Y, algos.SolveSummary(times[k][p]).Rating)
		}
		c.Series = append(c.Series, s)
	}
	return chartSection("Rating, "+machineNames(machines), "Kaufman's rating estimate from the sum of the 20 fastest solution times at each P (StarTech §3, Fig. 5); an unsolved position counts as the time limit; simulated times are in seconds at this computer's serial speed.", c), true
}

// perPositionCharts are StarTech's Figs. 6 and 7: work and critical path
// against P, one line per position.
func perPositionCharts(k groupKey, ms []measured) []reports.Section {
	name := machineName(k.machine)
	work := pAxis(&reports.Chart{ID: "work-" + k.label + "-" + k.machine, Title: "Work W against P: " + k.label + " (" + name + ")", YLabel: "work W (cost units)", LogY: true}, k.machine)
	span := pAxis(&reports.Chart{ID: "span-" + k.label + "-" + k.machine, Title: "Critical path C against P: " + k.label + " (" + name + ")", YLabel: "critical path C (cost units)", LogY: true}, k.machine)
	byPos := map[string][]measured{}
	var order []string
	for _, m := range ms {
		name := m.r.PositionID
		if name == "" {
			name = m.r.Position
		}
		if _, ok := byPos[name]; !ok {
			order = append(order, name)
		}
		byPos[name] = append(byPos[name], m)
	}
	for _, name := range order {
		x, y := meanBy(byPos[name], func(m measured) float64 { return float64(m.r.Work) })
		work.Series = append(work.Series, reports.Series{Name: name, X: x, Y: y})
		x, y = meanBy(byPos[name], func(m measured) float64 { return float64(m.r.Span) })
		span.Series = append(span.Series, reports.Series{Name: name, X: x, Y: y})
	}
	return []reports.Section{
		chartSection("Work: "+k.label+", "+name, "Work against P for each position (StarTech Fig. 6): speculative work grows with P.", work),
		chartSection("Critical path: "+k.label+", "+name, "Critical path against P for each position (StarTech Fig. 7).", span),
	}
}

// utilizationChart breaks P·T_P down into useful work (efficiency T_S/(P·T_P)),
// idle time and the other overheads (search overhead, scheduling), after
// Lu Fig. 4.5.
func utilizationChart(k groupKey, ms []measured) reports.Section {
	c := &reports.Chart{ID: "utilization-" + k.label + "-" + k.machine, Title: "Utilization: " + k.label + " (" + machineName(k.machine) + ")", XLabel: "processors P", YLabel: "% of P·T_P", Kind: reports.Bar}
	px, eff := meanBy(ms, func(m measured) float64 { return 100 * m.m.Speedup / m.p })
	ix, iy := meanBy(ms, func(m measured) float64 { return 100 * m.m.IdleFraction })
	idleAt := map[float64]float64{}
	for i, x := range ix {
		idleAt[x] = iy[i]
	}
	// only the P where both are known (a run without a serial baseline
	// has no efficiency)
	idle, other := make([]float64, len(px)), make([]float64, len(px))
	for i, x := range px {
		idle[i] = idleAt[x]
		other[i] = max(0, 100-eff[i]-idle[i])
	}
	c.Series = []reports.Series{{Name: "useful (T_S/(P·T_P))", X: px, Y: eff}, {Name: "idle", X: px, Y: idle}, {Name: "other overheads", X: px, Y: other}}
	return chartSection("Utilization: "+k.label+", "+machineName(k.machine), "Where the processors' time goes at each P (Lu Fig. 4.5).", c)
}

// profileChart draws the parallelism profile (tasks ready to run over the
// run's time) of each algorithm's simulated run with the largest finite P
// on the first position.
func profileChart(keys []groupKey, groups map[groupKey][]measured) (reports.Section, bool) {
	c := &reports.Chart{ID: "profile", Title: "Parallelism profile", XLabel: "fraction of the run's time", YLabel: "tasks that could run", Kind: reports.Area}
	var machines []string
	for _, k := range keys {
		var best *measured
		for i, m := range groups[k] {
			first := groups[k][0].r.Position
			if m.r.Position == first && !math.IsInf(m.p, 0) && (best == nil || m.p > best.p) {
				best = &groups[k][i]
			}
		}
		if best == nil {
			continue
		}
		var res struct {
			Profile *struct {
				Parallelism []float64 `json:"parallelism"`
			} `json:"profile"`
		}
		if json.Unmarshal([]byte(best.r.Result), &res) != nil || res.Profile == nil || len(res.Profile.Parallelism) == 0 {
			continue
		}
		ys := res.Profile.Parallelism
		xs := make([]float64, len(ys))
		for i := range ys {
			xs[i] = float64(i) / float64(len(ys))
		}
		c.Series = append(c.Series, reports.Series{Name: fmt.Sprintf("%s, %s P=%g", k.label, machineName(k.machine), best.p), X: xs, Y: ys})
		machines = appendNew(machines, k.machine)
	}
	if len(c.Series) == 0 {
		return reports.Section{}, false
	}
	return chartSection("Parallelism profile, "+machineNames(machines), "How many tasks could run at each moment of one run per algorithm (the largest P, first position).", c), true
}

// tableSizeChart is StarTech's Fig. 4: nodes searched against the
// transposition table's size, when the runs cover several sizes.
func tableSizeChart(runs []results.Run, keys []groupKey, groups map[groupKey][]measured) (reports.Section, bool) {
	c := &reports.Chart{ID: "nodes-vs-table", Title: "Nodes against table size", XLabel: "table entries", YLabel: "nodes (mean over positions)", LogX: true, LogY: true, LogXBase: 2}
	machines := []string{"serial"}
	serial := map[float64][]float64{}
	for i := range runs {
		if runs[i].Role == results.RoleBaseline {
			serial[math.Ldexp(1, int(runs[i].TTBits))] = append(serial[math.Ldexp(1, int(runs[i].TTBits))], float64(runs[i].Nodes))
		}
	}
	if len(serial) < 2 {
		return reports.Section{}, false
	}
	c.Series = append(c.Series, meanSeries("serial baseline", serial))
	for _, k := range keys {
		at := map[float64][]float64{}
		for _, m := range groups[k] {
			at[math.Ldexp(1, int(m.r.TTBits))] = append(at[math.Ldexp(1, int(m.r.TTBits))], float64(m.r.Nodes))
		}
		if len(at) >= 2 {
			c.Series = append(c.Series, meanSeries(k.label+" ("+machineName(k.machine)+", all P)", at))
			machines = appendNew(machines, k.machine)
		}
	}
	return chartSection("Table size, "+machineNames(machines), "Nodes searched against the number of table entries (StarTech Fig. 4).", c), true
}

func meanSeries(name string, at map[float64][]float64) reports.Series {
	s := reports.Series{Name: name}
	for x := range at {
		s.X = append(s.X, x)
	}
	sort.Float64s(s.X)
	for _, x := range s.X {
		sum := 0.0
		for _, v := range at[x] {
			sum += v
		}
		s.Y = append(s.Y, sum/float64(len(at[x])))
	}
	return s
}

// nodeSavingChart is Vučković's Fig. 6.1: the node saving of a split
// search per position.
func nodeSavingChart(keys []groupKey, groups map[groupKey][]measured) (reports.Section, bool) {
	c := &reports.Chart{ID: "node-savings", Title: "Node savings per position", XLabel: "position (index in the sweep)", YLabel: "node saving %", Kind: reports.Bar}
	var machines []string
	for _, k := range keys {
		var s reports.Series
		s.Name = k.label + " (" + machineName(k.machine) + ")"
		idx := map[string]int{}
		for _, m := range groups[k] {
			if m.r.WinnerNodes == nil || m.m.NodeSaving != m.m.NodeSaving {
				continue
			}
			i, ok := idx[m.r.Position]
			if !ok {
				i = len(idx) + 1
				idx[m.r.Position] = i
			}
			s.X = append(s.X, float64(i))
			s.Y = append(s.Y, 100*m.m.NodeSaving)
		}
		if len(s.X) > 0 {
			c.Series = append(c.Series, s)
			machines = appendNew(machines, k.machine)
		}
	}
	if len(c.Series) == 0 {
		return reports.Section{}, false
	}
	return chartSection("Node savings, "+machineNames(machines), "1 − nodes of the searcher whose move was chosen / serial nodes (Vučković §6, Fig. 6.1).", c), true
}

// fitCharts draw predicted against measured T_P with y = x, and the
// relative residuals.
func fitCharts(g results.ObsGroup, f *fits.Result) []reports.Section {
	pm := &reports.Chart{ID: "fit-" + g.Algo + "-" + g.Machine, Title: "Predicted against measured T_P: " + g.Algo + " (" + machineName(g.Machine) + ")",
		XLabel: "measured T_P (" + g.Unit + ")", YLabel: "predicted T_P (" + g.Unit + ")", Kind: reports.Scatter, LogX: true, LogY: true}
	res := &reports.Chart{ID: "residuals-" + g.Algo + "-" + g.Machine, Title: "Residuals: " + g.Algo + " (" + machineName(g.Machine) + ")",
		XLabel: "measured T_P (" + g.Unit + ")", YLabel: "(measured − predicted)/measured %", Kind: reports.Scatter, LogX: true}
	var mx, px, rx, ry []float64
	lo, hi := math.Inf(1), 0.0
	for i, o := range f.Obs {
		if o.Time <= 0 {
			continue
		}
		mx = append(mx, o.Time)
		px = append(px, f.Predicted[i])
		rx = append(rx, o.Time)
		ry = append(ry, 100*f.Residuals[i]/o.Time)
		lo, hi = min(lo, o.Time), max(hi, o.Time)
	}
	pm.Series = []reports.Series{{Name: "runs", X: mx, Y: px}}
	if hi > 0 {
		pm.Series = append(pm.Series, reports.Series{Name: "y = x", X: []float64{lo, hi}, Y: []float64{lo, hi}, Dashed: true})
	}
	res.Series = []reports.Series{{Name: "runs", X: rx, Y: ry}}
	text := fmt.Sprintf("T_P = %.4g·W/P + %.4g·C + %.4g; R² = %.5f, mean relative error %.2f %%.", f.C1.Value, f.Cinf.Value, f.C0.Value, f.R2, 100*f.MeanRelativeError)
	return []reports.Section{chartSection("Model: "+g.Algo+", "+machineName(g.Machine), text, pm), chartSection("Residuals: "+g.Algo+", "+machineName(g.Machine), "", res)}
}

// machineName is the machine a report's headings name: "simulated" for
// the simulator, "goroutine pool" for the pool.
func machineName(machine string) string {
	switch machine {
	case "sim":
		return "simulated"
	case "pool":
		return "goroutine pool"
	}
	return machine
}

// machinePhrase is the machine in a sentence: "the simulated machine".
func machinePhrase(machine string) string {
	switch machine {
	case "sim":
		return "the simulated machine"
	case "pool":
		return "the goroutine pool"
	}
	return "machine " + machine
}

// pAxis sets a chart's x axis to the number of processors P: integers,
// on a base-2 log scale for the simulator (P = 1, 2, 4 … 512), linear for
// the pool (P = 1, 2, … the cores).
func pAxis(c *reports.Chart, machine string) *reports.Chart {
	c.XLabel = "processors P"
	c.IntegerX = true
	c.LogX = machine == "sim"
	c.LogXBase = 2
	return c
}

// appendNew appends s to list unless it is there.
func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// machineNames names the machines of a chart for its heading.
func machineNames(machines []string) string {
	names := make([]string, len(machines))
	for i, m := range machines {
		names[i] = machineName(m)
	}
	return strings.Join(names, " and ")
}
