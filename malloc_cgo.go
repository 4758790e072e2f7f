//go:build cgo && linux

package main

// #include <malloc.h>
import "C"

// init keeps glibc's malloc to one arena. A cgo build links glibc (for the
// resolver of package net), and glibc gives every thread that calls malloc
// an arena of its own, reserving 64 MB of address space each: some 450 MB
// of a simulated run's address space on this machine, never used (Go
// allocates its own memory), and counted against a cluster's ulimit -v.
func init() { C.mallopt(C.M_ARENA_MAX, 1) }
