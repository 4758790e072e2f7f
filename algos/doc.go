// Package algos owns splitpoint's game-tree search algorithms, serial and
// parallel, each written once as a generic function over the game.Position
// contract; the algorithm table that names them (table.go), from which the
// command line, the REPL, the TUI, sweeps and help know them; their options
// (Options, the variant table, named parameters); and what they report
// (Result for a serial search, Parallel and an algorithm's Detail for a
// parallel one). It does not own the machines they run on (package sched),
// the games (game, games/…) or the run settings a front end resolves
// (lab).
//
// Serial algorithms (Search runs them) and parallel ones (RunParallel
// runs them on a sched machine, the pool of goroutines or the simulated
// machine of P processors) are the rows of the algorithm table (table.go;
// Table, and `splitpoint help search` prints it): each row has the
// algorithm's name, help and citation and the code that runs it, and the
// file that declares its name (its Algo constant) holds the algorithm,
// with a doc comment citing the paper and figure. The serial ones run
// with iterative deepening, aspiration windows, quiescence search, a
// transposition table and move ordering (TT move, MVV-LVA, killers,
// history) on the Searcher (searcher.go), the engine every parallel
// algorithm's serial subtrees run on too. Solve and SolveSummary measure
// the time to solve test positions and Kaufman's rating estimate
// (StarTech §3).
//
// Adding an algorithm is one file here and one row in table (see
// CONTRIBUTING.md); the row says what the rest of the program needs to
// know: its name, whether it is parallel, its variants, its serial
// baseline, whether it takes a grain, whether it searches to a fixed depth
// only, its help and citation. Each file's doc comments say what it
// holds; TestRowsHaveFiles checks that every row's file exists and cites
// its source.
//
// Examples: ExampleSearch (a serial search of a synthetic tree) and
// ExampleRunParallel (Jamboree on the simulator and on the pool), in
// example_test.go.
package algos
