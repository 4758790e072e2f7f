// Package resultstest holds test helpers for the packages that store runs
// in a results database (package results): what they need to open a store
// and fill it in a test, so that each test does not write it again.
package resultstest
