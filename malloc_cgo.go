//go:build cgo && linux

package main

// #include <malloc.h>
import "C"

// init keeps glibc's malloc to one arena from here on. A cgo build links
// glibc (for the resolver of package net), and glibc gives every thread
// that calls malloc an arena of its own, reserving 64 MB of address space
// each (seven in a simulated run here), never used since Go allocates its
// own memory, but counted against a cluster's ulimit -v. The arenas of
// threads that malloc before main's init stay (four here).
func init() { C.mallopt(C.M_ARENA_MAX, 1) }
