// Package lab runs one algorithm on one position on one machine and
// records it: every front end (the search and solve commands, sweeps and
// their remote workers, the REPL, notebooks, the terminal UI, the UCI
// engine and matches) searches through it, so that the same request gives
// the same search everywhere.
//
// It owns: position names (Resolve: a name such as "suite:kaufman#3",
// "chess:start" or "uniform:b=4,d=6,seed=1" into Items, each with one
// generic domain adapter); the settings layer: the knob table (Knobs,
// every setting a user gives, from which the front ends' flags, spec
// keys, REPL settings, UCI options and TUI rows are made), a Request of
// the knobs given, and Settle, the one rule that settles a request for a
// position (the preset, the per-position defaults, the grain with
// AutoGrain, the baseline and its options, the notes); the serial search (Search) and the parallel search with
// the serial baseline of its row of the algorithm table (Parallel,
// ParallelRepeated, BaselineCache); the reports of both and of a suite
// (SearchReport, ParallelReport, Suite); and the one results row a run
// is stored as (NewRow, FillSerial, FillParallel).
//
// Examples: ExampleSettleOn searches a chess position with Jamboree on a
// simulated machine, settled as the search command settles it, and
// ExampleSearch searches it serially; ExampleNewTables adds an algorithm
// row in a table of its own and runs it by name (example_test.go; "go
// doc -http" shows them with their output).
package lab
