// Package repl is splitpoint's interactive prompt, its script runner and
// the notebook session both work on. One Shell evaluates a line the same
// way whether it was typed, read from a script, or sent by the terminal UI,
// and writes to an io.Writer, so tests feed it lines and read what it
// printed.
package repl
