package algos

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"splitpoint/games/synth"
	"splitpoint/sched"
)

// TestTable: names are unique; every variant an algorithm lists is in the
// variant table; a baseline is a serial algorithm; every parallel row runs
// on a small tree and returns the serial value, every serial row is one
// Search runs.
func TestTable(t *testing.T) {
	tr, err := synth.Parse("uniform:b=3,d=4,seed=5")
	if err != nil {
		t.Fatal(err)
	}
	want := refNegamax(tr.Root(), 4)
	seen := map[string]bool{}
	for _, a := range Table() {
		if seen[a.Name] {
			t.Errorf("%s twice in the table", a.Name)
		}
		seen[a.Name] = true
		if a.Help == "" || a.Cite == "" {
			t.Errorf("%s: no help or citation", a.Name)
		}
		for _, v := range a.Variants {
			if _, ok := FindVariant(v); !ok {
				t.Errorf("%s lists variant %q, not in the variant table", a.Name, v)
			}
		}
		if a.Baseline != "" {
			if b, ok := Lookup(a.Baseline); !ok || b.Parallel {
				t.Errorf("%s: baseline %q is not a serial algorithm", a.Name, a.Baseline)
			}
		}
		opt := Options{Algo: a.Name, Depth: 4}
		if !a.Parallel {
			res, err := Search[synth.Position](context.Background(), tr.Root(), opt)
			if err != nil || res.Value != want {
				t.Errorf("%s: %v, %v; want value %d", a.Name, res, err, want)
			}
			continue
		}
		for _, m := range []sched.Machine{sched.SimOf(3), sched.PoolOf(2)} {
			res, st, err := RunParallel[synth.Position](context.Background(), tr.Root(), opt, sched.Config{Machine: m, Seed: 1})
			if err != nil || st == nil || res.Value != want {
				t.Errorf("%s on %s: %+v, %v; want value %d", a.Name, m, res, err, want)
			}
		}
	}
	if _, _, err := RunParallel[synth.Position](context.Background(), tr.Root(), Options{Algo: AlgoScout, Depth: 2}, sched.Config{}); err == nil {
		t.Error("RunParallel ran a serial algorithm")
	}
}

// TestSetVariants: lists, sets, the old dist_tt spelling, and the errors.
func TestSetVariants(t *testing.T) {
	for _, tc := range []struct {
		algo, list string
		want       []string
		err        string
	}{
		{AlgoJamboree, "none", nil, ""},
		{AlgoJamboree, "", nil, ""},
		{AlgoJamboree, "serialize2,rid", []string{VariantSerialize2, VariantRID}, ""},
		{AlgoJamboree, "rid+serialize2", []string{VariantSerialize2, VariantRID}, ""},
		{AlgoJamboree, "startech", []string{VariantSerialize2, VariantDeferred, VariantRID}, ""},
		{AlgoJamboree, "none,dist_tt", []string{VariantDistTT}, ""},
		{AlgoJamboree, "rid,rid", nil, `variant "rid" twice`},
		{AlgoJamboree, "magic", nil, `jamboree has no variant "magic" (variants: serialize2, deferred, rid, restart, dist-tt, serialize-all, value2, none)`},
		{AlgoScout, "rid", nil, "scout is a serial algorithm: it has no variants"},
		{AlgoPNegamax, "rid", nil, "pnegamax has no variants"},
		{"bogus", "", nil, `unknown algorithm "bogus"`},
	} {
		opt := Options{ParallelOptions: ParallelOptions{Serialize2: true, DistTT: true}}
		err := SetVariants(tc.algo, tc.list, &opt)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s %q: err %v, want %q", tc.algo, tc.list, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(opt.VariantList(), tc.want) {
			t.Errorf("%s %q: %v, %v; want %v", tc.algo, tc.list, opt.VariantList(), err, tc.want)
		}
	}
}

// TestFixedDepthRule: a row that searches to a fixed depth refuses a
// search without one, in Options.Validate and when run, with the one
// message; every parallel row is such a row (each runs to a fixed depth).
func TestFixedDepthRule(t *testing.T) {
	tr, err := synth.Parse("uniform:b=2,d=3,seed=1")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range table[synth.Position, *synth.Position]() {
		if r.run != nil && !r.FixedDepth {
			t.Errorf("%s runs on a machine but its row does not say it searches to a fixed depth", r.Name)
		}
		if !r.FixedDepth {
			if err := (Options{Algo: r.Name, Time: time.Second}).Validate(); err != nil {
				t.Errorf("%s with a time limit and no depth: %v", r.Name, err)
			}
			continue
		}
		want := r.Name + " searches to a fixed depth: give a depth 1.."
		for _, o := range []Options{{Algo: r.Name, Time: time.Second}, {Algo: r.Name, Depth: MaxDepth + 1}} {
			if err := o.Validate(); err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%s: Validate(%+v) = %v, want %q…", r.Name, o, err, want)
			}
		}
		if r.run == nil {
			continue
		}
		_, _, err := r.run(context.Background(), tr.Root(), Options{Algo: r.Name}, sched.Config{Machine: sched.SimOf(2), Seed: 1})
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s run without a depth: %v, want %q…", r.Name, err, want)
		}
	}
}
