package synth

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"splitpoint/game"
)

// Families lists the name prefixes Parse accepts, for help and completion.
var Families = []string{
	"uniform:b=B,d=D,seed=S",
	"ordered:b=B,d=D,seed=S,order=best|worst|pP",
	"bimodal:bq=BQ,bc=BC,q=Q,d=D,seed=S",
	"literal:(…)",
	"paper:parsss-table1",
}

// Limits on parameters, so that a tree fits the position contract.
const (
	MaxDepth = 64 // deepest leaf a synthetic tree may have
	// DefaultSeed is the seed of a name that gives none.
	DefaultSeed = 1
)

// ErrNotSynthetic is returned by Parse for a name of no synthetic family.
var ErrNotSynthetic = errors.New("not a synthetic tree name")

// IsName reports whether s starts with a synthetic family prefix.
func IsName(s string) bool {
	fam, _, ok := strings.Cut(s, ":")
	if !ok {
		return false
	}
	switch fam {
	case "uniform", "ordered", "bimodal", "literal", "paper":
		return true
	}
	return false
}

// Parse makes the tree a name gives, e.g. "uniform:b=4,d=6,seed=7",
// "ordered:b=8,d=5,seed=1,order=p0.85", "bimodal:bq=8,bc=2,q=0.79,d=12,seed=3",
// "literal:((3 -2) (5 (1 4)))" or "paper:parsss-table1". A missing seed is
// DefaultSeed; the canonical name (Tree.Name) always carries it.
func Parse(name string) (*Tree, error) {
	fam, rest, ok := strings.Cut(name, ":")
	if !ok {
		return nil, fmt.Errorf("%q: %w (want one of %s)", name, ErrNotSynthetic, strings.Join(Families, ", "))
	}
	switch fam {
	case "literal":
		t, err := ParseLiteral(rest)
		if err != nil {
			return nil, fmt.Errorf("literal tree: %w", err)
		}
		return t, nil
	case "paper":
		if rest != "parsss-table1" {
			return nil, fmt.Errorf("paper:%s: unknown paper tree (known: paper:parsss-table1)", rest)
		}
		return parsssTable1(), nil
	case "uniform", "ordered", "bimodal":
		return parseParams(fam, rest)
	}
	return nil, fmt.Errorf("%q: unknown tree family %q (want one of %s)", name, fam, strings.Join(Families, ", "))
}

// parsssTable1 is Bhattacharya & Bagchi's Table 1: a binary tree of depth 4
// with leaves 4 4 4 X 4 4 X X 6 5 6 5 5 4 3 X, each X = 0.
func parsssTable1() *Tree {
	t, err := ParseLiteral("((((4 4) (4 0)) ((4 4) (0 0))) (((6 5) (6 5)) ((5 4) (3 0))))")
	if err != nil {
		panic("synth: " + err.Error())
	}
	t.Family = Paper
	t.name = "paper:parsss-table1"
	return t
}

var familyParams = map[string][]string{
	"uniform": {"b", "d", "seed"},
	"ordered": {"b", "d", "seed", "order"},
	"bimodal": {"bq", "bc", "q", "d", "seed"},
}

func parseParams(fam, rest string) (*Tree, error) {
	allowed := familyParams[fam]
	vals := map[string]string{}
	if rest != "" {
		for _, kv := range strings.Split(rest, ",") {
			k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
			if !ok || k == "" || v == "" {
				return nil, fmt.Errorf("%s:%s: parameter %q is not of the form key=value", fam, rest, kv)
			}
			if !contains(allowed, k) {
				return nil, fmt.Errorf("%s:%s: unknown parameter %q (allowed: %s)", fam, rest, k, strings.Join(allowed, ", "))
			}
			if _, dup := vals[k]; dup {
				return nil, fmt.Errorf("%s:%s: parameter %q given twice", fam, rest, k)
			}
			vals[k] = v
		}
	}
	bad := func(k, why string) error {
		return fmt.Errorf("%s:%s: parameter %s=%s: %s", fam, rest, k, vals[k], why)
	}
	need := func(k string, lo, hi int) (int, error) {
		s, ok := vals[k]
		if !ok {
			return 0, fmt.Errorf("%s:%s: missing parameter %s (need %s)", fam, rest, k, strings.Join(allowed, ", "))
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, bad(k, "not a whole number")
		}
		if n < lo || n > hi {
			return 0, bad(k, fmt.Sprintf("out of range %d..%d", lo, hi))
		}
		return n, nil
	}
	t := &Tree{Seed: DefaultSeed}
	var err error
	if s, ok := vals["seed"]; ok {
		if t.Seed, err = strconv.ParseUint(s, 0, 64); err != nil {
			return nil, bad("seed", "not an unsigned 64-bit integer")
		}
	}
	if t.D, err = need("d", 0, MaxDepth); err != nil {
		return nil, err
	}
	switch fam {
	case "uniform", "ordered":
		if t.B, err = need("b", 1, game.MaxMoves); err != nil {
			return nil, err
		}
		t.Family = Uniform
		t.name = fmt.Sprintf("uniform:b=%d,d=%d,seed=%d", t.B, t.D, t.Seed)
		if fam == "ordered" {
			t.Family = Ordered
			o, ok := vals["order"]
			switch {
			case !ok:
				return nil, fmt.Errorf("%s:%s: missing parameter order (best, worst or pP with P in [0,1])", fam, rest)
			case o == "best":
				t.Order = Best
			case o == "worst":
				t.Order = Worst
			case strings.HasPrefix(o, "p"):
				t.Order = Prob
				if t.P1000, err = prob(o[1:]); err != nil {
					return nil, bad("order", err.Error())
				}
			default:
				return nil, bad("order", "want best, worst or pP with P in [0,1], e.g. p0.85")
			}
			t.name = fmt.Sprintf("ordered:b=%d,d=%d,seed=%d,order=%s", t.B, t.D, t.Seed, t.orderName())
		}
	case "bimodal":
		t.Family = Bimodal
		if t.BQ, err = need("bq", 2, game.MaxMoves-2); err != nil {
			return nil, err
		}
		if t.BC, err = need("bc", 1, game.MaxMoves); err != nil {
			return nil, err
		}
		s, ok := vals["q"]
		if !ok {
			return nil, fmt.Errorf("%s:%s: missing parameter q (need %s)", fam, rest, strings.Join(allowed, ", "))
		}
		if t.Q1000, err = prob(s); err != nil {
			return nil, bad("q", err.Error())
		}
		t.name = fmt.Sprintf("bimodal:bq=%d,bc=%d,q=%s,d=%d,seed=%d", t.BQ, t.BC, thousandths(t.Q1000), t.D, t.Seed)
	}
	return t, nil
}

// prob reads a probability in [0,1] and returns round(1000·p).
func prob(s string) (uint64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if f < 0 || f > 1 {
		return 0, fmt.Errorf("probability %s is outside [0,1]", s)
	}
	return uint64(math.Round(1000 * f)), nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}
