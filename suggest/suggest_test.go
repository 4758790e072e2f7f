package suggest

import "testing"

func TestClosest(t *testing.T) {
	names := []string{"jamboree", "ybwc", "abdada", "lazysmp", "alphabeta", "scout", "pvsplit"}
	for _, c := range []struct {
		word, want string
		ok         bool
	}{
		{"jambore", "jamboree", true},
		{"Jamboree", "jamboree", true},
		{"ybw", "ybwc", true},
		{"abdda", "abdada", true},
		{"lazy", "lazysmp", true},
		{"alfabeta", "alphabeta", true},
		{"pvspilt", "pvsplit", true},
		{"minimax", "", false},
		{"x", "", false},
		{"", "", false},
	} {
		got, ok := Closest(c.word, names)
		if got != c.want || ok != c.ok {
			t.Errorf("Closest(%q) = %q, %t; want %q, %t", c.word, got, ok, c.want, c.ok)
		}
	}
}

func TestHint(t *testing.T) {
	if h := Hint("serach", []string{"search", "sweep"}); h != " (did you mean search?)" {
		t.Errorf("Hint = %q", h)
	}
	if h := Hint("zzzzzz", []string{"search", "sweep"}); h != "" {
		t.Errorf("Hint = %q, want none", h)
	}
}
