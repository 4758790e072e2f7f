// Package tui is splitpoint's terminal UI: a full-screen
// bubbletea program in which a researcher chooses a position, the
// algorithm and its variants, and the machine, runs the search with a live
// view of the machine, and fits the performance model
// T_P = c1·W/P + c∞·C + c0 to the runs.
//
// The UI does no search of its own: every action is a command line of the
// workbench (load, search, report) that it hands to the session's
// Evaluator, which records it as a cell of the notebook, exactly as if it
// had been typed at the REPL. Live numbers come from the Observe hook of
// the workbench (sched.Snapshot while a parallel search runs, then its
// *lab.ParallelReport).
//
// Files: tui.go is the root model (the only tea.Model), keys.go the key
// bindings, positions.go, algorithm.go and machine.go the three setup
// panes, rows.go their rows made from the knob table's (lab.Knob), run.go the live run view, results.go the results table and the
// fit, plan.go the command lines a run evaluates, styles.go the look.
package tui
