package game

import "testing"

func TestDescribe(t *testing.T) {
	for _, c := range []struct {
		v    Value
		want string
	}{
		{35, "35"}, {-516, "-516"},
		{Mate - 1, "29999 (mate in 1)"}, {Mate - 3, "29997 (mate in 2)"}, {Mate - 4, "29996 (mate in 2)"},
		{MatedIn(2), "-29998 (mated in 1)"}, {MatedIn(4), "-29996 (mated in 2)"},
	} {
		if got := Describe(c.v); got != c.want {
			t.Errorf("Describe(%d) = %q, want %q", c.v, got, c.want)
		}
	}
}
