// Package uci speaks the Universal Chess Interface (Stefan Meyer-Kahlen's
// protocol, April 2006 text) both ways: Engine is the workbench as an
// engine over stdin/stdout, so that GUIs and match managers can drive any
// configuration of the algorithm table, and Client drives an
// external engine process (Stockfish) for matches. Think is the search
// both the engine and in-process matches use: iterative deepening over
// lab.Search or lab.Parallel, reporting each completed iteration.
package uci
