//go:build race

package sched

func init() { maxFreeCoros = 1 << 20 }

// Race reports whether the program was built with the race detector
// (race.go, norace.go). Property tests whose cases repeat one another
// under it (the same combination of options on more machines than a race
// needs) run a share of their cases there, every tree, machine and
// combination still met (so that go test -race ./... fits in 15 minutes
// on 2 cores).
const Race = true
