package workbench

import (
	"flag"
	"fmt"
	"os"

	"splitpoint/fits"
)

func init() {
	register(&Command{
		Name:  "fit",
		Args:  "--csv <file> [--model full|nointercept|workonly] [--validate-maxp P] [--json]",
		Short: "fit the performance model T_P ≈ c1·W/P + c∞·C + c0 to measured runs",
		Long: `Fits the work/critical-path model of StarTech and *Socrates by least
squares to runs read from a CSV file whose header names the columns p, work,
span and time (any order; extra columns ignored; p may be inf; a label column
names the runs). Prints each coefficient with its standard error and 95 %
confidence interval, R², the correlation of predicted with measured times,
the mean error and mean relative error, the mean relative error of Brent's
bound W/P + C, and the published coefficients (StarTech: 1.02·W/P + 1.5·C +
4.3 s; *Socrates: 1.091·W/P + 0.95·C) with their errors on the same runs.

--validate-maxp P fits the runs with p ≤ P only and predicts the others, as
the papers develop on a small machine and predict a big one.`,
		Flags: func(fs *flag.FlagSet) func(*Env, []string) error {
			csvPath := fs.String("csv", "", "CSV file of runs (columns p,work,span,time)")
			model := fs.String("model", "full", "model: full (c1·W/P + c∞·C + c0), nointercept (c1·W/P + c∞·C) or workonly (c1·W/P + c0)")
			maxP := fs.Float64("validate-maxp", 0, "fit the runs with p ≤ this and predict the rest (0: fit all)")
			asJSON := fs.Bool("json", false, "write JSON")
			return func(env *Env, args []string) error {
				if len(args) != 0 {
					return usageErr("fit takes no positional arguments, got %q", args)
				}
				if *csvPath == "" {
					return usageErr("--csv <file> is required")
				}
				m, err := fits.ParseModel(*model)
				if err != nil {
					return usageErr("--model: %v", err)
				}
				if *maxP < 0 || *maxP != *maxP {
					return usageErr("--validate-maxp %v: want a positive number of processors (0: off)", *maxP)
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
				return FitCmd(env, obs, m, *maxP, *asJSON)
			}
		},
	})
}

// FitCmd fits m to obs (or, when maxP > 0, fits the runs with P ≤ maxP and
// predicts the others) and writes the result to env.Out as text or JSON.
// The runs may come from a CSV file or from anywhere else.
func FitCmd(env *Env, obs []fits.Obs, m fits.Model, maxP float64, asJSON bool) error {
	if maxP > 0 {
		v, err := fits.Validate(obs, maxP, m)
		if err != nil {
			return err
		}
		if asJSON {
			return writeJSON(env.Out, v)
		}
		return fits.WriteValidation(env.Out, v)
	}
	r, err := fits.Fit(obs, m)
	if err != nil {
		return fmt.Errorf("fitting %d runs: %w", len(obs), err)
	}
	if asJSON {
		return writeJSON(env.Out, r)
	}
	return fits.WriteFit(env.Out, r)
}
