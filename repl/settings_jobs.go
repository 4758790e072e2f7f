package repl

// The jobs setting: how many simulated runs a sweep or a worker runs at
// once (the --jobs flag of sweep, reproduce's sweeps and worker).
func init() {
	settings = append(settings, setting{name: "jobs", help: "simulated runs a sweep or worker runs at once (0 = one per core; pool and serial runs always run alone)", check: checkInt(0, 1<<16)})
}
