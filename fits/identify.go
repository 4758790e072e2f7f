package fits

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
)

// ErrUnidentified is wrapped by the error FitWeighted returns when the runs
// cannot identify the model, though least squares would return numbers:
// fewer distinct machine sizes P than the model has coefficients (the
// coefficients of W/P and of the constant then trade against each other),
// or a coefficient that is negative beyond its 95 % interval (a machine
// does not get faster with more critical path). Too few runs for the
// standard errors is ErrTooFew. Such a fit is reported in one line and
// not shown as a result.
var ErrUnidentified = errors.New("the runs cannot identify the model")

// distinctP returns the distinct machine sizes of obs, in increasing order
// (+Inf, the infinite machine, last).
func distinctP(obs []Obs) []float64 {
	seen := map[float64]bool{}
	var ps []float64
	for _, o := range obs {
		if !seen[o.P] {
			seen[o.P] = true
			ps = append(ps, o.P)
		}
	}
	sort.Float64s(ps)
	return ps
}

// checkDesign reports runs on fewer distinct P than the model has
// coefficients.
func checkDesign(obs []Obs, m Model) error {
	k := len(m.terms())
	if ps := distinctP(obs); len(ps) < k {
		var names []string
		for _, p := range ps {
			names = append(names, procs(p))
		}
		return fmt.Errorf("%w: %d runs on only %d machine size(s) (P = %s), and %s has %d coefficients: run %d or more values of P",
			ErrUnidentified, len(obs), len(ps), strings.Join(names, ", "), m.Formula(), k, k)
	}
	return nil
}

// checkSigns reports a coefficient that is negative beyond its 95 %
// confidence interval: the model's terms are costs, so a significantly
// negative one says the runs measured something else (noise, or a machine
// busy with other work).
func checkSigns(r *Result) error {
	for _, c := range r.Coefs() {
		if c.Value < 0 && c.CI95[1] < 0 && !math.IsNaN(c.CI95[1]) {
			return fmt.Errorf("%w: c%s = %s ± %s (on %s) is negative, and a cost cannot be; the times do not follow %s",
				ErrUnidentified, c.Name, num(c.Value), num(c.SE), c.Term, r.Model.Formula())
		}
	}
	return nil
}
