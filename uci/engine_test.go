package uci

import (
	"context"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"splitpoint/games/chess"
)

// lineBuffer collects the engine's output lines for a test.
type lineBuffer struct {
	mu    sync.Mutex
	lines []string
	part  string
}

func (b *lineBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.part + string(p)
	parts := strings.Split(s, "\n")
	b.lines = append(b.lines, parts[:len(parts)-1]...)
	b.part = parts[len(parts)-1]
	return len(p), nil
}

func (b *lineBuffer) from(i int) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.lines[min(i, len(b.lines)):]...)
}

// step is one line sent to the engine and the lines it must answer with,
// as regular expressions matched in order against the new output (other
// lines may come between them); the test waits until all are seen.
type step struct {
	send   string
	expect []string
	// absent lines must not appear in the output after this step's
	// (checked once the next step's expectations are met).
	absent string
}

// TestTranscript drives the whole protocol through Engine.Run: the
// handshake with the option table, isready, positions from startpos and
// FEN with moves, go with depth, nodes, movetime, a clock, infinite with
// stop, ponder with ponderhit, setoption of every option (a parallel
// algorithm among them), isready answered during a search, bad input
// answered with info string, and quit.
func TestTranscript(t *testing.T) {
	info := `^info depth \d+ seldepth \d+ score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+ hashfull \d+ time \d+ pv [a-h1-8qrbn ]+$`
	steps := []step{
		{send: "uci", expect: []string{"^id name splitpoint$", "^id author ", "^option name Threads type spin default 1 min 1 max", "^option name Hash type spin default 16 ",
			"^option name Algo type combo default preset var preset var negamax .*var jamboree", "^option name Variants type string default auto$",
			"^option name Grain type string default auto$", "^option name Preset type combo default auto var auto var default", "^option name Param type string default <empty>$", "^uciok$"}},
		{send: "isready", expect: []string{"^readyok$"}},
		{send: "ucinewgame"},
		{send: "position startpos moves e2e4 e7e5"},
		{send: "go depth 3", expect: []string{`^info string preset default: `, `^info depth 1 `, `^info depth 2 `, `^info depth 3 ` + info[len(`^info depth \d+ `):], `^bestmove [a-h][1-8][a-h][1-8]`}},
		{send: "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", expect: nil},
		{send: "go depth 4", expect: []string{`score mate 1 .* pv a1a8$`, `^bestmove a1a8$`}},
		{send: "position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 moves a1a8", expect: nil},
		{send: "go depth 2", expect: []string{`^bestmove 0000$`}},
		{send: "position startpos", expect: nil},
		{send: "go nodes 5000", expect: []string{info, `^bestmove `}},
		{send: "go movetime 200", expect: []string{info, `^bestmove `}},
		{send: "go wtime 2000 btime 2000 winc 10 binc 10", expect: []string{info, `^bestmove `}},
		{send: "go infinite", expect: []string{`^info depth 3 `}, absent: "^bestmove"},
		{send: "isready", expect: []string{"^readyok$"}},
		{send: "stop", expect: []string{`^bestmove [a-h][1-8][a-h][1-8]`}},
		{send: "position startpos moves d2d4", expect: nil},
		{send: "go ponder wtime 1000 btime 1000", expect: []string{`^info depth 3 `}, absent: "^bestmove"},
		{send: "ponderhit", expect: []string{`^bestmove `}},
		{send: "setoption name Algo value jamboree", expect: nil},
		{send: "setoption name Threads value 2", expect: nil},
		{send: "setoption name Hash value 1", expect: nil},
		{send: "setoption name Variants value deferred+rid", expect: nil},
		{send: "setoption name Grain value 2", expect: nil},
		{send: "setoption name Preset value default", expect: nil},
		{send: "setoption name Param value aspiration=30", expect: nil},
		{send: "position startpos", expect: nil},
		{send: "go depth 4", expect: []string{`^info depth 4 `, `^bestmove `}},
		{send: "setoption name Variants value none", expect: nil},
		{send: "setoption name Algo value rootsplit", expect: nil},
		{send: "go nodes 20000", expect: []string{info, `^bestmove `}},
		{send: "setoption name Algo value bogus", expect: []string{`^info string error: option Algo: unknown algorithm "bogus"`}},
		{send: "setoption name Threads value 0", expect: []string{`^info string error: option Threads: "0" is not an integer in 1…`}},
		{send: "setoption name Speed value 3", expect: []string{`^info string error: unknown option "Speed"`}},
		{send: "position startpos moves e2e5", expect: []string{`^info string error: position: move 1 "e2e5": .*illegal`}},
		{send: "position fen 8/8/8 w", expect: []string{`^info string error: position: `}},
		{send: "go depth x", expect: []string{`^info string error: go: depth: "x" is not an integer`}},
		{send: "flip the board", expect: []string{`^info string error: unknown command`}},
		{send: "joho isready", expect: []string{"^readyok$"}},
		{send: "quit"},
	}
	pr, pw := io.Pipe()
	out := &lineBuffer{}
	e := NewEngine(out, DefaultConfig())
	done := make(chan error, 1)
	go func() { done <- e.Run(context.Background(), pr) }()
	seen := 0
	for si, st := range steps {
		if _, err := io.WriteString(pw, st.send+"\n"); err != nil {
			t.Fatalf("step %d %q: %v", si, st.send, err)
		}
		deadline := time.Now().Add(60 * time.Second)
		for _, want := range st.expect {
			re := regexp.MustCompile(want)
			for {
				lines := out.from(seen)
				found := -1
				for i, l := range lines {
					if re.MatchString(l) {
						found = i
						break
					}
				}
				if found >= 0 {
					seen += found + 1
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("step %d %q: no line matching %q in %q", si, st.send, want, lines)
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
		if st.absent != "" {
			for _, l := range out.from(seen) {
				if regexp.MustCompile(st.absent).MatchString(l) {
					t.Fatalf("step %d %q: %q came before it was asked for", si, st.send, l)
				}
			}
		}
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("quit did not end Run")
	}
	// Every bestmove is a move of UCI notation or 0000.
	for _, l := range out.from(0) {
		if strings.HasPrefix(l, "bestmove ") && !regexp.MustCompile(`^bestmove ([a-h][1-8][a-h][1-8][qrbn]?|0000)( ponder [a-h][1-8][a-h][1-8][qrbn]?)?$`).MatchString(l) {
			t.Errorf("malformed %q", l)
		}
	}
}

// TestPlayMovesLegal: every move of a position command is checked, and
// a FEN's errors are reported, never a panic.
func TestPlayMovesLegal(t *testing.T) {
	p, err := PlayMoves("", []string{"e2e4", "e7e5", "g1f3"})
	if err != nil || p.FEN() != "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" {
		t.Fatalf("PlayMoves: %v %v", p, err)
	}
	if _, err := PlayMoves("", []string{"e2e4", "e2e4"}); err == nil {
		t.Fatal("an illegal second move was accepted")
	}
	if _, err := PlayMoves("not a fen", nil); err == nil {
		t.Fatal("a bad FEN was accepted")
	}
	_ = chess.Start()
}
