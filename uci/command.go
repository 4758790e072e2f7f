package uci

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"splitpoint/algos"
	"splitpoint/suggest"
)

// Command is one line a GUI sends an engine, parsed. Exactly the field of
// its Name is set: Position for "position", Go for "go", Option for
// "setoption".
type Command struct {
	Name     string
	Position *PositionArgs
	Go       *Limits
	Option   *SetOption
	Debug    bool // "debug on"
}

// PositionArgs is "position startpos|fen <FEN> [moves m1 m2 …]"; FEN is ""
// for startpos. The moves are checked against the position when played.
type PositionArgs struct {
	FEN   string
	Moves []string
}

// Limits are the arguments of "go": a zero field is not given. Negative
// clock times (some GUIs send them when a side is out of time) read as 0.
type Limits struct {
	Depth     int
	Nodes     uint64
	MoveTime  time.Duration
	WTime     time.Duration
	BTime     time.Duration
	WInc      time.Duration
	BInc      time.Duration
	MovesToGo int
	Infinite  bool
	Ponder    bool
	// Clock is set when any of wtime, btime was given.
	Clock bool
}

// SetOption is "setoption name <id> [value <x>]"; names may hold spaces.
type SetOption struct {
	Name, Value string
}

// commandNames are the commands of the protocol an engine receives.
var commandNames = []string{"uci", "debug", "isready", "setoption", "register", "ucinewgame", "position", "go", "stop", "ponderhit", "quit"}

// ErrUnknown is wrapped by the error of a line with no known command.
var ErrUnknown = errors.New("unknown command")

// Parse reads one line. As the protocol asks, unknown tokens before a
// command are skipped ("joho debug on" is "debug on"); a line with no
// command is an ErrUnknown error, a command with bad arguments an error
// naming the token.
func Parse(line string) (Command, error) {
	f := strings.Fields(line)
	for len(f) > 0 && !isCommand(f[0]) {
		f = f[1:]
	}
	if len(f) == 0 {
		return Command{}, fmt.Errorf("%w: %q", ErrUnknown, strings.TrimSpace(line))
	}
	c := Command{Name: f[0]}
	args := f[1:]
	var err error
	switch c.Name {
	case "debug":
		c.Debug = len(args) > 0 && args[0] == "on"
	case "position":
		c.Position, err = parsePosition(args)
	case "go":
		c.Go, err = parseGo(args)
	case "setoption":
		c.Option, err = parseSetOption(args)
	}
	if err != nil {
		return Command{}, fmt.Errorf("%s: %w", c.Name, err)
	}
	return c, nil
}

func isCommand(s string) bool {
	for _, n := range commandNames {
		if s == n {
			return true
		}
	}
	return false
}

func parsePosition(args []string) (*PositionArgs, error) {
	if len(args) == 0 {
		return nil, errors.New("want startpos or fen <FEN>")
	}
	p := &PositionArgs{}
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		if i == 0 {
			return nil, errors.New("fen: no FEN given")
		}
		p.FEN = strings.Join(rest[:i], " ")
		rest = rest[i:]
	default:
		return nil, fmt.Errorf("want startpos or fen, got %q", args[0])
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return nil, fmt.Errorf("want moves after the position, got %q", rest[0])
		}
		p.Moves = append([]string(nil), rest[1:]...)
	}
	return p, nil
}

func parseGo(args []string) (*Limits, error) {
	l := &Limits{}
	for i := 0; i < len(args); i++ {
		tok := args[i]
		switch tok {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			l.Ponder = true
			continue
		case "searchmoves":
			// The moves to restrict the search to: not supported, skipped
			// (the whole position is searched).
			for i+1 < len(args) && !isGoKey(args[i+1]) {
				i++
			}
			continue
		case "mate":
			// "go mate N": searched as a depth of 2N plies.
		case "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo":
		default:
			return nil, fmt.Errorf("unknown argument %q", tok)
		}
		if i+1 >= len(args) {
			return nil, fmt.Errorf("%s: no value", tok)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: %s is not an integer", tok, suggest.Echo(args[i]))
		}
		lo, hi := goRange(tok)
		if (n < lo && !clockArg(tok)) || n > hi {
			return nil, fmt.Errorf("%s: %d is out of range (allowed: %d…%d)", tok, n, lo, hi)
		}
		ms := time.Duration(max(n, 0)) * time.Millisecond
		switch tok {
		case "depth":
			l.Depth = int(n)
		case "mate":
			l.Depth = int(2 * n)
		case "nodes":
			l.Nodes = uint64(n)
		case "movetime":
			l.MoveTime = ms
		case "wtime":
			l.WTime, l.Clock = ms, true
		case "btime":
			l.BTime, l.Clock = ms, true
		case "winc":
			l.WInc = ms
		case "binc":
			l.BInc = ms
		case "movestogo":
			l.MovesToGo = int(n)
		}
	}
	return l, nil
}

// MaxMillis is the longest time "go" takes, in milliseconds (about 34
// years): any longer one would overflow a time.Duration.
const MaxMillis = 1 << 40

// goRange is the range of the value of a "go" argument: a depth of
// 1…algos.MaxDepth plies (mate: half as many moves), at least one node,
// and times up to MaxMillis.
func goRange(tok string) (lo, hi int64) {
	switch tok {
	case "depth":
		return 1, algos.MaxDepth
	case "mate":
		return 1, algos.MaxDepth / 2
	case "nodes":
		return 1, math.MaxInt64
	case "movestogo":
		return 0, 1000
	case "movetime":
		return 1, MaxMillis
	}
	return 0, MaxMillis
}

// clockArg is a clock argument: a negative one reads as 0 (some GUIs send
// a negative time when a side is out of time).
func clockArg(tok string) bool {
	return tok == "wtime" || tok == "btime" || tok == "winc" || tok == "binc"
}

func isGoKey(s string) bool {
	switch s {
	case "infinite", "ponder", "searchmoves", "mate", "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo":
		return true
	}
	return false
}

func parseSetOption(args []string) (*SetOption, error) {
	if len(args) == 0 || args[0] != "name" {
		return nil, errors.New("want name <id> [value <x>]")
	}
	var name, value []string
	inValue := false
	for _, a := range args[1:] {
		switch {
		case a == "value" && !inValue:
			inValue = true
		case inValue:
			value = append(value, a)
		default:
			name = append(name, a)
		}
	}
	if len(name) == 0 {
		return nil, errors.New("no option name")
	}
	return &SetOption{Name: strings.Join(name, " "), Value: strings.Join(value, " ")}, nil
}

// String writes the limits back as the arguments of "go" (the client
// sends them so).
func (l Limits) String() string {
	var b []string
	add := func(k string, v int64) { b = append(b, k, strconv.FormatInt(v, 10)) }
	if l.Clock {
		add("wtime", l.WTime.Milliseconds())
		add("btime", l.BTime.Milliseconds())
		if l.WInc > 0 || l.BInc > 0 {
			add("winc", l.WInc.Milliseconds())
			add("binc", l.BInc.Milliseconds())
		}
		if l.MovesToGo > 0 {
			add("movestogo", int64(l.MovesToGo))
		}
	}
	if l.Depth > 0 {
		add("depth", int64(l.Depth))
	}
	if l.Nodes > 0 {
		add("nodes", int64(l.Nodes))
	}
	if l.MoveTime > 0 {
		add("movetime", l.MoveTime.Milliseconds())
	}
	if l.Infinite {
		b = append(b, "infinite")
	}
	if l.Ponder {
		b = append(b, "ponder")
	}
	return strings.Join(append([]string{"go"}, b...), " ")
}
