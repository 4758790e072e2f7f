package examples

import (
	"embed"
	"fmt"
	"slices"
	"splitpoint/suggest"
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
	// Findings is what the full form measured here, where it agrees with
	// the paper and where not and why (docs/reproductions.md has the
	// tables), printed after Published: a reader of a quick form's numbers
	// sees what the papers' regime gave.
	Findings string
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
	{Name: "vuckovic", Paper: "Vučković 2007, Table 6.1", Notebook: "vuckovic.sp", Takes: "about 2 minutes",
		Published: `Vučković's 33 positions at depth 7 (master and slave each with its half of the ordered root moves):
node saving by his table's rule mean 25.5 % (0.58–91.3 %); by min(master, slave) it would be 35.1 %;
the pair beats the single processor when waiting for both halves (max < single) in 15 of 33.`,
		What: "static root splitting over 2 searchers at depth 7, in Table 6.1's format, the node saving three ways; and over 4 and 8"},
	{Name: "theorems", Paper: "StarTech §3, Theorems 1 and 2", Notebook: "theorems.sp", Takes: "about a minute, 4.5 GB",
		What: "Jamboree on best- and worst-ordered uniform trees on the infinite machine against the theorems' efficiency and parallelism"},
	{Name: "startech-tt", Paper: "StarTech Fig. 4", Notebook: "tt-size.sp", Takes: "under a minute",
		What: "nodes searched against the transposition table's size, serially and by Jamboree on 64 simulated processors"},
	{Name: "startech-variants", Paper: "StarTech §4, *Socrates §4.3–4.4", Notebook: "ablation.sp", Takes: "20 minutes of CPU (43 minutes at load 5-16)",
		Published: `The papers' claims (no test set, depth or P stated; StarTech's context: 512 processors, tournament
conditions, average parallelism over 1000, over 500 after serializing):
  recursive iterative deepening (rid)      about +20 % performance
  deferred reads (deferred)                about +4 % performance
  serialize a second child (serialize2)    −10…15 % work, parallelism still over 500
  steal ordering by levels (--levels)      +20…25 % speedup (*Socrates)
  level waiting (--levelwait)              +15…20 % speedup (*Socrates)
  StarTech §4: cutoff work 10–30 % of all work, failed work under 2 %,
  50–90 % of the failed work on type-2 nodes, 10–40 % on type-3.`,
		Findings: `2026-11-24 (docs/reproductions.md), 25 positions, depth 7, P = 512, W/C over 500 in 13-19 of 25:
rid +21.5 % (work −29 %, C +20 %) and levels+level waiting +16.8 % reproduce; levels alone +6 %, deferred
reads −7 % (waiting processors idle while other work exists), serialize2 +5.9 % work (not −10…15 %) do
not; failed work 12 % and cutoff work 54 % against StarTech's under 2 % and 10-30 %.`,
		What: "each of StarTech's improvements and *Socrates's scheduler changes, alone and together, on the Kaufman suite at depth 7 on 512 simulated processors (W/C per run), with failed and cutoff work by Knuth–Moore type"},
	{Name: "startech-cycles", Paper: "StarTech Fig. 8", Notebook: "cycles.sp", Takes: "2¼ minutes of CPU (14 minutes at load 12)",
		Published: `StarTech Fig. 8 (512 processors, a typical Kaufman problem, deferred reads and RID, about 100 s):
  chess work 68.8 % (of which the best serial program's time is 21.4 %), waiting for global table
  reads 14.4 %, idle to avoid swamping 6.6 %, looking for work 3.6 %, waiting for a child 3.2 %,
  servicing table lookups 2.2 %, responding to work requests 0.6 %, waiting for a parent's abort 0.5 %.`,
		Findings: `2026-11-24 (docs/reproductions.md): on Kaufman 2 (W/C 3188) chess work 61.8 %, table reads 5.8 %,
looking for work 11.0 %, idle 20.0 %: Fig. 8's shape. On Kaufman 1 and 4 (W/C 878, 393) chess work
is 40 % and 24 %: our depth-7 searches are 20-60 times smaller than the figure's 100-second one, and
idle processors probe random victims (36 probes a steal) where StarTech held them back.`,
		What: "the cycles of a 512-processor search by category, from the simulator's counters on the cm5 cost model (--costs cm5 --cycles)"},
	{Name: "startech-work-path", Paper: "StarTech Figs. 6 and 7", Notebook: "workpath.sp", Takes: "2 minutes of CPU (9½ minutes at load 14)",
		Published: `StarTech Figs. 6 and 7: W and C of each Kaufman position on 1 … 512 processors and the best
serial program ('S'); Jamboree does "about 2 to 3 times more work" than the best serial program;
C is "less than 0.1 % of the total work" under tournament conditions (average parallelism over 1000);
*Socrates: "the work increases by about a factor of two to three as the number of processors increases
from 1 to 128", C "fairly stable".`,
		Findings: `2026-11-24 (docs/reproductions.md), depth 6: W over the serial Scout's grows 1.06 (P = 1), 2.01 (32),
3.37 (128), 4.59 (512); C stays at 2,400-3,600 units, 0.29 % of W at P = 512. From 1 to 128 processors
the work grows 3.2× (*Socrates: 2 to 3); at 512 it is 4.6× the serial work, not 2 to 3, because these
searches are small for 512 processors (W/C 387; StarTech's were over 1000).`,
		What: "W and C against P for every Kaufman position (one chart each), W over the serial Scout's per P"},
	{Name: "socrates-model", Paper: "*Socrates §2.5 eq. 1, StarTech eq. 2", Notebook: "model.sp", Takes: "2½ minutes of CPU (16 minutes at load 12)",
		Published: `*Socrates: T ≈ 1.091·W/P + 0.95·C (± 0.001, ± 0.04), correlation 0.999947, mean relative error 4.85 %
(eight Kaufman problems, depths up to the solving one, several machine sizes).
StarTech: T ≈ 1.02·W/P + 1.5·C + 4.3 s; the tuned program's big-machine performance "matched the prediction".`,
		Findings: `2026-11-24 (docs/reproductions.md): the papers' form fits all 160 runs with mean relative error
3.30 % (correlation 0.999981), but fitted on P ≤ 32 it under-predicts P = 512 by 23 % (small machines
cannot tell what C costs). The bounds model on relative residuals predicts P = 512 from P ≤ 32 within
6.0 % per run (−4.1 % on the total) and fits all runs to 1.86 %.`,
		What: "the fit of T_P = c1·W/P + c∞·C + c0 over runs spanning machine sizes and depths, and the prediction of P > 32 from the runs with P ≤ 32"},
	{Name: "startech-rating", Paper: "StarTech Fig. 5", Notebook: "rating.sp", Takes: "3 minutes of CPU (11½ minutes at load 12)",
		Published: `StarTech Fig. 5 (top-20 time, rating 2930 − 200·log10 t20):
  P = 1 8936.95 s 2139,  4 3152.54 s 2230,  16 1240.72 s 2311,  64 573.19 s 2378,  256 378.72 s 2414,  512 319.38 s 2429`,
		Findings: `2026-11-24 (docs/reproductions.md): NOT reproduced. At depth 6 the same 6 of 25 positions are solved at
every P, so t20 ≈ 14 × the 60 s limit and the rating is flat (2345); StarTech's slope comes from reaching
tournament depths faster, and simulating searches of that size at 10 machine sizes is beyond this
2-core machine. The notebook is the method: raise --depth and --time on a bigger machine.`,
		What: "Kaufman's rating estimate against P, solving the suite on the simulated machine"},
	{Name: "modern-comparison", Paper: "Hyatt's DTS, Feldmann's YBWC; Weill; Stockfish", Notebook: "modern.sp", Takes: "about an hour",
		Published: `Published reference points (different programs, machines and positions; not a controlled comparison):
  Hyatt's DTS (Cray Blitz): speedups 2.0 / 3.7 / 6.6 / 11.1 on 2 / 4 / 8 / 16 CPUs
  Feldmann's YBWC (Zugzwang): 28-34 on 64 processors, 126 on 256
  Engines report Lazy SMP by Elo (e.g. 2 threads against 1 at a fixed time control), not by speedup.`,
		What: "every parallel algorithm (Jamboree, PVSplit, PVFSplit, root splitting, YBWC, ABDADA, Lazy SMP) on the same positions: pool speedup and search overhead, simulated W, C, T_P and the model fit per algorithm, Elo of 2 workers against 1"},
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
	return "examples/" + name, b, err
}
