package experiment

import "testing"

// TestDigest: the digest of a plan is the same for the same spec and
// differs when a run differs (its depth, its positions, its machine).
func TestDigest(t *testing.T) {
	plan := func(kv ...string) string {
		t.Helper()
		s := NewSpec()
		for i := 0; i < len(kv); i += 2 {
			if err := s.Set(kv[i], kv[i+1]); err != nil {
				t.Fatal(err)
			}
		}
		jobs, err := Plan(s, LabEngine{})
		if err != nil {
			t.Fatal(err)
		}
		return Digest(jobs)
	}
	base := []string{"positions", "uniform:b=3,d=4,seed=1", "algos", "jamboree", "depth", "4", "sim", "2"}
	a, b := plan(base...), plan(base...)
	if a != b || len(a) != 16 {
		t.Fatalf("one spec, digests %q and %q", a, b)
	}
	for _, other := range [][]string{
		append(append([]string{}, base...), "depth", "3"),
		append(append([]string{}, base...), "sim", "4"),
		append(append([]string{}, base...), "positions", "uniform:b=3,d=4,seed=2"),
	} {
		if d := plan(other...); d == a {
			t.Errorf("spec %q has the digest of %q", other, base)
		}
	}
}
