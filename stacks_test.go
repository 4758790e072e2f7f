package main

import (
	"slices"
	"testing"
)

// TestSmallStacksEnv: GODEBUG gains adaptivestackstart=0, beside any
// settings it has; a GODEBUG that names the setting is left alone (and so
// the re-executed binary does not execute itself again).
func TestSmallStacksEnv(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want []string // nil: no exec
	}{
		{[]string{"HOME=/h"}, []string{"HOME=/h", "GODEBUG=adaptivestackstart=0"}},
		{[]string{"GODEBUG="}, []string{"GODEBUG=adaptivestackstart=0"}},
		{[]string{"GODEBUG=gctrace=1", "A=b"}, []string{"GODEBUG=gctrace=1,adaptivestackstart=0", "A=b"}},
		{[]string{"GODEBUG=adaptivestackstart=0"}, nil},
		{[]string{"GODEBUG=gctrace=1,adaptivestackstart=1"}, nil},
	} {
		got, ok := smallStacksEnv(tc.env)
		if ok != (tc.want != nil) || !slices.Equal(got, tc.want) {
			t.Errorf("smallStacksEnv(%q) = %q, %v; want %q", tc.env, got, ok, tc.want)
		}
	}
}
