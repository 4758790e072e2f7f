package workbench

import "flag"

// jobsFlag declares --jobs, how many simulated runs a sweep or a worker
// runs at once (experiment.Runner.Jobs, dist.Worker.Jobs).
func jobsFlag(fs *flag.FlagSet) *int {
	return fs.Int("jobs", 0, "simulated runs at once (0: one per core); pool and serial runs always run alone")
}
