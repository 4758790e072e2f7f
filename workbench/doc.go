// Package workbench is splitpoint's command line: the command table
// (commands.go: search, solve, sweep, perft, match, uci, …), each
// command's flags, help and printing,
// and the tokenizer and quoting rule of a command line (Fields, Quote)
// that the REPL, notebooks and the terminal UI share. Every command writes
// to an io.Writer, so a test, a script and an interactive prompt see the
// same output. The commands do no search of their own: they parse, call
// lab, experiment, dist, match or uci, and print.
package workbench
