package uci

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"splitpoint/algos"
)

// FuzzParse: no line makes the command parser panic, and a parsed go
// never has negative limits or limits out of their range.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"uci", "go wtime 1000 btime -5 winc 10 binc 10 movestogo 3", "go infinite", "go depth", "go searchmoves e2e4 d2d4 depth 3",
		"position startpos moves e2e4", "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2", "setoption name Skill Level value 3", "setoption name", "joho debug on", "go mate 2", "go depth -5", "go depth 101", "go movetime 9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		w := time.AfterFunc(5*time.Second, func() { panic(fmt.Sprintf("Parse(%q) runs for 5 s", line)) })
		defer w.Stop()
		c, err := Parse(line)
		if err != nil {
			return
		}
		if c.Go != nil && (c.Go.WTime < 0 || c.Go.BTime < 0 || c.Go.MoveTime < 0 || c.Go.Depth < 0) {
			t.Fatalf("%q: negative limits %+v", line, c.Go)
		}
		if c.Go != nil && (c.Go.Depth > algos.MaxDepth || c.Go.MoveTime > MaxMillis*time.Millisecond || c.Go.WTime > MaxMillis*time.Millisecond) {
			t.Fatalf("%q: limits out of range %+v", line, c.Go)
		}
		if c.Position != nil && c.Position.FEN != "" {
			// The position a GUI sends is parsed and its moves played with
			// their errors returned, never a panic.
			PlayMoves(c.Position.FEN, c.Position.Moves)
		}
	})
}

// FuzzPlayMoves: any FEN and move list gives a position or an error.
func FuzzPlayMoves(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4 e7e5 g1f3")
	f.Add("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "a1a8")
	f.Add("8/P7/8/8/8/8/8/K6k w - - 0 1", "a7a8q")
	f.Fuzz(func(t *testing.T, fen, moves string) {
		w := time.AfterFunc(5*time.Second, func() { panic(fmt.Sprintf("PlayMoves(%q, %q) runs for 5 s", fen, moves)) })
		defer w.Stop()
		p, err := PlayMoves(fen, strings.Fields(moves))
		if err == nil && p == nil {
			t.Fatal("no position and no error")
		}
	})
}
