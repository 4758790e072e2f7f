//go:build !race

package main

// raceEnabled is the txtar condition [race]: the scripts run under the
// race detector.
const raceEnabled = false
