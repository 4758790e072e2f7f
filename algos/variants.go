package algos

import (
	"fmt"
	"slices"
	"splitpoint/suggest"
	"strings"
)

// Variant is one row of the variant table: a toggle of Options that an
// algorithm takes, as the command line (--variants a,b), sweeps
// (algo+a+b), the REPL's set, the TUI's checkboxes and help all spell it.
type Variant struct {
	Name  string // as typed: serialize2
	Label string // a few words, for checkboxes
	Help  string
	Cite  string
	on    func(*Options) *bool
}

// variants is the variant table. A new variant is a bool field of
// ParallelOptions and one row here; the algorithms that take it list its name in
// their row of the algorithm table.
var variants = []Variant{
	{Name: VariantSerialize2, Label: "serialize two children", Help: "search a second child serially at a type-2 node that dropped below α", Cite: "StarTech §4",
		on: func(o *Options) *bool { return &o.Serialize2 }},
	{Name: VariantDeferred, Label: "deferred reads", Help: "deferred reads: wait for a search in progress of the same position instead of repeating it", Cite: "StarTech §4",
		on: func(o *Options) *bool { return &o.Deferred }},
	{Name: VariantRID, Label: "recursive iterative deepening", Help: "recursive iterative deepening for the first move", Cite: "StarTech §4",
		on: func(o *Options) *bool { return &o.RID }},
	{Name: VariantRestart, Label: "window restart", Help: "restart the running tests of a node whose α rose, and test a failed test again against the new α before re-searching it", Cite: "Lu 1993 §4.1 (003:L918)",
		on: func(o *Options) *bool { return &o.Restart }},
	{Name: VariantDistTT, Label: "distributed table", Help: "distribute the table over the processors (key mod P); remote accesses cost tt_remote", Cite: "StarTech Fig. 3",
		on: func(o *Options) *bool { return &o.DistTT }},
	{Name: VariantSerializeAll, Label: "serialize type-2/3 nodes", Help: "search every child serially at a type-2 or type-3 node that dropped below α (set aside by StarTech: less work, too little parallelism for a big machine)", Cite: "StarTech §4, Serialization Heuristics (000:L397)",
		on: func(o *Options) *bool { return &o.SerializeAll }},
	{Name: VariantValue2, Label: "value two children", Help: "value the first two children before the parallel tests (set aside by *Socrates: faster on a small machine, slower on a big one)", Cite: "*Socrates §2.5 (001:L765-780)",
		on: func(o *Options) *bool { return &o.Value2 }},
}

// The variant names.
const (
	VariantSerialize2 = "serialize2"
	VariantDeferred   = "deferred"
	VariantRID        = "rid"
	VariantRestart    = "restart"
	VariantDistTT     = "dist-tt"
	// The serializations the papers set aside (see Options.SerializeAll).
	VariantSerializeAll = "serialize-all"
	VariantValue2       = "value2"
)

// Variants returns the variant table.
func Variants() []Variant { return slices.Clone(variants) }

// FindVariant returns the variant named name; "dist_tt" is read as
// "dist-tt" (the spelling of sweep files before the table).
func FindVariant(name string) (Variant, bool) {
	if name == "dist_tt" {
		name = VariantDistTT
	}
	i := slices.IndexFunc(variants, func(v Variant) bool { return v.Name == name })
	if i < 0 {
		return Variant{}, false
	}
	return variants[i], true
}

// VariantSets are named combinations of variants, so that an ablation is
// a list of names: "none", each variant alone, and "startech" (StarTech
// §4's three improvements together).
var VariantSets = map[string][]string{
	"none":     nil,
	"startech": {VariantSerialize2, VariantDeferred, VariantRID},
}

// SetVariants turns on in opt the variants of list (names separated by
// ',' or '+', or a VariantSets name) that algo takes, and turns every
// other variant off. "" and "none" turn them all off. The error names the
// variant and what algo (a row of opt's table, Options.Table) allows.
func SetVariants(algo, list string, opt *Options) error {
	a, ok := opt.Table().Lookup(algo)
	if !ok {
		return opt.Table().Unknown(algo)
	}
	for _, v := range variants {
		*v.on(opt) = false
	}
	list = strings.TrimSpace(list)
	if set, ok := VariantSets[list]; ok {
		list = strings.Join(set, ",")
	}
	for _, name := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == '+' }) {
		name = strings.TrimSpace(name)
		if name == "none" {
			continue
		}
		v, ok := FindVariant(name)
		if !ok || !slices.Contains(a.Variants, v.Name) {
			switch {
			case !a.Parallel:
				return fmt.Errorf("%s is a serial algorithm: it has no variants (got %q)", algo, name)
			case len(a.Variants) == 0:
				return fmt.Errorf("%s has no variants (got %q)", algo, name)
			}
			return fmt.Errorf("%s has no variant %q%s (variants: %s, none)", algo, name, suggest.Hint(name, a.Variants), strings.Join(a.Variants, ", "))
		}
		p := v.on(opt)
		if *p {
			return fmt.Errorf("variant %q twice", name)
		}
		*p = true
	}
	return nil
}

// VariantList is the variants on in o, in table order.
func (o Options) VariantList() []string {
	var on []string
	for _, v := range variants {
		if *v.on(&o) {
			on = append(on, v.Name)
		}
	}
	return on
}

// VariantString is the variants on in o, comma-separated, or "none".
func (o Options) VariantString() string {
	if l := o.VariantList(); len(l) > 0 {
		return strings.Join(l, ",")
	}
	return "none"
}

// VariantLabel is the variants on in o joined with '+' ("" for none), as
// results rows and sweep algorithm names spell them.
func (o Options) VariantLabel() string { return strings.Join(o.VariantList(), "+") }
