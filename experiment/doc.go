// Package experiment describes and runs sweeps: an experiment Spec (from a
// small YAML file or from flags) names positions, algorithms with their
// variants, a depth or time limit, pool worker counts, simulated processor
// counts, repetitions, seeds, a table size and a cost model; Plan expands it
// into Jobs, with the serial baseline of every position first; a Runner runs
// them through an Engine and stores every finished run in a results.Store
// at once.
//
// The Engine is declared here, where it is used: LabEngine is the real one
// (positions from lab.Resolve, algorithms and variants from algos.Table,
// costs from sched.ParseCosts, each job run by lab.Search or lab.Parallel
// and its row built by lab.NewRow); the tests use a fake.
//
// Example: Example (example_test.go) plans and runs a small sweep on the
// simulator, stores it, reads the runs back and fits the model to them.
package experiment
