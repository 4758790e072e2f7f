package workbench

import (
	"flag"
	"fmt"
	"strings"
	"time"

	"splitpoint/lab"
	"splitpoint/match"
	"splitpoint/results"
)

// matchLong is the help of the match command.
var matchLong = `Plays --games games (an even number) between player A and player B from the
start positions of --book (a suite, an EPD file, checkers ballots or PDN FENs:
any position name that gives chess or checkers positions; default
chess:start), each position twice with the colours reversed. A player is a
workbench configuration given as comma-separated keys, e.g.
--a algo=jamboree,workers=2,depth=5 --b algo=scout,depth=5, searched in
this process; with --engine PATH player B is an external UCI engine (chess
only), e.g. --engine /usr/games/stockfish --b 'nodes=1000,opt:Skill Level=0'.
The keys are listed below.

Games end by the rules (checkmate, stalemate, threefold repetition, the
fifty-move rule, insufficient material; in checkers no move left, and
repetition or the 40-move rule), or are adjudicated: won when both
players' scores agree a side is ahead by --adjudicate score for its moves
(e.g. score=1000,moves=4), drawn past --max-plies. The report gives A's
wins, draws and losses, the Elo difference A−B with its 95% interval, the
game pairs' pentanomial counts and, with --sprt elo0=…,elo1=…,alpha=…,beta=…,
the generalized log-likelihood ratio (fishtest's pentanomial GSPRT,
logistic Elo) with its bounds: the match stops once the test decides.
Games are written to --pgn (PDN for checkers) after each game, and each is
a row of the games table of the results database (--db; a session's own).
Ctrl-C stops the game in play and keeps the finished ones.`

// matchKeys lists a player's keys, those of the knobs of tab included, for
// "help match".
func matchKeys(tab lab.Tables) string {
	return "Keys:\n  " + strings.Join(match.SpecKeysIn(tab), "\n  ")
}

// matchCommand declares the match command's flags on fs and returns the
// function that runs it.
func matchCommand(fs *flag.FlagSet, tab lab.Tables) func(*Env, []string) error {
	a := fs.String("a", "", "player A's keys")
	b := fs.String("b", "", "player B's keys")
	engine := fs.String("engine", "", "player B is this external UCI engine (its path)")
	engineArgs := fs.String("engine-args", "", "the external engine's arguments, separated by spaces (e.g. uci for splitpoint itself)")
	book := fs.String("book", "chess:start", "the start positions: a position name ("+strings.Join(lab.PositionForms[:7], ", ")+", …)")
	games := fs.Int("games", 2, "number of games, even: each start position twice, colours reversed")
	adj := fs.String("adjudicate", "score=1000,moves=4", "win adjudication: score=CP,moves=N, or none")
	maxPlies := fs.Int("max-plies", 300, "a game this long is adjudicated a draw; 0 = never")
	sprt := fs.String("sprt", "", "sequential test: elo0=…,elo1=…[,alpha=0.05,beta=0.05]")
	pgn := fs.String("pgn", "", "write the games to this file (PGN; PDN for checkers)")
	db := fs.String("db", "", "record every game in this results database (a session records into its own)")
	return func(env *Env, args []string) error {
		if len(args) != 0 {
			return usageErr("match takes no positional arguments, got %q", args)
		}
		if *a == "" || *b == "" {
			return usageErr("give both players: --a KEYS and --b KEYS (--b with --engine: its limits and opt:NAME keys)")
		}
		o := match.Options{Games: *games, MaxPlies: *maxPlies, Out: *pgn}
		var err error
		if o.A, err = match.ParseSpecIn(tab, *a, ""); err != nil {
			return usageErr("--a: %v", err)
		}
		if o.B, err = match.ParseSpecIn(tab, *b, *engine); err != nil {
			return usageErr("--b: %v", err)
		}
		if *engineArgs != "" && *engine == "" {
			return usageErr("--engine-args without --engine")
		}
		o.B.Args = strings.Fields(*engineArgs)
		if *games <= 0 || *games%2 != 0 {
			return usageErr("--games %d: want an even number > 0 (colours are reversed in pairs)", *games)
		}
		if *maxPlies < 0 {
			return usageErr("--max-plies %d: want 0 (never) or more", *maxPlies)
		}
		if o.AdjScore, o.AdjMoves, err = parseAdjudicate(*adj); err != nil {
			return usageErr("--adjudicate: %v", err)
		}
		if *sprt != "" {
			t, err := match.ParseSPRT(*sprt)
			if err != nil {
				return usageErr("--sprt: %v", err)
			}
			o.SPRT = &t
		}
		if o.Book, err = lab.Resolve(*book); err != nil {
			return err
		}
		if *db != "" {
			store, err := results.Open(*db)
			if err != nil {
				return err
			}
			defer store.Close()
			o.Store, o.ID = store, time.Now().UTC().Format("match-20060102-150405")
		}
		line := env.progressLine("match", *games, false)
		o.Line = line
		rep, err := match.Run(line.Context(env.Ctx), o)
		line.Stop()
		if rep != nil {
			rep.WriteText(env.Out)
			if *pgn != "" && len(rep.Games) > 0 {
				fmt.Fprintf(env.Out, "  games written to %s\n", *pgn)
				env.Wrote(*pgn)
			}
			if o.Store != nil {
				fmt.Fprintf(env.Out, "  recorded in %s as match %s (table games)\n", *db, o.ID)
			}
		}
		return err
	}
}

// parseAdjudicate reads score=CP,moves=N or none.
func parseAdjudicate(s string) (score, moves int, err error) {
	if s == "none" || s == "" {
		return 0, 0, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(kv), "=")
		var n int
		if _, e := fmt.Sscan(v, &n); e != nil || n <= 0 {
			return 0, 0, fmt.Errorf("%q: want score=CP,moves=N with positive integers, or none", kv)
		}
		switch k {
		case "score":
			score = n
		case "moves":
			moves = n
		default:
			return 0, 0, fmt.Errorf("unknown key %q (keys: score, moves)", k)
		}
	}
	if score == 0 || moves == 0 {
		return 0, 0, fmt.Errorf("give both score and moves")
	}
	return score, moves, nil
}
