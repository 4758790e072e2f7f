package match

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/game"
	"splitpoint/lab"
	"splitpoint/uci"
)

// Limits are what a player may spend on a move: a depth, a node count, a
// fixed time per move or a clock (base time and increment per move);
// zero fields are none.
type Limits struct {
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
	Base     time.Duration // the clock's time at the start
	Inc      time.Duration
}

// Clock reports whether the limits are a clock.
func (l Limits) Clock() bool { return l.Base > 0 }

// String writes the limits as keys.
func (l Limits) String() string {
	var b []string
	if l.Depth > 0 {
		b = append(b, fmt.Sprintf("depth=%d", l.Depth))
	}
	if l.Nodes > 0 {
		b = append(b, fmt.Sprintf("nodes=%d", l.Nodes))
	}
	if l.MoveTime > 0 {
		b = append(b, "movetime="+l.MoveTime.String())
	}
	if l.Clock() {
		b = append(b, fmt.Sprintf("tc=%g+%g", l.Base.Seconds(), l.Inc.Seconds()))
	}
	return strings.Join(b, ",")
}

// Spec is one player as the command line gives it: a workbench
// configuration (uci.Config), or an external engine (Engine, a path) with
// its UCI options, and its limits.
type Spec struct {
	Name    string
	Config  uci.Config
	Engine  string
	Args    []string    // the engine's command-line arguments
	Options [][2]string // setoption name/value pairs for an engine
	Limits  Limits
	named   bool // Name was given (name=…)
}

// limitKeys are the keys of a spec beside the option table's.
var limitKeys = []struct{ Key, Help string }{
	{"depth", "search depth in plies"},
	{"nodes", "nodes per move"},
	{"movetime", "time per move, e.g. 100ms"},
	{"tc", "a clock: seconds+increment, e.g. 10+0.1"},
	{"name", "the player's name in the games (default: its configuration)"},
	{"opt:NAME", "an external engine's UCI option, e.g. opt:Skill Level=0"},
}

// SpecKeys lists the keys ParseSpec reads, with help, for the command's
// help: the option table's keys and the limits.
func SpecKeys() []string { return SpecKeysIn(lab.DefaultTables()) }

// SpecKeysIn is SpecKeys of the players made from the tables tab.
func SpecKeysIn(tab lab.Tables) []string {
	var out []string
	for _, o := range uci.OptionsIn(tab) {
		out = append(out, o.Key+": "+o.Help)
	}
	for _, k := range limitKeys {
		out = append(out, k.Key+": "+k.Help)
	}
	return out
}

// ParseSpec reads a player's keys, comma-separated key=value
// ("algo=jamboree,workers=2,depth=4"); engine is the external engine's
// path ("" for the workbench).
func ParseSpec(s, engine string) (Spec, error) {
	return ParseSpecIn(lab.DefaultTables(), s, engine)
}

// ParseSpecIn is ParseSpec of a player made from the tables tab: its
// algorithms and knobs are tab's.
func ParseSpecIn(tab lab.Tables, s, engine string) (Spec, error) {
	sp := Spec{Config: uci.DefaultConfigIn(tab), Engine: engine}
	for _, kv := range strings.Split(s, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return sp, fmt.Errorf("%q is not key=value", kv)
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		var err error
		switch {
		case k == "depth":
			sp.Limits.Depth, err = strconv.Atoi(v)
			if err == nil && (sp.Limits.Depth < 1 || sp.Limits.Depth > algos.MaxDepth) {
				err = fmt.Errorf("out of 1…%d", algos.MaxDepth)
			}
		case k == "nodes":
			sp.Limits.Nodes, err = strconv.ParseUint(v, 10, 64)
		case k == "movetime":
			sp.Limits.MoveTime, err = time.ParseDuration(v)
			if err == nil && sp.Limits.MoveTime <= 0 {
				err = fmt.Errorf("not positive")
			}
		case k == "tc":
			sp.Limits.Base, sp.Limits.Inc, err = parseTC(v)
		case k == "name":
			sp.Name, sp.named = v, true
		case strings.HasPrefix(k, "opt:"):
			if engine == "" {
				return sp, fmt.Errorf("%s: opt: keys set an external engine's options (give --engine)", k)
			}
			sp.Options = append(sp.Options, [2]string{strings.TrimPrefix(k, "opt:"), v})
		default:
			if engine != "" {
				return sp, fmt.Errorf("%s: an external engine takes the limits and opt:NAME keys only", k)
			}
			err = sp.Config.Set(k, v)
			if err != nil {
				return sp, err
			}
		}
		if err != nil {
			return sp, fmt.Errorf("%s=%s: %v", k, v, err)
		}
	}
	if sp.Limits == (Limits{}) {
		return sp, fmt.Errorf("no limit: give depth, nodes, movetime or tc")
	}
	if engine == "" {
		if _, err := uci.NewSearcher(sp.Config); err != nil {
			return sp, err
		}
	}
	if sp.Name == "" {
		sp.Name = sp.describe()
	}
	return sp, nil
}

// describe names a spec by what differs from the defaults.
func (s Spec) describe() string {
	var b []string
	if s.Engine != "" {
		b = append(b, s.Engine)
		for _, o := range s.Options {
			b = append(b, o[0]+"="+o[1])
		}
	} else {
		def := uci.DefaultConfigIn(s.Config.Req.Tables())
		for _, o := range s.Config.Options() {
			v := s.Config.Get(o.Key)
			if o.Key == "algo" && !s.Config.Req.Given("algo") {
				if st, err := s.Config.Search(); err == nil {
					v = st.Opt.Algo // the preset's
				}
			}
			if v != def.Get(o.Key) || o.Key == "algo" {
				b = append(b, o.Key+"="+v)
			}
		}
	}
	if l := s.Limits.String(); l != "" {
		b = append(b, l)
	}
	return strings.Join(b, ",")
}

func parseTC(v string) (base, inc time.Duration, err error) {
	b, i, _ := strings.Cut(v, "+")
	bs, err := strconv.ParseFloat(b, 64)
	if err != nil || bs <= 0 {
		return 0, 0, fmt.Errorf("want seconds+increment, e.g. 10+0.1")
	}
	is := 0.0
	if i != "" {
		if is, err = strconv.ParseFloat(i, 64); err != nil || is < 0 {
			return 0, 0, fmt.Errorf("want seconds+increment, e.g. 10+0.1")
		}
	}
	return time.Duration(bs * float64(time.Second)), time.Duration(is * float64(time.Second)), nil
}

// played is one move a player chose, with what it said of it.
type played struct {
	move     game.Move
	score    game.Value // from the side to move
	hasScore bool
	depth    int
	nodes    uint64
	// hard is the time the move was allowed at most (the workbench's
	// plan); 0 when not known (an external engine) or none.
	hard time.Duration
}

// player chooses moves.
type player interface {
	newGame() error
	// move chooses a move; left is the player's clock (with limits a
	// clock), opp the opponent's.
	move(ctx context.Context, b board, left, opp time.Duration) (played, error)
	close() error
}

// newPlayer starts the player of s (an external engine's process).
func newPlayer(ctx context.Context, s Spec) (player, error) {
	if s.Engine == "" {
		srch, err := uci.NewSearcher(s.Config)
		if err != nil {
			return nil, err
		}
		return &workbenchPlayer{spec: s, srch: srch}, nil
	}
	c, err := uci.Start(ctx, s.Engine, s.Args...)
	if err != nil {
		return nil, err
	}
	for _, o := range s.Options {
		if err := c.SetOption(o[0], o[1]); err != nil {
			c.Close()
			return nil, err
		}
	}
	return &enginePlayer{spec: s, c: c}, nil
}

// workbenchPlayer searches in process with uci.Think.
type workbenchPlayer struct {
	spec Spec
	srch *uci.Searcher
}

func (p *workbenchPlayer) newGame() error { return nil }
func (p *workbenchPlayer) close() error   { return nil }

func (p *workbenchPlayer) move(ctx context.Context, b board, left, opp time.Duration) (played, error) {
	l := p.spec.Limits
	plan := uci.Plan{Depth: l.Depth, Nodes: l.Nodes}
	switch {
	case l.Clock():
		plan = uci.Budget(uci.Limits{Depth: l.Depth, Nodes: l.Nodes, WTime: left, BTime: opp, WInc: l.Inc, BInc: l.Inc, Clock: true}, true)
	case l.MoveTime > 0:
		plan = uci.Budget(uci.Limits{Depth: l.Depth, Nodes: l.Nodes, MoveTime: l.MoveTime}, true)
	}
	info, err := p.srch.Think(ctx, b.item(), plan, nil)
	if err != nil {
		return played{}, err
	}
	return played{move: info.Best, score: info.Score, hasScore: info.Depth > 0, depth: info.Depth, nodes: info.Nodes, hard: plan.Hard}, nil
}

// enginePlayer asks an external engine over UCI.
type enginePlayer struct {
	spec Spec
	c    *uci.Client
}

func (p *enginePlayer) newGame() error { return p.c.NewGame() }
func (p *enginePlayer) close() error   { return p.c.Close() }

func (p *enginePlayer) move(ctx context.Context, b board, left, opp time.Duration) (played, error) {
	if b.domain() != "chess" {
		return played{}, fmt.Errorf("an external UCI engine plays chess, not %s", b.domain())
	}
	l := p.spec.Limits
	ul := uci.Limits{Depth: l.Depth, Nodes: l.Nodes, MoveTime: l.MoveTime}
	timeout := time.Minute
	if l.Clock() {
		w, bl := left, opp
		if !b.first() {
			w, bl = opp, left
		}
		ul.WTime, ul.BTime, ul.WInc, ul.BInc, ul.Clock = w, bl, l.Inc, l.Inc, true
		timeout = left + 5*time.Second
	}
	if l.MoveTime > 0 {
		timeout = l.MoveTime + 5*time.Second
	}
	fen := b.startFEN()
	if fen == startFEN {
		fen = ""
	}
	r, err := p.c.Go(fen, slices.Clone(b.uciMoves()), ul, timeout)
	if err != nil {
		return played{}, err
	}
	m, err := b.parseUCI(r.BestMove)
	if err != nil {
		return played{}, fmt.Errorf("engine %s played %q: %w", p.c.Name, r.BestMove, err)
	}
	return played{move: m, score: game.Value(r.Score), hasScore: r.HasScore, depth: r.Depth}, nil
}

// startFEN is the start position's FEN.
const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
