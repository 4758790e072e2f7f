package results

import (
	"fmt"

	"splitpoint/fits"
)

// ObsGroup is the observations of one algorithm (with its variants) on
// one machine, ready for fits.Fit.
type ObsGroup struct {
	Algo    string // the algorithm with its variants, e.g. "jamboree+deferred"
	Machine string // "sim" or "pool"
	Obs     []fits.Obs
	Unit    string // the unit of Time: "units" or "ns" (Work and Span are in cost units)
	Dropped int    // rows left out: T_P = 0
}

// Observations turns the parallel rows of runs into fits.Obs, one group
// per (algorithm with variants, machine), in the order first seen: P (+Inf
// for the infinite machine), W, C and T_P. On the pool T_P is in ns and W,
// C in cost units: the fitted c1 and c∞ then carry the conversion. Rows
// with T_P = 0 cannot be fitted and are counted in Dropped.
func Observations(runs []Run) []ObsGroup {
	var out []ObsGroup
	at := map[[2]string]int{}
	for _, r := range runs {
		if r.Role != RoleParallel || r.Failed != nil {
			continue
		}
		k := [2]string{r.AlgoLabel(), r.Machine}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, ObsGroup{Algo: k[0], Machine: k[1], Unit: r.TimeUnit})
		}
		g := &out[i]
		if r.Time <= 0 {
			g.Dropped++
			continue
		}
		g.Obs = append(g.Obs, fits.Obs{P: r.Procs(), Work: float64(r.Work), Span: float64(r.Span), Time: float64(r.Time),
			Label: fmt.Sprintf("run %d (%s p=%s)", r.ID, r.Position, r.ProcsLabel())})
	}
	return out
}
