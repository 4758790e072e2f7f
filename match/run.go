package match

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"splitpoint/atomicfile"
	"splitpoint/lab"
	"splitpoint/progress"
	"splitpoint/results"
)

// Options are a match: the two players, the book, how many games, the
// adjudication rules, the test and where the games go.
type Options struct {
	A, B  Spec
	Book  []*lab.Item // start positions, each played twice with colours reversed
	Games int         // an even number; the book is cycled
	// Adjudicate a game as won when both players' scores agree that one
	// side is ahead by at least AdjScore for AdjMoves moves of each side
	// (0: never); drawn once MaxPlies plies are played (0: never).
	AdjScore int
	AdjMoves int
	MaxPlies int
	SPRT     *SPRT
	// Out is where the games are written (PGN for chess, PDN for
	// checkers) after each game; "" for nowhere.
	Out string
	// Store records every game (nil: none) under match id ID.
	Store *results.Store
	ID    string
	Line  *progress.Line
}

// Game is one finished game.
type Game struct {
	Number, Pair int
	Opening      string
	StartFEN     string
	Domain       string
	AFirst       bool // player A had the side that moves first
	FirstScore   float64
	Reason       string
	Moves        []string // in the domain's notation
	Seconds      float64
}

// AScore is player A's points.
func (g Game) AScore() float64 {
	if g.AFirst {
		return g.FirstScore
	}
	return 1 - g.FirstScore
}

// ResultText is "1-0", "0-1" or "1/2-1/2" (the side that moves first
// named first).
func (g Game) ResultText() string {
	switch g.FirstScore {
	case 1:
		return "1-0"
	case 0:
		return "0-1"
	}
	return "1/2-1/2"
}

// Report is a match's outcome from player A's side.
type Report struct {
	A, B    string
	Games   []Game
	W, D, L int
	// Penta counts the complete pairs by A's points: 0, ½, 1, 1½, 2.
	Penta       [5]int
	Elo, Lo, Hi float64
	// PElo, PLo, PHi are the Elo and its 95 % interval from the complete
	// pairs' pentanomial variance (fishtest's: it counts the correlation
	// of the two games of a start position).
	PElo, PLo, PHi float64
	SPRT           *SPRT
	LLR            float64
	Stopped        bool // the match was interrupted: the finished games only
	// Overrun is the most a workbench player's move took past its hard
	// time limit (A, B): the cancellation's latency, which the time
	// management's overhead must cover.
	Overrun [2]time.Duration
}

// Run plays the match. A cancelled ctx (Ctrl-C) ends the game in play,
// which is dropped; the finished games are kept, written and reported,
// and the error is ctx's.
func Run(ctx context.Context, o Options) (*Report, error) {
	if len(o.Book) == 0 {
		return nil, fmt.Errorf("match: an empty book")
	}
	if o.Games <= 0 || o.Games%2 != 0 {
		return nil, fmt.Errorf("match: %d games: want an even number > 0 (colours are reversed in pairs)", o.Games)
	}
	for _, it := range o.Book {
		if it.Chess == nil && it.Checkers == nil {
			return nil, fmt.Errorf("match: %s is not a chess or checkers position", it.Name)
		}
		if (o.A.Engine != "" || o.B.Engine != "") && it.Checkers != nil {
			return nil, fmt.Errorf("match: %s is a checkers position: an external UCI engine plays chess (checkers matches are between workbench configurations)", it.Name)
		}
	}
	pa, err := newPlayer(ctx, o.A)
	if err != nil {
		return nil, fmt.Errorf("player A: %w", err)
	}
	defer pa.close()
	pb, err := newPlayer(ctx, o.B)
	if err != nil {
		return nil, fmt.Errorf("player B: %w", err)
	}
	defer pb.close()
	rep := &Report{A: o.A.Name, B: o.B.Name, SPRT: o.SPRT}
	if ep, ok := pb.(*enginePlayer); ok && !o.B.named {
		rep.B = ep.c.Name + " (" + o.B.Name + ")" // the engine's id name
	}
	for g := 0; g < o.Games; g++ {
		it := o.Book[(g/2)%len(o.Book)]
		aFirst := g%2 == 0
		if o.Line != nil {
			o.Line.Item(g, fmt.Sprintf("game %d (%s) %s", g+1, it.Title(), rep.short()))
		}
		gm, err := o.play(ctx, it, pa, pb, aFirst, &rep.Overrun)
		if err != nil {
			rep.Stopped = ctx.Err() != nil
			rep.finish()
			if werr := o.write(rep); werr != nil {
				return rep, werr
			}
			if ctx.Err() != nil {
				return rep, ctx.Err()
			}
			return rep, fmt.Errorf("game %d (%s): %w", g+1, it.Title(), err)
		}
		gm.Number, gm.Pair = g+1, g/2+1
		rep.Games = append(rep.Games, gm)
		rep.finish()
		if err := o.write(rep); err != nil {
			return rep, err
		}
		if o.Store != nil {
			// A finished game is stored even when Ctrl-C came during it.
			if err := o.record(context.WithoutCancel(ctx), rep, gm); err != nil {
				return rep, err
			}
		}
		if o.SPRT != nil && g%2 == 1 && o.SPRT.Verdict(rep.LLR) != "continue" {
			break
		}
	}
	return rep, nil
}

// play plays one game from it; aFirst gives player A the side that moves
// first.
func (o Options) play(ctx context.Context, it *lab.Item, pa, pb player, aFirst bool, overrun *[2]time.Duration) (Game, error) {
	b, err := newBoard(it)
	if err != nil {
		return Game{}, err
	}
	if err := pa.newGame(); err != nil {
		return Game{}, err
	}
	if err := pb.newGame(); err != nil {
		return Game{}, err
	}
	start := time.Now()
	gm := Game{Opening: it.Title(), StartFEN: b.startFEN(), Domain: b.domain(), AFirst: aFirst}
	// The clocks of A and B, and the adjudication's run of agreeing
	// scores (from the first side's view).
	clock := [2]time.Duration{o.A.Limits.Base, o.B.Limits.Base}
	limits := [2]Limits{o.A.Limits, o.B.Limits}
	players := [2]player{pa, pb}
	run, runSign := 0, 0
	for {
		if ended, score, why := b.over(); ended {
			gm.FirstScore, gm.Reason = score, why
			break
		}
		if o.MaxPlies > 0 && b.plies() >= o.MaxPlies {
			gm.FirstScore, gm.Reason = 0.5, fmt.Sprintf("adjudicated: long game (%d plies)", b.plies())
			break
		}
		who := 0 // A
		if b.first() != aFirst {
			who = 1
		}
		t0 := time.Now()
		pl, err := players[who].move(ctx, b, clock[who], clock[1-who])
		el := time.Since(t0)
		if ctx.Err() != nil {
			return gm, ctx.Err()
		}
		if err != nil {
			return gm, err
		}
		legal := false
		for _, m := range b.legal() {
			legal = legal || m == pl.move
		}
		if !legal {
			return gm, fmt.Errorf("player %c chose an illegal move (%#x)", "AB"[who], uint32(pl.move))
		}
		if pl.hard > 0 {
			overrun[who] = max(overrun[who], el-pl.hard)
		}
		if limits[who].Clock() {
			clock[who] -= el
			if clock[who] < 0 {
				gm.FirstScore, gm.Reason = 0, fmt.Sprintf("loses on time (%c)", "AB"[who])
				if !b.first() {
					gm.FirstScore = 1
				}
				break
			}
			clock[who] += limits[who].Inc
		}
		firstView := int(pl.score)
		if !b.first() {
			firstView = -firstView
		}
		gm.Moves = append(gm.Moves, b.text(pl.move))
		b.play(pl.move)
		if o.AdjMoves > 0 && pl.hasScore && abs(firstView) >= o.AdjScore {
			s := sign(firstView)
			if s == runSign {
				run++
			} else {
				run, runSign = 1, s
			}
			if run >= 2*o.AdjMoves {
				gm.FirstScore = float64(s+1) / 2
				gm.Reason = fmt.Sprintf("adjudicated: both scores beyond %d for %d moves", o.AdjScore, o.AdjMoves)
				break
			}
		} else {
			run, runSign = 0, 0
		}
	}
	gm.Seconds = time.Since(start).Seconds()
	return gm, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}

// finish recounts the report from its games.
func (r *Report) finish() {
	r.W, r.D, r.L, r.Penta = 0, 0, 0, [5]int{}
	for i, g := range r.Games {
		switch g.AScore() {
		case 1:
			r.W++
		case 0:
			r.L++
		default:
			r.D++
		}
		if i%2 == 1 && r.Games[i-1].Pair == g.Pair {
			r.Penta[int(math.Round(2*(r.Games[i-1].AScore()+g.AScore())))]++
		}
	}
	r.Elo, r.Lo, r.Hi = EloInterval(Trinomial, []int{r.L, r.D, r.W})
	r.PElo, r.PLo, r.PHi = EloInterval(Pentanomial, r.Penta[:])
	if r.SPRT != nil {
		r.LLR = r.SPRT.LLR(r.Penta)
	}
}

// short is the running score, for the progress line.
func (r *Report) short() string {
	if len(r.Games) == 0 {
		return ""
	}
	return fmt.Sprintf("A +%d =%d -%d", r.W, r.D, r.L)
}

// WriteText prints the result a researcher can cite.
func (r *Report) WriteText(w io.Writer) {
	fmt.Fprintf(w, "match A %s\n   vs B %s\n", r.A, r.B)
	if r.Stopped {
		fmt.Fprintf(w, "  STOPPED: the finished games only\n")
	}
	n := len(r.Games)
	if n == 0 {
		fmt.Fprintf(w, "  no game finished\n")
		return
	}
	score := (float64(r.W) + float64(r.D)/2) / float64(n)
	fmt.Fprintf(w, "  games %d: A wins %d, draws %d, losses %d; score %.1f/%d (%.1f%%)\n", n, r.W, r.D, r.L, float64(r.W)+float64(r.D)/2, n, 100*score)
	fmt.Fprintf(w, "  Elo A−B %s, 95%% interval [%s, %s] (logistic; normal approximation over games)\n", eloText(r.Elo), eloText(r.Lo), eloText(r.Hi))
	fmt.Fprintf(w, "  pairs (A's points 0, ½, 1, 1½, 2): %d, %d, %d, %d, %d", r.Penta[0], r.Penta[1], r.Penta[2], r.Penta[3], r.Penta[4])
	if !math.IsNaN(r.PElo) {
		fmt.Fprintf(w, "; Elo from the pairs %s, 95%% interval [%s, %s]", eloText(r.PElo), eloText(r.PLo), eloText(r.PHi))
	}
	fmt.Fprintln(w)
	if t := r.SPRT; t != nil {
		lo, hi := t.Bounds()
		fmt.Fprintf(w, "  SPRT %s: LLR %.2f (%.2f, %.2f): %s\n", t, r.LLR, lo, hi, t.Verdict(r.LLR))
	}
	if r.Overrun != [2]time.Duration{} {
		fmt.Fprintf(w, "  longest move past its hard time limit: A %v, B %v\n", r.Overrun[0].Round(time.Millisecond), r.Overrun[1].Round(time.Millisecond))
	}
	reasons := map[string]int{}
	var order []string
	for _, g := range r.Games {
		if reasons[g.Reason] == 0 {
			order = append(order, g.Reason)
		}
		reasons[g.Reason]++
	}
	var parts []string
	for _, k := range order {
		parts = append(parts, fmt.Sprintf("%s %d", k, reasons[k]))
	}
	fmt.Fprintf(w, "  endings: %s\n", strings.Join(parts, ", "))
}

func eloText(e float64) string {
	switch {
	case math.IsNaN(e):
		return "n/a"
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.1f", e)
}

// write writes every finished game to o.Out (PGN or PDN).
func (o Options) write(r *Report) error {
	if o.Out == "" {
		return nil
	}
	return atomicfile.Write(o.Out, func(w io.Writer) error {
		for _, g := range r.Games {
			first, second := r.A, r.B
			if !g.AFirst {
				first, second = second, first
			}
			writeGame(w, g, first, second)
		}
		return nil
	})
}

// record stores g as a row of the games table.
func (o Options) record(ctx context.Context, r *Report, g Game) error {
	first, second := r.A, r.B
	if !g.AFirst {
		first, second = second, first
	}
	return o.Store.InsertGame(ctx, &results.Game{Match: o.ID, Created: time.Now().UTC().Format(time.RFC3339Nano), Version: results.Version(),
		Domain: g.Domain, Game: g.Number, Pair: g.Pair, Opening: g.Opening, StartFEN: g.StartFEN, First: first, Second: second,
		PlayerA: r.A, PlayerB: r.B, AFirst: g.AFirst, Result: g.ResultText(), Reason: g.Reason, AScore: g.AScore(),
		Plies: len(g.Moves), Moves: strings.Join(g.Moves, " "), Seconds: g.Seconds})
}

// writeGame writes one game in PGN (chess) or PDN (checkers: Black moves
// first and is named first; the result "1-0" is a win of Black).
func writeGame(w io.Writer, g Game, first, second string) {
	firstTag, secondTag := "White", "Black"
	if g.Domain == "checkers" {
		firstTag, secondTag = "Black", "White"
	}
	fmt.Fprintf(w, "[Event \"splitpoint match\"]\n[Site \"splitpoint\"]\n[Round \"%d\"]\n", g.Number)
	fmt.Fprintf(w, "[%s \"%s\"]\n[%s \"%s\"]\n[Result \"%s\"]\n", firstTag, tagText(first), secondTag, tagText(second), g.ResultText())
	if g.Domain == "checkers" {
		fmt.Fprintf(w, "[GameType \"21\"]\n")
	}
	fmt.Fprintf(w, "[FEN \"%s\"]\n[SetUp \"1\"]\n[Opening \"%s\"]\n[Termination \"%s\"]\n\n", g.StartFEN, tagText(g.Opening), tagText(g.Reason))
	var b strings.Builder
	num, firstMoves := moveNumber(g), startsFirst(g)
	for i, m := range g.Moves {
		if i == 0 && !firstMoves {
			fmt.Fprintf(&b, "%d... ", num)
		}
		if (i%2 == 0) == firstMoves {
			fmt.Fprintf(&b, "%d. ", num)
		}
		b.WriteString(m + " ")
		if (i%2 == 0) != firstMoves {
			num++
		}
	}
	b.WriteString(g.ResultText())
	w.Write([]byte(wrap(b.String(), 79) + "\n\n"))
}

// moveNumber is the start position's move number (the FEN's last field
// in chess; 1 in checkers).
func moveNumber(g Game) int {
	if g.Domain != "chess" {
		return 1
	}
	f := strings.Fields(g.StartFEN)
	var n int
	if len(f) == 6 {
		fmt.Sscan(f[5], &n)
	}
	return max(n, 1)
}

// startsFirst reports whether the side that moves first by convention is
// to move at the start.
func startsFirst(g Game) bool {
	if g.Domain == "chess" {
		f := strings.Fields(g.StartFEN)
		return len(f) < 2 || f[1] == "w"
	}
	return strings.HasPrefix(g.StartFEN, "B")
}

func tagText(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) }

// wrap breaks s into lines of at most n characters at spaces.
func wrap(s string, n int) string {
	var out strings.Builder
	col := 0
	for i, word := range strings.Fields(s) {
		if i > 0 {
			if col+1+len(word) > n {
				out.WriteByte('\n')
				col = 0
			} else {
				out.WriteByte(' ')
				col++
			}
		}
		out.WriteString(word)
		col += len(word)
	}
	return out.String()
}
