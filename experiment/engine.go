package experiment

import (
	"context"
	"fmt"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/results"
)

// LabEngine is the Engine of real sweeps: positions, algorithms, variants
// and costs as the lab and the tables below it read them, and each job run
// by lab.Search or lab.Parallel and recorded by the lab's row builder.
// Its algorithms are those of Tables (nil: lab.DefaultTables).
type LabEngine struct {
	Tables *lab.Tables
}

// AlgoTable is the engine's algorithm table: the one its jobs' options
// name rows of (a cluster's job message, loaded, is given it).
func (e LabEngine) AlgoTable() algos.AlgoTable {
	if e.Tables == nil {
		return algos.DefaultTable()
	}
	return e.Tables.Algos
}

// Resolve loads the positions a name gives.
func (LabEngine) Resolve(name string) ([]Position, error) {
	items, err := lab.Resolve(name)
	if err != nil {
		return nil, err
	}
	return Positions(items), nil
}

// Positions are the lab's items as a sweep's positions.
func Positions(items []*lab.Item) []Position {
	out := make([]Position, len(items))
	for i, it := range items {
		out[i] = Position{Name: it.Name, ID: it.ID, Domain: it.Domain(), Item: it}
	}
	return out
}

// Algo says whether a runs on a machine, or why it cannot run.
func (e LabEngine) Algo(a Algo) (bool, error) {
	row, ok := e.AlgoTable().Lookup(a.Name)
	if !ok {
		return false, e.AlgoTable().Unknown(a.Name)
	}
	opt := algos.Options{}.InTable(e.AlgoTable())
	return row.Parallel, algos.SetVariants(a.Name, a.VariantString(), &opt)
}

// Run runs one job and fills row's counters and result.
func (LabEngine) Run(ctx context.Context, job *Job, row *results.Run) error {
	it := job.Position.Item
	if it == nil {
		return fmt.Errorf("position %s was not resolved by the lab", job.Position.Name)
	}
	if !job.Parallel() {
		opt := job.SearchOptions()
		if err := opt.Validate(); err != nil {
			return err
		}
		rep, err := lab.Search(ctx, it, opt)
		if err != nil {
			return err
		}
		return lab.FillSerial(row, rep, job.Costs)
	}
	// The grain as the search command chooses it: the same for every P
	// and repetition of the position, since the probe is deterministic
	// (and cached by the lab).
	st := job.Settled
	od, _ := it.TreeDepth(st.SearchOptions())
	note := st.ReadyAt(ctx, it, od)
	opt := st.SearchOptions()
	rep, err := lab.Parallel(ctx, it, opt, job.Config(), lab.BaselineMode{Skip: true}) // the sweep has its baseline rows
	if rep != nil && note != "" {
		rep.Notes = append(rep.Notes, note)
	}
	if err != nil {
		if rep != nil && rep.Failed != "" {
			lab.FillParallel(row, rep) // how far it got, for the failed row
		}
		return err
	}
	return lab.FillParallel(row, rep)
}
