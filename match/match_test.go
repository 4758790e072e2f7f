package match

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"splitpoint/lab"
	"splitpoint/results"
)

// stockfish finds the Debian package's engine (/usr/games is not always
// on PATH).
func stockfish(t *testing.T) string {
	if p, err := exec.LookPath("stockfish"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/stockfish"); err == nil {
		return "/usr/games/stockfish"
	}
	t.Skip("stockfish is not installed (apt-get install stockfish; .ci/run installs it): the match against an external engine is not tested")
	return ""
}

// TestMatchStockfish plays a short match against Stockfish through the
// UCI client, Stockfish limited by nodes and skill, and checks that every
// move of every game was legal (replayed from the start position) and that
// the games were written and recorded.
func TestMatchStockfish(t *testing.T) {
	sf := stockfish(t)
	a, err := ParseSpec("algo=jamboree,workers=2,depth=3,hash=1", "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseSpec("nodes=500,opt:Skill Level=0,opt:Threads=1,opt:Hash=1", sf)
	if err != nil {
		t.Fatal(err)
	}
	book, err := lab.Resolve("suite:bk#1-2")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	store, err := results.Open(filepath.Join(dir, "r.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	pgn := filepath.Join(dir, "games.pgn")
	rep, err := Run(context.Background(), Options{A: a, B: b, Book: book, Games: 4, MaxPlies: 60, AdjScore: 1000, AdjMoves: 3, Out: pgn, Store: store, ID: "t"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Games) != 4 || rep.W+rep.D+rep.L != 4 {
		t.Fatalf("%d games, +%d =%d -%d", len(rep.Games), rep.W, rep.D, rep.L)
	}
	for _, g := range rep.Games {
		it, err := lab.Resolve("chess:" + g.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		bd, _ := newBoard(it[0])
		for i, m := range g.Moves {
			mv, err := bd.(*chessBoard).cur.ParseMove(m)
			if err != nil {
				t.Fatalf("game %d move %d %q: %v", g.Number, i+1, m, err)
			}
			bd.play(mv)
		}
	}
	data, err := os.ReadFile(pgn)
	if err != nil || strings.Count(string(data), "[Event ") != 4 || !strings.Contains(string(data), "Stockfish") {
		t.Fatalf("PGN: %v\n%s", err, data)
	}
	var n int
	if err := store.DB().QueryRow("SELECT count(*) FROM games WHERE match = 't'").Scan(&n); err != nil || n != 4 {
		t.Fatalf("games rows: %d, %v", n, err)
	}
}

// TestMatchCheckers plays checkers between two configurations in process
// from the ballots and checks the games end by the rules or the
// adjudication, colours reversed in pairs.
func TestMatchCheckers(t *testing.T) {
	a, _ := ParseSpec("algo=jamboree,workers=2,depth=3,hash=1", "")
	b, _ := ParseSpec("depth=2,hash=1", "")
	book, err := lab.Resolve("checkers:start")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), Options{A: a, B: b, Book: book, Games: 2, MaxPlies: 80})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Games) != 2 || rep.Games[0].AFirst == rep.Games[1].AFirst || rep.Penta[0]+rep.Penta[1]+rep.Penta[2]+rep.Penta[3]+rep.Penta[4] != 1 {
		t.Fatalf("games %+v penta %v", rep.Games, rep.Penta)
	}
	var sb strings.Builder
	writeGame(&sb, rep.Games[0], "A", "B")
	if !strings.Contains(sb.String(), `[GameType "21"]`) || !strings.Contains(sb.String(), `[Black "A"]`) {
		t.Fatalf("PDN:\n%s", sb.String())
	}
}

// TestMatchCancel: a cancelled match keeps its finished games (none
// here) and says it stopped.
func TestMatchCancel(t *testing.T) {
	a, _ := ParseSpec("depth=2", "")
	b, _ := ParseSpec("depth=2", "")
	book, _ := lab.Resolve("chess:start")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := Run(ctx, Options{A: a, B: b, Book: book, Games: 2})
	if err == nil || rep == nil || !rep.Stopped || len(rep.Games) != 0 {
		t.Fatalf("rep %+v err %v", rep, err)
	}
}

func TestParseSpec(t *testing.T) {
	for _, c := range []struct {
		in, engine string
		bad        bool
	}{
		{"algo=jamboree,workers=2,depth=4", "", false},
		{"algo=scout,tc=10+0.1", "", false},
		{"depth=4,variants=deferred+rid,algo=jamboree", "", false},
		{"algo=nosuch,depth=3", "", true},
		{"algo=scout", "", true}, // no limit
		{"depth=0", "", true},
		{"tc=abc", "", true},
		{"depth=3,opt:Skill Level=0", "", true},
		{"nodes=100,opt:Skill Level=0", "/usr/games/stockfish", false},
		{"nodes=100,algo=scout", "/usr/games/stockfish", true},
		{"depth", "", true},
	} {
		_, err := ParseSpec(c.in, c.engine)
		if (err != nil) != c.bad {
			t.Errorf("ParseSpec(%q, %q): %v", c.in, c.engine, err)
		}
	}
}

// TestMatchIllegalEngineMove: an engine's illegal move ends the match with
// an error naming the engine and the move, never a panic.
func TestMatchIllegalEngineMove(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad")
	script := "#!/bin/sh\nwhile read l; do case \"$l\" in uci) echo 'id name Bad'; echo uciok;; isready) echo readyok;; go*) echo 'bestmove a1a1';; quit) exit 0;; esac; done\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	a, _ := ParseSpec("depth=1", "")
	b, err := ParseSpec("depth=1", path)
	if err != nil {
		t.Fatal(err)
	}
	book, _ := lab.Resolve("chess:start")
	_, err = Run(context.Background(), Options{A: a, B: b, Book: book, Games: 2})
	if err == nil || !strings.Contains(err.Error(), `engine Bad played "a1a1"`) {
		t.Fatalf("err %v", err)
	}
}
