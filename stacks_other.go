//go:build !unix

package main

// startSmallStacks does nothing where the binary cannot re-execute itself
// (see stacks_unix.go): goroutines keep the runtime's adaptive start.
func startSmallStacks() {}
