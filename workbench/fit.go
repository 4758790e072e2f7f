package workbench

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"splitpoint/fits"
	"splitpoint/lab"
	"splitpoint/results"
)

// sweepRuns reads the runs of a sweep from the database at db: sweep ""
// is the last sweep, "all" every run. It returns the runs and the sweep's
// id ("" for all); hint says what to do when there is no database.
func sweepRuns(db, sweep, hint string) ([]results.Run, string, error) {
	store, err := results.OpenExisting(db)
	if err != nil {
		return nil, "", fmt.Errorf("%w; or %s", err, hint)
	}
	defer store.Close()
	switch sweep {
	case "all":
		sweep = ""
	case "":
		if sweep, err = store.LastSweep(); err != nil {
			return nil, "", err
		}
	}
	runs, err := store.Runs(sweep)
	if err == nil {
		runs, err = store.WithBaselines(runs)
	}
	return runs, sweep, err
}

// fitDB fits the parallel runs of a results database, one group per
// algorithm label and machine.
func fitDB(env *Env, db, sweep, algo, machine string, m fits.Model, wt fits.Weighting, maxP float64, asJSON bool) error {
	rows, sweep, err := sweepRuns(db, sweep, "give --csv")
	if err != nil {
		return err
	}
	var groups []results.ObsGroup
	for _, g := range results.Observations(rows) {
		if (algo == "" || g.Algo == algo) && (machine == "" || g.Machine == machine) {
			groups = append(groups, g)
		}
	}
	if len(groups) == 0 {
		return fmt.Errorf("%s: no parallel runs to fit in sweep %q (algo %q, machine %q)", db, sweep, algo, machine)
	}
	if asJSON {
		type groupFit struct {
			Algo    string       `json:"algo"`
			Machine string       `json:"machine"`
			Unit    string       `json:"time_unit"`
			Fit     *fits.Result `json:"fit,omitempty"`
			Error   string       `json:"error,omitempty"`
		}
		var out []groupFit
		for _, g := range groups {
			gf := groupFit{Algo: g.Algo, Machine: g.Machine, Unit: g.Unit}
			if r, err := fits.FitWeighted(g.Obs, m, wt); err != nil {
				gf.Error = err.Error()
			} else {
				gf.Fit = r
			}
			out = append(out, gf)
		}
		return writeJSON(env.Out, out)
	}
	// Groups with nothing to validate at maxP are named once, together.
	var nothing groupNotes
	for _, g := range groups {
		if maxP > 0 {
			if _, err := fits.ValidateWeighted(g.Obs, maxP, m, wt); errors.Is(err, fits.ErrNothingToValidate) {
				nothing.add(g.Algo, g.Machine, err.Error())
				continue
			}
		}
		fmt.Fprintf(env.Out, "fit %s on %s, sweep %s (%d runs; T_P in %s, W and C in cost units)\n", g.Algo, g.Machine, sweep, len(g.Obs), g.Unit)
		if err := FitCmd(env, g.Obs, m, wt, maxP, false, g.Unit); err != nil {
			fmt.Fprintf(env.Out, "  not fitted: %v\n", err)
		}
		fmt.Fprintln(env.Out)
	}
	if n := nothing.text(); n != "" {
		fmt.Fprintln(env.Out, strings.ReplaceAll(n, "\n\n", "\n"))
	}
	return nil
}

// fitLong is the help of the fit command.
const fitLong = `Fits the work/critical-path model of StarTech and *Socrates by least
squares to runs read from a CSV file whose header names the columns p, work,
span and time (any order; extra columns ignored; p may be inf; a label column
names the runs). Prints each coefficient with its standard error and 95 %
confidence interval, R², the correlation of predicted with measured times,
the mean error and mean relative error, the mean relative error of Brent's
bound W/P + C, and the published coefficients (StarTech: 1.02·W/P + 1.5·C +
4.3 s; *Socrates: 1.091·W/P + 0.95·C) with their errors on the same runs.

Without --csv it fits the parallel runs of the results database (in a
session, the session's): those of the last sweep, or --sweep ID (all: every
run), one fit per algorithm with its variants and machine, filtered by
--algo and --machine.

--validate-maxp P fits the runs with p ≤ P only and predicts the others, as
the papers develop on a small machine and predict a big one.

--model bounds is a second model beside the papers': T = cmax·max(W/P, C) +
cmin·min(W/P, C), the larger of the two lower bounds plus a share of the
smaller (a greedy schedule takes between max(W/P, C) and W/P + C). It
predicts big machines from small ones where the papers' form cannot learn
the cost of C. --weights relative minimizes the relative residuals, the
measure of *Socrates's "mean relative error", instead of the absolute ones
(which the runs with the longest times dominate).`

// fitCommand declares the fit command's flags on fs and returns the
// function that runs it.
func fitCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	csvPath := fs.String("csv", "", "CSV file of runs (columns p,work,span,time)")
	db := fs.String("db", results.DefaultPath, "results database (without --csv)")
	sweep := fs.String("sweep", "", "sweep id to fit (default: the last sweep; all: every run)")
	algo := fs.String("algo", "", "fit only this algorithm label, e.g. jamboree+deferred")
	machine := fs.String("machine", "", "fit only runs on this machine: sim or pool")
	model := fs.String("model", "full", "model: full (c1·W/P + c∞·C + c0), nointercept (c1·W/P + c∞·C), workonly (c1·W/P + c0) or bounds (cmax·max(W/P, C) + cmin·min(W/P, C))")
	weights := fs.String("weights", "absolute", "least squares on absolute residuals (the papers') or relative ones (T − T̂)/T")
	maxP := fs.Float64("validate-maxp", 0, "fit the runs with p ≤ this and predict the rest (0: fit all)")
	asJSON := fs.Bool("json", false, "write JSON")
	return func(env *Env, args []string) error {
		if len(args) != 0 {
			return usageErr("fit takes no positional arguments, got %q", args)
		}
		m, err := fits.ParseModel(*model)
		if err != nil {
			return usageErr("--model: %v", err)
		}
		if *maxP < 0 || *maxP != *maxP {
			return usageErr("--validate-maxp %v: want a positive number of processors (0: off)", *maxP)
		}
		wt, err := fits.ParseWeighting(*weights)
		if err != nil {
			return usageErr("--weights: %v", err)
		}
		if *csvPath == "" {
			return fitDB(env, *db, *sweep, *algo, *machine, m, wt, *maxP, *asJSON)
		}
		f, err := os.Open(*csvPath)
		if err != nil {
			return err
		}
		defer f.Close()
		obs, err := fits.ReadCSV(*csvPath, f)
		if err != nil {
			return err
		}
		return FitCmd(env, obs, m, wt, *maxP, *asJSON, "")
	}
}

// FitCmd fits m to obs (or, when maxP > 0, fits the runs with P ≤ maxP and
// predicts the others) and writes the result to env.Out as text or JSON.
// The runs may come from a CSV file or from anywhere else.
func FitCmd(env *Env, obs []fits.Obs, m fits.Model, wt fits.Weighting, maxP float64, asJSON bool, unit string) error {
	if maxP > 0 {
		v, err := fits.ValidateWeighted(obs, maxP, m, wt)
		if err != nil {
			return err
		}
		v.Fit.Unit = unit
		if asJSON {
			return writeJSON(env.Out, v)
		}
		return fits.WriteValidation(env.Out, v)
	}
	r, err := fits.FitWeighted(obs, m, wt)
	if err != nil {
		return fmt.Errorf("fitting %d runs: %w", len(obs), err)
	}
	r.Unit = unit
	if asJSON {
		return writeJSON(env.Out, r)
	}
	return fits.WriteFit(env.Out, r)
}
