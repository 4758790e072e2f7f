// Package progress is the one live progress line of splitpoint's long
// commands (search on either machine, solve, theorems, perft, sweeps): on a
// terminal, one line rewritten in place with what is known — items done of
// the total, the depth a search reached, its nodes (simulated nodes on the
// simulator), their rate, the elapsed time and an estimate of the rest when
// one can be made — and cleared when the command ends, so that the final
// output is the same as when it is piped. When the output is not a
// terminal (a file, a pipe, a notebook cell) the line prints nothing.
//
// A running search publishes its counters through a Live found in its
// context (WithLive, LiveFrom), so the algorithms need no reference to the
// line.
package progress
