package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"splitpoint/game"
	"splitpoint/games/chess"
	"splitpoint/lab"
	"splitpoint/suggest"
	"splitpoint/suites"
)

// Engine is the workbench as a UCI engine: Run reads commands and writes
// answers. A search runs in the background, so stop, isready and quit are
// answered while it runs.
type Engine struct {
	// Name and Author are printed by "uci".
	Name, Author string

	out   io.Writer
	outMu sync.Mutex
	cfg   Config
	srch  *Searcher // made from cfg at the first go after a setoption
	pos   *chess.Position
	debug bool

	// The search in progress: cancel stops it; done is closed when it
	// has printed bestmove. hold keeps an infinite or pondering search's
	// bestmove back until stop or ponderhit, as the protocol asks.
	cancel context.CancelFunc
	done   chan struct{}
	holdMu sync.Mutex
	hold   chan struct{} // closed to release bestmove
	held   bool
	// dl are the times of the search in progress; ponderPlan the budget
	// ponderhit gives a pondering search.
	dl         *Deadlines
	ponderPlan Plan
}

// NewEngine makes an engine writing to out, at the start position with
// configuration cfg (DefaultConfig and the command line's settings).
func NewEngine(out io.Writer, cfg Config) *Engine {
	return &Engine{Name: "splitpoint", Author: "the splitpoint authors", out: out, cfg: cfg, pos: chess.Start()}
}

// Run reads commands from in until quit (the search in progress is
// stopped and its bestmove printed), the end of the input (a search with
// limits finishes first; an infinite one is stopped) or until ctx ends.
func (e *Engine) Run(ctx context.Context, in io.Reader) error {
	lines := make(chan string)
	errc := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		errc <- sc.Err()
		close(lines)
	}()
	defer e.stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				// The end of the input lets a search with limits finish
				// (a script piping "go depth 5" gets its bestmove); quit
				// stops it.
				e.wait()
				return <-errc
			}
			if quit := e.Handle(ctx, line); quit {
				return nil
			}
		}
	}
}

// printf writes one line of output; lines of concurrent writers never
// interleave.
func (e *Engine) printf(format string, args ...any) {
	e.outMu.Lock()
	defer e.outMu.Unlock()
	fmt.Fprintf(e.out, format+"\n", args...)
	if f, ok := e.out.(interface{ Flush() error }); ok {
		f.Flush()
	}
}

// Handle runs one command line and reports whether it was quit. A bad
// line is answered with "info string" naming the problem, as engines do;
// the protocol has no error reply.
func (e *Engine) Handle(ctx context.Context, line string) (quit bool) {
	c, err := Parse(line)
	if err != nil {
		if strings.TrimSpace(line) != "" {
			e.printf("info string error: %s", oneLine(err))
		}
		return false
	}
	switch c.Name {
	case "uci":
		e.printf("id name %s", e.Name)
		e.printf("id author %s", e.Author)
		for _, o := range e.cfg.Options() {
			e.printf("%s", optionLine(o, e.cfg))
		}
		e.printf("uciok")
	case "debug":
		e.debug = c.Debug
	case "isready":
		e.printf("readyok")
	case "setoption":
		e.wait()
		if err := e.setOption(c.Option.Name, c.Option.Value); err != nil {
			e.printf("info string error: %s", oneLine(err))
		}
	case "register":
	case "ucinewgame":
		e.stop()
		e.pos = chess.Start()
		e.srch = nil // a fresh grain choice for the new game
	case "position":
		e.stop()
		if err := e.setPosition(c.Position); err != nil {
			e.printf("info string error: position: %s", oneLine(err))
		}
	case "go":
		e.stop()
		e.goSearch(ctx, c.Go)
	case "stop":
		e.stop()
	case "ponderhit":
		e.ponderhit()
	case "quit":
		e.stop()
		return true
	}
	return false
}

// setOption sets an option if the search takes the configuration it
// makes (lab.Settle, as at the next go); otherwise the option keeps its
// value, so that a bad value never leaves every later go without a move.
func (e *Engine) setOption(name, value string) error {
	next := e.cfg // a Config is a value: Set on the copy leaves e.cfg as it is
	if err := next.Set(name, value); err != nil {
		return err
	}
	if _, err := next.Search(); err != nil {
		return fmt.Errorf("setoption name %s value %s: %v (the option keeps its value)", suggest.Clean(name), suggest.Echo(value), err)
	}
	e.cfg, e.srch = next, nil
	return nil
}

// oneLine is an error as an info string shows it: one line, each long
// word cut short and no control character (suggest.Bound).
func oneLine(err error) string {
	return strings.ReplaceAll(suggest.Bound(err.Error()), "\n", " ")
}

// optionLine is the "option name … type …" line of o.
func optionLine(o Option, c Config) string {
	s := fmt.Sprintf("option name %s type %s default %s", o.Name, o.Type, o.get(c))
	if o.Type == "string" && o.get(c) == "" {
		s = fmt.Sprintf("option name %s type string default <empty>", o.Name)
	}
	switch o.Type {
	case "spin":
		s += fmt.Sprintf(" min %d max %d", o.Min, o.Max)
	case "combo":
		for _, v := range o.Vars() {
			s += " var " + v
		}
	}
	return s
}

// setPosition sets the position from startpos or a FEN and plays the
// moves (UCI notation, each checked legal). On an error the position is
// left as it was.
func (e *Engine) setPosition(p *PositionArgs) error {
	pos, err := PlayMoves(p.FEN, p.Moves)
	if err != nil {
		return err
	}
	e.pos = pos
	return nil
}

// PlayMoves returns the position after moves (UCI or SAN, each legal)
// from fen ("" for the start position).
func PlayMoves(fen string, moves []string) (*chess.Position, error) {
	pos := chess.Start()
	if fen != "" {
		var err error
		if pos, err = chess.ParseFEN(fen); err != nil {
			return nil, err
		}
	}
	var next chess.Position
	for i, s := range moves {
		m, err := pos.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
		pos.Play(m, &next)
		*pos = next
	}
	pos.Rebase() // the game's window shared, so that the search does not allocate
	return pos, nil
}

// goSearch starts the search of "go" in the background.
func (e *Engine) goSearch(ctx context.Context, l *Limits) {
	if e.srch == nil {
		s, err := NewSearcher(e.cfg)
		if err != nil {
			e.printf("info string error: %s", oneLine(err))
			e.printf("bestmove 0000")
			return
		}
		e.srch = s
		for _, n := range s.Notes {
			e.printf("info string %s", n)
		}
	}
	pos := *e.pos
	it := lab.NewItem("chess:"+pos.FEN(), suites.Entry{Chess: &pos})
	plan := Budget(*l, pos.Side() == chess.White)
	sctx, cancel := context.WithCancel(ctx)
	e.cancel, e.done = cancel, make(chan struct{})
	e.holdMu.Lock()
	e.hold, e.held = make(chan struct{}), l.Infinite || l.Ponder
	if !e.held {
		close(e.hold)
	}
	hold := e.hold
	e.holdMu.Unlock()
	if l.Ponder {
		// Until ponderhit the search runs without limits; ponderhit gives
		// it the move's budget from then on (the clock of "go ponder").
		limits := *l
		limits.Ponder = false
		e.ponderPlan = Budget(limits, pos.Side() == chess.White)
	}
	e.dl = &Deadlines{}
	e.dl.set(time.Now(), plan)
	srch, done, dl := e.srch, e.done, e.dl
	go func() {
		defer close(done)
		defer cancel()
		info, err := srch.ThinkDeadline(sctx, it, plan, dl, func(i Info) { e.printInfo(&pos, i) })
		if err != nil && !errors.Is(err, context.Canceled) {
			e.printf("info string error: %s", oneLine(err))
		}
		select { // an infinite or pondering search waits for stop or ponderhit
		case <-hold:
		case <-sctx.Done():
		}
		if info.NoMove {
			e.printf("info string %s returns a value and no move: the move played is the first legal one", srch.Opt.Algo)
		}
		e.printf("%s", bestmoveLine(&pos, info))
	}()
}

// bestmoveLine is "bestmove m [ponder p]", "bestmove 0000" when the
// position has no move.
func bestmoveLine(pos *chess.Position, info Info) string {
	if info.Best == game.NoMove {
		return "bestmove 0000"
	}
	s := "bestmove " + chess.UCI(info.Best)
	if pv := uciPV(pos, info.PV); len(pv) > 1 && pv[0] == chess.UCI(info.Best) {
		s += " ponder " + pv[1]
	}
	return s
}

// printInfo prints one iteration as engines do.
func (e *Engine) printInfo(pos *chess.Position, i Info) {
	pv := uciPV(pos, i.PV)
	if len(pv) == 0 && i.Best != game.NoMove && !i.NoMove {
		pv = []string{chess.UCI(i.Best)} // an algorithm that keeps no PV (rootsplit): its move
	}
	line := fmt.Sprintf("info depth %d seldepth %d score %s nodes %d nps %d hashfull %d time %d",
		i.Depth, max(i.Depth, len(pv)), Score(i.Score), i.Nodes, i.NPS(), i.HashFull, i.Time.Milliseconds())
	if len(pv) > 0 {
		line += " pv " + strings.Join(pv, " ")
	}
	e.printf("%s", line)
}

// Score writes a value as UCI does: "cp N", or "mate N" (moves, negative
// when the side to move is mated).
func Score(v game.Value) string {
	if !game.IsMate(v) {
		return fmt.Sprintf("cp %d", v)
	}
	n := (mateDistance(v) + 1) / 2
	if v < 0 {
		return fmt.Sprintf("mate -%d", n)
	}
	return fmt.Sprintf("mate %d", n)
}

// uciPV rewrites a line in SAN as UCI moves from pos, up to the first
// move that does not read back.
func uciPV(pos *chess.Position, san []string) []string {
	out := make([]string, 0, len(san))
	cur := *pos
	var next chess.Position
	for _, s := range san {
		m, err := cur.ParseMove(s)
		if err != nil {
			break
		}
		out = append(out, chess.UCI(m))
		cur.Play(m, &next)
		cur = next
	}
	return out
}

// stop stops the search in progress and waits for its bestmove.
func (e *Engine) stop() {
	if e.cancel == nil {
		return
	}
	e.cancel()
	<-e.done
	e.cancel, e.done = nil, nil
}

// wait lets the search in progress finish (setoption during a search).
func (e *Engine) wait() {
	if e.done == nil {
		return
	}
	e.holdMu.Lock()
	held := e.held
	e.holdMu.Unlock()
	if held {
		e.stop()
		return
	}
	<-e.done
	e.cancel, e.done = nil, nil
}

// ponderhit turns a pondering search into the real one: the move's budget
// runs from now, and bestmove is released when the search ends.
func (e *Engine) ponderhit() {
	e.holdMu.Lock()
	defer e.holdMu.Unlock()
	if !e.held {
		return
	}
	e.held = false
	close(e.hold)
	if e.dl != nil {
		e.dl.set(time.Now(), e.ponderPlan)
	}
}
