package workbench

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/google/pprof/profile"

	"splitpoint/algos"
	"splitpoint/lab"
	"splitpoint/results"
	"splitpoint/sched"
)

// ChessWorkSweep is the sweep id under which chesswork records its runs.
const ChessWorkSweep = "chesswork"

// chessworkLong is the help of the chesswork command.
const chessworkLong = `Runs each search the position names (a suite runs them all) under the Go CPU
profiler, on this computer, and attributes every sample to the first
function up its stack that belongs to one of StarTech Fig. 9's categories
(Kuszmaul 1995, "How Time is Spent in StarTech"):

  control flow     the search algorithm's own code and its scheduler
                   (packages algos and sched): Fig. 9's "control flow for
                   the Jamboree algorithm", 37.7 % of all cycles
  moving pieces    making a move on the board (Position.Play), 15.8 %
  evaluation       static evaluation (Position.Eval), 8.3 %
  move generation  generating the legal moves (Position.gen), 3.3 %
  sorting moves    ordering the moves (the algorithms' order, pick and
                   sort functions, Position.Gain), 2.0 %
  repetition       the draw and repetition check (Position.Draw), 1.6 %
  checks           in-check and attack tests (Position.InCheck, IsCheck,
                   attackersTo): the workbench generates legal moves, so
                   this is the nearest to Fig. 9's "checking for illegal
                   moves", 0.2 %
  runtime          samples with none of the above on their stack (the
                   garbage collector, the goroutine scheduler)
  table            the transposition table (package tt): Fig. 8 counts the
                   table apart from the chess work, so the other lines'
                   shares are of the samples less the table's, and the
                   table's of all

Making the table before the search (tt.New) is left out, as StarTech's
figures leave out its start-up.

Fig. 9's shares are of all the cycles of a 512-processor run, 68.8 % of
which were chess work; the table prints each measured share of the
chess work beside Fig. 9's (its figure over 68.8 %).
The shares are ratios within one run (the profiler samples the process's
CPU time, at 100 Hz: a share from N samples is good to about
sqrt(share/N)); other processes on the machine slow the run but do not
bias them. A parallel algorithm runs on the pool (--workers, default 1:
all of its time is then chess work, as Fig. 9 counts it), a serial one as
search runs it.

--db FILE records each search as a row of sweep "chesswork" with the
categories' samples in its result JSON ("chess_work").`

// chessworkCommand declares the chesswork command's flags on fs and returns the
// function that runs it.
func chessworkCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	sf := declareSearchFlags(fs, tab, true)
	workers := declareMachineList(fs, tab, "workers", true, []sched.Machine{sched.PoolOf(1)}, "pool workers of a parallel algorithm")
	db := fs.String("db", "", "record each search in this results database, sweep \""+ChessWorkSweep+"\" (a session records into its own)")
	return func(env *Env, args []string) error {
		if len(args) != 1 {
			return usageErr("want one <position>, got %d arguments", len(args))
		}
		return chessWorkCmd(env, args[0], sf, workers.machines()[0].P, *db)
	}
}

// ChessWorkShare is one category of a run's CPU time (StarTech Fig. 9).
type ChessWorkShare struct {
	Name    string  `json:"name"`
	Samples int64   `json:"samples"`
	Share   float64 `json:"share"`
	// Paper is Fig. 9's share of the chess work (its share of all cycles
	// over 68.8 %); -1 where Fig. 9 has no such line.
	Paper float64 `json:"paper"`
}

// ChessWorkReport is one search's breakdown.
type ChessWorkReport struct {
	Position  string           `json:"position"`
	ID        string           `json:"id,omitempty"`
	Algo      string           `json:"algo"`
	Depth     int              `json:"depth"`
	Workers   int              `json:"workers,omitempty"`
	Nodes     int64            `json:"nodes"`
	Samples   int64            `json:"samples"`
	ChessWork []ChessWorkShare `json:"chess_work"`
	Options   algos.Options    `json:"options"`
}

// chessWorkCategories are the categories in Fig. 9's order, with Fig. 9's
// share of all cycles (-1: none).
var chessWorkCategories = []struct {
	name  string
	paper float64
}{
	{"control flow", 0.377}, {"moving pieces", 0.158}, {"evaluation", 0.083}, {"move generation", 0.033},
	{"sorting moves", 0.020}, {"repetition", 0.016}, {"checks", 0.002}, {"runtime", -1}, {tableCategory, -1},
}

// tableCategory is the transposition table's line: Fig. 8 counts the
// table apart from the chess work, so the other lines' shares are of the
// samples without it, and its own of all.
const tableCategory = "table"

// chessWorkShare is a category's share: of the chess work (the samples
// less the table's), or for the table of all the samples.
func chessWorkShare(name string, n, total, table int64) float64 {
	if name == tableCategory {
		table = 0
	}
	if total-table <= 0 {
		return 0
	}
	return float64(n) / float64(total-table)
}

// setupCategory is the samples spent making the table before the search
// (tt.New): left out of the shares, as StarTech's figures leave out its
// start-up (StarTech §3: the 4.3 s of analysis before every search).
const setupCategory = "setup"

// chessWorkFig9Chess is Fig. 9's chess work, the sum of its lines' shares
// of all cycles (Fig. 8: 68.8 %).
const chessWorkFig9Chess = 0.688

// classifyFrame is the category of one function, "" when it has none of
// its own (a helper: the sample goes to a caller's category).
func classifyFrame(fn string) string {
	switch {
	case strings.HasPrefix(fn, "splitpoint/games/chess."):
		m := fn[strings.LastIndex(fn, ".")+1:]
		switch m {
		case "Play":
			return "moving pieces"
		case "Eval":
			return "evaluation"
		case "gen", "genCastles", "CaptureBound":
			return "move generation"
		case "Gain":
			return "sorting moves"
		case "Draw":
			return "repetition"
		case "InCheck", "IsCheck", "attackersTo":
			return "checks"
		}
		return ""
	case strings.HasPrefix(fn, "splitpoint/tt."):
		switch fn[strings.LastIndex(fn, ".")+1:] {
		case "New", "prefault", "Clear":
			return setupCategory
		}
		return tableCategory
	case strings.HasPrefix(fn, "splitpoint/algos."):
		m := fn[strings.LastIndex(fn, ".")+1:]
		switch m {
		case "order", "orderCaptures", "pick", "sortScored", "sortRest":
			return "sorting moves"
		}
		return "control flow"
	case strings.HasPrefix(fn, "splitpoint/sched."):
		return "control flow"
	}
	return ""
}

// classifyStack is the category of a sample whose stack is funcs, the
// innermost first: the first function with a category of its own.
func classifyStack(funcs []string) string {
	for _, f := range funcs {
		if c := classifyFrame(f); c != "" {
			return c
		}
	}
	return "runtime"
}

// chessWorkShares breaks a CPU profile down by category.
func chessWorkShares(p *profile.Profile) ([]ChessWorkShare, int64) {
	count := map[string]int64{}
	var total int64
	vi := 0
	for i, st := range p.SampleType {
		if st.Type == "samples" {
			vi = i
		}
	}
	for _, s := range p.Sample {
		var funcs []string
		for _, loc := range s.Location {
			for _, l := range loc.Line { // innermost (inlined) first
				if l.Function != nil {
					funcs = append(funcs, l.Function.Name)
				}
			}
		}
		n := s.Value[vi]
		c := classifyStack(funcs)
		count[c] += n
		if c != setupCategory {
			total += n
		}
	}
	out := make([]ChessWorkShare, len(chessWorkCategories))
	for i, c := range chessWorkCategories {
		out[i] = ChessWorkShare{Name: c.name, Samples: count[c.name], Paper: -1}
		out[i].Share = chessWorkShare(c.name, out[i].Samples, total, count[tableCategory])
		if c.paper >= 0 {
			out[i].Paper = c.paper / chessWorkFig9Chess
		}
	}
	return out, total
}

func chessWorkCmd(env *Env, name string, sf *searchFlags, workers int, db string) error {
	items, err := lab.Resolve(name)
	if err != nil {
		return err
	}
	var store *results.Store
	if db != "" {
		if store, err = results.Open(db); err != nil {
			return err
		}
		defer store.Close()
	}
	row, _ := sf.req.Tables().Algos.Lookup(sf.algo())
	var reps []*ChessWorkReport
	sum := make([]ChessWorkShare, len(chessWorkCategories))
	var samples int64
	line := env.progressLine("chesswork", len(items), *sf.asJSON)
	defer line.Stop()
	for i, it := range items {
		s, err := sf.settle(it.Shape())
		if err != nil {
			return err
		}
		if lab.NeedsDepth(s.Opt) && !it.IsTree() {
			return usageErr("chesswork needs --depth 1..%d for %s", algos.MaxDepth, it.Name)
		}
		line.Item(i, it.Title()+" "+s.Opt.Algo)
		var buf bytes.Buffer
		if err := pprof.StartCPUProfile(&buf); err != nil {
			return fmt.Errorf("chesswork: the CPU profiler: %w", err)
		}
		rep := &ChessWorkReport{Position: it.Name, ID: it.ID, Algo: s.Opt.Algo, Depth: s.Opt.Depth}
		var cfg *sched.Config
		if row.Parallel {
			s.Machine = sched.PoolOf(workers)
			s.Ready(line.Context(env.Ctx), it)
			c := s.Config(sched.Config{Costs: sched.DefaultCosts(), ProfileBuckets: -1})
			cfg = &c
			r, err := lab.Parallel(line.Context(env.Ctx), it, s.Opt, c, lab.BaselineMode{Skip: true})
			if err != nil {
				pprof.StopCPUProfile()
				return err
			}
			rep.Workers, rep.Nodes = workers, r.Stats.Counts[sched.Node.String()]
		} else {
			r, err := lab.Search(line.Context(env.Ctx), it, s.Opt)
			if err != nil {
				pprof.StopCPUProfile()
				return err
			}
			rep.Nodes = int64(r.Counters.Nodes)
		}
		pprof.StopCPUProfile()
		rep.Options = s.Opt
		p, err := profile.Parse(&buf)
		if err != nil {
			return fmt.Errorf("chesswork: reading the CPU profile: %w", err)
		}
		rep.ChessWork, rep.Samples = chessWorkShares(p)
		reps = append(reps, rep)
		for k, c := range rep.ChessWork {
			sum[k].Name, sum[k].Paper = c.Name, c.Paper
			sum[k].Samples += c.Samples
		}
		samples += rep.Samples
		if store != nil {
			if err := recordChessWork(env, store, it, s.Opt, cfg, rep); err != nil {
				return fmt.Errorf("recording %s in %s: %w", it.Name, db, err)
			}
		}
		if !*sf.asJSON {
			line.Print(func() {
				fmt.Fprintf(env.Out, "%s %s depth %d: %d nodes, %d samples\n", it.Title(), rep.Algo, rep.Depth, rep.Nodes, rep.Samples)
			})
		}
	}
	if *sf.asJSON {
		return writeJSON(env.Out, reps)
	}
	var table int64
	for _, c := range sum {
		if c.Name == tableCategory {
			table = c.Samples
		}
	}
	for k := range sum {
		sum[k].Share = chessWorkShare(sum[k].Name, sum[k].Samples, samples, table)
	}
	WriteChessWork(env.Out, sum, samples)
	return nil
}

// WriteChessWork prints a breakdown beside Fig. 9's shares of the chess
// work.
func WriteChessWork(w io.Writer, lines []ChessWorkShare, samples int64) {
	fmt.Fprintf(w, "chess work (StarTech Fig. 9), of %d CPU samples:\n", samples)
	fmt.Fprintf(w, "  %-16s %8s %8s\n", "", "measured", "Fig. 9")
	for _, l := range lines {
		paper := "—"
		if l.Paper >= 0 {
			paper = fmt.Sprintf("%.1f %%", 100*l.Paper)
		}
		fmt.Fprintf(w, "  %-16s %6.1f %% %8s\n", l.Name, 100*l.Share, paper)
	}
	fmt.Fprintf(w, "Shares of the chess work: the samples less the table's (Fig. 8 counts the table apart); Fig. 9's figure over its 68.8 %%. The table's share is of all the samples.\n")
}

// recordChessWork stores one search's breakdown as a row of sweep
// ChessWorkSweep (role parallel on the pool, serial otherwise), its
// report as the result.
func recordChessWork(env *Env, store *results.Store, it *lab.Item, opt algos.Options, cfg *sched.Config, rep *ChessWorkReport) error {
	role := results.RoleSerial
	if cfg != nil {
		role = results.RoleParallel
	}
	row := lab.NewRow(lab.SettingsOf(role, it, opt, cfg), sched.DefaultCosts())
	row.Sweep, row.Created, row.Version = ChessWorkSweep, time.Now().UTC().Format(time.RFC3339Nano), results.Version()
	row.Nodes = rep.Nodes
	b, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	row.Result = string(b)
	return store.Insert(env.Ctx, &row)
}
