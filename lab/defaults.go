package lab

import (
	"slices"

	"splitpoint/algos"
)

// Given records which of the settings with a per-position default a user
// gave (a flag, a session setting, a spec key): those are never changed.
type Given struct {
	Preset, Variants, Levels bool
}

// Defaults are the settings a parallel search of a position gets when the
// user did not give them (defaults a researcher can trust),
// each with the note the output prints beside the result. The search
// command and sweeps (and through them the REPL, notebooks and the TUI)
// read them here, so that a search and a sweep of the same position with
// the same flags run the same search.
type Defaults struct {
	// Preset is the preset to start from, "" when the user gave one: a
	// chess or checkers position is searched as an engine would
	// ("default": table, ordering, iterative deepening, quiescence), a
	// synthetic tree by the bare algorithm ("plain").
	Preset string
	// Restart adds the restart variant (Lu 1993 §4.1) to an algorithm
	// that takes it, with the engine preset and no variants given.
	Restart bool
	// Levels turns on steal ordering by levels (*Socrates §4.3) for a
	// chess or checkers position when --levels was not given.
	Levels bool
	// Notes say what was chosen and why, and how to override it.
	Notes []string
}

// DefaultsFor returns the defaults of a parallel search by algo of a
// position: tree says it is a synthetic tree, domain names its game
// ("chess", "checkers").
func DefaultsFor(tree bool, domain, algo string, g Given) Defaults {
	var d Defaults
	if !g.Preset {
		if tree {
			d.Preset = "plain"
			d.Notes = append(d.Notes, "preset plain: the bare algorithm on a synthetic tree (no --preset given)")
		} else {
			d.Preset = "default"
			d.Notes = append(d.Notes, "preset default: table, ordering, iterative deepening and quiescence, as an engine searches a "+domain+" position (no --preset given; --preset plain for the bare algorithm)")
			if row, _ := algos.Lookup(algo); !g.Variants && slices.Contains(row.Variants, algos.VariantRestart) {
				d.Restart = true
				d.Notes = append(d.Notes, "variants restart: tests that ran against an α a re-search has since raised are restarted, which cuts the search overhead of two workers on the checkers ballots from 27 % to 17 % (no variants given; --variants none, or "+algo+"+none in a sweep, for the papers' "+algo+")")
			}
		}
	}
	if !tree && !g.Levels {
		d.Levels = true
		d.Notes = append(d.Notes, "levels: a thief takes the oldest child of the shallowest level, the next in move order (*Socrates §4.3); on the simulated 2-processor machine it cuts the search overhead of Jamboree on the checkers ballots from 19 % to 12 % and of YBWC on BK from 10 % to 5 % (no --levels given; --levels=false to steal the last child)")
	}
	return d
}

// DefaultsFor is DefaultsFor of the item.
func (it *Item) DefaultsFor(algo string, g Given) Defaults {
	return DefaultsFor(it.IsTree(), it.Domain(), algo, g)
}
