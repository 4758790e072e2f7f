//go:build race

package sched

func init() { maxFreeCoros = 1 << 20 }
