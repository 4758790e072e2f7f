package reproductions

import (
	"fmt"
	"slices"
	"splitpoint/notebooks"
	"splitpoint/suggest"
	"strings"
)

// Notebooks are the bundled notebooks (package notebooks).
var Notebooks = notebooks.FS

// Reproduction is one row of the reproduction table.
type Reproduction struct {
	Name     string
	Paper    string // the paper and its table or figure
	What     string
	Notebook string // NAME.sp; its quick form is quick/NAME.sp
	Takes    string // how long the full form takes on this project's 2-core machine
	// Published is the paper's figures, printed before the workbench's.
	Published string
	// Claims are the paper's claims this reproduction tests, each judged
	// from the run (claims.go); reproduce prints their verdict table.
	Claims []Claim
	// Differs lists the settings in which the run differs from the
	// paper's configuration and why; reproduce prints them before the run
	// and the generated docs beside the verdicts.
	Differs []Difference
	// Machine is the paper's machine, which the notebook runs beside the
	// free one when it has a cost preset (machines.go).
	Machine Machine
}

// Difference is one setting in which a reproduction's run differs from the
// paper's configuration: what the paper used, what the run uses, and why
// (the paper is silent, the machine or program differs, or the run shows
// the workbench's engine configuration beside the paper's).
type Difference struct {
	Setting string // e.g. "move ordering"
	Paper   string // e.g. "transposition table only (StarTech §2)"
	Here    string // e.g. "table, killers and history (preset default)"
	Why     string
}

// Reproductions is the table "splitpoint reproduce" reads. A result is a
// notebook here and a row in this table.
var Reproductions = []Reproduction{
	reproLu,
	reproParsss,
	reproVuckovic,
	reproTheorems,
	reproStartechTt,
	reproStartechVariants,
	reproStartechCycles,
	reproStartechWorkPath,
	reproSocratesModel,
	reproStartechRating,
	reproModernComparison,
	reproSmallMachinesMislead,
}

// Find returns the reproduction named name; the error lists the names.
func Find(name string) (Reproduction, error) {
	i := slices.IndexFunc(Reproductions, func(r Reproduction) bool { return r.Name == name })
	if i < 0 {
		var names []string
		for _, r := range Reproductions {
			names = append(names, r.Name)
		}
		return Reproduction{}, fmt.Errorf("no reproduction %q%s (have: %s)", name, suggest.Hint(name, names), strings.Join(names, ", "))
	}
	return Reproductions[i], nil
}

// Open returns the notebook of r, its quick form when quick.
func (r Reproduction) Open(quick bool) (string, []byte, error) {
	name := r.Notebook
	if quick {
		name = "quick/" + name
	}
	b, err := Notebooks.ReadFile(name)
	return "notebooks/" + name, b, err
}
