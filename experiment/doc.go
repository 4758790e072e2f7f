// Package experiment describes and runs sweeps: an experiment Spec (from a
// small YAML file or from flags) names positions, algorithms with their
// variants, a depth or time limit, pool worker counts, simulated processor
// counts, repetitions, seeds, a table size and a cost model; Plan expands it
// into Jobs, with the serial baseline of every position first; a Runner runs
// them through an Engine (package workbench provides the one that searches)
// and stores every finished run in a results.Store at once.
//
// The package knows no game and no algorithm: the Engine resolves position
// names, says which algorithms run on a machine and which variants they
// have, and runs one search.
package experiment
