// Package examples holds the bundled notebooks (*.sp, run with
// "splitpoint run FILE" or, for the papers' results, "splitpoint reproduce
// NAME") embedded in the binary, with the table of reproductions: which
// notebook brings back which paper's result, and its quick form.
package examples

import (
	"embed"
	"fmt"
	"slices"
	"strings"
)

// Notebooks are the bundled notebooks: NAME.sp, and quick/NAME.sp for the
// quick forms.
//
//go:embed *.sp quick/*.sp
var Notebooks embed.FS

// Reproduction is one row of the reproduction table.
type Reproduction struct {
	Name     string
	Paper    string // the paper and its table or figure
	What     string
	Notebook string // NAME.sp; its quick form is quick/NAME.sp
	Takes    string // how long the full form takes on this project's 2-core machine
	// Published is the paper's figures, printed before the workbench's.
	Published string
}

// Reproductions is the table "splitpoint reproduce" reads. A result is a
// notebook here and a row in this table.
var Reproductions = []Reproduction{
	{Name: "lu", Paper: "Lu 1993, Tables 4.1, 5.1, 5.2, 5.3", Notebook: "lu.sp", Takes: "6½ minutes",
		Published: `Lu's means over his 20 positions (speedup / % search overhead / % idle per searcher):
  searchers      PVSplit            PVFSplit           PVSplit-LB         PVFSplit-LB
  2          1.38 / 10.1 / 17.9  1.48 /  8.8 / 12.8  1.44 / 11.3 / 13.0  1.53 / 11.8 /  8.4
  4          1.79 / 16.7 / 45.5  2.03 / 24.3 / 30.8  1.89 / 22.3 / 37.4  2.18 / 27.0 / 23.8
  8          1.88 / 15.9 / 70.1  2.71 / 46.4 / 48.8  2.06 / 21.3 / 63.6  2.80 / 59.8 / 40.8
  16         1.92 / 15.3 / 84.8  2.91 / 83.5 / 67.1  2.00 / 24.2 / 81.4  3.32 / 70.9 / 62.5`,
		What: "PVSplit, PVFSplit, PVSplit-LB, PVFSplit-LB with 1–16 searchers on the Tinsley–Chinook 1992 suite: speedup, search overhead, idle time per searcher"},
	{Name: "parsss", Paper: "Bhattacharya & Bagchi, Tables 2 and 3", Notebook: "parsss.sp", Takes: "seconds",
		Published: `The paper's speed-ups (one random tree per shape, terminal counts):
  PARSSS*     (2,15): N=2 1.92, N=5 2.77, N=8 3.36   (3,10): N=2 1.77, N=3 1.77, N=8 2.41   (5,7): N=2 1.84, N=5 3.54, N=8 4.22
  PARITERSSS* (3,10), over SSS*: N=1 0.47/0.52/0.57/0.62, N=8 1.51/1.58/2.59/2.69 for M = 11/23/36/61`,
		What: "PARSSS* and PARITERSSS* on uniform random trees in terminal counts, speed-up over SSS*, on both clocks (Table 1: search paper:parsss-table1 --algo parsss --sim 2 --trace)"},
	{Name: "vuckovic", Paper: "Vučković 2007, Table 6.1", Notebook: "vuckovic.sp", Takes: "under a minute",
		Published: `Vučković's 33 positions at depth 7 (master and slave each with its half of the ordered root moves):
node saving by his table's rule mean 25.5 % (0.58–91.3 %); by min(master, slave) it would be 35.1 %;
the pair beats the single processor when waiting for both halves (max < single) in 15 of 33.`,
		What: "static root splitting over 2 searchers at depth 7, in Table 6.1's format, the node saving three ways"},
	{Name: "theorems", Paper: "StarTech §3, Theorems 1 and 2", Notebook: "theorems.sp", Takes: "about a minute, 4.5 GB",
		What: "Jamboree on best- and worst-ordered uniform trees on the infinite machine against the theorems' efficiency and parallelism"},
	{Name: "startech-tt", Paper: "StarTech Fig. 4", Notebook: "tt-size.sp", Takes: "under a minute",
		What: "nodes searched against the transposition table's size, serially and by Jamboree on 64 simulated processors"},
	{Name: "startech-variants", Paper: "StarTech §4, *Socrates §4.3–4.4", Notebook: "ablation.sp", Takes: "3 minutes",
		Published: `The papers' claims: recursive iterative deepening about +20 % performance; deferred reads about +4 %;
serializing a second child at type-2 nodes −10…15 % work with parallelism still over 500;
steal ordering by levels +20…25 %; level waiting +15…20 % (at P = 512, tournament depths).`,
		What: "each Jamboree variant alone and together, steal ordering by levels and level waiting, at depth 6 on the Kaufman suite (not yet the papers' regime of W/C over 500: issue #17)"},
}

// Find returns the reproduction named name; the error lists the names.
func Find(name string) (Reproduction, error) {
	i := slices.IndexFunc(Reproductions, func(r Reproduction) bool { return r.Name == name })
	if i < 0 {
		var names []string
		for _, r := range Reproductions {
			names = append(names, r.Name)
		}
		return Reproduction{}, fmt.Errorf("no reproduction %q (have: %s)", name, strings.Join(names, ", "))
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
	return "examples/" + name, b, err
}
