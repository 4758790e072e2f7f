package repl

import (
	"flag"
	"fmt"
	"strconv"
)

// jobsSetting is how many simulated runs a sweep or a worker runs at once
// (the --jobs flag of sweep, reproduce's sweeps and worker): a row of own.
var jobsSetting = setting{name: "jobs", help: "simulated runs a sweep or worker runs at once (0 = one per core; pool and serial runs always run alone)", check: func(v string) error {
	if n, err := strconv.Atoi(v); err != nil || n < 0 || n > 1<<16 {
		return fmt.Errorf("want a whole number 0…%d", 1<<16)
	}
	return nil
}}

// jobsFlag declares run's and reproduce's --jobs: the session's jobs
// setting for the script's sweeps.
func jobsFlag(fs *flag.FlagSet) *int {
	return fs.Int("jobs", -1, "simulated runs each sweep runs at once (0: one per core, the default; sets the session's jobs)")
}

// setJobs sets the session's jobs setting when --jobs was given (n ≥ 0).
func setJobs(sh *Shell, n int) {
	if n >= 0 {
		sh.S.Settings["jobs"] = strconv.Itoa(n)
	}
}
