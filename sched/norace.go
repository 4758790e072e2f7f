//go:build !race

package sched

// Race reports whether the program was built with the race detector (see
// race.go).
const Race = false
