package experiment_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"splitpoint/experiment"
	"splitpoint/fits"
	"splitpoint/results"
)

// Example runs a small sweep — Jamboree on three synthetic trees on
// simulated machines of 1 to 64 processors, after each tree's serial
// baseline — stores its runs in a results database, reads them back and
// fits T_P ≈ c1·W/P + c∞·C + c0 (StarTech §3, 000:L206) to them, as
// "splitpoint sweep" and "splitpoint fit" do. The simulated runs are
// the same on every machine, so the fit is too.
func Example() {
	spec, err := experiment.Parse("sweep.yaml", []byte(`
positions: ["uniform:b=4,d=6,seed=1", "uniform:b=4,d=6,seed=2", "uniform:b=4,d=6,seed=3"]
algos: [jamboree]
sim: [1, 4, 16, 64]
`))
	if err != nil {
		panic(err)
	}
	jobs, err := experiment.Plan(spec, experiment.LabEngine{})
	if err != nil {
		panic(err)
	}
	dir, _ := os.MkdirTemp("", "sweep")
	defer os.RemoveAll(dir)
	store, err := results.Open(filepath.Join(dir, "runs.db"))
	if err != nil {
		panic(err)
	}
	defer store.Close()
	r := &experiment.Runner{Store: store, Engine: experiment.LabEngine{}, ID: "example"}
	if _, err := r.Run(context.Background(), jobs); err != nil {
		panic(err)
	}
	runs, err := store.Runs("example")
	if err != nil {
		panic(err)
	}
	fmt.Println(len(jobs), "jobs,", len(runs), "runs stored")
	for _, g := range results.Observations(runs) {
		f, err := fits.Fit(g.Obs, fits.Full)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s on %s: c1 = %.2f, c∞ = %.2f over %d runs\n", g.Algo, g.Machine, f.C1.Value, f.Cinf.Value, f.N)
	}
	// Output:
	// 15 jobs, 15 runs stored
	// jamboree on sim: c1 = 0.77, c∞ = 0.44 over 12 runs
}
