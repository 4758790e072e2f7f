package results

import (
	"context"
	"fmt"
)

// gamesTable is the table of match games (splitpoint match):
// one row per finished game, beside the runs. It came with schema
// version 3; an older database gets it when opened (CREATE IF NOT
// EXISTS), its runs unchanged.
const gamesTable = `CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY,
  match TEXT NOT NULL,
  created TEXT NOT NULL,
  version TEXT,
  domain TEXT NOT NULL,
  game INTEGER NOT NULL,
  pair INTEGER NOT NULL,
  opening TEXT,
  start_fen TEXT,
  first TEXT NOT NULL,
  second TEXT NOT NULL,
  player_a TEXT NOT NULL,
  player_b TEXT NOT NULL,
  a_first INTEGER NOT NULL,
  result TEXT NOT NULL,
  reason TEXT,
  a_score REAL NOT NULL,
  plies INTEGER NOT NULL,
  moves TEXT,
  seconds REAL
)`

// Game is one row of the games table. First and Second are the players
// of the side that moves first by the result's convention (chess: White,
// Black; checkers: Black, White); AScore is player A's points (1, ½, 0).
type Game struct {
	ID       int64
	Match    string
	Created  string
	Version  string
	Domain   string
	Game     int
	Pair     int
	Opening  string
	StartFEN string
	First    string
	Second   string
	PlayerA  string
	PlayerB  string
	AFirst   bool
	Result   string
	Reason   string
	AScore   float64
	Plies    int
	Moves    string
	Seconds  float64
}

// InsertGame stores g in its own transaction and sets g.ID.
func (s *Store) InsertGame(ctx context.Context, g *Game) error {
	res, err := s.db.ExecContext(ctx, `INSERT INTO games (match, created, version, domain, game, pair, opening, start_fen,
  first, second, player_a, player_b, a_first, result, reason, a_score, plies, moves, seconds)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.Match, g.Created, g.Version, g.Domain, g.Game, g.Pair, g.Opening, g.StartFEN,
		g.First, g.Second, g.PlayerA, g.PlayerB, g.AFirst, g.Result, g.Reason, g.AScore, g.Plies, g.Moves, g.Seconds)
	if err != nil {
		return fmt.Errorf("%s: storing game %d of match %s: %w", s.path, g.Game, g.Match, err)
	}
	g.ID, err = res.LastInsertId()
	return err
}
