package lab

import (
	"flag"
	"slices"
	"strings"
	"sync"

	"splitpoint/algos"
)

// Tables are the tables every front end is made from, as a value: the
// knob table (its rows in the order Settle applies them) and the
// algorithm table. A front end is handed one (DefaultTables, or a
// test's own: NewTables, then rows appended to Knobs) and reads it alone:
// its flags, spec keys, settings, options and rows, the requests it
// makes (Request) and the runs they settle to.
type Tables struct {
	Knobs []Knob
	Algos algos.AlgoTable
}

// defaultTables are the literal tables, made once.
var defaultTables = sync.OnceValue(func() Tables { return NewTables(algos.DefaultTable()) })

// DefaultTables are the literal knob and algorithm tables.
func DefaultTables() Tables {
	t := defaultTables()
	t.Knobs = slices.Clone(t.Knobs)
	return t
}

// NewTables are the literal knob table over the algorithm table algs
// (the algo knob takes its names) and algs.
func NewTables(algs algos.AlgoTable) Tables {
	return Tables{Knobs: slices.Clip(knobTable(algs)), Algos: algs}
}

// orDefault is t, or the default tables for nil.
func (t *Tables) orDefault() *Tables {
	if t == nil {
		d := defaultTables()
		return &d
	}
	return t
}

// Request is an empty request of the tables: its knobs are t's, and the
// runs it settles to run t's algorithms.
func (t Tables) Request() Request { return Request{tab: &t} }

// MachineKnobs are the machine's rows of the knob table (Knob.Machine),
// in its order: the TUI's machine pane.
func (t Tables) MachineKnobs() []Knob {
	var out []Knob
	for _, k := range t.Knobs {
		if k.Machine {
			out = append(out, k)
		}
	}
	return out
}

// KnobNames lists the knobs' names in the table's order.
func (t Tables) KnobNames() []string {
	var out []string
	for _, k := range t.Knobs {
		out = append(out, k.Name)
	}
	return out
}

// FindKnob finds a knob by its name, spec key or UCI option, in any case.
func (t Tables) FindKnob(name string) (Knob, bool) {
	for _, k := range t.Knobs {
		if strings.EqualFold(k.Name, name) || (k.Spec != "" && strings.EqualFold(k.Spec, name)) || (k.UCI != nil && strings.EqualFold(k.UCI.Name, name)) {
			return k, true
		}
	}
	return Knob{}, false
}

// DeclareFlags declares on fs a flag --Name for every knob want accepts
// (nil: every knob), each setting its knob in r when given: a command's
// flags are the knob table's. r is made a request of t when it has no
// tables yet.
func (t Tables) DeclareFlags(fs *flag.FlagSet, r *Request, want func(Knob) bool) {
	if r.tab == nil {
		r.tab = &t
	}
	for _, k := range t.Knobs {
		if want == nil || want(k) {
			fs.Var(&knobFlag{k: k, r: r}, k.Name, k.UsageIn(t.Algos))
		}
	}
}

// Settle is Settle of req under t's tables.
func (t Tables) Settle(shape Shape, req Request) (Settled, error) {
	req.tab = &t
	return Settle(shape, req)
}
