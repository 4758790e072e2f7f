// Package lab runs one algorithm on one position on one machine and
// records it: every front end (the search and solve commands, sweeps and
// their remote workers, the REPL, notebooks, the terminal UI, the UCI
// engine and matches) searches through it, so that the same request gives
// the same search everywhere.
//
// It owns: position names (Resolve: a name such as "suite:kaufman#3",
// "chess:start" or "uniform:b=4,d=6,seed=1" into Items, each with one
// generic domain adapter); the settings a search gets when the user gave
// none (DefaultsFor, AutoGrain, the serial baseline's options
// SerialOptions); the serial search (Search) and the parallel search with
// the serial baseline of its row of the algorithm table (Parallel,
// ParallelRepeated, BaselineCache); the reports of both and of a suite
// (SearchReport, ParallelReport, Suite); and the one results row a run
// is stored as (NewRow, FillSerial, FillParallel).
package lab
