//go:build race

package algos

// raceEnabled reports a -race build: the property tests draw fewer trees.
const raceEnabled = true
