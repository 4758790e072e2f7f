// Package suites embeds the published test positions splitpoint ships with:
// the chess EPD suites (Kaufman, Bratko-Kopec, WAC, ECM, ERET, CCR, and the
// perft suite), the checkers ballots and Lu's Tinsley–Chinook 1992 suite, so
// that "suite:kaufman" works on any machine. data/SOURCES.md gives the source
// of every file.
package suites
