package workbench

import (
	"flag"
	"fmt"
	"splitpoint/lab"
	"strconv"
	"time"
)

// perftLong is the help of the perft command.
const perftLong = `Counts the positions depth plies below each position the name gives
(a suite gives all of them). Chess uses bitboard legal move generation with
bulk counting; checkers counts every capture path as Aart Bik's table does
(--unique removes duplicate captures, the damforum.nl column); synthetic trees
count their nodes. When a suite carries reference counts (perftsuite's D1…D6)
each count is checked, and a mismatch makes the command fail.`

// perftCommand declares the perft command's flags on fs and returns the
// function that runs it.
func perftCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	divide := fs.Bool("divide", false, "split the count by root move")
	unique := fs.Bool("unique", false, "checkers: remove duplicate capture paths")
	asJSON := fs.Bool("json", false, "write JSON (nodes, seconds, nps, and per position)")
	return func(env *Env, args []string) error {
		if len(args) != 2 {
			return usageErr("want <position> <depth>, got %d arguments", len(args))
		}
		depth, err := strconv.Atoi(args[1])
		if err != nil || depth < 0 || depth > 20 {
			return usageErr("depth %q: want a whole number 0..20", args[1])
		}
		if *divide && *unique {
			return usageErr("--divide lists every root capture path, so it does not combine with --unique")
		}
		items, err := lab.Resolve(args[0])
		if err != nil {
			return err
		}
		return perftCmd(env, items, depth, *divide, *unique, *asJSON)
	}
}

// PerftResult is the count of one position.
type PerftResult struct {
	Position string        `json:"position"`
	ID       string        `json:"id,omitempty"`
	Depth    int           `json:"depth"`
	Nodes    uint64        `json:"nodes"`
	Expected *uint64       `json:"expected,omitempty"`
	OK       *bool         `json:"ok,omitempty"`
	Seconds  float64       `json:"seconds"`
	NPS      float64       `json:"nps"`
	Divide   []DivideEntry `json:"divide,omitempty"`
}

// DivideEntry is one root move's share.
type DivideEntry struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// PerftReport is the JSON of a perft run.
type PerftReport struct {
	Depth     int           `json:"depth"`
	Nodes     uint64        `json:"nodes"`
	Seconds   float64       `json:"seconds"`
	NPS       float64       `json:"nps"`
	Mismatch  int           `json:"mismatches"`
	Positions []PerftResult `json:"positions"`
}

func perftCmd(env *Env, items []*lab.Item, depth int, divide, unique, asJSON bool) error {
	rep := PerftReport{Depth: depth}
	if !asJSON && len(items) > 1 {
		fmt.Fprintf(env.Out, "perft depth %d over %d positions\n", depth, len(items))
	}
	line := env.progressLine(fmt.Sprintf("perft depth %d", depth), len(items), asJSON)
	defer line.Stop()
	for i, it := range items {
		if err := env.Ctx.Err(); err != nil {
			line.Print(func() { fmt.Fprintf(env.Out, "stopped after %d of %d positions\n", i, len(items)) })
			break
		}
		line.Item(i, it.Title())
		r := perftOne(it, depth, divide, unique)
		rep.Positions = append(rep.Positions, r)
		rep.Nodes += r.Nodes
		rep.Seconds += r.Seconds
		if r.OK != nil && !*r.OK {
			rep.Mismatch++
		}
		if !asJSON {
			line.Print(func() { writePerft(env, &r, len(items) > 1) })
		}
	}
	rep.NPS = rate(rep.Nodes, rep.Seconds)
	if asJSON {
		if len(items) == 1 {
			if err := writeJSON(env.Out, rep.Positions[0]); err != nil {
				return err
			}
		} else if err := writeJSON(env.Out, rep); err != nil {
			return err
		}
	} else if len(items) > 1 {
		fmt.Fprintf(env.Out, "total %d nodes in %.3f s, %.1f Mnps", rep.Nodes, rep.Seconds, rep.NPS/1e6)
		if rep.Mismatch > 0 {
			fmt.Fprintf(env.Out, ", %d MISMATCHES", rep.Mismatch)
		}
		fmt.Fprintln(env.Out)
	}
	if rep.Mismatch > 0 {
		return &Failed{fmt.Sprintf("%d of %d counts disagree with the reference", rep.Mismatch, len(rep.Positions))}
	}
	return env.Ctx.Err()
}

func writePerft(env *Env, r *PerftResult, many bool) {
	check := ""
	if r.Expected != nil {
		if *r.OK {
			check = "  ok"
		} else {
			check = fmt.Sprintf("  MISMATCH: expected %d", *r.Expected)
		}
	}
	if many {
		fmt.Fprintf(env.Out, "  %-28s %14d  %7.3f s %8.1f Mnps%s\n", trunc(r.ID, 28), r.Nodes, r.Seconds, r.NPS/1e6, check)
	} else {
		for _, d := range r.Divide {
			fmt.Fprintf(env.Out, "%-10s %d\n", d.Move, d.Nodes)
		}
		fmt.Fprintf(env.Out, "perft %s depth %d: %d nodes in %.3f s (%.1f Mnps)%s\n", r.Position, r.Depth, r.Nodes, r.Seconds, r.NPS/1e6, check)
	}
}

func perftOne(it *lab.Item, depth int, divide, unique bool) PerftResult {
	r := PerftResult{Position: it.Name, ID: it.ID, Depth: depth}
	start := time.Now()
	n, div := it.Perft(depth, divide, unique)
	r.Nodes = n
	r.Seconds = time.Since(start).Seconds()
	d := it.Describer()
	for _, e := range div {
		r.Nodes += e.Nodes
		r.Divide = append(r.Divide, DivideEntry{d.MoveString(e.Move), e.Nodes})
	}
	r.NPS = rate(r.Nodes, r.Seconds)
	if ops, ok := opOf(it, fmt.Sprintf("D%d", depth)); ok && len(ops) == 1 {
		if want, err := strconv.ParseUint(ops[0], 10, 64); err == nil {
			ok := want == r.Nodes
			r.Expected, r.OK = &want, &ok
		}
	}
	return r
}

func opOf(it *lab.Item, name string) ([]string, bool) {
	for _, o := range it.Ops {
		if o.Name == name {
			return o.Operands, true
		}
	}
	return nil, false
}

func rate(nodes uint64, seconds float64) float64 {
	if seconds <= 0 {
		return 0
	}
	return float64(nodes) / seconds
}

func trunc(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
