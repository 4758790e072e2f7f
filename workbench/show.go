package workbench

import (
	"flag"
	"fmt"
	"strings"

	"splitpoint/game"
	"splitpoint/games/checkers"
	"splitpoint/games/chess"
	"splitpoint/games/synth"
	"splitpoint/lab"
	"splitpoint/suites"
)

// showLong is the help of the show command.
const showLong = `For one position: the board (or the tree summary), the side to move,
the legal moves in generation order and the branching factor. For several
(a suite, a file): one line each with index, id, side to move, number of
moves and expected moves.`

// showCommand declares the show command's flags on fs and returns the
// function that runs it.
func showCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	asJSON := fs.Bool("json", false, "write JSON")
	return func(env *Env, args []string) error {
		if len(args) != 1 {
			return usageErr("want one <position>, got %d arguments", len(args))
		}
		items, err := lab.Resolve(args[0])
		if err != nil {
			return err
		}
		return showCmd(env, items, *asJSON)
	}
}

// suitesCommand declares the suites command's flags on fs and returns the
// function that runs it.
func suitesCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	asJSON := fs.Bool("json", false, "write JSON")
	return func(env *Env, args []string) error {
		if len(args) != 0 {
			return usageErr("suites takes no arguments")
		}
		return suitesCmd(env, *asJSON)
	}
}

// PositionInfo is what show reports of one position.
type PositionInfo struct {
	Name      string   `json:"name"`
	ID        string   `json:"id,omitempty"`
	Domain    string   `json:"domain"`
	FEN       string   `json:"fen,omitempty"`
	Side      string   `json:"side_to_move"`
	Moves     []string `json:"moves"`
	Branching int      `json:"branching_factor"`
	Expected  string   `json:"expected,omitempty"`
	Label     string   `json:"label,omitempty"`
	Diagram   string   `json:"diagram"`
}

func info(it *lab.Item) PositionInfo {
	d := it.Describer()
	ms := it.Legal()
	pi := PositionInfo{Name: it.Name, ID: it.ID, Domain: d.Domain(), Side: d.SideToMove(), Branching: len(ms),
		Expected: it.Expected(), Label: it.Label, Diagram: d.String()}
	pi.Moves = make([]string, len(ms))
	for i, m := range ms {
		pi.Moves[i] = d.MoveString(m)
	}
	pi.FEN = it.FEN()
	return pi
}

func showCmd(env *Env, items []*lab.Item, asJSON bool) error {
	if asJSON {
		infos := make([]PositionInfo, len(items))
		for i, it := range items {
			infos[i] = info(it)
		}
		if len(infos) == 1 {
			return writeJSON(env.Out, infos[0])
		}
		return writeJSON(env.Out, infos)
	}
	if len(items) == 1 {
		pi := info(items[0])
		if items[0].Tree == nil {
			fmt.Fprintf(env.Out, "%s\n", pi.Name)
		}
		if pi.ID != "" {
			fmt.Fprintf(env.Out, "id: %s\n", pi.ID)
		}
		fmt.Fprintf(env.Out, "%s\n", strings.TrimRight(pi.Diagram, "\n"))
		fmt.Fprintf(env.Out, "side to move: %s\n", pi.Side)
		if pi.Expected != "" {
			fmt.Fprintf(env.Out, "expected: %s\n", pi.Expected)
		}
		if pi.Label != "" {
			fmt.Fprintf(env.Out, "label: %s\n", pi.Label)
		}
		fmt.Fprintf(env.Out, "legal moves (%d, generation order): %s\n", len(pi.Moves), strings.Join(pi.Moves, " "))
		fmt.Fprintf(env.Out, "branching factor: %d\n", pi.Branching)
		if items[0].Tree != nil {
			writeTreeShape(env, items[0].Tree)
		}
		return nil
	}
	fmt.Fprintf(env.Out, "%5s  %-30s %-6s %5s  %s\n", "#", "id", "side", "moves", "expected")
	for _, it := range items {
		pi := info(it)
		exp := pi.Expected
		if pi.Label != "" {
			exp = strings.TrimSpace(exp + " " + pi.Label)
		}
		fmt.Fprintf(env.Out, "%5d  %-30s %-6s %5d  %s\n", it.Index, trunc(pi.ID, 30), pi.Side, pi.Branching, exp)
	}
	fmt.Fprintf(env.Out, "%d positions\n", len(items))
	return nil
}

// writeTreeShape prints the mean branching factor per level of a synthetic
// tree, over its first levels (at most a million nodes).
func writeTreeShape(env *Env, t *synth.Tree) {
	s := game.NewStack[synth.Position](t.Depth() + 1)
	s.Pos[0] = *t.Root()
	var nodes, kids, capNodes, capKids []int
	budget := 1 << 20
	var walk func(ply int)
	walk = func(ply int) {
		if budget <= 0 {
			return
		}
		budget--
		pos := &s.Pos[ply]
		n := pos.Moves(s.Moves[ply][:])
		if n == 0 {
			return
		}
		for len(nodes) <= ply {
			nodes, kids, capNodes, capKids = append(nodes, 0), append(kids, 0), append(capNodes, 0), append(capKids, 0)
		}
		nodes[ply]++
		kids[ply] += n
		if pos.IsCapture(s.Moves[ply][0]) {
			capNodes[ply]++
			capKids[ply] += n
		}
		for _, m := range s.Moves[ply][:n] {
			pos.Play(m, &s.Pos[ply+1])
			walk(ply + 1)
		}
	}
	walk(0)
	var tn, tk, cn, ck int
	for i := range nodes {
		tn, tk, cn, ck = tn+nodes[i], tk+kids[i], cn+capNodes[i], ck+capKids[i]
	}
	fmt.Fprintf(env.Out, "mean branching factor: %.2f over %d interior nodes", float64(tk)/float64(tn), tn)
	if cn > 0 && cn < tn {
		fmt.Fprintf(env.Out, " (capture nodes %.2f, others %.2f)", float64(ck)/float64(cn), float64(tk-ck)/float64(tn-cn))
	}
	if budget <= 0 {
		fmt.Fprintf(env.Out, " (first %d nodes only)", 1<<20)
	}
	fmt.Fprintln(env.Out)
}

// SuiteInfo is one line of the suites command.
type SuiteInfo struct {
	Name        string   `json:"name"`
	Aliases     []string `json:"aliases,omitempty"`
	Domain      string   `json:"domain"`
	Positions   int      `json:"positions"`
	WithBM      int      `json:"with_bm"`
	WithAM      int      `json:"with_am"`
	Description string   `json:"description"`
}

func suitesCmd(env *Env, asJSON bool) error {
	var out []SuiteInfo
	for _, s := range suites.List() {
		es, err := s.Entries()
		if err != nil {
			return err
		}
		si := SuiteInfo{Name: s.Name, Aliases: s.Aliases, Domain: s.Domain, Positions: len(es), Description: s.Description}
		for _, e := range es {
			if len(e.BM) > 0 {
				si.WithBM++
			}
			if len(e.AM) > 0 {
				si.WithAM++
			}
		}
		out = append(out, si)
	}
	if asJSON {
		return writeJSON(env.Out, out)
	}
	fmt.Fprintf(env.Out, "%-20s %-9s %9s  %s\n", "suite", "domain", "positions", "description")
	for _, si := range out {
		name := si.Name
		if len(si.Aliases) > 0 {
			name += " (" + strings.Join(si.Aliases, ",") + ")"
		}
		fmt.Fprintf(env.Out, "%-20s %-9s %9d  %s\n", name, si.Domain, si.Positions, si.Description)
	}
	fmt.Fprintf(env.Out, "use as suite:<name>, suite:<name>#<index|id|from-to>\n")
	return nil
}

var (
	_ game.Describer = (*chess.Position)(nil)
	_ game.Describer = (*checkers.Position)(nil)
)
